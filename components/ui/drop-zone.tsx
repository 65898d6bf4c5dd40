'use client';
/**
 * What the image and file uploaders share: the upload with its states (upload-state.ts), react-dropzone's
 * zone (keyboard: Enter or Space opens the file dialog; refusals explained per file), and the saving and
 * failed parts with the specification's texts. Each uploader adds its types, hint and what it shows on
 * success; the caller passes the upload call (its area's api.ts): the shared folders make no BFF calls.
 */
import { Icon, type IconName } from './icon';
import { useId, useReducer, type ReactNode } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { FILE_MAX_BYTES } from '@/lib/files';
import { INITIAL_UPLOAD, UPLOAD, UPLOAD_TEXT, refusalText, uploadReducer } from './upload-state';

export const linkButton = 'text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** Sends the files (an area's upload call, e.g. components/files/api.ts) and answers their URLs. */
export type Upload = (files: readonly File[]) => Promise<string[]>;

export interface UploadOptions {
  upload: Upload;
  accept: Readonly<Record<string, readonly string[]>>;
  maxFiles: number;
  multiple: boolean;
  /** How a refused type is named in the message ("a PNG or JPEG image"). */
  kinds?: string;
  onUploaded?: (urls: string[]) => void;
}

/** The upload's state and the drop zone's props. */
export function useUpload({ upload, accept, maxFiles, multiple, kinds, onUploaded }: UploadOptions) {
  const [state, dispatch] = useReducer(uploadReducer, INITIAL_UPLOAD);
  const send = async (files: File[]) => {
    dispatch({ type: 'start', count: files.length });
    try {
      const urls = await upload(files);
      dispatch({ type: 'succeed', urls });
      onUploaded?.(urls);
    } catch (e) {
      dispatch({ type: 'fail', error: (e as Error).message });
    }
  };
  const onDrop = (accepted: File[], refused: FileRejection[]) => {
    if (refused.length > 0) {
      const list = refused.map((r) => ({ name: r.file.name, code: String(r.errors[0]?.code ?? '') }));
      dispatch({ type: 'fail', error: refusalText(list, FILE_MAX_BYTES / 1024 / 1024, maxFiles, kinds) });
    } else if (accepted.length > 0) void send(accepted);
  };
  const zone = useDropzone({
    onDrop,
    accept: accept as Record<string, string[]>,
    maxSize: FILE_MAX_BYTES,
    maxFiles,
    multiple,
    disabled: state.status === UPLOAD.saving,
  });
  return { state, zone, reset: () => dispatch({ type: 'reset' }) };
}

/** The dashed zone shown before an upload: icon, label and a hint that also describes it to screen readers. */
export function DropZone({
  zone,
  label,
  ariaLabel,
  icon,
  hint,
}: {
  zone: ReturnType<typeof useUpload>['zone'];
  label: string;
  ariaLabel: string;
  icon: IconName;
  hint: ReactNode;
}) {
  const hintId = useId();
  return (
    <div
      {...zone.getRootProps({ 'aria-label': ariaLabel, 'aria-describedby': hintId })}
      className={`flex cursor-pointer flex-col items-center gap-2 rounded-md border-2 border-dashed px-4 py-6 text-center text-sm text-slate-700 focus:outline-2 focus:outline-brand-600 ${
        zone.isDragActive ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white hover:border-brand-600'
      }`}
    >
      <input {...zone.getInputProps()} data-testid={`upload-${label}`} />
      <Icon name={icon} className="size-6 text-slate-500" />
      <span className="font-medium text-slate-900">{label}</span>
      <span id={hintId}>{hint}</span>
    </div>
  );
}

/** The live status line: the saving text with a spinner, or what `done` says once the files are stored. */
export function UploadStatusLine({ state, saving, done }: { state: ReturnType<typeof useUpload>['state']; saving: string; done?: string }) {
  return (
    <div aria-live="polite" role="status" className="text-sm text-slate-800">
      {state.status === UPLOAD.saving && (
        <span className="flex items-center gap-2">
          <Icon name="loader-circle" className="size-4 animate-spin" />
          {saving}
        </span>
      )}
      {state.status === UPLOAD.success && done}
    </div>
  );
}

/** "Upload failed." with the server's (or the browser's) reason and "Try again". */
export function UploadFailed({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-1 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <span className="font-medium">{UPLOAD_TEXT.failed}</span>
      {error && <span>{error}</span>}
      <button type="button" className={linkButton} onClick={onRetry}>
        {UPLOAD_TEXT.retry}
      </button>
    </div>
  );
}

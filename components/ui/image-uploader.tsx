'use client';
/**
 * The image uploader (administration §2): drag and drop or click, PNG and JPEG only, several at once;
 * "Uploading n image...", then thumbnails with "Upload again", or "Upload failed." with the server's text
 * and "Try again". Files go to `file/upload` through the BFF into the firm's folder; `onUploaded` receives
 * the stored files' URLs. react-dropzone does the drop zone (keyboard: Enter or Space opens the file dialog).
 * Load it with next/dynamic where it is used: it is not first-load JavaScript.
 */
import { ImageUp, LoaderCircle } from 'lucide-react';
import { useId, useReducer } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { bffUpload } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import { FILE_FIELD, FILE_MAX_BYTES, FILES_MAX_COUNT, IMAGE_TYPES, fileSrc } from '@/lib/files';
import { INITIAL_UPLOAD, UPLOAD, UPLOAD_TEXT, refusalText, uploadReducer } from './upload-state';

export interface ImageUploaderProps {
  /** What the images are for, as the label of the drop zone ("Photo", "Brand logo"). */
  label: string;
  /** The firm whose folder receives the files. */
  firm: number;
  /** Several images at once (default) or one. */
  multiple?: boolean;
  onUploaded?: (urls: string[]) => void;
}

const linkButton = 'text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

export function ImageUploader({ label, firm, multiple = true, onUploaded }: ImageUploaderProps) {
  const [state, dispatch] = useReducer(uploadReducer, INITIAL_UPLOAD);
  const hintId = useId();

  const send = async (files: File[]) => {
    dispatch({ type: 'start', count: files.length });
    try {
      const urls = await bffUpload<typeof contract.file.upload>('file/upload', files, { field: FILE_FIELD, folder: firm });
      dispatch({ type: 'succeed', urls });
      onUploaded?.(urls);
    } catch (e) {
      dispatch({ type: 'fail', error: (e as Error).message });
    }
  };

  const onDrop = (accepted: File[], refused: FileRejection[]) => {
    if (refused.length > 0) {
      const list = refused.map((r) => ({ name: r.file.name, code: String(r.errors[0]?.code ?? '') }));
      dispatch({ type: 'fail', error: refusalText(list, FILE_MAX_BYTES / 1024 / 1024, multiple ? FILES_MAX_COUNT : 1) });
    } else if (accepted.length > 0) void send(accepted);
  };

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop,
    accept: IMAGE_TYPES as unknown as Record<string, string[]>,
    maxSize: FILE_MAX_BYTES,
    maxFiles: multiple ? FILES_MAX_COUNT : 1,
    multiple,
    disabled: state.status === UPLOAD.saving,
  });
  const reset = () => dispatch({ type: 'reset' });

  return (
    <div className="flex flex-col gap-2">
      {state.status === UPLOAD.initial && (
        <div
          {...getRootProps({
            'aria-label': `${label}: drag and drop ${multiple ? 'PNG or JPEG images' : 'a PNG or JPEG image'} here, or press to choose`,
            'aria-describedby': hintId,
          })}
          className={`flex cursor-pointer flex-col items-center gap-2 rounded-md border-2 border-dashed px-4 py-6 text-center text-sm text-slate-700 focus:outline-2 focus:outline-brand-600 ${
            isDragActive ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white hover:border-brand-600'
          }`}
        >
          <input {...getInputProps()} data-testid={`upload-${label}`} />
          <ImageUp aria-hidden="true" className="size-6 text-slate-500" />
          <span className="font-medium text-slate-900">{label}</span>
          <span id={hintId}>
            Drag and drop {multiple ? 'images' : 'an image'} here, or click to choose. PNG or JPEG, up to {FILE_MAX_BYTES / 1024 / 1024} MB
            {multiple ? ` each, ${FILES_MAX_COUNT} at a time` : ''}.
          </span>
        </div>
      )}
      <div aria-live="polite" role="status" className="text-sm text-slate-800">
        {state.status === UPLOAD.saving && (
          <span className="flex items-center gap-2">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            {UPLOAD_TEXT.saving(state.count)}
          </span>
        )}
      </div>
      {state.status === UPLOAD.success && (
        <div className="flex flex-col gap-2">
          <ul className="flex flex-wrap gap-2" aria-label={`${label}: uploaded images`}>
            {state.urls.map((url, i) => (
              <li key={url}>
                {/* eslint-disable-next-line @next/next/no-img-element -- a private file through the BFF, not an optimisable asset */}
                <img src={fileSrc(url)} alt={`${label}: uploaded image ${i + 1}`} className="size-20 rounded border border-slate-200 object-cover" />
              </li>
            ))}
          </ul>
          <button type="button" className={`self-start ${linkButton}`} onClick={reset}>
            {UPLOAD_TEXT.again}
          </button>
        </div>
      )}
      {state.status === UPLOAD.failed && (
        <div role="alert" className="flex flex-col items-start gap-1 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <span className="font-medium">{UPLOAD_TEXT.failed}</span>
          {state.error && <span>{state.error}</span>}
          <button type="button" className={linkButton} onClick={reset}>
            {UPLOAD_TEXT.retry}
          </button>
        </div>
      )}
    </div>
  );
}

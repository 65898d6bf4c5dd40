'use client';
/**
 * The image uploader's sibling for a location's storage (file/upload?kind=storage): drag and drop or
 * click, the types storage accepts, several at once, the same states and texts ("Upload failed." with
 * the server's text and "Try again", "Upload again"); the uploaded files are listed by name. Load it with
 * next/dynamic where it is used.
 */
import { FileUp, LoaderCircle } from 'lucide-react';
import { useId, useReducer } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { bffUpload } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import { FILE_FIELD, FILE_MAX_BYTES, FILES_MAX_COUNT, STORAGE_TYPES } from '@/lib/files';
import { INITIAL_UPLOAD, UPLOAD, UPLOAD_TEXT, refusalText, uploadReducer } from './upload-state';

const KINDS = 'a PDF, image, Word or Excel document, ZIP, text or CSV file';
const linkButton = 'text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';
const nameOf = (url: string) => new URLSearchParams(url.split('?')[1] ?? '').get('filename') ?? url;

export function FileUploader({ label, firm, onUploaded }: { label: string; firm: number; onUploaded?: (urls: string[]) => void }) {
  const [state, dispatch] = useReducer(uploadReducer, INITIAL_UPLOAD);
  const hintId = useId();

  const send = async (files: File[]) => {
    dispatch({ type: 'start', count: files.length });
    try {
      const urls = await bffUpload<typeof contract.file.upload>('file/upload', files, { field: FILE_FIELD, folder: firm, query: { kind: 'storage' } });
      dispatch({ type: 'succeed', urls });
      onUploaded?.(urls);
    } catch (e) {
      dispatch({ type: 'fail', error: (e as Error).message });
    }
  };
  const onDrop = (accepted: File[], refused: FileRejection[]) => {
    if (refused.length > 0) {
      const list = refused.map((r) => ({ name: r.file.name, code: String(r.errors[0]?.code ?? '') }));
      dispatch({ type: 'fail', error: refusalText(list, FILE_MAX_BYTES / 1024 / 1024, FILES_MAX_COUNT, KINDS) });
    } else if (accepted.length > 0) void send(accepted);
  };
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop,
    accept: STORAGE_TYPES as unknown as Record<string, string[]>,
    maxSize: FILE_MAX_BYTES,
    maxFiles: FILES_MAX_COUNT,
    multiple: true,
    disabled: state.status === UPLOAD.saving,
  });
  const reset = () => dispatch({ type: 'reset' });

  return (
    <div className="flex flex-col gap-2">
      {state.status === UPLOAD.initial && (
        <div
          {...getRootProps({ 'aria-label': `${label}: drag and drop files here, or press to choose`, 'aria-describedby': hintId })}
          className={`flex cursor-pointer flex-col items-center gap-2 rounded-md border-2 border-dashed px-4 py-6 text-center text-sm text-slate-700 focus:outline-2 focus:outline-brand-600 ${
            isDragActive ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white hover:border-brand-600'
          }`}
        >
          <input {...getInputProps()} data-testid={`upload-${label}`} />
          <FileUp aria-hidden="true" className="size-6 text-slate-500" />
          <span className="font-medium text-slate-900">{label}</span>
          <span id={hintId}>
            Drag and drop files here, or click to choose. PDF, images, Word, Excel, ZIP, text or CSV, up to {FILE_MAX_BYTES / 1024 / 1024} MB each,{' '}
            {FILES_MAX_COUNT} at a time. A file with the same name is replaced.
          </span>
        </div>
      )}
      <div aria-live="polite" role="status" className="text-sm text-slate-800">
        {state.status === UPLOAD.saving && (
          <span className="flex items-center gap-2">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            {`Uploading ${state.count} ${state.count === 1 ? 'file' : 'files'}...`}
          </span>
        )}
        {state.status === UPLOAD.success && `Uploaded: ${state.urls.map(nameOf).join(', ')}`}
      </div>
      {state.status === UPLOAD.success && (
        <button type="button" className={`self-start ${linkButton}`} onClick={reset}>
          {UPLOAD_TEXT.again}
        </button>
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

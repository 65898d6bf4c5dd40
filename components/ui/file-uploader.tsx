'use client';
/**
 * The image uploader's sibling for a location's storage (the caller's `upload`: storageApi.upload,
 * firm/uploadToBucket): drag and drop or click, the types storage accepts, several at once, the same states
 * and texts ("Upload failed." with the server's text and "Try again", "Upload again"); the uploaded files
 * are listed by name. Load it with next/dynamic where it is used.
 */
import { FILE_MAX_BYTES, FILES_MAX_COUNT, STORAGE_TYPES } from '@/lib/files';
import { DropZone, UploadFailed, UploadStatusLine, linkButton, useUpload, type Upload } from './drop-zone';
import { UPLOAD, UPLOAD_TEXT } from './upload-state';

const KINDS = 'a PDF, image, Word or Excel document, ZIP, text or CSV file';
const nameOf = (url: string) => new URLSearchParams(url.split('?')[1] ?? '').get('filename') ?? url;

export function FileUploader({ label, upload, onUploaded }: { label: string; upload: Upload; onUploaded?: (urls: string[]) => void }) {
  const { state, zone, reset } = useUpload({
    upload,
    accept: STORAGE_TYPES,
    maxFiles: FILES_MAX_COUNT,
    multiple: true,
    kinds: KINDS,
    onUploaded,
  });
  return (
    <div className="flex flex-col gap-2">
      {state.status === UPLOAD.initial && (
        <DropZone
          zone={zone}
          label={label}
          ariaLabel={`${label}: drag and drop files here, or press to choose`}
          icon="file-up"
          hint={`Drag and drop files here, or click to choose. PDF, images, Word, Excel, ZIP, text or CSV, up to ${FILE_MAX_BYTES / 1024 / 1024} MB each, ${FILES_MAX_COUNT} at a time. A file with the same name is replaced.`}
        />
      )}
      <UploadStatusLine
        state={state}
        saving={`Uploading ${state.count} ${state.count === 1 ? 'file' : 'files'}...`}
        done={`Uploaded: ${state.urls.map(nameOf).join(', ')}`}
      />
      {state.status === UPLOAD.success && (
        <button type="button" className={`self-start ${linkButton}`} onClick={reset}>
          {UPLOAD_TEXT.again}
        </button>
      )}
      {state.status === UPLOAD.failed && <UploadFailed error={state.error} onRetry={reset} />}
    </div>
  );
}

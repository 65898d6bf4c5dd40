'use client';
/**
 * The image uploader (docs/shell.md#screens): drag and drop or click, PNG and JPEG only, several at once;
 * "Uploading n image...", then thumbnails with "Upload again", or "Upload failed." with the server's text
 * and "Try again". `upload` sends the files (the caller's fileApi.upload, components/files/api.ts: file/upload
 * into a firm's folder); `onUploaded` receives the stored files' URLs. react-dropzone does the drop zone
 * (keyboard: Enter or Space opens the file dialog). Load it with next/dynamic where it is used: it is not
 * first-load JavaScript.
 */
import { FILE_MAX_BYTES, FILES_MAX_COUNT, IMAGE_TYPES, fileSrc } from '@/lib/files';
import { DropZone, UploadFailed, UploadStatusLine, linkButton, useUpload, type Upload } from './drop-zone';
import { UPLOAD, UPLOAD_TEXT } from './upload-state';

export interface ImageUploaderProps {
  /** What the images are for, as the label of the drop zone ("Photo", "Brand logo"). */
  label: string;
  /** Sends the files and answers their URLs (fileApi.upload into a firm's folder). */
  upload: Upload;
  /** Several images at once (default) or one. */
  multiple?: boolean;
  onUploaded?: (urls: string[]) => void;
}

export function ImageUploader({ label, upload, multiple = true, onUploaded }: ImageUploaderProps) {
  const { state, zone, reset } = useUpload({ upload, accept: IMAGE_TYPES, maxFiles: multiple ? FILES_MAX_COUNT : 1, multiple, onUploaded });
  return (
    <div className="flex flex-col gap-2">
      {state.status === UPLOAD.initial && (
        <DropZone
          zone={zone}
          label={label}
          ariaLabel={`${label}: drag and drop ${multiple ? 'PNG or JPEG images' : 'a PNG or JPEG image'} here, or press to choose`}
          icon="image-up"
          hint={`Drag and drop ${multiple ? 'images' : 'an image'} here, or click to choose. PNG or JPEG, up to ${FILE_MAX_BYTES / 1024 / 1024} MB${
            multiple ? ` each, ${FILES_MAX_COUNT} at a time` : ''
          }.`}
        />
      )}
      <UploadStatusLine state={state} saving={UPLOAD_TEXT.saving(state.count)} />
      {state.status === UPLOAD.success && (
        <div className="flex flex-col gap-2">
          <ul className="flex flex-wrap gap-2" aria-label={`${label}: uploaded images`}>
            {state.urls.map((url, i) => (
              <li key={url}>
                {/* eslint-disable-next-line @next/next/no-img-element -- a private file through the BFF, not an optimisable asset */}
                <img
                  src={fileSrc(url)}
                  alt={`${label}: uploaded image ${i + 1}`}
                  className="size-20 rounded border border-slate-200 object-cover"
                />
              </li>
            ))}
          </ul>
          <button type="button" className={`self-start ${linkButton}`} onClick={reset}>
            {UPLOAD_TEXT.again}
          </button>
        </div>
      )}
      {state.status === UPLOAD.failed && <UploadFailed error={state.error} onRetry={reset} />}
    </div>
  );
}

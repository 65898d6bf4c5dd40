/**
 * The uploader's states (docs/shell.md#states "Upload"): initial (0), saving (1), success (2), failed (3);
 * reset returns to initial. The texts are the specification's, word for word ("Uploading n image..."
 * keeps its singular for any n).
 */
export const UPLOAD = { initial: 0, saving: 1, success: 2, failed: 3 } as const;
export type UploadStatus = (typeof UPLOAD)[keyof typeof UPLOAD];

export interface UploadState {
  status: UploadStatus;
  /** Files being sent (saving). */
  count: number;
  /** Stored files' URLs (success). */
  urls: readonly string[];
  /** The server's error text, or why the browser refused the files (failed). */
  error: string | null;
}

export type UploadAction =
  { type: 'start'; count: number } | { type: 'succeed'; urls: readonly string[] } | { type: 'fail'; error: string } | { type: 'reset' };

export const INITIAL_UPLOAD: UploadState = { status: UPLOAD.initial, count: 0, urls: [], error: null };

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'start':
      return { status: UPLOAD.saving, count: action.count, urls: [], error: null };
    case 'succeed':
      return { status: UPLOAD.success, count: 0, urls: action.urls, error: null };
    case 'fail':
      return { status: UPLOAD.failed, count: 0, urls: [], error: action.error };
    case 'reset':
      return INITIAL_UPLOAD;
  }
}

export const UPLOAD_TEXT = {
  saving: (n: number) => `Uploading ${n} image...`,
  failed: 'Upload failed.',
  again: 'Upload again',
  retry: 'Try again',
} as const;

/** Why the browser refused files before sending them (react-dropzone's error codes), in words; `kinds` names what is accepted. */
export function refusalText(
  refused: readonly { name: string; code: string }[],
  maxMb: number,
  maxCount: number,
  kinds = 'a PNG or JPEG image',
): string {
  const reasons = refused.map(({ name, code }) => {
    if (code === 'file-too-large') return `${name} is larger than ${maxMb} MB.`;
    if (code === 'file-invalid-type') return `${name} is not ${kinds}.`;
    if (code === 'too-many-files') return `At most ${maxCount} files at a time.`;
    return `${name} cannot be uploaded.`;
  });
  return [...new Set(reasons)].join(' ');
}

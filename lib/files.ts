/**
 * Uploaded files, as the browser sees them (client-safe: no zod, no server code; lib/contract/files.ts has
 * the calls). The host answers uploads with URLs relative to the API (`file/image?firm=7&name=…`) and
 * screens save them as they are; the browser loads them through the BFF.
 */
import { BFF_PREFIX } from './bff/protocol';

export const FILE_MAX_BYTES = 5 * 1024 * 1024;
export const FILES_MAX_COUNT = 10;
/** The multipart field every file travels in (docs/shell.md#calls: "field File"). */
export const FILE_FIELD = 'File';
/**
 * What a location's storage accepts (firm/uploadToBucket), by the type its content shows: documents,
 * images, spreadsheets, archives, and plain text or CSV (no SVG, HTML or programs).
 */
export const STORAGE_TYPES = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'application/zip': ['.zip'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'text/plain': ['.txt'],
  'text/csv': ['.csv'],
} as const;

/** What the image uploader accepts: PNG and JPEG (no SVG). */
export const IMAGE_TYPES = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] } as const;

/** Where the browser loads a stored file from; site paths (`/brands/…`) and https URLs pass unchanged. */
export function fileSrc(url: string): string {
  return url.startsWith('file/') ? `${BFF_PREFIX}${url}` : url;
}

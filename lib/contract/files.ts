/**
 * Files (docs/shell.md#screens "Image uploader", #calls Upload). The specification shows only "multipart, field
 * File, file name prefixed with the firm folder, optional query; the response is a list of image URLs".
 * Decisions:
 * - file/upload: multipart/form-data with one part per file, each named `File`, whose file name is
 *   `{firm}/{name}`: the firm folder must be one the caller reaches (else 404, as for any record of another
 *   firm). PNG and JPEG only (`kind` image, the one kind), told by their content, never by name or declared
 *   type (no SVG). At most FILE_MAX_BYTES a file and FILES_MAX_COUNT files; a bigger file is 413, a wrong
 *   type 400, each naming the file; nothing is stored unless every file is accepted. The stored name is
 *   random plus the original name's safe letters.
 * - Limits against filling the disk: a firm's images take at most FIRM_IMAGES_QUOTA_BYTES (413 with the
 *   reason); a user uploads at most UPLOADS_PER_USER files (images and storage together) in
 *   UPLOADS_WINDOW_MS (429 with the wait); images nothing refers to any more (a user's photo, a post's
 *   image, a brand image) are removed a day after their upload (api-host/files/orphans.ts).
 * - The answer: the stored files' URLs, relative to the API base (`file/image?firm=7&name=…`), which the
 *   browser loads through the BFF (lib/files.ts fileSrc; the limits are there too, for the browser) and
 *   screens save as they are (a user's photo,
 *   a firm's brand images).
 * - file/image?firm&name: the stored bytes with their type, for a caller who reaches the firm; and a Brand
 *   image of a location above the caller's own (the locations below inherit their network's brand).
 * - A location's storage takes files through its own call, firm/uploadToBucket (lib/contract/locations-storage.ts),
 *   for the storage roles only.
 */
import { z } from 'zod';
import { defineCall, q } from './define';

import { FILE_FIELD, FILE_MAX_BYTES, FILES_MAX_COUNT, IMAGE_TYPES } from '../files';
export { FILE_FIELD, FILE_MAX_BYTES, FILES_MAX_COUNT, IMAGE_TYPES, STORAGE_TYPES } from '../files';

/**
 * How file/upload, firm/uploadToBucket and adas/uploadEvidence take their files (`types`: what each takes;
 * `firm`: which location's folder the name must start with).
 */
export const firmFiles = (types: readonly string[], firm = 'the location the file is for (one the caller reaches)') => ({
  field: FILE_FIELD,
  fileName: `{firm}/{name}: the id of ${firm}, a slash, and the file name`,
  types,
  maxFiles: FILES_MAX_COUNT,
  maxBytes: FILE_MAX_BYTES,
});

/** What a firm's uploaded images may take on disk together. */
export const FIRM_IMAGES_QUOTA_BYTES = 50 * 1024 * 1024;
/** Files one user may upload (images and storage files) within UPLOADS_WINDOW_MS. */
export const UPLOADS_PER_USER = 50;
export const UPLOADS_WINDOW_MS = 10 * 60_000;

/** A stored file's name: what the host generated, never a path. */
export const storedName = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/, 'Not a stored file name')
  .refine((n) => !n.includes('..'), 'Not a stored file name');

export const upload = defineCall({
  refuses: [413, 429],
  method: 'POST',
  path: 'file/upload',
  transport: 'multipart',
  upload: firmFiles(Object.keys(IMAGE_TYPES)),
  query: z.object({ kind: z.enum(['image']).default('image') }),
  response: z.array(z.string()),
  access: 'signed-in',
  bff: true,
});

export const image = defineCall({
  method: 'GET',
  path: 'file/image',
  transport: 'binary',
  // The image as its content shows it; anything else (a file replaced on disk) as bytes of no stated type.
  produces: [...Object.keys(IMAGE_TYPES), 'application/octet-stream'],
  query: z.object({ firm: q.id(), name: storedName }),
  response: z.unknown(),
  access: 'signed-in',
  bff: true,
});

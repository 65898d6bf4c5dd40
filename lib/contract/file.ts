/**
 * Files (administration §2 "Image uploader", §7 Upload). The specification shows only "multipart, field
 * File, file name prefixed with the firm folder, optional query; the response is a list of image URLs".
 * Decisions:
 * - file/upload: multipart/form-data with one part per file, each named `File`, whose file name is
 *   `{firm}/{name}`: the firm folder must be one the caller reaches (else 404, as for any record of another
 *   firm). The query's `kind` says what is accepted: `image` (the default) PNG and JPEG only, told by their
 *   content, never by name or declared type (no SVG). At most FILE_MAX_BYTES a file and FILES_MAX_COUNT
 *   files; a bigger file is 413, a wrong type 400, each naming the file; nothing is stored unless every file
 *   is accepted. The stored name is random plus the original name's safe letters.
 * - The answer: the stored files' URLs, relative to the API base (`file/image?firm=7&name=…`), which the
 *   browser loads through the BFF (lib/files.ts fileSrc; the limits are there too, for the browser) and
 *   screens save as they are (a user's photo,
 *   a firm's brand images).
 * - file/image?firm&name: the stored bytes with their type, for a caller who reaches the firm; and a Brand
 *   image of a location above the caller's own (the locations below inherit their network's brand).
 * - kind=storage puts the files in the location's storage bucket instead (lib/contract/storage.ts): the
 *   types of STORAGE_TYPES, told by content (text and CSV: UTF-8 without control bytes); the names are
 *   kept (a name with a folder or ".." is refused) and replace a file of the same name; the bucket must
 *   exist and have room. The answer: the files' download URLs (firm/downloadFromBucket).
 */
import { z } from 'zod';
import { defineCall, q } from './define';

export { FILE_FIELD, FILE_MAX_BYTES, FILES_MAX_COUNT, STORAGE_TYPES } from '../files';

/** A stored file's name: what the host generated, never a path. */
export const storedName = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/, 'Not a stored file name')
  .refine((n) => !n.includes('..'), 'Not a stored file name');

export const upload = defineCall({
  method: 'POST',
  path: 'file/upload',
  transport: 'multipart',
  query: z.object({ kind: z.enum(['image', 'storage']).default('image') }),
  response: z.array(z.string()),
  access: 'signed-in',
  bff: true,
});

export const image = defineCall({
  method: 'GET',
  path: 'file/image',
  transport: 'binary',
  query: z.object({ firm: q.id(), name: storedName }),
  response: z.unknown(),
  access: 'signed-in',
  bff: true,
});

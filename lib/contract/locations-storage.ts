/**
 * Storage (docs/locations-storage.md#screens, #calls, #limits): each location may have one storage account with one bucket of files.
 * Decisions where the specification shows no shape:
 * - firm/storage is the paged list {count, items} of the files in the buckets of the caller's locations;
 *   default sort id descending (newest first), filterBy 9999 = every location, else one location's id;
 *   searchTerm is a case-insensitive substring of the file name.
 * - storageAccount, createStorage and createBucket answer the location's storage state; creating what
 *   exists already answers the state unchanged. Account and bucket names are hashes of the environment
 *   and the firm (docs/locations-storage.md#limits: "Storage keys are hashed with the environment").
 * - bucketContents answers {items} of one location's bucket, newest first (empty without a bucket).
 * - removeFromBucket?firm&filename removes one file; an unknown name is 404. A file name is a plain name:
 *   no folders, no "..", no control or formatting characters (a right-to-left override would show
 *   "a\u202efdp.exe" as "aexe.pdf").
 * - firm/uploadToBucket (multipart, like file/upload: field File, file name `{firm}/{name}`) puts files in
 *   the location's bucket: the storage roles only, as every storage call (the BFF and the host both check
 *   the contract's access). Each name's extension must be one of STORAGE_TYPES and the content must be of
 *   that type (api-host/files/types.ts); names are kept and replace a file of the same name; the bucket
 *   must exist and have room. Answers the files' download URLs; firm/downloadFromBucket?firm&filename
 *   answers a file's bytes as an attachment.
 */
import { z } from 'zod';
import { defineCall, ok, q } from './define';
import { STORAGE_TYPES, firmFiles } from './files';
import { ALL_LOCATIONS, STORAGE_SORTS } from './locations-constants';

const STORAGE_ROLES = [1, 2, 3, 5, 7, 9, 12] as const;

/** A stored file's name: what the host accepts and writes under the firm's folder. */
export const FILE_NAME_MESSAGE =
  'A file name cannot contain folders (/ or \\), "..", or control or formatting characters (such as a right-to-left mark)';
/** Control (Cc), formatting (Cf: bidirectional overrides, zero-width characters) and line/paragraph separators. */
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
export const isPlainFileName = (name: string) =>
  name.length > 0 &&
  name.length <= 200 &&
  !/[/\\]/.test(name) &&
  !HIDDEN_CHARACTERS.test(name) &&
  !name.includes('..') &&
  name.trim() === name &&
  name !== '.';
export const fileName = z
  .string({ error: 'A file name is required' })
  .min(1, 'A file name is required')
  .max(200, 'At most 200 characters')
  .refine(isPlainFileName, FILE_NAME_MESSAGE);

export const storedFile = z.object({
  id: z.number().int(),
  firm: z.number().int(),
  firmName: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
});
export type StoredFile = z.infer<typeof storedFile>;
export const storageList = z.object({ count: z.number().int().nonnegative(), items: z.array(storedFile) });
export type StorageList = z.infer<typeof storageList>;

export const storageState = z.object({
  firm: z.number().int(),
  firmName: z.string(),
  account: z.string().nullable(),
  accountCreatedAt: z.string().nullable(),
  bucket: z.string().nullable(),
  bucketCreatedAt: z.string().nullable(),
  files: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
});
export type StorageState = z.infer<typeof storageState>;

export const STORAGE_DEFAULTS = { pageSize: 10, orderBy: 'id', direction: 'desc', filterBy: ALL_LOCATIONS } as const;

export const storageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(STORAGE_DEFAULTS.pageSize),
  orderBy: z.enum(STORAGE_SORTS).default(STORAGE_DEFAULTS.orderBy),
  direction: z.enum(['asc', 'desc']).default(STORAGE_DEFAULTS.direction),
  filterBy: z.coerce.number().int().default(STORAGE_DEFAULTS.filterBy),
  searchTerm: q.text(100).default(''),
});
export type StorageQuery = z.infer<typeof storageQuery>;

const base = { access: STORAGE_ROLES, bff: true } as const;
const byFirm = z.object({ firm: q.id() });

export const storage = defineCall({ ...base, method: 'GET', path: 'firm/storage', query: storageQuery, response: storageList });
export const storageAccount = defineCall({ ...base, method: 'GET', path: 'firm/storageAccount', query: byFirm, response: storageState });
export const createStorage = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'firm/createStorage',
  query: byFirm,
  response: storageState,
});
export const createBucket = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'firm/createBucket',
  query: byFirm,
  response: storageState,
});
export const bucketContents = defineCall({
  ...base,
  method: 'GET',
  path: 'firm/bucketContents',
  query: byFirm,
  response: z.object({ items: z.array(storedFile) }),
});
export const downloadFromBucket = defineCall({
  ...base,
  method: 'GET',
  path: 'firm/downloadFromBucket',
  transport: 'binary',
  produces: Object.keys(STORAGE_TYPES),
  query: byFirm.extend({ filename: fileName }),
  response: z.unknown(),
});
export const uploadToBucket = defineCall({
  refuses: [413, 429],
  ...base,
  method: 'POST',
  path: 'firm/uploadToBucket',
  transport: 'multipart',
  upload: firmFiles(Object.keys(STORAGE_TYPES)),
  response: z.array(z.string()),
});
export const removeFromBucket = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'firm/removeFromBucket',
  query: byFirm.extend({ filename: fileName }),
  response: ok,
});

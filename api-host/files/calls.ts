/**
 * file/upload and file/image (lib/contract/file.ts has the decisions). Uploads are read part by part with
 * @fastify/multipart under the contract's limits, checked by content (file-type), and stored all or none.
 */
import type { MultipartFile } from '@fastify/multipart';
import { contract } from '../../lib/contract';
import { FILE_FIELD, FILE_MAX_BYTES, FILES_MAX_COUNT } from '../../lib/contract/file';
import { HttpError, assertFirm, badRequest, implement } from '../server';
import { isInheritedBrandImage } from '../firms/network';
import { acceptStoragePart, storeInBuckets, type StoragePart } from '../firms/storage';
import { newStoredName, notAnImage, readStored, sniff, storeAll } from './storage';

const IMAGE_MIMES = new Set(['image/png', 'image/jpeg']);
const MB = FILE_MAX_BYTES / 1024 / 1024;

/** The firm folder and name of a part's file name `{firm}/{name}`. */
function folderOf(filename: string): { firm: number; name: string } {
  const match = /^(\d{1,9})\/(.+)$/.exec(filename);
  if (!match) throw badRequest(`The file name "${filename.slice(0, 100)}" must start with the firm's folder, as in 7/photo.png.`);
  return { firm: Number(match[1]), name: match[2] };
}

async function readPart(part: MultipartFile, name: string): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, `${name} is larger than ${MB} MB.`);
  const bytes = await part.toBuffer().catch((e: Error & { code?: string }) => {
    throw e.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : e;
  });
  if (part.file.truncated) throw tooLarge();
  return bytes;
}

export const fileCalls = [
  implement(contract.file.upload, async ({ query, caller, ctx, request }) => {
    const accepted: { firm: number; name: string; bytes: Buffer }[] = [];
    // kind=storage: the location's storage bucket (api-host/firms/storage.ts), names kept.
    const toStorage: StoragePart[] = [];
    try {
      // preservePath: the part's file name carries the firm folder ("7/photo.png"), which busboy would strip.
      const parts = request.parts({ preservePath: true, limits: { fileSize: FILE_MAX_BYTES, files: FILES_MAX_COUNT, fields: 5, parts: FILES_MAX_COUNT + 5 } });
      for await (const part of parts) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== FILE_FIELD) throw badRequest(`Send each file in the field "${FILE_FIELD}".`);
        const { firm, name } = folderOf(part.filename);
        assertFirm(caller, firm, 'Firm');
        const bytes = await readPart(part, name);
        if (query.kind === 'storage') {
          toStorage.push(await acceptStoragePart(ctx.db, firm, name, bytes, toStorage));
          continue;
        }
        const type = await sniff(bytes);
        if (!type || !IMAGE_MIMES.has(type.mime)) throw notAnImage(name, type?.mime ?? null);
        accepted.push({ firm, name: newStoredName(name, type.ext === 'jpg' ? 'jpg' : type.ext), bytes });
      }
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'FST_FILES_LIMIT') throw new HttpError(413, `At most ${FILES_MAX_COUNT} files at a time.`);
      if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Too many parts in the upload.');
      throw e;
    }
    if (query.kind === 'storage') {
      if (toStorage.length === 0) throw badRequest('Choose at least one file to upload.', { File: ['This field is required'] });
      return storeInBuckets(ctx.db, ctx.filesDir, caller.user, toStorage);
    }
    if (accepted.length === 0) throw badRequest('Choose at least one image to upload.', { File: ['This field is required'] });
    for (const firm of new Set(accepted.map((f) => f.firm))) await storeAll(ctx.filesDir, firm, accepted.filter((f) => f.firm === firm));
    return accepted.map((f) => `file/image?firm=${f.firm}&name=${encodeURIComponent(f.name)}`);
  }),
  implement(contract.file.image, async ({ query, caller, ctx, reply }) => {
    if (!isInheritedBrandImage(ctx.db, caller.firm, query.firm, `file/image?firm=${query.firm}&name=${encodeURIComponent(query.name)}`)) assertFirm(caller, query.firm, 'File');
    const bytes = await readStored(ctx.filesDir, query.firm, query.name);
    const type = await sniff(bytes);
    // Stored names never change their content: the browser may keep them.
    return reply
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type(type && IMAGE_MIMES.has(type.mime) ? type.mime : 'application/octet-stream')
      .send(bytes);
  }),
];

/**
 * file/upload, file/image and firm/uploadToBucket (lib/contract/files.ts and locations-storage.ts have the decisions).
 * Uploads are read part by part with @fastify/multipart under the contract's limits, checked by content
 * (file-type), counted against the uploader's rate and the firm's room, and stored all or none.
 */
import { contract } from '../../lib/contract';
import { badRequest } from '../core/errors';
import { assertFirm } from '../core/caller';
import { implement } from '../core/implement';
import { isInheritedBrandImage, acceptStoragePart, storeInBuckets, type StoragePart } from '../locations/service';
import { newStoredName, notAnImage, readStored, sniff, storeAll } from './storage';
import { assertImageRoom, eachFile } from './uploads';

const IMAGE_MIMES = new Set(['image/png', 'image/jpeg']);
export const fileCalls = [
  implement(contract.files.upload, async ({ caller, ctx, request }) => {
    const accepted: { firm: number; name: string; bytes: Buffer }[] = [];
    await eachFile(ctx, request, caller, null, async ({ firm, name, bytes }) => {
      const type = await sniff(bytes);
      if (!type || !IMAGE_MIMES.has(type.mime)) throw notAnImage(name, type?.mime ?? null);
      accepted.push({ firm, name: newStoredName(name, type.ext === 'jpg' ? 'jpg' : type.ext), bytes });
    });
    if (accepted.length === 0) throw badRequest('Choose at least one image to upload.', { File: ['This field is required'] });
    const firms = [...new Set(accepted.map((f) => f.firm))];
    for (const firm of firms)
      await assertImageRoom(
        ctx,
        firm,
        accepted.filter((f) => f.firm === firm).reduce((n, f) => n + f.bytes.length, 0),
      );
    for (const firm of firms)
      await storeAll(
        ctx.filesDir,
        firm,
        accepted.filter((f) => f.firm === firm),
      );
    return accepted.map((f) => `file/image?firm=${f.firm}&name=${encodeURIComponent(f.name)}`);
  }),

  // A location's storage bucket (api-host/locations/storage.ts): the storage roles only (the contract's access), names kept.
  implement(contract.locationsStorage.uploadToBucket, async ({ caller, ctx, request }) => {
    const parts: StoragePart[] = [];
    await eachFile(ctx, request, caller, null, async ({ firm, name, bytes }) => {
      parts.push(await acceptStoragePart(ctx.db, firm, name, bytes, parts));
    });
    if (parts.length === 0) throw badRequest('Choose at least one file to upload.', { File: ['This field is required'] });
    return storeInBuckets(ctx.db, ctx.filesDir, caller.user, parts);
  }),

  implement(contract.files.image, async ({ query, caller, ctx, reply }) => {
    if (!isInheritedBrandImage(ctx.db, caller.firm, query.firm, `file/image?firm=${query.firm}&name=${encodeURIComponent(query.name)}`))
      assertFirm(caller, query.firm, 'File');
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

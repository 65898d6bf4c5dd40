/**
 * Reading an upload's files and the firm's image quota, apart from the calls (files/calls.ts) so that other
 * areas that take uploads (evidence) use them without the storage buckets the calls reach (firms).
 */
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import {
  FILE_FIELD,
  FILE_MAX_BYTES,
  FILES_MAX_COUNT,
  FIRM_IMAGES_QUOTA_BYTES,
  UPLOADS_PER_USER,
  UPLOADS_WINDOW_MS,
} from '../../lib/contract/files';
import type { Caller } from '../core/caller';
import type { HostContext } from '../core/context';
import { HttpError, badRequest, notFound } from '../core/errors';
import { preparedValue } from '../core/sql';
import { WindowCounts, perHost, waitMessage } from '../auth/service';
import { removeOrphans } from './orphans';
import { folderBytes } from './storage';

const MB = FILE_MAX_BYTES / 1024 / 1024;

/** Files uploaded per user in the window: one counter per host. */
const uploadsOf = perHost(() => new WindowCounts(UPLOADS_WINDOW_MS));

/** The firm folder and name of a part's file name `{firm}/{name}`. */
function folderOf(filename: string): { firm: number; name: string } {
  const [, firm, name] = /^(\d{1,9})\/(.+)$/.exec(filename) ?? [];
  if (!firm || !name) throw badRequest(`The file name "${filename.slice(0, 100)}" must start with the firm's folder, as in 7/photo.png.`);
  return { firm: Number(firm), name };
}

/**
 * What the multipart reader's own failure means for the client: its limits (413, 400), or a body that is not
 * the multipart/form-data its type says (no boundary, an empty one, a part cut short: 400). Nothing else.
 */
export function uploadFailure(e: unknown): unknown {
  if (e instanceof HttpError) return e;
  const code = (e as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return new HttpError(413, `At most ${FILES_MAX_COUNT} files at a time.`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('Too many parts in the upload.');
  return badRequest('The upload could not be read: send the files as multipart/form-data with its boundary.');
}

async function readPart(part: MultipartFile, name: string): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, `${name} is larger than ${MB} MB.`);
  const bytes = await part.toBuffer().catch((e: Error & { code?: string }) => {
    throw e.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : uploadFailure(e);
  });
  if (part.file.truncated) throw tooLarge();
  return bytes;
}

/**
 * Reads every file part of an upload (field File, name `{firm}/{name}` in a folder the caller may fill:
 * `mayFill`, by default a firm the caller reaches; evidence passes its inspection's folder, which a
 * provider reaches through its dispatch) and hands it to `accept`; counts each file against the caller's
 * upload rate (429 past it, before reading more).
 */
export async function eachFile(
  ctx: HostContext,
  request: FastifyRequest,
  caller: Caller,
  mayFill: ((firm: number) => boolean) | null,
  accept: (file: { firm: number; name: string; bytes: Buffer }) => Promise<void>,
): Promise<void> {
  const rate = uploadsOf(ctx);
  const key = `user:${caller.user}`;
  // preservePath: the part's file name carries the firm folder ("7/photo.png"), which busboy would strip.
  const parts = request
    .parts({
      preservePath: true,
      limits: { fileSize: FILE_MAX_BYTES, files: FILES_MAX_COUNT, fields: 5, parts: FILES_MAX_COUNT + 5 },
    })
    [Symbol.asyncIterator]();
  for (;;) {
    // A failure of the reader is the body's; one of `accept` (storing, re-encoding) is the host's own.
    const next = await parts.next().catch((e: unknown) => Promise.reject(uploadFailure(e)));
    if (next.done) break;
    const part = next.value;
    if (part.type !== 'file') continue;
    if (part.fieldname !== FILE_FIELD) throw badRequest(`Send each file in the field "${FILE_FIELD}".`);
    const wait = rate.wait(key, UPLOADS_PER_USER);
    if (wait > 0)
      throw new HttpError(
        429,
        waitMessage(`You uploaded more than ${UPLOADS_PER_USER} files in ${UPLOADS_WINDOW_MS / 60_000} minutes.`, wait),
        undefined,
        wait,
      );
    rate.add(key);
    const { firm, name } = folderOf(part.filename);
    if (mayFill ? !mayFill(firm) : !caller.firms.has(firm)) throw notFound('Firm');
    await accept({ firm, name, bytes: await readPart(part, name) });
  }
}

/** 413 unless the firm's images have room for `adding` more bytes (files nothing refers to are removed first). */
export async function assertImageRoom(ctx: HostContext, firm: number, adding: number): Promise<void> {
  const fits = async () => (await folderBytes(ctx.filesDir, firm)) + adding <= FIRM_IMAGES_QUOTA_BYTES;
  if (await fits()) return;
  await removeOrphans(ctx, { firm });
  if (await fits()) return;
  const name = preparedValue<string>(ctx.db, 'SELECT name FROM firm WHERE firm = ?').get(firm) ?? `Location ${firm}`;
  throw new HttpError(
    413,
    `${name} has no room for more images (at most ${FIRM_IMAGES_QUOTA_BYTES / 1024 / 1024} MB): the images were not stored. Remove images that are no longer used, or ask an administrator.`,
  );
}

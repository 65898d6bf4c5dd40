/**
 * Evidence calls (lib/contract/evidence.ts has the decisions): upload to a system of an open inspection,
 * list, serve (full or thumbnail) and remove. Uploads go through the files area's reading of multipart
 * parts (rate per user, firm folder reach, size), are told by content (file-type), photos are kept by
 * photos.ts, and everything counts against the firm's image quota and is stored all or none.
 */
import { rm } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import { contract } from '../../lib/contract';
import type { Db } from '../core/db';
import { STATUS } from '../../lib/adas/rules';
import type { Caller } from '../core/caller';
import type { HostContext } from '../core/context';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../core/errors';
import { implement } from '../core/implement';
import { prepared, preparedValue } from '../core/sql';
import { openInspection, visibleInspection, withJobHistory } from '../adas/service';
import type { Via } from '../dispatch/service';
import { announceChange } from '../push/service';
import { assertImageRoom, eachFile, firmPath, newStoredName, readStored, sniff, storeAll } from '../files/service';
import { keepPhoto } from './photos';
import { type EvidenceRow, evidenceById, evidenceOfInspection, mayRemove, toItem } from './read';
import { nowIso } from '../core/time';

const e = contract.evidence;
const ACCEPTED = 'a photo (JPEG or PNG) or a PDF';

/** The system's result row of an inspection the caller reaches (404 otherwise), with its job's firm. */
function resultTarget(db: Db, caller: Caller, adasInspectionResult: number): { inspection: number; adas: number; firm: number; via: Via } {
  const inspection = preparedValue<number>(db, 'SELECT adas_inspection FROM adas_inspection_result WHERE adas_inspection_result = ?').get(
    adasInspectionResult,
  );
  if (inspection === undefined) throw notFound('System');
  const head = visibleInspection(db, caller, inspection, 'work');
  if (head.status === STATUS.complete) throw conflict('This inspection is Complete: reopen it to add or remove evidence.');
  return { inspection, adas: head.adas, firm: head.firm, via: head.via };
}

interface Accepted {
  fileName: string;
  kind: 'photo' | 'document';
  contentType: string;
  stored: { name: string; bytes: Buffer };
  thumb: { name: string; bytes: Buffer } | null;
  width: number | null;
  height: number | null;
}

/** One uploaded part, checked by content and (photos) re-encoded when it must be. */
async function accept(name: string, bytes: Buffer): Promise<Accepted> {
  const type = await sniff(bytes);
  if (type?.mime === 'application/pdf')
    return {
      fileName: name,
      kind: 'document',
      contentType: type.mime,
      stored: { name: newStoredName(name, 'pdf'), bytes },
      thumb: null,
      width: null,
      height: null,
    };
  if (type?.mime === 'image/jpeg' || type?.mime === 'image/png') {
    const photo = await keepPhoto(name, bytes, type.ext === 'png' ? 'png' : 'jpg');
    return {
      fileName: name,
      kind: 'photo',
      contentType: photo.ext === 'png' ? 'image/png' : 'image/jpeg',
      stored: { name: newStoredName(name, photo.ext), bytes: photo.bytes },
      thumb: { name: newStoredName(`thumb-${name}`, 'jpg'), bytes: photo.thumb },
      width: photo.width,
      height: photo.height,
    };
  }
  const why = `${name} is not ${ACCEPTED}${type ? ` (its content is ${type.mime})` : ''}: it was not added.`;
  throw badRequest(why, { File: [why] });
}

const filesOf = (a: Accepted) => (a.thumb ? [a.stored, a.thumb] : [a.stored]);

async function removeFiles(filesDir: string, firm: number, names: readonly (string | null)[]): Promise<void> {
  await Promise.all(names.filter((n): n is string => !!n).map((n) => rm(firmPath(filesDir, firm, n), { force: true })));
}

/** A file of evidence: the thumbnail when asked and there is one, else the file; PDFs download. */
export async function sendEvidence(
  ctx: HostContext,
  reply: FastifyReply,
  row: EvidenceRow,
  size: 'full' | 'thumb',
  cache = 'private, max-age=31536000, immutable',
) {
  const thumb = size === 'thumb' && row.thumbName;
  const bytes = await readStored(ctx.filesDir, row.firm, thumb ? row.thumbName! : row.storedName);
  reply
    .header('cache-control', cache)
    .header('x-content-type-options', 'nosniff')
    .type(thumb ? 'image/jpeg' : row.contentType);
  if (row.kind === 'document')
    reply.header('content-disposition', `attachment; filename="${row.fileName.replace(/[^A-Za-z0-9._ -]+/g, '_')}"`);
  return reply.send(bytes);
}

export const evidenceCalls = [
  implement(e.evidence, ({ query, caller, ctx }) => {
    const { via } = visibleInspection(ctx.db, caller, query.adasInspection, 'read');
    return evidenceOfInspection(ctx.db, query.adasInspection).map((r) => toItem(r, caller, via));
  }),

  implement(e.uploadEvidence, async ({ query, caller, ctx, request }) => {
    const target = resultTarget(ctx.db, caller, query.adasInspectionResult);
    const already = () =>
      query.clientKey === undefined
        ? []
        : preparedValue<number>(ctx.db, 'SELECT adas_evidence FROM adas_evidence WHERE created_by = ? AND client_key = ?').all(
            caller.user,
            query.clientKey,
          );
    const accepted: Accepted[] = [];
    // The inspection's own folder, which the caller reaches through the inspection (a provider: its dispatch).
    await eachFile(
      ctx,
      request,
      caller,
      (firm) => firm === target.firm,
      async ({ firm, name, bytes }) => {
        if (firm !== target.firm) throw badRequest(`${name}: send the inspection's evidence in its location's folder (${target.firm}/…).`);
        accepted.push(await accept(name, bytes));
      },
    );
    if (accepted.length === 0) throw badRequest('Choose at least one photo or file to add.', { File: ['This field is required'] });
    await assertImageRoom(
      ctx,
      target.firm,
      accepted.reduce((n, a) => n + filesOf(a).reduce((m, f) => m + f.bytes.length, 0), 0),
    );
    await storeAll(ctx.filesDir, target.firm, accepted.flatMap(filesOf));
    let saved: { ids: number[]; repeated: boolean };
    try {
      saved = ctx.db
        .transaction(() =>
          withJobHistory(ctx.db, caller.user, target.adas, () => {
            // The inspection may have been completed or the system removed while the files travelled.
            const again = resultTarget(ctx.db, caller, query.adasInspectionResult);
            // Sent before (its answer lost): what was stored then, and nothing new.
            const before = already();
            if (before.length) return { ids: before, repeated: true };
            const insert = prepared(
              ctx.db,
              `INSERT INTO adas_evidence (adas_inspection_result, adas_inspection, firm, kind, file_name, stored_name, thumb_name, content_type, bytes, width, height, caption, created_by, created_at, client_key)
           VALUES (@result, @inspection, @firm, @kind, @fileName, @stored, @thumb, @contentType, @bytes, @width, @height, @caption, @user, @now, @clientKey)`,
            );
            const now = nowIso();
            const ids = accepted.map((a) =>
              Number(
                insert.run({
                  result: query.adasInspectionResult,
                  inspection: again.inspection,
                  firm: target.firm,
                  kind: a.kind,
                  fileName: a.fileName.slice(0, 200),
                  stored: a.stored.name,
                  thumb: a.thumb?.name ?? null,
                  contentType: a.contentType,
                  bytes: a.stored.bytes.length,
                  width: a.width,
                  height: a.height,
                  caption: query.caption,
                  user: caller.user,
                  now,
                  clientKey: query.clientKey ?? null,
                }).lastInsertRowid,
              ),
            );
            return { ids, repeated: false };
          }),
        )
        .immediate();
    } catch (err) {
      await removeFiles(
        ctx.filesDir,
        target.firm,
        accepted.flatMap(filesOf).map((f) => f.name),
      );
      throw err;
    }
    if (saved.repeated)
      await removeFiles(
        ctx.filesDir,
        target.firm,
        accepted.flatMap(filesOf).map((f) => f.name),
      );
    else announceChange(ctx, caller.user, 'adas', [target.adas]);
    return saved.ids.map((id) => toItem(evidenceById(ctx.db, id)!, caller, target.via));
  }),

  implement(e.evidenceFile, async ({ query, caller, ctx, reply }) => {
    const row = evidenceById(ctx.db, query.adasEvidence);
    if (!row) throw notFound('Evidence');
    try {
      visibleInspection(ctx.db, caller, row.adasInspection, 'read');
    } catch {
      throw notFound('Evidence');
    }
    return sendEvidence(ctx, reply, row, query.size);
  }),

  implement(e.removeEvidence, async ({ body, caller, ctx }) => {
    const row = evidenceById(ctx.db, body.adasEvidence);
    if (!row) throw notFound('Evidence');
    const head = (() => {
      try {
        return visibleInspection(ctx.db, caller, row.adasInspection, 'work');
      } catch (e) {
        // A provider whose dispatch no longer allows changes is told why; anyone else learns nothing.
        if (e instanceof HttpError && e.status === 403) throw e;
        throw notFound('Evidence');
      }
    })();
    if (!mayRemove(caller, row, head.via))
      throw forbidden(`Only ${row.createdByName || 'whoever added it'} or a manager of the location may remove this evidence.`);
    ctx.db
      .transaction(() =>
        withJobHistory(ctx.db, caller.user, head.adas, () => {
          openInspection(ctx.db, caller, row.adasInspection, 'work');
          prepared(ctx.db, 'DELETE FROM adas_evidence WHERE adas_evidence = ?').run(row.adasEvidence);
        }),
      )
      .immediate();
    await removeFiles(ctx.filesDir, row.firm, [row.storedName, row.thumbName]);
    announceChange(ctx, caller.user, 'adas', [head.adas]);
    return { success: true as const };
  }),
];

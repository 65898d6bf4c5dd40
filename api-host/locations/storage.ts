/**
 * Storage calls (lib/contract/locations-storage.ts): the files of the caller's locations, one location's storage
 * account and bucket, and removing a file (its row and its bytes on disk, storage-files.ts).
 */
import { contract } from '../../lib/contract';
import { FILE_NAME_MESSAGE, isPlainFileName, type StorageState, type StoredFile } from '../../lib/contract/locations-storage';
import { ALL_LOCATIONS } from '../../lib/contract/locations-constants';
import { STORAGE_TYPES } from '../../lib/files';
import type { Db } from '../core/db';
import { byExtension, typeOfNamedFile } from '../files/service';
import { type Caller, assertFirm } from '../core/caller';
import { HttpError, badRequest, notFound } from '../core/errors';
import { OK, implement } from '../core/implement';
import { firmScope, oneRow, prepared, preparedValue } from '../core/sql';
import { changingLocation, withLocationHistory } from './history';
import { containsPattern } from './network';
import { readStoredFile, removeStoredFile, storageNames, writeStoredFiles } from './storage-files';

const { locationsStorage: s } = contract;

/** Bytes a location's bucket may hold (the reference host's limit). */
export const STORAGE_QUOTA_BYTES = 500 * 1024 * 1024;

const FILE_COLUMNS = `sf.id, sf.firm, f.name AS firmName, sf.name, sf.size, sf.content_type AS contentType, sf.uploaded_at AS uploadedAt,
  coalesce(nullif(trim(c.first_name || ' ' || c.last_name), ''), u.username, '') AS uploadedBy`;
const FILE_JOINS = `JOIN firm f ON f.firm = sf.firm LEFT JOIN user u ON u.user = sf.uploaded_by LEFT JOIN contact c ON c.contact = u.contact`;

const ORDER = {
  id: ['sf.id'],
  name: ['sf.name COLLATE NOCASE', 'sf.id'],
  firm: ['f.name COLLATE NOCASE', 'sf.id'],
  size: ['sf.size', 'sf.id'],
} as const;

export function storageState(db: Db, firm: number): StorageState {
  const row = prepared<Omit<StorageState, 'quotaBytes'>>(
    db,
    `SELECT f.firm, f.name AS firmName, a.account, a.account_created_at AS accountCreatedAt, a.bucket, a.bucket_created_at AS bucketCreatedAt,
            (SELECT count(*) FROM stored_file sf WHERE sf.firm = f.firm) AS files,
            (SELECT coalesce(sum(size), 0) FROM stored_file sf WHERE sf.firm = f.firm) AS bytes
     FROM firm f LEFT JOIN storage_account a ON a.firm = f.firm WHERE f.firm = ?`,
  ).get(firm);
  if (!row) throw notFound('Location');
  return { ...row, quotaBytes: STORAGE_QUOTA_BYTES };
}

// ── uploads (firm/uploadToBucket, api-host/files/calls.ts) ──────────────────────────────────────
export interface StoragePart {
  firm: number;
  name: string;
  bytes: Buffer;
  contentType: string;
}

/** Storage's types by extension: the name's extension must be one and the content of its type (files/types.ts). */
const STORAGE_BY_EXTENSION = byExtension(STORAGE_TYPES);
const ACCEPTED = 'PDF, images, Word or Excel documents, ZIP, text or CSV';

/** A refused name as it can be shown: hidden characters written out (`\u202e`), so the message reads as sent. */
const visibleName = (name: string) =>
  name.slice(0, 100).replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`);

/**
 * One uploaded file for a location's bucket, checked: a plain name, a bucket that exists, an extension
 * storage accepts whose type the content is, and room in the bucket with what came before.
 */
export async function acceptStoragePart(
  db: Db,
  firm: number,
  name: string,
  bytes: Buffer,
  before: readonly StoragePart[],
): Promise<StoragePart> {
  if (!isPlainFileName(name)) throw badRequest(`${visibleName(name)}: ${FILE_NAME_MESSAGE}.`, { File: [FILE_NAME_MESSAGE] });
  const state = storageState(db, firm);
  if (!state.bucket) throw badRequest(`${state.firmName} has no storage bucket yet: create it first.`);
  const type = await typeOfNamedFile(name, bytes, STORAGE_BY_EXTENSION);
  if (!('contentType' in type)) {
    const why =
      type.problem === 'mismatch'
        ? `The content of ${name} does not match its name${type.found ? ` (its content is ${type.found})` : ''}: ${ACCEPTED}, each named for what it is.`
        : type.problem === 'notText'
          ? `${name} is not a file type storage accepts: its content is not plain UTF-8 text, as a .txt or .csv file must be.`
          : `${name} is not a file type storage accepts: ${ACCEPTED}.`;
    throw badRequest(why, { File: [why] });
  }
  const replaced =
    oneRow(preparedValue<number>(db, 'SELECT coalesce(sum(size), 0) FROM stored_file WHERE firm = ? AND name = ?').get(firm, name)) ?? 0;
  const pending = before.filter((p) => p.firm === firm).reduce((n, p) => n + p.bytes.length, 0);
  if (state.bytes - replaced + pending + bytes.length > state.quotaBytes)
    throw new HttpError(413, `${name} does not fit: ${state.firmName}'s storage is full.`);
  return { firm, name, bytes, contentType: type.contentType };
}

/** Writes accepted files into their buckets (same name replaces) and records them; answers their download URLs. */
export async function storeInBuckets(db: Db, filesDir: string, user: number, parts: readonly StoragePart[]): Promise<string[]> {
  for (const firm of new Set(parts.map((p) => p.firm)))
    await writeStoredFiles(
      filesDir,
      firm,
      parts.filter((p) => p.firm === firm),
    );
  const upsert = prepared(
    db,
    `INSERT INTO stored_file (firm, name, size, content_type, uploaded_by) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (firm, name) DO UPDATE SET size = excluded.size, content_type = excluded.content_type, uploaded_by = excluded.uploaded_by,
       uploaded_at = strftime('%Y-%m-%dT%H:%M:%SZ','now')`,
  );
  db.transaction(() => {
    for (const firm of new Set(parts.map((p) => p.firm)))
      withLocationHistory(db, user, firm, () =>
        parts.filter((p) => p.firm === firm).forEach((p) => upsert.run(p.firm, p.name, p.bytes.length, p.contentType, user)),
      );
  })();
  return parts.map((p) => `firm/downloadFromBucket?firm=${p.firm}&filename=${encodeURIComponent(p.name)}`);
}

function reachable(caller: Caller, firm: number): number {
  assertFirm(caller, firm, 'Location');
  return firm;
}

export const storageCalls = [
  implement(s.storage, ({ query, caller, ctx }) => {
    const where = ['1'];
    const params: (string | number)[] = [];
    if (query.filterBy !== ALL_LOCATIONS) {
      assertFirm(caller, query.filterBy, 'Location');
      where.push('sf.firm = ?');
      params.push(query.filterBy);
    }
    if (query.searchTerm) {
      where.push(`lower(sf.name) LIKE ? ESCAPE '\\'`);
      params.push(containsPattern(query.searchTerm));
    }
    const filter = where.join(' AND ') + firmScope(ctx.db, caller.firms, 'sf');
    const count = oneRow(preparedValue<number>(ctx.db, `SELECT count(*) FROM stored_file sf WHERE ${filter}`).get(...params));
    const dir = query.direction === 'desc' ? ' DESC' : '';
    const order = ORDER[query.orderBy].map((e) => e + dir).join(', ');
    const items = prepared<StoredFile>(
      ctx.db,
      `SELECT ${FILE_COLUMNS} FROM stored_file sf ${FILE_JOINS} WHERE ${filter} ORDER BY ${order} LIMIT ? OFFSET ?`,
    ).all(...params, query.pageSize, (query.page - 1) * query.pageSize);
    return { count, items };
  }),

  implement(s.storageAccount, ({ query, caller, ctx }) => storageState(ctx.db, reachable(caller, query.firm))),

  implement(s.createStorage, ({ query, caller, ctx }) => {
    const firm = reachable(caller, query.firm);
    changingLocation(ctx.db, caller.user, firm, () =>
      prepared(ctx.db, 'INSERT OR IGNORE INTO storage_account (firm, account) VALUES (?, ?)').run(firm, storageNames(firm).account),
    );
    return storageState(ctx.db, firm);
  }),

  implement(s.createBucket, ({ query, caller, ctx }) => {
    const firm = reachable(caller, query.firm);
    const changed = changingLocation(
      ctx.db,
      caller.user,
      firm,
      () =>
        prepared(
          ctx.db,
          `UPDATE storage_account SET bucket = ?, bucket_created_at = strftime('%Y-%m-%dT%H:%M:%SZ','now') WHERE firm = ? AND bucket IS NULL`,
        ).run(storageNames(firm).bucket, firm).changes,
    );
    if (!changed && !prepared(ctx.db, 'SELECT 1 FROM storage_account WHERE firm = ?').get(firm))
      throw badRequest('Create the storage account first.');
    return storageState(ctx.db, firm);
  }),

  implement(s.bucketContents, ({ query, caller, ctx }) => {
    const firm = reachable(caller, query.firm);
    const items = prepared<StoredFile>(
      ctx.db,
      `SELECT ${FILE_COLUMNS} FROM stored_file sf ${FILE_JOINS} WHERE sf.firm = ? ORDER BY sf.id DESC`,
    ).all(firm);
    return { items };
  }),

  implement(s.downloadFromBucket, async ({ query, caller, ctx, reply }) => {
    const firm = reachable(caller, query.firm);
    const file = prepared<{ content_type: string }>(ctx.db, 'SELECT content_type FROM stored_file WHERE firm = ? AND name = ?').get(
      firm,
      query.filename,
    );
    if (!file) throw notFound('File');
    const bytes = await readStoredFile(ctx.filesDir, firm, query.filename).catch((e: NodeJS.ErrnoException) => {
      throw e.code === 'ENOENT' ? notFound('File') : e;
    });
    return reply
      .header(
        'content-disposition',
        `attachment; filename="${query.filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(query.filename)}`,
      )
      .header('x-content-type-options', 'nosniff')
      .type(file.content_type)
      .send(bytes);
  }),

  implement(s.removeFromBucket, async ({ query, caller, ctx }) => {
    const firm = reachable(caller, query.firm);
    const removed = changingLocation(
      ctx.db,
      caller.user,
      firm,
      () => prepared(ctx.db, 'DELETE FROM stored_file WHERE firm = ? AND name = ?').run(firm, query.filename).changes,
    );
    if (!removed) throw notFound('File');
    await removeStoredFile(ctx.filesDir, firm, query.filename);
    return OK;
  }),
];

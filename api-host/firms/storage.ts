/**
 * Storage calls (lib/contract/storage.ts): the files of the caller's locations, one location's storage
 * account and bucket, and removing a file (its row and its bytes on disk, storage-files.ts).
 */
import { contract } from '../../lib/contract';
import type { StorageState, StoredFile } from '../../lib/contract/storage';
import { ALL_LOCATIONS } from '../../lib/contract/firm-constants';
import type { Db } from '../db';
import { type Caller, OK, assertFirm, badRequest, implement, notFound } from '../server';
import { firmScope, prepared } from '../sql';
import { containsPattern } from './network';
import { removeStoredFile, storageNames } from './storage-files';

const { storage: s } = contract;

/** Bytes a location's bucket may hold (the reference host's limit). */
export const STORAGE_QUOTA_BYTES = 500 * 1024 * 1024;

const FILE_COLUMNS = `sf.id, sf.firm, f.name AS firmName, sf.name, sf.size, sf.content_type AS contentType, sf.uploaded_at AS uploadedAt,
  coalesce(nullif(trim(c.first_name || ' ' || c.last_name), ''), u.username, '') AS uploadedBy`;
const FILE_JOINS = `JOIN firm f ON f.firm = sf.firm LEFT JOIN user u ON u.user = sf.uploaded_by LEFT JOIN contact c ON c.contact = u.contact`;

const ORDER = { id: ['sf.id'], name: ['sf.name COLLATE NOCASE', 'sf.id'], firm: ['f.name COLLATE NOCASE', 'sf.id'], size: ['sf.size', 'sf.id'] } as const;

export function storageState(db: Db, firm: number): StorageState {
  const row = prepared(
    db,
    `SELECT f.firm, f.name AS firmName, a.account, a.account_created_at AS accountCreatedAt, a.bucket, a.bucket_created_at AS bucketCreatedAt,
            (SELECT count(*) FROM stored_file sf WHERE sf.firm = f.firm) AS files,
            (SELECT coalesce(sum(size), 0) FROM stored_file sf WHERE sf.firm = f.firm) AS bytes
     FROM firm f LEFT JOIN storage_account a ON a.firm = f.firm WHERE f.firm = ?`,
  ).get(firm) as Omit<StorageState, 'quotaBytes'> | undefined;
  if (!row) throw notFound('Location');
  return { ...row, quotaBytes: STORAGE_QUOTA_BYTES };
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
    const count = prepared(ctx.db, `SELECT count(*) FROM stored_file sf WHERE ${filter}`).pluck().get(...params) as number;
    const dir = query.direction === 'desc' ? ' DESC' : '';
    const order = ORDER[query.orderBy].map((e) => e + dir).join(', ');
    const items = prepared(ctx.db, `SELECT ${FILE_COLUMNS} FROM stored_file sf ${FILE_JOINS} WHERE ${filter} ORDER BY ${order} LIMIT ? OFFSET ?`).all(
      ...params,
      query.pageSize,
      (query.page - 1) * query.pageSize,
    ) as StoredFile[];
    return { count, items };
  }),

  implement(s.storageAccount, ({ query, caller, ctx }) => storageState(ctx.db, reachable(caller, query.firm))),

  implement(s.createStorage, ({ query, caller, ctx }) => {
    const firm = reachable(caller, query.firm);
    prepared(ctx.db, 'INSERT OR IGNORE INTO storage_account (firm, account) VALUES (?, ?)').run(firm, storageNames(firm).account);
    return storageState(ctx.db, firm);
  }),

  implement(s.createBucket, ({ query, caller, ctx }) => {
    const firm = reachable(caller, query.firm);
    const changed = prepared(
      ctx.db,
      `UPDATE storage_account SET bucket = ?, bucket_created_at = strftime('%Y-%m-%dT%H:%M:%SZ','now') WHERE firm = ? AND bucket IS NULL`,
    ).run(storageNames(firm).bucket, firm).changes;
    if (!changed && !prepared(ctx.db, 'SELECT 1 FROM storage_account WHERE firm = ?').get(firm)) throw badRequest('Create the storage account first.');
    return storageState(ctx.db, firm);
  }),

  implement(s.bucketContents, ({ query, caller, ctx }) => {
    const firm = reachable(caller, query.firm);
    const items = prepared(ctx.db, `SELECT ${FILE_COLUMNS} FROM stored_file sf ${FILE_JOINS} WHERE sf.firm = ? ORDER BY sf.id DESC`).all(firm) as StoredFile[];
    return { items };
  }),

  implement(s.removeFromBucket, async ({ query, caller, ctx }) => {
    const firm = reachable(caller, query.firm);
    const removed = prepared(ctx.db, 'DELETE FROM stored_file WHERE firm = ? AND name = ?').run(firm, query.filename).changes;
    if (!removed) throw notFound('File');
    await removeStoredFile(ctx.db, firm, query.filename);
    return OK;
  }),
];

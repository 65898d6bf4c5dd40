/**
 * Where a location's stored files live: on disk under the data folder, `storage/{account}/{bucket}/{name}`.
 * Account and bucket names are hashes of the environment and the firm (operations §9), so a folder name
 * never comes from input; a file name must be a plain name (lib/contract/storage.ts) and the resolved path
 * must stay inside the bucket's folder, or nothing is read or written.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { isPlainFileName } from '../../lib/contract/storage';
import type { Db } from '../db';

const roots = new WeakMap<Db, string>();

/** The storage folder of a database: beside its file, or a temporary folder for an in-memory database. */
export function storageRoot(db: Db): string {
  let root = roots.get(db);
  if (!root) {
    const file = db.name;
    root = file && file !== ':memory:' && !file.startsWith('file::memory') ? join(dirname(resolve(file)), 'storage') : mkdtempSync(join(tmpdir(), 'adas-storage-'));
    roots.set(db, root);
  }
  return root;
}

const environment = () => process.env.APP_ENV || 'uat';
const hashed = (prefix: string, what: string, firm: number) =>
  prefix + createHash('sha256').update(`${environment()}:${what}:${firm}`).digest('hex').slice(0, 24);

/** The storage account and bucket names of a firm. */
export function storageNames(firm: number): { account: string; bucket: string } {
  return { account: hashed('acct', 'account', firm), bucket: hashed('bkt', 'bucket', firm) };
}

export class UnsafeFileName extends Error {}

/** The file's path inside the firm's bucket folder; throws UnsafeFileName for anything that could leave it. */
export function storedFilePath(db: Db, firm: number, name: string): string {
  if (!isPlainFileName(name)) throw new UnsafeFileName(name);
  const { account, bucket } = storageNames(firm);
  const folder = join(storageRoot(db), account, bucket);
  const path = resolve(folder, name);
  if (!path.startsWith(folder + sep)) throw new UnsafeFileName(name);
  return path;
}

export async function writeStoredFile(db: Db, firm: number, name: string, bytes: Uint8Array): Promise<void> {
  const path = storedFilePath(db, firm, name);
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${Date.now()}.part`;
  await writeFile(temp, bytes);
  await rename(temp, path);
}

export const readStoredFile = (db: Db, firm: number, name: string): Promise<Buffer> => readFile(storedFilePath(db, firm, name));

export const removeStoredFile = (db: Db, firm: number, name: string): Promise<void> => rm(storedFilePath(db, firm, name), { force: true });

/** Removes a firm's whole bucket folder (the firm is being removed). */
export async function removeStorage(db: Db, firm: number): Promise<void> {
  const { account } = storageNames(firm);
  await rm(join(storageRoot(db), account), { recursive: true, force: true });
}

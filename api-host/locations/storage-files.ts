/**
 * Where a location's stored files live: on disk in the host's files folder, under
 * `_storage/{firm}/{bucket}/{name}` (beside the firms' upload folders, out of file/image's reach). Account and
 * bucket names are hashes of the environment and the firm (docs/locations-storage.md#limits), so a folder name never comes
 * from input; a file name must be a plain name (lib/contract/locations-storage.ts) and the resolved path must stay
 * inside the bucket's folder, or nothing is read or written.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { FILE_NAME_MESSAGE, isPlainFileName } from '../../lib/contract/locations-storage';
import { badRequest } from '../core/errors';

const environment = () => process.env.APP_ENV || 'uat';
const hashed = (prefix: string, what: string, firm: number) =>
  prefix + createHash('sha256').update(`${environment()}:${what}:${firm}`).digest('hex').slice(0, 24);

/** The storage account and bucket names of a firm. */
export function storageNames(firm: number): { account: string; bucket: string } {
  return { account: hashed('acct', 'account', firm), bucket: hashed('bkt', 'bucket', firm) };
}

const bucketFolder = (filesDir: string, firm: number) => resolve(filesDir, '_storage', String(firm), storageNames(firm).bucket);

/** The file's path inside the firm's bucket folder; 400 for a name that is not plain or would leave it. */
export function storedFilePath(filesDir: string, firm: number, name: string): string {
  const folder = bucketFolder(filesDir, firm);
  const path = resolve(folder, name);
  if (!isPlainFileName(name) || !path.startsWith(folder + sep)) throw badRequest(FILE_NAME_MESSAGE, { filename: [FILE_NAME_MESSAGE] });
  return path;
}

/** Writes the files into the bucket, all or none (temporary names first, renamed into place at the end). */
export async function writeStoredFiles(
  filesDir: string,
  firm: number,
  files: readonly { name: string; bytes: Uint8Array }[],
): Promise<void> {
  const folder = bucketFolder(filesDir, firm);
  await mkdir(folder, { recursive: true });
  const temps = files.map((f) => ({
    ...f,
    final: storedFilePath(filesDir, firm, f.name),
    temp: join(folder, `.part-${randomBytes(8).toString('hex')}`),
  }));
  try {
    for (const f of temps) await writeFile(f.temp, f.bytes, { flag: 'wx' });
    for (const f of temps) await rename(f.temp, f.final);
  } catch (e) {
    await Promise.all(temps.map((f) => rm(f.temp, { force: true })));
    throw e;
  }
}

export const readStoredFile = (filesDir: string, firm: number, name: string): Promise<Buffer> =>
  readFile(storedFilePath(filesDir, firm, name));

export const removeStoredFile = (filesDir: string, firm: number, name: string): Promise<void> =>
  rm(storedFilePath(filesDir, firm, name), { force: true });

/** Removes everything the host keeps on disk for a firm (it is being removed): storage and uploads. */
export async function removeFirmFiles(filesDir: string, firm: number): Promise<void> {
  await rm(resolve(filesDir, String(firm)), { recursive: true, force: true });
  await rm(resolve(filesDir, '_storage', String(firm)), { recursive: true, force: true });
}

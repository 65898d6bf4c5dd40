/**
 * Files on disk, one folder per firm under the host's files folder (HostContext.filesDir). A stored name is
 * generated here (random, then the original name's safe letters, then the extension of the type the content
 * was found to be), so nothing a client sends can name a path; every path is checked to stay in its folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve, sep } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { storedName } from '../../lib/contract/files';
import { badRequest, notFound } from '../core/errors';

/** The firm's folder, and a path inside it that cannot escape it. */
export function firmPath(filesDir: string, firm: number, name?: string): string {
  const folder = resolve(filesDir, String(firm));
  if (name === undefined) return folder;
  if (!storedName.safeParse(name).success) throw notFound('File');
  const path = resolve(folder, name);
  if (!path.startsWith(folder + sep)) throw notFound('File');
  return path;
}

/** A stored name for an uploaded file: random prefix, the original name's safe part, the real extension. */
export function newStoredName(original: string, ext: string): string {
  const stem = basename(original.replace(/\\/g, '/'))
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '')
    .replace(/\.{2,}/g, '.')
    .slice(0, 60);
  return `${randomBytes(6).toString('hex')}-${stem || 'file'}.${ext}`;
}

/** What the content of a file is, told by its first bytes (never by its name or declared type). */
export async function sniff(bytes: Buffer): Promise<{ ext: string; mime: string } | null> {
  const found = await fileTypeFromBuffer(bytes);
  return found ? { ext: found.ext, mime: found.mime } : null;
}

/**
 * Writes the files into the firm's folder, all or none: each goes to a temporary name first and is renamed
 * into place only when every one was written.
 */
export async function storeAll(filesDir: string, firm: number, files: readonly { name: string; bytes: Buffer }[]): Promise<void> {
  const folder = firmPath(filesDir, firm);
  await mkdir(folder, { recursive: true });
  const temps = files.map((f) => ({
    ...f,
    temp: join(folder, `.upload-${randomBytes(8).toString('hex')}`),
    final: firmPath(filesDir, firm, f.name),
  }));
  try {
    for (const f of temps) await writeFile(f.temp, f.bytes, { flag: 'wx' });
    for (const f of temps) await rename(f.temp, f.final);
  } catch (e) {
    await Promise.all(temps.flatMap((f) => [rm(f.temp, { force: true }), rm(f.final, { force: true })]));
    throw e;
  }
}

/** Bytes the firm's folder holds (0 when it has none). */
export async function folderBytes(filesDir: string, firm: number): Promise<number> {
  const folder = firmPath(filesDir, firm);
  const names = await readdir(folder).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [] as string[];
    throw e;
  });
  const sizes = await Promise.all(
    names.map((n) =>
      stat(join(folder, n)).then(
        (s) => (s.isFile() ? s.size : 0),
        () => 0,
      ),
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

export async function readStored(filesDir: string, firm: number, name: string): Promise<Buffer> {
  try {
    return await readFile(firmPath(filesDir, firm, name));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw notFound('File');
    throw e;
  }
}

export const notAnImage = (name: string, found: string | null) =>
  badRequest(`${name} is not a PNG or JPEG image${found ? ` (its content is ${found})` : ''}.`, {
    File: [`${name} is not a PNG or JPEG image.`],
  });

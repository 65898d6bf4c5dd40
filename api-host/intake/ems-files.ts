/**
 * EMS files to tables: loose dBase files (.ENV, .AD1, .VEH, .LIN, .TTL… or NAME.LIN.DBF) or a zip of them.
 * The zip is read with yauzl under limits that stop a zip bomb before it is inflated (entries, total
 * uncompressed size, compression ratio; yauzl checks each entry's real size against its header), the
 * tables with dbffile (it reads from files, so they are written to a private temporary folder first, and
 * removed after). Runs in the intake worker only.
 */
import { DBFFile } from 'dbffile';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { IntakeError } from '../../lib/intake/estimate';
import { EMS_TABLES, type EmsTable, type EmsTables } from '../../lib/intake/ems';

export const ZIP_LIMITS = {
  entries: 200,
  /** Everything inflated together. */
  totalBytes: 64 * 1024 * 1024,
  /** Inflated size over compressed size of one entry (EMS tables compress about 10 to 30 times). */
  ratio: 200,
};

/** The EMS table a file name names (`7A3F.LIN`, `7A3F.lin.dbf`, `7A3FLIN.DBF`), or null. */
export function emsTableOf(name: string): EmsTable | null {
  const base = name.split(/[\\/]/).pop()!.toUpperCase();
  const named = [/\.([A-Z0-9]{3})$/, /\.([A-Z0-9]{3})\.DBF$/, /([A-Z0-9]{3})\.DBF$/].map((re) => re.exec(base)?.[1]);
  return (named.find((ext) => ext && (EMS_TABLES as readonly string[]).includes(ext)) as EmsTable | undefined) ?? null;
}

export const isZip = (b: Uint8Array) =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5) && (b[3] === 4 || b[3] === 6);

function openZip(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (e, zip) =>
      e || !zip
        ? reject(new IntakeError(`The zip file could not be read (${e?.message ?? 'empty'}): zip the EMS files again.`))
        : resolve(zip),
    ),
  );
}

function readEntry(zip: ZipFile, entry: Entry, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (e, stream) => {
      if (e || !stream) return reject(new IntakeError(`${entry.fileName} in the zip could not be read: ${e?.message ?? ''}`));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size > limit) {
          stream.destroy();
          reject(
            new IntakeError(`The zip file inflates to more than ${ZIP_LIMITS.totalBytes / 1024 / 1024} MB: it is not an EMS export.`, 413),
          );
        } else chunks.push(c);
      });
      stream.on('error', (err) => reject(new IntakeError(`${entry.fileName} in the zip is damaged: ${err.message.slice(0, 100)}`)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    }),
  );
}

/** The EMS files of a zip, within ZIP_LIMITS. */
export async function unzipEms(bytes: Buffer): Promise<{ name: string; bytes: Buffer }[]> {
  const zip = await openZip(bytes);
  if (zip.entryCount > ZIP_LIMITS.entries) {
    zip.close();
    throw new IntakeError(`The zip file holds ${zip.entryCount} files: an EMS export has a few dozen at most.`, 413);
  }
  const out: { name: string; bytes: Buffer }[] = [];
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (e: Error) => reject(new IntakeError(`The zip file is damaged: ${e.message.slice(0, 120)}`)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: Entry) => {
        void (async () => {
          if (/\/$/.test(entry.fileName) || /(^|\/)__MACOSX\//.test(entry.fileName) || !emsTableOf(entry.fileName)) return zip.readEntry();
          total += entry.uncompressedSize;
          if (total > ZIP_LIMITS.totalBytes)
            throw new IntakeError(
              `The zip file inflates to more than ${ZIP_LIMITS.totalBytes / 1024 / 1024} MB: it is not an EMS export.`,
              413,
            );
          if (entry.uncompressedSize > Math.max(64 * 1024, entry.compressedSize * ZIP_LIMITS.ratio))
            throw new IntakeError(
              `${entry.fileName} in the zip is compressed ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times: it is not an EMS file (a zip bomb?).`,
              413,
            );
          out.push({ name: entry.fileName, bytes: await readEntry(zip, entry, entry.uncompressedSize) });
          zip.readEntry();
        })().catch(reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return out;
}

/** The EMS tables of a set of files (each a dBase table named by its extension). */
export async function readEmsFiles(files: { name: string; bytes: Buffer }[]): Promise<EmsTables> {
  const dir = await mkdtemp(join(tmpdir(), 'intake-ems-'));
  const tables: EmsTables = {};
  try {
    for (const f of files) {
      const table = emsTableOf(f.name);
      if (!table) continue;
      if (tables[table]) throw new IntakeError(`The EMS files hold two ${table} tables: upload the files of one estimate.`);
      const path = join(dir, `${table}.dbf`);
      await writeFile(path, f.bytes);
      try {
        const dbf = await DBFFile.open(path, { readMode: 'loose' });
        if (dbf.recordCount > 20_000)
          throw new IntakeError(`${f.name} has ${dbf.recordCount} records: an EMS table of one estimate has far fewer.`, 413);
        tables[table] = await dbf.readRecords(20_000);
      } catch (e) {
        if (e instanceof IntakeError) throw e;
        throw new IntakeError(`${f.name.split(/[\\/]/).pop()} is not a readable dBase (EMS) table: ${(e as Error).message.slice(0, 120)}`);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return tables;
}

/**
 * An estimate upload's files, read from the multipart stream with their limits checked as the bytes arrive:
 * ESTIMATE_MAX_BYTES for all files together (413 at the first byte over), and for XML and text files the
 * number of estimate lines so far (BMS DamageLineInfo elements, CSV rows: 413 past ESTIMATE_MAX_LINES),
 * so an oversized file is refused before it is held whole, let alone parsed.
 */
import type { FastifyRequest } from 'fastify';
import { ESTIMATE_MAX_BYTES } from '../../lib/contract/calibrations-constants';
import { INTAKE_FIELD, INTAKE_MAX_FILES } from '../../lib/contract/intake';
import { ESTIMATE_MAX_LINES, tooManyLines } from '../../lib/intake/estimate';
import { HttpError, badRequest } from '../core/errors';

const MB = ESTIMATE_MAX_BYTES / 1024 / 1024;
const tooLarge = () => new HttpError(413, `The estimate is larger than ${MB} MB: an estimate upload is at most ${MB} MB.`);

/** Counts a file's estimate lines as its chunks arrive: closing DamageLineInfo tags in XML, rows in text. */
class LineCounter {
  private kind: 'xml' | 'text' | 'binary' | null = null;
  private tail = '';
  count = 0;

  add(chunk: Buffer): void {
    if (this.kind === null) {
      const head = chunk.subarray(0, 1024);
      const text = head
        .toString('latin1')
        .replace(/^\uFEFF|^\u00ef\u00bb\u00bf/, '')
        .trimStart();
      this.kind =
        head.includes(0) || /^%PDF-|^PK/.test(text) || head.toString('latin1').includes('%PDF-')
          ? 'binary'
          : text.startsWith('<')
            ? 'xml'
            : 'text';
    }
    if (this.kind === 'binary') return;
    const text = this.tail + chunk.toString('latin1');
    if (this.kind === 'xml') this.count += (text.match(/<\/(?:[\w.-]+:)?DamageLineInfo\s*>/g) ?? []).length;
    else this.count += (chunk.toString('latin1').match(/\n/g) ?? []).length;
    // A tag split between two chunks is counted once: keep the end of this one that cannot hold a whole tag.
    const cut = text.lastIndexOf('<');
    this.tail = this.kind === 'xml' && cut >= 0 && text.length - cut < 64 && !text.slice(cut).includes('>') ? text.slice(cut) : '';
  }

  /** Rows past a header and a few blank ones. */
  over(): boolean {
    return this.kind === 'xml' ? this.count > ESTIMATE_MAX_LINES : this.kind === 'text' ? this.count > ESTIMATE_MAX_LINES + 50 : false;
  }
}

export async function uploadedFiles(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }[]> {
  const files: { name: string; bytes: Buffer }[] = [];
  let total = 0;
  try {
    const parts = request.parts({
      limits: { fileSize: ESTIMATE_MAX_BYTES, files: INTAKE_MAX_FILES, fields: 4, parts: INTAKE_MAX_FILES + 4 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== INTAKE_FIELD) throw badRequest(`Send the estimate in the field "${INTAKE_FIELD}".`);
      const name = part.filename.split(/[\\/]/).pop()?.slice(0, 200) || 'estimate';
      const counter = new LineCounter();
      const chunks: Buffer[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > ESTIMATE_MAX_BYTES) throw tooLarge();
        counter.add(chunk);
        if (counter.over()) throw new HttpError(413, `${name}: ${tooManyLines(counter.count).message}`);
        chunks.push(chunk);
      }
      if (part.file.truncated) throw tooLarge();
      files.push({ name, bytes: Buffer.concat(chunks) });
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT')
      throw new HttpError(413, `At most ${INTAKE_MAX_FILES} files at a time (the loose files of one EMS export).`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('Too many parts in the upload: send the estimate file only.');
    throw e;
  }
  if (!files.length)
    throw badRequest('Choose an estimate file to upload: a PDF, an EMS export (zip or its files), a BMS XML file or a CSV.', {
      [INTAKE_FIELD]: ['This field is required'],
    });
  return files;
}

/**
 * The import wizard's worker: reads the chosen file in slices (never the whole file in memory), decodes
 * it as UTF-8 or Windows-1252 with a streaming TextDecoder (a character split between slices stays whole;
 * a BOM is dropped), parses it with papaparse, and checks, maps and chunks its rows off the page's thread,
 * so a 200 MB file never freezes the page. It keeps the refused rows as read, to hand back as a CSV with
 * a Reason column that can be fixed and imported again.
 */
import Papa from 'papaparse';
import { CSV_OPTIONS } from '@/lib/csv';
import { Chunker, DELIMITER_CHAR, IMPORT_CHUNK_ROWS, PREVIEW_ROWS, headerIndex, isSelected, mapRow } from '@/lib/data/file-rows';
import { SCHEMAS, checkRow, duplicateReason, uniqueKey, type CheckContext } from '@/lib/data/import-schemas';
import type { ImportRow } from '@/lib/contract/data';
import type { FileJob, FromWorker, Phase, Refusal, ToWorker } from './worker-protocol';

const post = (m: FromWorker) => postMessage(m);

type Listener = (arg?: unknown) => void;

/** A File as the node-like stream papaparse's stream reader takes: text slices, paused on demand. */
class FileText {
  readonly readable = true;
  bytes = 0;
  private readonly listeners = new Map<string, Listener[]>();
  private readonly decoder: TextDecoder;
  private paused = false;
  private pumping = false;
  private done = false;
  constructor(
    private readonly file: File,
    encoding: string,
    private readonly sliceBytes = 1024 * 1024,
  ) {
    this.decoder = new TextDecoder(encoding);
  }
  read() {}
  on(event: string, fn: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), fn]);
    if (event === 'data') queueMicrotask(() => void this.pump());
    return this;
  }
  removeListener(event: string, fn: Listener) {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((f) => f !== fn),
    );
    return this;
  }
  pause() {
    this.paused = true;
  }
  resume() {
    this.paused = false;
    void this.pump();
  }
  private emit(event: string, arg?: unknown) {
    for (const fn of this.listeners.get(event) ?? []) fn(arg);
  }
  private async pump() {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (!this.paused && !this.done) {
        const end = Math.min(this.bytes + this.sliceBytes, this.file.size);
        const buffer = await this.file.slice(this.bytes, end).arrayBuffer();
        this.bytes = end;
        const last = end >= this.file.size;
        this.done = last;
        const text = this.decoder.decode(buffer, { stream: !last });
        if (text) this.emit('data', text);
        if (last) this.emit('end');
      }
    } catch (e) {
      this.emit('error', e);
    } finally {
      this.pumping = false;
    }
  }
}

/**
 * Streams the file's rows after the skipped ones: `onHeader` gets the header, `onRows` each parsed piece
 * with the file line of its first row (the header is line rowsToSkip + 1); parsing waits for `onRows`.
 */
function parseRows(
  job: FileJob,
  phase: Phase,
  onRows: (rows: string[][], firstLine: number) => void | Promise<void>,
  onHeader?: (header: string[]) => void,
): Promise<{ header: string[]; rows: number }> {
  const started = performance.now();
  const input = new FileText(job.file, job.encoding);
  let skipped = 0;
  let header: string[] | null = null;
  let rows = 0;
  let lastProgress = 0;
  return new Promise((resolve, reject) => {
    Papa.parse(input as unknown as File, {
      delimiter: DELIMITER_CHAR[job.delimiter],
      skipEmptyLines: 'greedy',
      chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser) {
        const open = results.errors.find((e) => e.code === 'MissingQuotes');
        if (open) {
          parser.abort();
          const line = skipped + (header ? 1 : 0) + rows + (open.row ?? 0) + 1;
          reject(
            new Error(
              `Line ${line.toLocaleString('en-US')} opens a quote that is never closed, so the rest of the file cannot be read. Fix the file and choose it again.`,
            ),
          );
          return;
        }
        let data = results.data;
        while (skipped < job.rowsToSkip && data.length) {
          data = data.slice(1);
          skipped++;
        }
        const [names] = data;
        if (!header && names) {
          header = names.map((h) => h.trim());
          data = data.slice(1);
          onHeader?.(header);
        }
        const firstLine = skipped + 1 + rows + 1;
        rows += data.length;
        const now = performance.now();
        if (now - lastProgress > 100) {
          lastProgress = now;
          post({ type: 'progress', phase, rows, bytes: input.bytes, total: job.file.size, elapsedMs: now - started });
        }
        if (!data.length) return;
        parser.pause();
        Promise.resolve(onRows(data, firstLine)).then(
          () => parser.resume(),
          (e: unknown) => {
            parser.abort();
            reject(e as Error);
          },
        );
      },
      complete: () => {
        if (!header)
          reject(new Error(job.rowsToSkip ? `The file has no rows after the ${job.rowsToSkip} skipped.` : 'The file has no rows.'));
        else resolve({ header, rows });
      },
      error: (e: Error) => reject(new Error(`The file cannot be read: ${e.message}`)),
    });
  });
}

// ── the state of one wizard ─────────────────────────────────────────────────────────────────────
let context: CheckContext | null = null;
let header: string[] = [];
/** Refused rows as read, by line: the reason and the raw cells. */
const refusedRows = new Map<number, { reason: string; raw: string[] }>();
let ack: ((refused: Refusal[]) => void) | null = null;

const mismatch = (raw: string[]) =>
  `The row has ${raw.length} column${raw.length === 1 ? '' : 's'}; the header has ${header.length} (is the delimiter right?)`;

async function check(job: FileJob, mapping: Record<string, string>, ctx: CheckContext) {
  context = ctx;
  refusedRows.clear();
  const preview: ImportRow[] = [];
  const seen = new Set<string>();
  let valid = 0;
  let at = new Map<string, number>();
  const { rows } = await parseRows(
    job,
    'check',
    (data, firstLine) => {
      data.forEach((raw, i) => {
        const line = firstLine + i;
        if (raw.length !== header.length) return void refusedRows.set(line, { reason: mismatch(raw), raw });
        const cells = mapRow(raw, mapping, at);
        const key = uniqueKey(ctx.schema, cells);
        if (key && seen.has(key)) return void refusedRows.set(line, { reason: duplicateReason(ctx.schema), raw });
        if (key) seen.add(key);
        const result = checkRow(ctx, cells, line);
        if (!result.ok) return void refusedRows.set(line, { reason: result.reason, raw });
        valid++;
        if (preview.length < PREVIEW_ROWS) preview.push({ line, cells });
      });
    },
    (h) => {
      header = h;
      at = headerIndex(h);
    },
  );
  const refused = [...refusedRows].slice(0, 1000).map(([line, r]) => ({ line, reason: r.reason }));
  post({ type: 'check-done', preview, refused, refusedCount: refusedRows.size, valid, rows });
}

async function importRows(
  job: FileJob,
  mapping: Record<string, string>,
  selection: { mode: 'all-except' | 'only'; lines: number[] },
  skipChunks: number[],
) {
  const chosen = { mode: selection.mode, lines: new Set(selection.lines) };
  const skip = new Set(skipChunks);
  const chunker = new Chunker<ImportRow & { raw: string[] }>(IMPORT_CHUNK_ROWS);
  let at = new Map<string, number>();
  let chunks = 0;
  const send = async (chunk: { index: number; rows: (ImportRow & { raw: string[] })[] } | null) => {
    if (!chunk) return;
    chunks++;
    if (skip.has(chunk.index)) return;
    const refused = await new Promise<Refusal[]>((resolve) => {
      ack = resolve;
      post({ type: 'chunk', index: chunk.index, rows: chunk.rows.map(({ line, cells }) => ({ line, cells })) });
    });
    const byLine = new Map(chunk.rows.map((r) => [r.line, r.raw] as const));
    for (const r of refused) refusedRows.set(r.line, { reason: r.reason, raw: byLine.get(r.line) ?? [] });
  };
  await parseRows(
    job,
    'import',
    async (data, firstLine) => {
      for (const [i, row] of data.entries()) {
        const line = firstLine + i;
        if (refusedRows.has(line) || !isSelected(chosen, line)) continue;
        await send(chunker.add({ line, cells: mapRow(row, mapping, at), raw: row }));
      }
    },
    (h) => (at = headerIndex(h)),
  );
  await send(chunker.flush());
  post({ type: 'import-done', chunks });
}

function refusedCsv(): string {
  const rows = [...refusedRows].sort(([a], [b]) => a - b).map(([, r]) => [...header.map((_, i) => r.raw[i] ?? ''), r.reason]);
  return Papa.unparse([[...header, 'Reason'], ...rows], CSV_OPTIONS);
}

addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const m = event.data;
  const fail = (e: unknown) => post({ type: 'error', message: (e as Error).message });
  switch (m.type) {
    case 'read': {
      const started = performance.now();
      parseRows(
        m.job,
        'read',
        () => {},
        (h) => (header = h),
      ).then((r) => post({ type: 'read-done', header: r.header, rows: r.rows, elapsedMs: performance.now() - started }), fail);
      break;
    }
    case 'check':
      check(m.job, m.mapping, { schema: SCHEMAS[m.schema.name], lookups: m.schema.lookups, defaults: m.schema.defaults }).catch(fail);
      break;
    case 'import':
      if (!context) return fail(new Error('Check the file before importing it.'));
      importRows(m.job, m.mapping, m.selection, m.skipChunks).catch(fail);
      break;
    case 'ack':
      ack?.(m.refused);
      ack = null;
      break;
    case 'refusedCsv':
      post({ type: 'refusedCsv', csv: refusedCsv() });
      break;
  }
});

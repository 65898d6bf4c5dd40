/**
 * The import wizard's file rules, shared by the import worker and its tests (client-safe, no zod): what a
 * file must be, which encoding it is in, which saved template its header matches, how file rows become
 * schema cells, and how an import is cut into chunks.
 */
import type { Delimiter } from '../contract/data';
import type { Cells } from './import-schemas';

/** The largest file the wizard reads (a 200 MB file must work; a 1 GB one is refused with a message). */
export const IMPORT_FILE_MAX_BYTES = 300 * 1024 * 1024;
/** Rows sent in one uploadData call (well under the contract's IMPORT_CHUNK_MAX_ROWS and the 1 MB body limit). */
export const IMPORT_CHUNK_ROWS = 500;
/** Rows the preview shows. */
export const PREVIEW_ROWS = 50;

export const DELIMITER_CHAR: Readonly<Record<Delimiter, string>> = { Comma: ',', Tab: '\t' };

export type FileEncoding = 'utf-8' | 'windows-1252';

/**
 * The first bytes of a file: a message when it is not text (a NUL byte, as binaries have and text files
 * never do), else its encoding — UTF-8 (with or without BOM) when the sample decodes as UTF-8, otherwise
 * Windows-1252 (which decodes any byte).
 */
export function sniff(sample: Uint8Array, size: number): { ok: true; encoding: FileEncoding } | { ok: false; message: string } {
  if (size === 0) return { ok: false, message: 'The file is empty.' };
  if (size > IMPORT_FILE_MAX_BYTES)
    return { ok: false, message: `The file is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.` };
  if (sample.includes(0)) return { ok: false, message: 'This is not a text file. Choose a CSV or tab-delimited text file.' };
  try {
    // stream: true so a character cut at the end of the sample is not taken for bad UTF-8.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return { ok: true, encoding: 'utf-8' };
  } catch {
    return { ok: true, encoding: 'windows-1252' };
  }
}

const norm = (s: string) =>
  s
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();

/**
 * A mapping's value is a file column, or — starting with DEFAULT_MARK — a value given to every row
 * ("=Customer" sets Contact type on every row of a file without that column). No file's header starts
 * with "=" (our exports would have quoted it), so the two cannot be confused.
 */
export const DEFAULT_MARK = '=';
export const isDefaultValue = (mapped: string | undefined) => !!mapped && mapped.startsWith(DEFAULT_MARK);
export const defaultValueOf = (mapped: string) => mapped.slice(DEFAULT_MARK.length);

/** Whether every file column a template maps is in the header (the template fits the file). */
export function templateFits(mappedData: Readonly<Record<string, string>>, header: readonly string[]): boolean {
  const columns = Object.values(mappedData).filter((v) => v && !isDefaultValue(v));
  if (!columns.length) return false;
  const have = new Set(header.map(norm));
  return columns.every((c) => have.has(norm(c)));
}

/**
 * A first mapping for a header without a template: each schema column takes the file column of the same
 * name, display name or one of its aliases ("E-mail", "Company", "State"; any case, spacing and
 * punctuation). Exact names are taken first, so an alias never takes a column another field is named after;
 * a file column feeds one field only.
 */
export function guessMapping(
  header: readonly string[],
  columns: readonly { ColumnName: string; DisplayName: string; aliases?: readonly string[] }[],
): Record<string, string> {
  const squash = (s: string) => norm(s).replace(/[^a-z0-9]/g, '');
  const byName = new Map(header.map((h) => [squash(h), h.replace(/^\uFEFF/, '').trim()] as const));
  const out: Record<string, string> = {};
  const taken = new Set<string>();
  const take = (column: string, names: readonly string[]) => {
    if (out[column]) return;
    const hit = names.map((n) => byName.get(squash(n))).find((h) => h && !taken.has(h));
    if (hit) {
      out[column] = hit;
      taken.add(hit);
    }
  };
  for (const c of columns) take(c.ColumnName, [c.ColumnName, c.DisplayName]);
  for (const c of columns) take(c.ColumnName, c.aliases ?? []);
  return out;
}

/** The required schema columns neither mapped to a file column nor given a value, by display name. */
export function missingRequired(
  mapping: Readonly<Record<string, string>>,
  columns: readonly { ColumnName: string; DisplayName: string; IsRequired: boolean }[],
): string[] {
  const given = (v: string | undefined) => !!v && (!isDefaultValue(v) || defaultValueOf(v).trim() !== '');
  return columns.filter((c) => c.IsRequired && !given(mapping[c.ColumnName])).map((c) => c.DisplayName);
}

/** A file row as schema cells, by the mapping {ColumnName: file column or =value}; `at` indexes the header. */
export function mapRow(raw: readonly string[], mapping: Readonly<Record<string, string>>, at: ReadonlyMap<string, number>): Cells {
  const cells: Record<string, string> = {};
  for (const [column, fileColumn] of Object.entries(mapping)) {
    if (isDefaultValue(fileColumn)) {
      cells[column] = defaultValueOf(fileColumn);
      continue;
    }
    const i = at.get(norm(fileColumn));
    if (i !== undefined) cells[column] = raw[i] ?? '';
  }
  return cells;
}

/** The header's index by normalised name. */
export const headerIndex = (header: readonly string[]): Map<string, number> => new Map(header.map((h, i) => [norm(h), i] as const));

/**
 * Which rows go: every valid row unless unchecked ('all-except'), or only the checked ones ('only',
 * a template with isSelectedData false).
 */
export interface Selection {
  mode: 'all-except' | 'only';
  lines: ReadonlySet<number>;
}
export const isSelected = (s: Selection, line: number) => (s.mode === 'all-except' ? !s.lines.has(line) : s.lines.has(line));

/**
 * Cuts a stream of rows into chunks of `size`, numbered from 0. The same file, mapping and selection
 * always give the same chunks, which is what lets an interrupted import skip the chunks already stored.
 */
export class Chunker<T> {
  private rows: T[] = [];
  private next = 0;
  constructor(private readonly size: number) {}
  /** Adds a row; answers a full chunk when one is ready. */
  add(row: T): { index: number; rows: T[] } | null {
    this.rows.push(row);
    return this.rows.length >= this.size ? this.take() : null;
  }
  /** The last, partial chunk (null when nothing is left). */
  flush(): { index: number; rows: T[] } | null {
    return this.rows.length ? this.take() : null;
  }
  private take() {
    const chunk = { index: this.next++, rows: this.rows };
    this.rows = [];
    return chunk;
  }
}

/** Time left at the current pace, as "about 12 s" / "about 3 min", or '' before there is a pace. */
export function timeLeft(done: number, total: number, elapsedMs: number): string {
  if (done <= 0 || elapsedMs < 300 || done >= total) return '';
  const s = Math.round(((total - done) * elapsedMs) / done / 1000);
  return s < 90 ? `about ${Math.max(s, 1)} s left` : `about ${Math.round(s / 60)} min left`;
}

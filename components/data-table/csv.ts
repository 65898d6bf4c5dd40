/**
 * CSV export of a list: every row matching the current filter (fetched page by page through the BFF),
 * written with papaparse. papaparse is loaded only when the user exports, so it stays out of first-load JS.
 */
import { CSV_OPTIONS } from '@/lib/csv';

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/** The CSV text: a header line, then one line per row. Cells that could start a spreadsheet formula are escaped. */
export async function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): Promise<string> {
  const { unparse } = (await import('papaparse')).default;
  return unparse({ fields: columns.map((c) => c.header), data: rows.map((r) => columns.map((c) => c.value(r) ?? '')) }, CSV_OPTIONS);
}

/** Offers the text as a file download (a UTF-8 BOM so spreadsheet programs read accents correctly). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Every row of a server-paged list: asks for pages of `pageSize` until `count` rows have arrived (or a
 * page comes back short). `onProgress` reports rows so far and the total.
 */
export async function fetchAllPages<T>(
  fetchPage: (page: number, pageSize: number) => Promise<{ count: number; items: readonly T[] }>,
  {
    pageSize = 500,
    maxRows = 100_000,
    onProgress,
  }: { pageSize?: number; maxRows?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const { count, items } = await fetchPage(page, pageSize);
    out.push(...items);
    onProgress?.(out.length, count);
    if (items.length < pageSize || out.length >= count || out.length >= maxRows) return out;
  }
}

/** A file name with today's date: contacts-2026-05-01.csv. */
export function csvFilename(base: string, now = new Date()): string {
  const d = now.toISOString().slice(0, 10);
  return `${base}-${d}.csv`;
}

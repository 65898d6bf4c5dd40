/** What the import wizard and its worker (import.worker.ts) say to each other. */
import type { Delimiter, ImportRow, SchemaDetail } from '@/lib/contract/data';
import type { FileEncoding } from '@/lib/data/file-rows';

export interface FileJob {
  file: File;
  delimiter: Delimiter;
  /** Rows before the header to skip. */
  rowsToSkip: number;
  encoding: FileEncoding;
}

export interface Refusal {
  line: number;
  reason: string;
}

export type ToWorker =
  | { type: 'read'; job: FileJob }
  | { type: 'check'; job: FileJob; mapping: Record<string, string>; schema: SchemaDetail }
  | {
      type: 'import';
      job: FileJob;
      mapping: Record<string, string>;
      selection: { mode: 'all-except' | 'only'; lines: number[] };
      skipChunks: number[];
    }
  /** The answer to a chunk: the rows the host refused; the worker goes on. */
  | { type: 'ack'; refused: Refusal[] }
  | { type: 'refusedCsv' };

export type Phase = 'read' | 'check' | 'import';

export type FromWorker =
  | { type: 'progress'; phase: Phase; rows: number; bytes: number; total: number; elapsedMs: number }
  | { type: 'read-done'; header: string[]; rows: number; elapsedMs: number }
  | { type: 'check-done'; preview: ImportRow[]; refused: Refusal[]; refusedCount: number; valid: number; rows: number }
  | { type: 'chunk'; index: number; rows: ImportRow[] }
  | { type: 'import-done'; chunks: number }
  | { type: 'refusedCsv'; csv: string }
  | { type: 'error'; message: string };

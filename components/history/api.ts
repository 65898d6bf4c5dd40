/**
 * The history calls the History panel makes, through the BFF (lib/bff/client.ts). Typed by the contract
 * (type imports only: no zod reaches the browser).
 */
import { bff } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import { HISTORY_PAGE_SIZE, type HistoryKind } from '@/lib/contract/history-constants';

type H = typeof contract.history;

export const historyApi = {
  /** One page (HISTORY_PAGE_SIZE changes) of a record's history, newest first. */
  page: (kind: HistoryKind, id: number, page: number, signal?: AbortSignal) =>
    bff<H['history']>('GET', 'history/history', { query: { kind, id, page, pageSize: HISTORY_PAGE_SIZE }, signal }),
  exportCsv: (kind: HistoryKind, id: number) => bff<H['historyExport']>('GET', 'history/historyExport', { query: { kind, id } }),
};

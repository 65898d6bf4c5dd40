/**
 * The dashboard calls client components make, through the BFF (lib/bff/client.ts): the pages a CSV export
 * reads and the assistant's question. Typed by the contract (type imports only: no zod reaches the browser).
 */
import { bff } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import type { BodyOf, QueryOf } from '@/lib/contract/define';

type D = typeof contract.dashboard;

export const dashboardApi = {
  figures: (query: QueryOf<D['dashboard']>) => bff<D['dashboard']>('GET', 'dashboard/dashboard', { query }),
  records: (query: QueryOf<D['adasRecords']>) => bff<D['adasRecords']>('GET', 'dashboard/adasRecords', { query }),
  ask: (body: BodyOf<D['ai']>) => bff<D['ai']>('POST', 'decode/ai', { body }),
};

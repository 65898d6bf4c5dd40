/**
 * The dispatch calls client components make, through the BFF (lib/bff/client.ts). Typed by the contract
 * (type imports only: no zod reaches the browser).
 */
import { bff } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import type { BodyOf } from '@/lib/contract/define';

type D = typeof contract.dispatch;
type Query = Record<string, string | number | boolean | undefined>;

export const dispatchApi = {
  list: (query: Query, signal?: AbortSignal) => bff<D['dispatches']>('GET', 'dispatch/dispatches', { query, signal }),
  one: (dispatch: number, signal?: AbortSignal) => bff<D['dispatch']>('GET', 'dispatch/dispatch', { query: { dispatch }, signal }),
  ofInspection: (adasInspection: number, signal?: AbortSignal) =>
    bff<D['ofInspection']>('GET', 'dispatch/ofInspection', { query: { adasInspection }, signal }),
  providers: (adasInspection: number, date: string, signal?: AbortSignal) =>
    bff<D['providers']>('GET', 'dispatch/providers', { query: { adasInspection, date: date || undefined }, signal }),
  send: (body: BodyOf<D['send']>) => bff<D['send']>('POST', 'dispatch/send', { body }),
  reschedule: (body: BodyOf<D['reschedule']>) => bff<D['reschedule']>('POST', 'dispatch/reschedule', { body }),
  cancel: (body: BodyOf<D['cancel']>) => bff<D['cancel']>('POST', 'dispatch/cancel', { body }),
  accept: (body: BodyOf<D['accept']>) => bff<D['accept']>('POST', 'dispatch/accept', { body }),
  propose: (body: BodyOf<D['propose']>) => bff<D['propose']>('POST', 'dispatch/propose', { body }),
  decline: (body: BodyOf<D['decline']>) => bff<D['decline']>('POST', 'dispatch/decline', { body }),
  acceptReport: (dispatch: number) => bff<D['acceptReport']>('POST', 'dispatch/acceptReport', { body: { dispatch } }),
  redo: (body: BodyOf<D['redo']>) => bff<D['redo']>('POST', 'dispatch/redo', { body }),
  offering: (firm: number) => bff<D['getOffering']>('GET', 'dispatch/offering', { query: { firm } }),
  saveOffering: (body: BodyOf<D['saveOffering']>) => bff<D['saveOffering']>('POST', 'dispatch/saveOffering', { body }),
};

'use client';
/**
 * What the sections load on first use, so a section's list shows with only its own code: the record editor
 * dialog (dialogs stay out of the lists' first-load JS) and the calls (api.ts, the client map of every
 * configuration call; a list renders from the server's data and calls nothing until the user acts).
 */
import dynamic from 'next/dynamic';
import type { configApi } from './api';

export const EditorDialog = dynamic(() => import('./editor').then((m) => m.EditorDialog), { ssr: false });

type Calls = typeof configApi;

/** `call('deleteSystem', id)` is `configApi.deleteSystem(id)`, with api.ts loaded on the first call. */
export async function call<K extends keyof Calls>(name: K, ...args: Parameters<Calls[K]>): Promise<Awaited<ReturnType<Calls[K]>>> {
  const { configApi } = await import('./api');
  const fn = configApi[name] as unknown as (...a: Parameters<Calls[K]>) => Promise<Awaited<ReturnType<Calls[K]>>>;
  return fn(...args);
}

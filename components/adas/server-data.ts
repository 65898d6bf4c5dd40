/** What the ADAS pages load on the server besides their records: the caller's locations and insurers. */
import 'server-only';
import { notFound } from 'next/navigation';
import { UpstreamError } from '@/lib/api/errors';
import { api } from '@/lib/api/server';
import { contract } from '@/lib/contract';
import type { Choice } from './errors';
import { insurerChoicesOf } from './insurer-choices';

/** The locations whose jobs the caller sees, as choices. */
export async function locationChoices(): Promise<Choice[]> {
  const list = await api(contract.adas.locations);
  return list.map((f) => ({ value: f.firm, label: f.name }));
}

/** The insurers a job of location `firm` (default: the caller's own) may name, as the insurer field's choices. */
export async function insurerChoices(firm?: number): Promise<Choice[]> {
  return insurerChoicesOf(await api(contract.adas.insurers, { query: { firm } }));
}

/** The record, or the 404 page for one the caller cannot see (another firm's and unknown alike). */
export async function orNotFound<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof UpstreamError && e.kind === 'not-found') notFound();
    throw e;
  }
}

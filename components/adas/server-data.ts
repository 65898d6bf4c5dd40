/** What the ADAS pages load on the server besides their records: the caller's locations and insurers. */
import 'server-only';
import { notFound } from 'next/navigation';
import { UpstreamError } from '@/lib/api/errors';
import { api } from '@/lib/api/server';
import { contract } from '@/lib/contract';
import type { Choice } from './errors';

/** The locations whose jobs the caller sees, as choices. */
export async function locationChoices(): Promise<Choice[]> {
  const list = await api(contract.adas.locations);
  return list.map((f) => ({ value: f.firm, label: f.name }));
}

/**
 * The insurers a job may name (adas/insurers: the network's and the caller's firms'), by name; a name two
 * firms share carries the firm's name so the two can be told apart.
 */
export async function insurerChoices(): Promise<Choice[]> {
  const list = await api(contract.adas.insurers);
  const count = new Map<string, number>();
  for (const i of list) count.set(i.insuranceName.toLowerCase(), (count.get(i.insuranceName.toLowerCase()) ?? 0) + 1);
  return list.map((i) => ({
    value: i.insurance,
    label: (count.get(i.insuranceName.toLowerCase()) ?? 0) > 1 ? `${i.insuranceName} (${i.firmName})` : i.insuranceName,
  }));
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

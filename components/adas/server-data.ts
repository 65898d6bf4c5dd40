/** What the ADAS pages load on the server besides their records: the caller's locations and insurers. */
import 'server-only';
import { notFound } from 'next/navigation';
import { UpstreamError } from '@/lib/api/errors';
import { cachedRead } from '@/lib/api/cache';
import { api } from '@/lib/api/server';
import { readSession } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import type { Choice } from './errors';

/**
 * The locations whose jobs the caller sees, as choices: what one user reaches (their firm, network, role and
 * extra locations), so cached per user and role until a location or user is saved (lib/api/cache.ts).
 */
export async function locationChoices(): Promise<Choice[]> {
  const session = await readSession();
  const read = () => api(contract.adas.locations);
  const list = session ? await cachedRead('locations', `user:${session.user}:role:${session.role}`, null, read) : await read();
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
  return list.map((i) => ({ value: i.insurance, label: (count.get(i.insuranceName.toLowerCase()) ?? 0) > 1 ? `${i.insuranceName} (${i.firmName})` : i.insuranceName }));
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

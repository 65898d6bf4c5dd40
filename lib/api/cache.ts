/**
 * Reads that nearly every page render repeats and that change rarely (a firm's brand settings, lookup
 * values, the locations a user reaches), kept in this process for a short while instead of asking the host
 * on every request (issue 29).
 *
 * Whose data: every entry is keyed by the scope its answer depends on, which the caller names — a firm for
 * a firm's settings, a user for what that user reaches — besides the call and its input. An entry is only
 * ever handed to a request of the same scope; nothing is keyed by less than the answer depends on, so a
 * firm-scoped read must name the firm in its input (the host would otherwise answer for the caller's
 * current firm, which may differ from the session's). Firm-scoped entries serve only the session's own
 * firm (brand settings, lookup values), which the host lets that firm's users read; a user moved to
 * another firm after signing in may still see the old firm's brand and lookup values until the session
 * is renewed, as the session itself still names that firm.
 *
 * When it changes: each kind of cached read (CACHED_READS, the one list of them) names the writes that can
 * change its answer: contract areas (a call path's first segment: `firm`, `lookup`…) or single calls. Every successful write of such an area through
 * this app — pages' server calls and the BFF alike, at the one upstream seam (lib/api/upstream.ts,
 * lib/bff/forward.ts) — stamps the area anew in the shared store (lib/store: Redis when there are several
 * instances), and an entry is used only while the stamps it was read under are still the current ones. So
 * a change saved on one instance is seen by the next render on every instance. Changes made outside this
 * app (another client of the API, the host's own jobs) are seen within TTL_MS; so are writes made while
 * Redis is unreachable (the store then keeps stamps per instance). Writes in other areas cost nothing here.
 *
 * Concurrent misses of one key share one upstream call. Entries are the contract-parsed answers, shared by
 * every request that reads them: callers must not mutate them (they are frozen one level deep).
 * Failures are not cached.
 */
import { randomUUID } from 'node:crypto';
import type { CallDef } from '../contract/define';
import { sharedStore } from '../store';

/** The longest an entry is used: the bound on seeing a change made outside this app. */
export const TTL_MS = 30_000;
/** Entries kept at most; beyond it the oldest go first. */
const MAX_ENTRIES = 5_000;
/** How long an area's stamp lives in the shared store: far longer than any entry. */
const STAMP_TTL_MS = 24 * 3600_000;

interface Entry {
  value: unknown;
  stamp: string;
  expiresAt: number;
}

/**
 * What is cached, and the writes that change it: a whole area (`firm`: any write whose path starts with
 * `firm/`) or one call (`data/uploadData`, where the area's other writes — sign-in usage on every sign-in,
 * import templates — change nothing cached). Whole areas where in doubt: a needless new read costs one
 * upstream call, a missed one shows stale data. From the reference host's writers (api-host/firms,
 * lookups, users, data/writers.ts); a customer API whose other calls change these answers needs them added.
 *   - brand: firm/firmPreference, a firm's effective settings, inherited from its ancestors — changed by
 *     the firm area (preferences, a location's parent or removal, onboarding: `firm/onboard*`) and imports;
 *   - lookups: lookup/ByKeys, the platform's and the firm's values — changed by the lookup area and imports;
 *   - locations: adas/locations, the locations a user reaches — changed by the firm area (new, moved,
 *     inactive locations), the user area (a user's firm, role, extra locations, deactivation) and imports.
 */
const IMPORTS = 'data/uploadData';
export const CACHED_READS = {
  brand: ['firm', IMPORTS],
  lookups: ['lookup', IMPORTS],
  locations: ['firm', 'user', IMPORTS],
} as const satisfies Record<string, readonly string[]>;
export type CachedKind = keyof typeof CACHED_READS;
const WATCHED: ReadonlySet<string> = new Set(Object.values(CACHED_READS).flat());

const holder = globalThis as unknown as { __adasReadCache?: { entries: Map<string, Entry>; pending: Map<string, Promise<unknown>> } };
/** On globalThis: Next bundles pages and route handlers apart, and all of them must share one cache. */
const state = (holder.__adasReadCache ??= { entries: new Map(), pending: new Map() });

const stampKey = (write: string) => `cache:stamp:${write}`;
/** A call's area: the first segment of its contract path. */
export const areaOf = (call: Pick<CallDef, 'path'>) => call.path.split('/')[0];

async function currentStamp(areas: readonly string[]): Promise<string> {
  const values = await sharedStore().getMany(areas.map(stampKey));
  return values.map((v) => v ?? '-').join('|');
}

/**
 * `read(input)`'s answer for this kind, scope and input: from the cache while it is fresh and no write of
 * the kind's areas has happened since, else from `read(input)` (one call for concurrent misses). `scope`:
 * whose answer it is (`firm:{id}`, `user:{id}`…), never less than the answer depends on. `read` is handed
 * the very input the entry is keyed by, so the key cannot describe another call than the one made.
 */
export async function cachedRead<I, T>(kind: CachedKind, scope: string, input: I, read: (input: I) => Promise<T>): Promise<T> {
  const changedBy = CACHED_READS[kind];
  const key = `${kind}\u0000${scope}\u0000${JSON.stringify(input ?? null)}`;
  const stamp = await currentStamp(changedBy);
  const hit = state.entries.get(key);
  if (hit && hit.stamp === stamp && hit.expiresAt > Date.now()) return hit.value as T;
  const pendingKey = `${key}\u0000${stamp}`;
  const inFlight = state.pending.get(pendingKey);
  if (inFlight) return inFlight as Promise<T>;
  const loading = read(input).then(
    (value) => {
      if (Array.isArray(value) || (typeof value === 'object' && value !== null)) Object.freeze(value);
      state.entries.delete(key);
      if (state.entries.size >= MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!);
      state.entries.set(key, { value, stamp, expiresAt: Date.now() + TTL_MS });
      return value;
    },
  );
  state.pending.set(pendingKey, loading);
  try {
    return await loading;
  } finally {
    state.pending.delete(pendingKey);
  }
}

/**
 * After a successful write: when some cached read watches the call's area, the area gets a new stamp, so
 * every instance reads it again. Called by the upstream seam for every write (a POST the contract does not
 * mark as a read, or a GET it marks as writing).
 */
export async function noteWrite(call: Pick<CallDef, 'path' | 'method' | 'writes' | 'reads'>): Promise<void> {
  if (call.method === 'GET' ? !call.writes : call.reads) return;
  const stamps = [areaOf(call), call.path].filter((w) => WATCHED.has(w));
  await Promise.all(stamps.map((w) => sharedStore().set(stampKey(w), randomUUID(), STAMP_TTL_MS)));
}

/**
 * `npm run check-upstream`: checks a customer's API against the contract before the app is pointed at it.
 * Signs in at the auth host (getToken), then makes every read-only GET of the contract that the user's role
 * may make, with safe parameters, and validates each answer with the contract's own zod schema — the
 * parser the app itself uses. Never a write: POST calls and the GETs marked `writes` (contact/setInactive,
 * the delete… calls, …) are not made.
 *
 * Safe parameters: a call's required query values come from the signed-in profile (firm, user, username),
 * from fixed harmless values (a search for "a", the last 90 days, the make Honda), or from the first row of a
 * list the API itself answered (contact/contact?id= the first of contact/contacts). A call whose required
 * values have no such source, or whose source list is empty, is reported "not checked" with the reason.
 *
 * Each call ends in one of: answered (200, matches the contract), mismatched (200, but the answer does not
 * match: the first differing fields), missing (404/405/501: the API does not have the call), failed (another
 * status), not checked. Problems with the input itself — a wrong password, an unreachable host, an HTML page
 * where the API should be — stop at once with one line (CheckInputError).
 *
 * A redirect is followed only within the host's own origin: the credentials (and the token) are never sent
 * to another origin a redirect names (a 307 would repeat the sign-in's POST, password and all, wherever it
 * points); such a redirect stops the check with one line naming it.
 */
import { decodeJwt } from 'jose';
import type { z } from 'zod';
import { ALL_CALLS, contract } from '../../lib/contract';
import { sessionProfile, tokenAnswer, type SessionProfile } from '../../lib/contract/auth';
import { changesNothing, type CallDef } from '../../lib/contract/define';

export class CheckInputError extends Error {}

export type Outcome = 'answered' | 'mismatched' | 'missing' | 'failed' | 'not checked';

export interface Row {
  call: string;
  outcome: Outcome;
  /** The status, the first differing fields, or why the call was not made. */
  detail: string;
}

export interface CheckOptions {
  apiUrl: string;
  authUrl: string;
  username: string;
  password: string;
  timeoutMs?: number;
}

type Answer = unknown;
type Sample = (ctx: Context) => Promise<unknown>;

interface Context {
  profile: SessionProfile;
  /** The answer of another read-only call (made once), or null when it did not answer as the contract says. */
  answer(call: CallDef, query?: Record<string, unknown>): Promise<Answer | null>;
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const first = (list: Answer | null): Record<string, unknown> | undefined => {
  const rows = Array.isArray(list) ? list : (list as { items?: unknown[] } | null)?.items;
  return (rows?.[0] as Record<string, unknown> | undefined) ?? undefined;
};
/** The `field` of the first row of another call's answer. */
const firstOf =
  (
    call: CallDef,
    field: string,
    query: (ctx: Context) => Promise<Record<string, unknown> | null> | Record<string, unknown> = () => ({}),
  ): Sample =>
  async (ctx) => {
    const q = await query(ctx);
    return q ? first(await ctx.answer(call, q))?.[field] : undefined;
  };

const c = contract;
const firstJob = firstOf(c.adas.adass, 'adas');
const firstInspection = firstOf(c.adas.adasInspections, 'adasInspection', async (ctx) => {
  const adas = await firstJob(ctx);
  return adas == null ? null : { adas };
});
const firstContact = firstOf(c.contacts.contacts, 'contact');

/** Values every call may take by name. */
const BY_NAME: Readonly<Partial<Record<string, Sample>>> = {
  firm: async (ctx) => ctx.profile.firm,
  user: async (ctx) => ctx.profile.user,
  username: async (ctx) => ctx.profile.username,
  searchterm: async () => 'a',
  searchTerm: async () => 'a',
  search: async () => 'a',
  term: async () => 'ab',
  make: async () => 'Honda',
  startDate: async () => day(-90),
  endDate: async () => day(0),
  from: async () => new Date(Date.now() - 86_400_000).toISOString(),
  to: async () => new Date().toISOString(),
  adas: firstJob,
  adasInspection: firstInspection,
  blog: firstOf(c.blog.blogs, 'blog'),
  contact: firstContact,
  insurance: firstOf(c.insurance.insurance, 'insurance'),
  schemaName: firstOf(c.data.schemaNames, 'name'),
  calibrationType: firstOf(c.adasmatrix.systemCalibrations, 'calibrationType'),
  adasChecklistMatrixVehicle: firstOf(c.admin.getAdasMakeMatrices, 'adasChecklistMatrixVehicle'),
  testDriveRecommendation: firstOf(c.testdrive.testdriveRecommendations, 'testDriveRecommendation', (ctx) => ({ firm: ctx.profile.firm })),
};

/** Values of one call (by its path) where the name alone is ambiguous (`id`). */
const BY_CALL: Readonly<Partial<Record<string, Readonly<Partial<Record<string, Sample>>>>>> = {
  'contact/contact': { id: firstContact },
  'contact/contactAddresses': { id: firstContact },
  'contact/contactEmails': { id: firstContact },
  'contact/contactPhones': { id: firstContact },
  'contact/related': { id: firstContact },
  'contact/vendor': { id: firstOf(c.contacts.vendors, 'contact') },
  'vehicle/vehicle': { id: firstOf(c.vehicles.vehicles, 'vehicle') },
  'log/entry': { id: firstOf(c.log.entries, 'id') },
  'admin/getEmail': { id: firstOf(c.admin.getEmails, 'mail') },
  'admin/getAdasMakeMatrix': { id: firstOf(c.admin.getAdasMakeMatrices, 'adasChecklistMatrixVehicle') },
  'admin/getAdasMatrixInfoLookup': { id: firstOf(c.admin.getAdasMatrixInfoLookups, 'adasChecklistMatrixInfoLookup') },
  'admin/getAdasChecklistMappedToDecoded': { id: firstJob },
  'admin/evaluateRecords': { adas: firstJob },
  'contact/contactAddress': {
    id: firstOf(c.contacts.contactAddresses, 'contactAddress', async (ctx) => ({ id: await firstContact(ctx) })),
  },
  'data/schemaName': { name: firstOf(c.data.schemaNames, 'name') },
  'firm/editFirm': { id: async (ctx) => ctx.profile.firm },
  'lookup/StateProvince': { id: firstOf(c.lookups.countries, 'id') },
};

/** Calls never made, and why: no value for them is both safe and valid everywhere. */
const NOT_MADE: Readonly<Partial<Record<string, string>>> = {
  'decode/adas': 'a VIN decode may be a billed lookup at the vehicle-data provider, and is recorded',
  'decode/adascdk': 'a VIN decode may be a billed lookup at the vehicle-data provider, and is recorded',
  'firm/onboardGet': 'it needs an open onboarding invitation',
  'links/sharedInspection': 'it needs a share link’s token',
  'admin/getBMS': 'it needs the id of a stored scrub',
  'data/importProgress': 'it needs the id of a running import',
  'data/schemaTemplate': 'it needs the name of a saved import template',
  'scanpro/GetScanProConfiguration': 'it needs a ScanPro business id',
};

/** The query of a call with every required value (and the call's own samples) from a safe source, or what is missing. */
async function sampleQuery(call: CallDef, ctx: Context): Promise<{ query: Record<string, unknown> } | { missing: string }> {
  const shape = (call.query as z.ZodObject).shape ?? {};
  const query: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(shape)) {
    if ((schema as z.ZodType).safeParse(undefined).success && !BY_CALL[call.path]?.[name]) continue; // optional: left out
    const source = BY_CALL[call.path]?.[name] ?? BY_NAME[name];
    const value = source ? await source(ctx) : undefined;
    if (value === undefined || value === null) return { missing: source ? `${name} (no record to take it from)` : name };
    query[name] = value;
  }
  return call.query.safeParse(query).success ? { query } : { missing: 'a valid sample query' };
}

const urlOf = (base: string, path: string, query: Record<string, unknown> = {}) => {
  const url = new URL(path, base.endsWith('/') ? base : `${base}/`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  return url;
};

/** Why a request got no answer, in words. */
function unreachable(e: unknown): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError') return 'no answer in time';
  const code = err.cause?.code;
  return code === 'ECONNREFUSED' ? 'connection refused' : code === 'ENOTFOUND' ? 'host not found' : (err.cause?.message ?? err.message);
}

/** At most this many redirects within one origin. */
const MAX_REDIRECTS = 5;

/** fetch() that follows redirects within the URL's own origin only; a redirect elsewhere stops the check. */
export async function fetchSameOrigin(url: URL, init: RequestInit): Promise<Response> {
  let at = url;
  for (let hops = 0; ; hops++) {
    const res = await fetch(at, { ...init, redirect: 'manual' });
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (location === null) return res;
    const next = URL.canParse(location, at) ? new URL(location, at) : null;
    if (!next || next.origin !== url.origin)
      throw new CheckInputError(
        `${url.href} redirected (HTTP ${res.status}) to ${next?.origin ?? location}, another origin: nothing is sent there. If that is the host, give its URL.`,
      );
    if (hops >= MAX_REDIRECTS) throw new CheckInputError(`${url.href} redirected more than ${MAX_REDIRECTS} times.`);
    await res.body?.cancel();
    at = next;
  }
}

const isHtml = (res: Response, text: string) => /text\/html/i.test(res.headers.get('content-type') ?? '') || /^\s*</.test(text);

async function signIn(o: CheckOptions, timeoutMs: number): Promise<{ token: string; profile: SessionProfile }> {
  const url = urlOf(o.authUrl, contract.auth.getToken.path);
  let res: Response;
  try {
    res = await fetchSameOrigin(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ username: o.username, password: o.password }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    if (e instanceof CheckInputError) throw e;
    throw new CheckInputError(`Cannot reach the auth host at ${url.origin}: ${unreachable(e)}.`);
  }
  const text = await res.text();
  if (isHtml(res, text))
    throw new CheckInputError(`The auth host at ${url.href} answered an HTML page (HTTP ${res.status}), not the API: is --auth-url right?`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CheckInputError(
      `The auth host at ${url.href} answered HTTP ${res.status} with something that is not JSON: is --auth-url right?`,
    );
  }
  const answer = tokenAnswer.safeParse(json);
  if (res.status === 401 || res.status === 403 || (answer.success && 'reason' in answer.data))
    throw new CheckInputError(
      `Sign-in refused for ${o.username}: ${answer.success && 'reason' in answer.data ? answer.data.reason.replace(/\.$/, '') : `HTTP ${res.status}`}.`,
    );
  if (!res.ok || !answer.success || !('token' in answer.data))
    throw new CheckInputError(`Sign-in at ${url.href} failed: HTTP ${res.status}, not a token the contract describes.`);
  const profile = sessionProfile.safeParse(decodeJwt(answer.data.token));
  if (!profile.success)
    throw new CheckInputError(
      `Sign-in at ${url.href} answered a token whose profile does not match the contract (${firstIssues(profile.error)}).`,
    );
  return { token: answer.data.token, profile: profile.data };
}

function firstIssues(error: z.ZodError, n = 3): string {
  const issues = error.issues.slice(0, n).map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
  return issues.join('; ') + (error.issues.length > n ? ` (+${error.issues.length - n} more)` : '');
}

/** The calls check-upstream makes: every GET that changes nothing and answers JSON. */
export const checkedCalls = (): CallDef[] =>
  ALL_CALLS.filter((call) => changesNothing(call) && call.transport !== 'binary' && call.access !== 'service').sort((a, b) =>
    `${a.host}/${a.path}`.localeCompare(`${b.host}/${b.path}`),
  );

export async function checkUpstream(o: CheckOptions): Promise<{ rows: Row[]; profile: SessionProfile; writesSkipped: number }> {
  const timeoutMs = o.timeoutMs ?? 10_000;
  for (const [flag, value] of [
    ['--api-url', o.apiUrl],
    ['--auth-url', o.authUrl],
  ] as const)
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
      throw new CheckInputError(`${flag} must be an http(s) URL (the host's base, e.g. https://api.example.com/api/), not "${value}".`);
  const { token, profile } = await signIn(o, timeoutMs);

  const answers = new Map<string, Promise<{ status: number | string; json: unknown; html: boolean }>>();
  const request = (call: CallDef, query: Record<string, unknown>) => {
    const url = urlOf(call.host === 'auth' ? o.authUrl : o.apiUrl, call.path, query);
    let pending = answers.get(url.href);
    if (!pending) {
      pending = fetchSameOrigin(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      }).then(
        async (res) => {
          const text = await res.text();
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          return { status: res.status, json, html: isHtml(res, text) };
        },
        (e: unknown) => ({ status: unreachable(e), json: undefined, html: false }),
      );
      answers.set(url.href, pending);
    }
    return pending;
  };
  const ctx: Context = {
    profile,
    async answer(call, query = {}) {
      const r = await request(call, query);
      return r.status === 200 && call.response.safeParse(r.json).success ? call.response.parse(r.json) : null;
    },
  };

  const role = profile.roles;
  const rows: Row[] = [];
  let reached = false;
  for (const call of checkedCalls()) {
    const name = `GET ${call.path}`;
    if (Array.isArray(call.access) && (role == null || !call.access.includes(role))) {
      rows.push({ call: name, outcome: 'not checked', detail: `role ${role ?? 'none'} may not make it (roles ${call.access.join(', ')})` });
      continue;
    }
    const notMade = NOT_MADE[call.path];
    if (notMade) {
      rows.push({ call: name, outcome: 'not checked', detail: notMade });
      continue;
    }
    const sample = await sampleQuery(call, ctx);
    if ('missing' in sample) {
      rows.push({ call: name, outcome: 'not checked', detail: `no safe value for ${sample.missing}` });
      continue;
    }
    const r = await request(call, sample.query);
    if (typeof r.status === 'string') {
      if (!reached) throw new CheckInputError(`Cannot reach the API host at ${new URL(o.apiUrl).origin}: ${r.status}.`);
      rows.push({ call: name, outcome: 'failed', detail: r.status });
      continue;
    }
    if (!reached && r.html)
      throw new CheckInputError(`The API host at ${o.apiUrl} answered an HTML page (HTTP ${r.status}), not the API: is --api-url right?`);
    reached = true;
    if (r.status === 404 || r.status === 405 || r.status === 501) {
      rows.push({ call: name, outcome: 'missing', detail: `HTTP ${r.status}` });
      continue;
    }
    if (r.status !== 200) {
      rows.push({ call: name, outcome: 'failed', detail: `HTTP ${r.status}${r.html ? ' (an HTML page)' : ''}` });
      continue;
    }
    const parsed = call.response.safeParse(r.json);
    rows.push(
      parsed.success
        ? { call: name, outcome: 'answered', detail: '200' }
        : { call: name, outcome: 'mismatched', detail: r.json === undefined ? 'not JSON' : firstIssues(parsed.error) },
    );
  }
  const writesSkipped = ALL_CALLS.filter((call) => !changesNothing(call)).length;
  return { rows, profile, writesSkipped };
}

const ORDER: readonly Outcome[] = ['mismatched', 'missing', 'failed', 'not checked', 'answered'];

/** The report: one line per call (problems first), then the totals. */
export function formatReport(rows: readonly Row[], writesSkipped: number): string {
  const width = Math.max(...rows.map((r) => r.call.length), 4);
  const sorted = [...rows].sort((a, b) => ORDER.indexOf(a.outcome) - ORDER.indexOf(b.outcome) || a.call.localeCompare(b.call));
  const lines = [
    `${'call'.padEnd(width)}  ${'outcome'.padEnd(11)}  detail`,
    ...sorted.map((r) => `${r.call.padEnd(width)}  ${r.outcome.padEnd(11)}  ${r.detail}`),
  ];
  const count = (o: Outcome) => rows.filter((r) => r.outcome === o).length;
  lines.push(
    '',
    `${count('answered')} answered, ${count('mismatched')} mismatched, ${count('missing')} missing, ${count('failed')} failed, ${count('not checked')} not checked; ${writesSkipped} writes (POST, and GETs that change data) never called.`,
  );
  return lines.join('\n');
}

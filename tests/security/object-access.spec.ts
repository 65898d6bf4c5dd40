/**
 * Object-level access: a shop user (role 15, firm 7) asking the BFF for another firm's records gets 403 or
 * 404 and the answer names nothing of the record. Data-driven: every allow-listed read call whose query
 * can be formed from the probe values below is tried (contact calls join as soon as the host serves
 * contacts), and what the record holds is learned from the same request made by role 1.
 */
import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { BFF_CALLS } from '../../lib/contract';
import type { CallDef } from '../../lib/contract/define';
import { hostCall, hostToken } from '../support/api';
import { DEMO_PASSWORD, userOf } from '../../testkit/env';
import { appOrigin, bffCall, sessionCookie } from '../../testkit/http';
import { must } from '../../testkit/must';

const origin = appOrigin();
const SHOP_ROLE = 15;
const SHOP_FIRM = 7;
const OTHER_FIRM = 1;

/** Reads only: nothing that saves, deletes, merges or changes state is sent with another firm's ids. */
const MUTATING = /save|delete|remove|merge|set[A-Z]|import|create|upload|reset/;
/** Reads whose id names shared reference data, not a firm's record: every signed-in user may read them. */
const REFERENCE_DATA = new Set(['lookup/StateProvince']);

/** A value per query key that points at another firm's record; filled in beforeAll where it needs the host. */
const probe: Record<string, string> = {
  firm: String(OTHER_FIRM),
  firmid: String(OTHER_FIRM),
  category: 'Brand',
  username: userOf(1),
  searchterm: 'a',
  search: 'a',
};

function queryKeys(call: CallDef): string[] {
  return call.query instanceof z.ZodObject ? Object.keys(call.query.shape) : [];
}

/** The query of a probe request for the call, or null when the probe values cannot form a valid one. */
function probeQuery(call: CallDef): string | null {
  const keys = queryKeys(call).filter((k) => k in probe);
  if (!keys.some((k) => !['category', 'searchterm', 'search'].includes(k))) return null;
  const q: Record<string, string> = {};
  for (const k of keys) q[k] = must(probe[k], `a probe value for ${k}`);
  if (!call.query.safeParse(q).success) return null;
  return new URLSearchParams(q).toString();
}

/** Every string in a JSON answer that could name the record (ignoring short and generic words). */
function strings(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string' && value.trim().length >= 4) out.add(value.trim());
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => strings(v, out));
  return out;
}

test.beforeAll(async () => {
  // Another firm's contact, if the host serves contacts (role 1 reaches every firm).
  const admin = await hostToken(1);
  const list = await hostCall<{ items?: { contact: number; firm: number }[] }>(admin, 'GET', 'api/contact/contacts?pageSize=50');
  const other = list.status === 200 ? list.body.items?.find((c) => c.firm !== SHOP_FIRM) : undefined;
  if (other) {
    probe.id = String(other.contact);
    probe.ids = String(other.contact);
    probe.contact = String(other.contact);
  }
});

test(`role ${SHOP_ROLE} (firm ${SHOP_FIRM}) reading another firm's records through the BFF gets 403/404 and learns nothing`, async () => {
  test.setTimeout(90_000);
  const shop = await sessionCookie(SHOP_ROLE);
  const admin = await sessionCookie(1);
  const calls = [...BFF_CALLS.values()].filter((c) => c.method === 'GET' && !MUTATING.test(c.path) && !REFERENCE_DATA.has(c.path));
  const probes = calls
    .map((c) => ({ call: c, query: probeQuery(c) }))
    .filter((p): p is { call: CallDef; query: string } => p.query !== null);
  // At least the shell's calls (firm preferences, another user's profile) are probed.
  expect(probes.map((p) => p.call.path)).toEqual(expect.arrayContaining(['firm/firmPreference', 'user/profile']));
  if (probe.id) expect(probes.some((p) => p.call.path === 'contact/contact')).toBe(true);

  const problems: string[] = [];
  for (const { call, query } of probes) {
    const target = `${call.path}?${query}`;
    const control = await bffCall(origin, 'GET', target, admin);
    const res = await bffCall(origin, 'GET', target, shop);
    if (![403, 404].includes(res.status)) problems.push(`${target}: ${res.status} ${res.body.slice(0, 100)}`);
    if (control.status !== 200) continue; // nothing there to learn
    const asked = new Set(Object.values(Object.fromEntries(new URLSearchParams(query))));
    const secrets = [...strings(JSON.parse(control.body))].filter((s) => !asked.has(s));
    const named = secrets.filter((s) => res.body.includes(s));
    if (named.length) problems.push(`${target}: the refusal names ${named.join(', ')}`);
  }
  expect(problems, problems.join('\n')).toEqual([]);
});

test('the probes mean something: role 1 reads those records, and the shop user reads its own firm', async () => {
  const admin = await sessionCookie(1);
  const shop = await sessionCookie(SHOP_ROLE);
  const other = await bffCall(origin, 'GET', `firm/firmPreference?firm=${OTHER_FIRM}&category=Brand`, admin);
  expect(other.status).toBe(200);
  expect(other.body).toContain('ADAS Central');
  const own = await bffCall(origin, 'GET', `firm/firmPreference?firm=${SHOP_FIRM}&category=Brand`, shop);
  expect(own.status).toBe(200);
  expect(own.body).toContain('Queens Auto Body');
  const profile = await bffCall(origin, 'GET', `user/profile?username=${encodeURIComponent(userOf(1))}`, admin);
  expect(profile.status).toBe(200);
});

test("another firm's user cannot have their password changed by a shop user (403/404, nothing changed)", async () => {
  const shop = await sessionCookie(SHOP_ROLE);
  // Sends the victim's current password, so even a failing check would change nothing for the other tests.
  const res = await bffCall(origin, 'POST', 'user/saveCredentials', shop, {
    body: JSON.stringify({ username: userOf(1), password: DEMO_PASSWORD }),
  });
  expect([403, 404]).toContain(res.status);
  expect(res.body).not.toMatch(/Avery|Adams|ADAS Central/);
});

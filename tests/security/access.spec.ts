/**
 * Access at HTTP level: every route of the route table × anonymous and roles 1–17 gets exactly what the
 * table allows (status and redirect target), and every BFF call refuses the roles its contract excludes.
 * Driven by ROUTES and BFF_CALLS: a new route or call joins without a change here.
 */
import { expect, test } from '@playwright/test';
import { BFF_CALLS } from '../../lib/contract';
import { ALL_ROLES, type RoleId } from '../../lib/roles';
import {
  appOrigin,
  bffCall,
  inBatches,
  isExpiring,
  isRedirect,
  locationPath,
  rawRequest,
  sessionCookie,
  sessionSetCookies,
} from '../../testkit/http';
import { ROUTES, expected, leakPatterns, samplePath } from '../../testkit/routes-matrix';

const origin = appOrigin();
const callers: (RoleId | null)[] = [null, ...ALL_ROLES];
const who = (role: RoleId | null) => (role === null ? 'anonymous' : `role ${role}`);

test.describe('route table × callers', () => {
  for (const role of callers) {
    test(`${who(role)}: every route answers as the table says`, async () => {
      test.setTimeout(90_000);
      const cookie = role === null ? undefined : await sessionCookie(role);
      const results = await inBatches(ROUTES, 4, async (route) => {
        const path = samplePath(route);
        const res = await rawRequest(origin, path, { headers: cookie ? { cookie } : {} });
        return { route, path, res, want: expected(route, role) };
      });
      const wrong: string[] = [];
      for (const { route, path, res, want } of results) {
        const got = isRedirect(res.status) ? `${res.status} → ${locationPath(res, origin)}` : String(res.status);
        if (want.status === 200) {
          if (res.status !== 200) wrong.push(`${path}: want 200, got ${got}`);
          continue;
        }
        // A temporary redirect (307 from the guard or a page; 302/303 would do as well) to exactly the target.
        if (![302, 303, 307].includes(res.status) || locationPath(res, origin) !== want.location)
          wrong.push(`${path}: want redirect → ${want.location}, got ${got}`);
        // A page that sends a signed-in user on (the sign-in page) may render its own public head first.
        if (route.access !== 'anonymous' && leakPatterns(route).some((re) => re.test(res.body)))
          wrong.push(`${path}: the redirect carries the page's content`);
      }
      expect(wrong, `${who(role)}:\n${wrong.join('\n')}`).toEqual([]);
    });
  }
});

test.describe('BFF calls × callers', () => {
  const calls = [...BFF_CALLS.values()];
  // GET with no query / POST with an empty body: the access check comes before validation, so the
  // refusals below are the access rule's and nothing is ever sent upstream.
  const target = (c: (typeof calls)[number]) => c.path;

  test('anonymous: every BFF call answers 401 and points to /login', async () => {
    const results = await inBatches(calls, 8, async (call) => ({ call, res: await bffCall(origin, call.method, target(call)) }));
    const wrong = results
      .filter(({ res }) => res.status !== 401 || JSON.parse(res.body).redirect !== '/login')
      .map(({ call, res }) => `${call.method} ${call.path}: ${res.status} ${res.body.slice(0, 80)}`);
    expect(wrong).toEqual([]);
  });

  for (const role of ALL_ROLES) {
    const refused = calls.filter((c) => Array.isArray(c.access) && !c.access.includes(role));
    test(`role ${role}: the ${refused.length} calls its role may not make answer 403`, async () => {
      test.skip(refused.length === 0, 'the contract lets this role make every BFF call');
      const cookie = await sessionCookie(role);
      const results = await inBatches(refused, 8, async (call) => ({
        call,
        res: await bffCall(origin, call.method, target(call), cookie),
      }));
      const wrong = results
        .filter(({ res }) => res.status !== 403)
        .map(({ call, res }) => `${call.method} ${call.path}: ${res.status} ${res.body.slice(0, 80)}`);
      expect(wrong).toEqual([]);
      for (const { res } of results) {
        expect(res.headers['cache-control']).toBe('private, no-store');
        // Refused, not signed out: the session cookie is left alone.
        expect(sessionSetCookies(res.setCookies).filter(isExpiring)).toEqual([]);
      }
    });
  }

  test('a role the contract allows is not refused (GET calls, role 1 and a shop role)', async () => {
    for (const role of [1, 15] as RoleId[]) {
      const cookie = await sessionCookie(role);
      const allowed = calls.filter((c) => c.method === 'GET' && (!Array.isArray(c.access) || c.access.includes(role)));
      const results = await inBatches(allowed, 6, async (call) => ({ call, res: await bffCall(origin, 'GET', target(call), cookie) }));
      // Without a query the call may be invalid (400), but it is never refused for the role or the session.
      const wrong = results
        .filter(({ res }) => res.status === 401 || res.status === 403)
        .map(({ call, res }) => `${call.path}: ${res.status}`);
      expect(wrong, `role ${role}`).toEqual([]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { guard, pageTitle, ROUTES, titleName } from '@/lib/routes';

/** docs/shell.md#screens, transcribed independently of lib/routes.ts: path → who may open it. */
const r = (...ids: number[]) => ids;
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const SPEC: Record<string, 'anonymous' | 'signed-in' | number[]> = {
  '/': 'signed-in',
  '/onboard/42': 'anonymous',
  '/contacts': r(1),
  '/insurance': upTo(13),
  '/dashboard': r(1, 2, 3, 5, 7, 9, 12),
  '/locations': r(1, 2, 3, 5, 7, 9, 12, 15),
  '/adas': upTo(17),
  '/admin': r(1, 2, 3, 5, 7, 9, 12),
  '/configuration': r(1, 2),
  '/data': 'signed-in',
  '/users': r(1),
  '/storage': r(1, 2, 3, 5, 7, 9, 12),
  '/add-inspection': 'signed-in',
  '/login': 'anonymous',
  '/reset': 'anonymous',
  '/sso': 'anonymous',
  '/alldataAuthorize': 'anonymous',
  '/alldataApproval': 'anonymous',
  '/alldataSetToken': 'anonymous',
  '/links': 'anonymous',
  '/offline': 'anonymous',
  '/providers': 'signed-in',
  '/view': 'signed-in',
  '/choose': 'signed-in',
  // docs/dispatch.md#screens: every role a shop or a provider has.
  '/dispatch': upTo(17),
};

describe('the guard', () => {
  it('covers every row of the route table', () => {
    expect(ROUTES).toHaveLength(Object.keys(SPEC).length);
  });

  for (const [path, access] of Object.entries(SPEC)) {
    it(`${path}: anonymous visitor`, () => {
      const d = guard(path, '?a=1', null);
      expect(d).toEqual(access === 'anonymous' ? { kind: 'pass' } : { kind: 'login', remember: `${path}?a=1` });
    });
    for (const role of upTo(17)) {
      it(`${path}: role ${role}`, () => {
        const allowed = access === 'anonymous' || access === 'signed-in' || access.includes(role);
        expect(guard(path, '', { role })).toEqual(allowed ? { kind: 'pass' } : { kind: 'home' });
      });
    }
  }

  it('a signed-in user without a role (Guest) reaches only signed-in and anonymous routes', () => {
    expect(guard('/providers', '', { role: null })).toEqual({ kind: 'pass' });
    expect(guard('/adas', '', { role: null })).toEqual({ kind: 'home' });
  });

  it('unknown paths and case or trailing-slash variants pass to Page not Found', () => {
    for (const p of ['/nope', '/Contacts', '/contacts/', '/onboard', '/onboard/1/2']) expect(guard(p, '', null)).toEqual({ kind: 'pass' });
  });
});

describe('page titles', () => {
  it('route name, product, environment in brackets unless prod', () => {
    expect(pageTitle('Contacts', 'ADAS Desk', 'uat')).toBe('Contacts · ADAS Desk [uat]');
    expect(pageTitle('Contacts', 'ADAS Desk', 'prod')).toBe('Contacts · ADAS Desk');
    expect(pageTitle(null, 'ADAS Desk', 'dev')).toBe('ADAS Desk [dev]');
  });

  it('every page has a title of its own, never the product alone nor an internal word (issue 31 §8)', () => {
    const titles = ROUTES.map((r) => [r.path, titleName(r)]);
    expect(titles.filter(([, t]) => !t || t === 'sso')).toEqual([]);
    expect(Object.fromEntries(titles.filter(([p]) => /^\/(sso|links|alldata)/.test(p!)))).toEqual({
      '/sso': 'Signing in',
      '/alldataAuthorize': 'Connect ALLDATA',
      '/alldataApproval': 'ALLDATA Approval',
      '/alldataSetToken': 'ALLDATA Token',
      '/links': 'Shared links',
    });
  });
});

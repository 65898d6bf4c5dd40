/**
 * The guard cannot be bypassed: for every protected route, requests an unauthorised caller can craft —
 * the x-middleware-subrequest header (CVE-2025-29927 and its variants), RSC and prefetch requests, `.rsc`
 * and `/_next/data` URLs, trailing-slash, case, doubled-slash, dot-segment and percent-encoded variants —
 * never render the page. Each answer is followed through the server's own normalising redirects (at most
 * three hops, stopping at /login or /), and no answer on the way may carry the page's title or heading.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ALL_ROLES, type RoleId } from '../../lib/roles';
import { isAllowed } from '../../lib/routes';
import { appOrigin, inBatches, isRedirect, rawRequest, sessionCookie, type RawResponse } from '../../testkit/http';
import { PROTECTED_ROUTES, leakPatterns, samplePath } from '../../testkit/routes-matrix';
import { must } from '../../testkit/must';

const origin = appOrigin();
const buildId = (() => {
  try {
    return readFileSync(join(process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'), 'utf8').trim();
  } catch {
    return 'unknown-build';
  }
})();

const SUBREQUEST = [
  'middleware',
  'src/middleware',
  'pages/_middleware',
  'pages/_middleware:pages/_middleware',
  'middleware:middleware:middleware:middleware:middleware',
  'src/middleware:src/middleware:src/middleware:src/middleware:src/middleware',
  'proxy',
  'src/proxy',
  'proxy:proxy:proxy:proxy:proxy',
  'src/proxy:src/proxy:src/proxy:src/proxy:src/proxy',
];

interface Variant {
  label: string;
  target: string;
  headers?: Record<string, string>;
}

/** Percent-encodes the first letter of the path ("/contacts" → "/%63ontacts"). */
const encodeFirst = (p: string) => `/%${p.charCodeAt(1).toString(16)}${p.slice(2)}`;
const upperFirst = (p: string) => `/${p.charAt(1).toUpperCase()}${p.slice(2)}`;

function variants(path: string): Variant[] {
  const name = path.slice(1);
  return [
    ...SUBREQUEST.map((v) => ({ label: `x-middleware-subrequest: ${v}`, target: path, headers: { 'x-middleware-subrequest': v } })),
    { label: 'RSC: 1', target: path, headers: { RSC: '1' } },
    { label: 'RSC prefetch', target: path, headers: { RSC: '1', 'Next-Router-Prefetch': '1' } },
    {
      label: 'RSC segment prefetch',
      target: path,
      headers: { RSC: '1', 'Next-Router-Prefetch': '1', 'Next-Router-Segment-Prefetch': '/_tree' },
    },
    { label: '?_rsc', target: `${path}?_rsc=x1y2z`, headers: {} },
    { label: '?_rsc + RSC', target: `${path}?_rsc=x1y2z`, headers: { RSC: '1' } },
    { label: '.rsc', target: `${path}.rsc` },
    { label: '.rsc + RSC', target: `${path}.rsc`, headers: { RSC: '1' } },
    { label: '.prefetch.rsc', target: `${path}.prefetch.rsc`, headers: { RSC: '1', 'Next-Router-Prefetch': '1' } },
    {
      label: '.segments rsc',
      target: `${path}.segments/_tree.segment.rsc`,
      headers: { RSC: '1', 'Next-Router-Segment-Prefetch': '/_tree' },
    },
    { label: '_next/data', target: `/_next/data/${buildId}${path}.json` },
    { label: '_next/data + x-nextjs-data', target: `/_next/data/${buildId}${path}.json`, headers: { 'x-nextjs-data': '1' } },
    { label: '_next/data other build', target: `/_next/data/development${path}.json`, headers: { 'x-nextjs-data': '1' } },
    { label: 'trailing slash', target: `${path}/` },
    { label: 'trailing /.', target: `${path}/.` },
    { label: 'upper-case first letter', target: upperFirst(path) },
    { label: 'upper case', target: path.toUpperCase() },
    { label: 'double leading slash', target: `/${path}` },
    { label: 'percent-encoded letter', target: encodeFirst(path) },
    { label: 'percent-encoded slash', target: `/%2f${name}` },
    { label: 'encoded trailing slash', target: `${path}%2f` },
    { label: 'matrix parameter', target: `${path};x=1` },
    { label: 'NUL byte', target: `${path}%00` },
    { label: 'dot segment', target: `/./${name}` },
    { label: 'parent segment', target: `/x/../${name}` },
    { label: 'via an unguarded prefix', target: `/brands/../${name}` },
    { label: 'via an unguarded prefix, encoded', target: `/brands/%2e%2e/${name}` },
    { label: 'via _next/static', target: `/_next/static/../../${name}` },
    { label: 'via _next/static, encoded', target: `/_next/static/%2e%2e/%2e%2e/${name}` },
    { label: 'via favicon.ico', target: `/favicon.ico/../${name}` },
    { label: 'via the BFF prefix (not guarded by proxy.ts)', target: `/api/bff/../../${name}` },
    { label: 'via the BFF prefix, encoded', target: `/api/bff/%2e%2e/%2e%2e/${name}` },
    { label: 'backslash', target: `/\\${name}` },
  ];
}

/** Follows the server's own redirects (normalisation, the `_rsc` cache-buster) until /login, / or a final answer. */
async function follow(target: string, headers: Record<string, string>): Promise<RawResponse[]> {
  const hops: RawResponse[] = [];
  let next = target;
  for (let i = 0; i < 4; i++) {
    const res = await rawRequest(origin, next, { headers });
    hops.push(res);
    if (!isRedirect(res.status)) break;
    const location = res.location ?? res.headers['x-nextjs-redirect'];
    if (typeof location !== 'string') break;
    const url = new URL(location, origin);
    if (url.origin !== new URL(origin).origin || url.pathname === '/login' || url.pathname === '/') break;
    next = url.pathname + url.search;
  }
  return hops;
}

for (const route of PROTECTED_ROUTES) {
  const path = samplePath(route);
  const denied = ALL_ROLES.find((r) => !isAllowed(route, r));
  const callers: (RoleId | null)[] = denied === undefined ? [null] : [null, denied];

  test(`${path}: no request variant shows the page to ${callers.map((c) => (c === null ? 'anonymous' : `role ${c}`)).join(' or ')}`, async () => {
    test.setTimeout(120_000);
    const problems: string[] = [];
    for (const caller of callers) {
      const cookie = caller === null ? undefined : await sessionCookie(caller);
      const who = caller === null ? 'anonymous' : `role ${caller}`;
      await inBatches(variants(path), 6, async (v) => {
        const hops = await follow(v.target, { ...v.headers, ...(cookie ? { cookie } : {}) });
        const last = must(hops[hops.length - 1], 'last');
        const trail = hops.map((h) => `${h.status}${h.location ? ` → ${h.location}` : ''}`).join(', ');
        if (hops.some((h) => leakPatterns(route).some((re) => re.test(h.body))))
          problems.push(`${who} ${v.label} (${v.target}): the page was rendered [${trail}]`);
        else if (last.status === 200) problems.push(`${who} ${v.label} (${v.target}): answered 200 [${trail}]`);
        else if (last.status >= 500) problems.push(`${who} ${v.label} (${v.target}): server error [${trail}]`);
        else if (isRedirect(last.status)) {
          const to = new URL(last.location ?? String(last.headers['x-nextjs-redirect'] ?? ''), origin);
          const fine =
            to.pathname === '/login' ||
            to.pathname === '/' ||
            /\/_next\/data\/[^/]+\/login\.json$/.test(to.pathname) ||
            to.pathname === '/index.json';
          if (!fine) problems.push(`${who} ${v.label} (${v.target}): redirected elsewhere [${trail}]`);
        }
      });
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

test('control: the allowed role does see the page, so the leak patterns would catch a rendered page', async () => {
  const route = must(PROTECTED_ROUTES.find((r) => r.path === '/contacts') ?? PROTECTED_ROUTES[0], 'a protected route');
  const role = ALL_ROLES.find((r) => isAllowed(route, r))!;
  const cookie = await sessionCookie(role);
  const html = await rawRequest(origin, samplePath(route), { headers: { cookie } });
  expect(html.status).toBe(200);
  expect(leakPatterns(route).some((re) => re.test(html.body))).toBe(true);
  const rsc = await follow(samplePath(route), { cookie, RSC: '1' });
  expect(must(rsc[rsc.length - 1], 'rsc[rsc.length - 1]').status).toBe(200);
  expect(leakPatterns(route).some((re) => re.test(must(rsc[rsc.length - 1], 'rsc[rsc.length - 1]').body))).toBe(true);
});

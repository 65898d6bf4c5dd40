/**
 * `npm run lighthouse`: Lighthouse (npm) with Debian's Chromium on /login, / and /contacts — the last two
 * signed in (the session cookie is sent as an extra header) — with the desktop preset. Builds when needed,
 * starts and stops its own reference host and production app (APP_ENV=prod, as users get it) on spare
 * loopback ports, prints the four category scores per page beside the targets (performance ≥ 95,
 * accessibility 100, best practices ≥ 95) and writes the reports to .bench/lighthouse/ (git-ignored).
 * It measures; it does not fail on a missed target.
 *
 * Environment: SKIP_BUILD=1 uses the existing build as it is; LH_API_PORT (4195), LH_APP_PORT (3195), CHROMIUM_PATH (/usr/bin/chromium), LH_PAGES
 * (comma list of paths, default "/login,/,/contacts").
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { ROOT, ensureBuilt, startApiHost, startApp } from './lib/stack.mjs';
// TypeScript modules of the project (the npm script runs node with the tsx loader).
import { CHROMIUM_ARGS } from '../testkit/env.ts';
import { signInHttp } from '../testkit/http.ts';

const API_PORT = Number(process.env.LH_API_PORT || 4195);
const APP_PORT = Number(process.env.LH_APP_PORT || 3195);
const PAGES = (process.env.LH_PAGES || '/login,/,/contacts')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const PUBLIC = new Set(['/login', '/reset', '/links']);

if (process.env.SKIP_BUILD !== '1') ensureBuilt();
const outDir = join(ROOT, '.bench', 'lighthouse');
mkdirSync(outDir, { recursive: true });

const origin = `http://localhost:${APP_PORT}`;
const host = await startApiHost({ port: API_PORT, db: `.data/lighthouse-${API_PORT}/reference.db`, reset: true, quiet: true });
let app;
let chrome;
const summary = { startedAt: new Date().toISOString(), targets: TARGETS, pages: [] };
try {
  app = await startApp({
    port: APP_PORT,
    apiOrigin: `http://127.0.0.1:${API_PORT}`,
    quiet: true,
    env: { APP_ENV: 'prod', AUTH_SECRET: `lighthouse-run-secret-${Date.now()}-0123456789abcdef` },
  });
  const { cookie } = await signInHttp(origin, 'role1@example.com');
  if (!cookie) throw new Error('sign-in failed');

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
  });

  console.log(`\nLighthouse ${desktopConfig.settings?.formFactor ?? 'desktop'} — ${origin} (APP_ENV=prod)\n`);
  const widths = [12, 13, 15, 16, 6];
  console.log(['page', 'performance', 'accessibility', 'best-practices', 'seo'].map((c, i) => c.padEnd(widths[i])).join('  '));
  for (const path of PAGES) {
    const signedIn = !PUBLIC.has(path);
    // A warm-up load, so the first measured page does not pay for the server's first compile of the route.
    await fetch(new URL(path, origin), { headers: signedIn ? { cookie } : {} }).then((r) => r.text());
    const result = await lighthouse(
      new URL(path, origin).href,
      { port: chrome.port, output: ['json', 'html'], logLevel: 'error', extraHeaders: signedIn ? { Cookie: cookie } : undefined },
      desktopConfig,
    );
    const lhr = result.lhr;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const cell = (c) => {
      const target = TARGETS[c];
      return `${scores[c]}${target === undefined ? '' : scores[c] >= target ? ' ✓' : ` ✗ (≥ ${target})`}`;
    };
    console.log([path, ...CATEGORIES.map(cell)].map((c, i) => String(c).padEnd(widths[i])).join('  '));
    const base = path === '/' ? 'home' : path.replace(/^\//, '').replace(/\W+/g, '-');
    const [json, html] = result.report;
    writeFileSync(join(outDir, `${base}.json`), json);
    writeFileSync(join(outDir, `${base}.html`), html);
    // What kept a score below its target, so the cause can be fixed.
    const failing = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'notApplicable' &&
          a.scoreDisplayMode !== 'manual',
      )
      .filter((a) =>
        ['performance', 'accessibility', 'best-practices'].some((c) =>
          lhr.categories[c].auditRefs.some((r) => r.id === a.id && r.weight > 0),
        ),
      )
      .map((a) => ({ id: a.id, title: a.title, score: a.score, displayValue: a.displayValue }));
    const metrics = Object.fromEntries(
      ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => [
        id,
        lhr.audits[id]?.displayValue,
      ]),
    );
    summary.pages.push({ path, signedIn, finalUrl: lhr.finalDisplayedUrl, scores, metrics, failing });
    if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== path) console.log(`  (landed on ${lhr.finalDisplayedUrl})`);
    for (const a of failing) console.log(`  · ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ''}`);
  }
} finally {
  await chrome?.kill();
  await app?.stop();
  await host.stop();
}
writeFileSync(join(outDir, 'summary.json'), JSON.stringify(summary, null, 2));
const missed = summary.pages.flatMap((p) =>
  Object.entries(TARGETS)
    .filter(([c, t]) => p.scores[c] < t)
    .map(([c]) => `${p.path} ${c}`),
);
console.log(`\n${missed.length ? `Below target: ${missed.join(', ')}` : 'All pages meet the targets.'}  Reports: .bench/lighthouse/`);
process.exit(0);

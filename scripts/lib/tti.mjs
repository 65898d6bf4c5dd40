/**
 * Time to interactive of a page on a slow CPU (issue 19): Chromium with CPU throttling (CDP
 * Emulation.setCPUThrottlingRate), a fresh browser context per run (nothing cached), signed in by cookie.
 *
 * TTI is measured in the page, from navigation start, as the later of
 *   - hydration: the first moment every link, button, input, select and textarea of the page carries
 *     React's props (React has hydrated it: a click now does what it should), polled every 10 ms; and
 *   - a quiet main thread: the end of the last long task (> 50 ms, PerformanceObserver 'longtask') before
 *     the first window of QUIET_MS without one after hydration.
 * Also reported: the total blocking time (the sum of each long task's time beyond 50 ms) up to TTI.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../testkit/env.ts';

export const QUIET_MS = 1000;
const TIMEOUT_MS = 60_000;

/** Runs in the page before its scripts: records long tasks and the hydration moment. */
function probe() {
  const tti = { longTasks: [], hydratedAt: null };
  window.__tti = tti;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tti.longTasks.push([e.startTime, e.startTime + e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const hydrated = () => {
    const controls = document.querySelectorAll('a, button, input, select, textarea');
    if (controls.length === 0) return false;
    for (const el of controls) if (!Object.keys(el).some((k) => k.startsWith('__reactProps'))) return false;
    return true;
  };
  const timer = setInterval(() => {
    if (document.readyState !== 'loading' && hydrated()) {
      tti.hydratedAt = performance.now();
      clearInterval(timer);
    }
  }, 10);
}

/** One run; times in ms from navigation start. */
async function once(browser, url, cookies, rate) {
  const context = await browser.newContext();
  try {
    await context.addCookies(cookies);
    await context.addInitScript(probe);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS });
    const state = await page
      .waitForFunction(
        (quiet) => {
          const t = window.__tti;
          if (t.hydratedAt === null) return false;
          const lastEnd = Math.max(t.hydratedAt, ...t.longTasks.map(([, end]) => end));
          return performance.now() - lastEnd >= quiet ? { hydratedAt: t.hydratedAt, longTasks: t.longTasks } : false;
        },
        QUIET_MS,
        { timeout: TIMEOUT_MS, polling: 50 },
      )
      .then((h) => h.jsonValue());
    const tti = Math.max(state.hydratedAt, ...state.longTasks.map(([, end]) => end));
    const tbt = state.longTasks.filter(([start]) => start < tti).reduce((sum, [start, end]) => sum + Math.max(0, end - start - 50), 0);
    return { hydrated: state.hydratedAt, tti, tbt };
  } finally {
    await context.close();
  }
}

/** `cookie`: a Cookie header ("a=1; b=2") for `origin`. Answers the median of each figure over `runs`. */
export async function measureTti({ origin, path, cookie, rate = 4, runs = 3 }) {
  // The session cookies are __Host- cookies (Secure): set them as for https://, which Chromium also
  // sends to http://localhost (a secure context).
  const secureOrigin = origin.replace(/^http:/, 'https:');
  const cookies = cookie
    .split(/;\s*/)
    .filter(Boolean)
    .map((pair) => {
      const i = pair.indexOf('=');
      return { name: pair.slice(0, i), value: pair.slice(i + 1), url: secureOrigin, httpOnly: true, sameSite: 'Lax' };
    });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    await once(browser, new URL(path, origin).href, cookies, 1); // warm-up: the server's first render of the route
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await once(browser, new URL(path, origin).href, cookies, rate));
    const median = (key) => [...samples.map((s) => s[key])].sort((a, b) => a - b)[Math.floor(samples.length / 2)];
    return { path, rate, runs, hydrated: median('hydrated'), tti: median('tti'), tbt: median('tbt'), samples };
  } finally {
    await browser.close();
  }
}

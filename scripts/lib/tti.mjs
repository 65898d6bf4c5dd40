/**
 * Time to interactive of a page on a slow CPU (issue 19), and a phone's first paint beside the peer page
 * (issue 50): Chromium with CPU throttling (CDP Emulation.setCPUThrottlingRate) and, for the phone, a
 * throttled network (CDP Network.emulateNetworkConditions), a fresh browser context per run (nothing
 * cached), signed in by cookie.
 *
 * TTI is measured in the page, from navigation start, as the later of
 *   - hydration: the first moment every link, button, input, select and textarea of the page carries
 *     React's props (React has hydrated it: a click now does what it should) — on a page without any, its
 *     <main> (else <body>) — polled every 10 ms; and
 *   - a quiet main thread: the end of the last long task (> 50 ms, PerformanceObserver 'longtask') before
 *     the first window of QUIET_MS without one after hydration.
 * Also reported: the total blocking time (the sum of each long task's time beyond 50 ms) up to TTI, and the
 * first contentful paint (the browser's own paint timing entry, 'first-contentful-paint').
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../testkit/env.ts';

export const QUIET_MS = 1000;
const TIMEOUT_MS = 60_000;

/**
 * The phone: Lighthouse's mobile profile — its network (slow 4G: 150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up; CDP adds the latency to every request) and its CPU slowed four times.
 */
export const PHONE = {
  rate: 4,
  network: { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 },
};

/** Runs in the page before its scripts: records long tasks and the hydration moment. */
function probe() {
  const tti = { longTasks: [], hydratedAt: null };
  window.__tti = tti;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tti.longTasks.push([e.startTime, e.startTime + e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const hydrated = () => {
    const controls = [...document.querySelectorAll('a, button, input, select, textarea')];
    if (controls.length === 0) controls.push(document.querySelector('main') ?? document.body);
    for (const el of controls) if (!el || !Object.keys(el).some((k) => k.startsWith('__reactProps'))) return false;
    return true;
  };
  const timer = setInterval(() => {
    if (document.readyState !== 'loading' && hydrated()) {
      tti.hydratedAt = performance.now();
      clearInterval(timer);
    }
  }, 10);
}

/** One run; times in ms from navigation start. `network`: CDP Network.emulateNetworkConditions' parameters. */
async function once(browser, url, cookies, { rate, network }) {
  const context = await browser.newContext();
  try {
    await context.addCookies(cookies);
    await context.addInitScript(probe);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    if (network) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', network);
    }
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS });
    const state = await page
      .waitForFunction(
        (quiet) => {
          const t = window.__tti;
          if (t.hydratedAt === null) return false;
          const lastEnd = Math.max(t.hydratedAt, ...t.longTasks.map(([, end]) => end));
          if (performance.now() - lastEnd < quiet) return false;
          const fcp = performance.getEntriesByName('first-contentful-paint')[0];
          const [doc] = performance.getEntriesByType('navigation');
          // What the first paint waited for: the document, and every resource the browser marked render-blocking.
          const blocking = performance.getEntriesByType('resource').filter((e) => e.renderBlockingStatus === 'blocking');
          return {
            hydratedAt: t.hydratedAt,
            longTasks: t.longTasks,
            fcp: fcp ? fcp.startTime : null,
            htmlWire: doc.transferSize,
            htmlEnd: doc.responseEnd,
            blocking: blocking.map((e) => ({ name: e.name, wire: e.transferSize, end: e.responseEnd })),
          };
        },
        QUIET_MS,
        { timeout: TIMEOUT_MS, polling: 50 },
      )
      .then((h) => h.jsonValue());
    const tti = Math.max(state.hydratedAt, ...state.longTasks.map(([, end]) => end));
    const tbt = state.longTasks.filter(([start]) => start < tti).reduce((sum, [start, end]) => sum + Math.max(0, end - start - 50), 0);
    return {
      fcp: state.fcp ?? NaN,
      hydrated: state.hydratedAt,
      tti,
      tbt,
      htmlWire: state.htmlWire,
      htmlEnd: state.htmlEnd,
      blockingWire: state.blocking.reduce((n, b) => n + b.wire, 0),
      blockingEnd: Math.max(0, ...state.blocking.map((b) => b.end)),
      blocking: state.blocking,
    };
  } finally {
    await context.close();
  }
}

/** The session cookies for `origin` from a Cookie header ("a=1; b=2"). */
function cookiesFor(origin, cookie) {
  // The session cookies are __Host- cookies (Secure): set them as for https://, which Chromium also
  // sends to http://localhost (a secure context).
  const secureOrigin = origin.replace(/^http:/, 'https:');
  return cookie
    .split(/;\s*/)
    .filter(Boolean)
    .map((pair) => {
      const i = pair.indexOf('=');
      return { name: pair.slice(0, i), value: pair.slice(i + 1), url: secureOrigin, httpOnly: true, sameSite: 'Lax' };
    });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** `cookie`: a Cookie header ("a=1; b=2") for `origin`. Answers the median of each figure over `runs`. */
export async function measureTti({ origin, path, cookie, rate = 4, runs = 3 }) {
  const cookies = cookiesFor(origin, cookie);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    await once(browser, new URL(path, origin).href, cookies, { rate: 1 }); // warm-up: the server's first render of the route
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await once(browser, new URL(path, origin).href, cookies, { rate }));
    const m = (key) => median(samples.map((s) => s[key]));
    return { path, rate, runs, hydrated: m('hydrated'), tti: m('tti'), tbt: m('tbt'), samples };
  } finally {
    await browser.close();
  }
}

/**
 * The phone (PHONE): `pages` ({ name, origin, path }, all signed in with `cookie`) loaded in alternating
 * rounds, one fresh context each, so every round's pages saw the same background load. Answers, per page,
 * every run's figures.
 */
export async function measurePhone({ pages, cookie, runs = 7 }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const url = (p) => new URL(p.path, p.origin).href;
    // Warm-up, unthrottled: each server's first render of the route.
    for (const p of pages) await once(browser, url(p), cookiesFor(p.origin, cookie), { rate: 1 });
    const samples = Object.fromEntries(pages.map((p) => [p.name, []]));
    for (let r = 0; r < runs; r++)
      for (const p of pages) samples[p.name].push(await once(browser, url(p), cookiesFor(p.origin, cookie), PHONE));
    return samples;
  } finally {
    await browser.close();
  }
}

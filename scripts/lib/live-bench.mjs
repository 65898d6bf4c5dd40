/**
 * Live lists in `npm run bench` (issue 19 §5): the time from a change by one user to its notice on another
 * user's open list. A shop user (role 5) changes a job's status through the BFF over HTTP; its manager
 * (role 4) has the ADAS list of that job open in Chromium, and also a SignalR client connected through the
 * BFF as the browser's is. Measured from the moment the save request is sent:
 *   - notice: the change notice reaches the SignalR client (host save → hub → app's push route → client);
 *   - list: the row on the open page shows the new status (notice + the list's refresh in place).
 * Runs only in a stack that has push (PUSH_URL); the figures are printed, the target is the issue's 2 s.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DEMO_PASSWORD } from '../../testkit/env.ts';
import { HttpTransportType, appSession, connectThroughBff } from '../../testkit/push.ts';

const BFF = { 'content-type': 'application/json', 'x-adas-bff': '1' };
const NAMES = { 3: 'In Progress', 4: 'On Hold' };

async function bff(origin, cookie, path, body) {
  const res = await fetch(`${origin}/api/bff/${path}`, { method: 'POST', headers: { ...BFF, cookie }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

/** Answers { notice: ms[], list: ms[] } for `n` changes. */
export async function measureLiveNotice(origin, n) {
  const [watcherCookie, changerCookie] = await Promise.all([appSession(origin, 4), appSession(origin, 5)]);
  const ro = `RO-BENCH-${Date.now().toString(36)}`;
  const { id: job } = await bff(origin, changerCookie, 'adas/createAdas', {
    firm: 6,
    ronumber: ro,
    vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' },
  });

  const client = await connectThroughBff(origin, watcherCookie, HttpTransportType.ServerSentEvents);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await (await browser.newContext({ baseURL: origin })).newPage();
    const handshake = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/push\/hub\?id=/.test(r.url()), {
      timeout: 30_000,
    });
    await page.goto(`/login?callbackUrl=${encodeURIComponent(`/adas?searchTerm=${ro}`)}`);
    await page.getByLabel('Email address').fill('role4@example.com');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await handshake;
    await page.getByTestId('row-status').waitFor();

    const notice = [];
    const list = [];
    for (let i = 0; i < n; i++) {
      const status = i % 2 === 0 ? 4 : 3;
      // The page notes the time the row shows the new status (a MutationObserver, no polling round trips).
      await page.evaluate((name) => {
        // An idle user: nothing focused (a focused field turns the in-place refresh into a "refresh" notice).
        if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
        window.__liveShown = new Promise((resolve) => {
          const seen = () => document.querySelector('[data-testid="row-status"]')?.textContent === name;
          const observer = new MutationObserver(() => seen() && (observer.disconnect(), resolve(Date.now())));
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        });
      }, NAMES[status]);
      const before = client.received.length;
      const t0 = Date.now();
      const heard = client
        .waitFor((m) => client.received.indexOf(m) >= before && m.target === 'recordsChanged' && m.payload.ids?.includes(job), 10_000)
        .then(() => Date.now());
      await bff(origin, changerCookie, 'adas/updateStatusAdas', { adas: job, status });
      notice.push((await heard) - t0);
      // Never wait forever: a row that does not update within 10 s counts as missed (Infinity).
      const shown = await page.evaluate(() => Promise.race([window.__liveShown, new Promise((r) => setTimeout(() => r(null), 10_000))]));
      list.push(shown === null ? Infinity : shown - t0);
    }
    return { notice, list };
  } finally {
    await browser.close();
    await client.connection.stop();
  }
}

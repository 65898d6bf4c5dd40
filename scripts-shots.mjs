// Ad-hoc screenshots (not committed): starts the stack on the test ports, signs in, captures pages.
import { chromium } from '@playwright/test';
import { startApiHost, startApp } from './scripts/lib/stack.mjs';
const API = Number(process.env.TEST_API_PORT), APP = Number(process.env.TEST_APP_PORT);
const host = await startApiHost({ port: API, db: `.data/shots-${API}/reference.db`, reset: true, quiet: true });
const app = await startApp({ port: APP, apiOrigin: `http://127.0.0.1:${API}`, quiet: true, env: { APP_ENV: 'uat' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const ctx = await browser.newContext({ baseURL: `http://localhost:${APP}`, viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
  await page.goto('/login');
  await page.getByLabel('Email address').fill('role1@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Demo#2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  const shots = (process.env.SHOTS || '/configuration').split(',');
  for (const path of shots) {
    for (const width of [1366, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      const name = path.replace(/[^a-z0-9]+/gi, '_') + `_${width}`;
      await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      console.log(name, 'sideways overflow px:', overflow);
    }
  }
  if (process.env.OPEN) {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(process.env.OPEN_PATH || '/configuration');
    await page.getByRole('button', { name: process.env.OPEN }).first().click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/open.png`, fullPage: true });
  }
} finally {
  await browser.close();
  await app.stop();
  await host.stop();
}

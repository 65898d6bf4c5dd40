/**
 * Accessibility of every section of /admin beyond the default one the route sweep sees (issue 15): the
 * lists, an expanded blog row, the post editor with its rich-text field, a log record and a mail; also at
 * phone width, where the page itself must not scroll sideways.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { clickUntil } from '../support/shell';
import { openAdmin } from './admin-support';

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(' | ')}`,
    );
}
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('every section, an expanded row and the dialogs pass axe; nothing scrolls sideways at 360 px', async ({ page }) => {
  // Nine full-page axe runs and ten page loads: minutes on a busy two-core machine, not this test's budget.
  test.setTimeout(180_000);
  await openAdmin(page, 1, 'section=blog');
  const problems: string[] = [];
  for (const section of ['lookups&group=StateProvince', 'insurance', 'blog', 'log', 'emails']) {
    await page.goto(`/admin?section=${section}`);
    await expect(page.locator('table').first()).toBeVisible();
    problems.push(...(await violations(page)).map((v) => `${section}: ${v}`));
  }

  await page.goto('/admin?section=blog');
  const firstRow = page.locator('table tbody tr').first();
  await clickUntil(firstRow.getByRole('button', { name: /^Show the comments of/ }), page.getByRole('region', { name: /^Comments of/ }));
  await expect(page.getByRole('status').filter({ hasText: 'Loading comments…' })).toHaveCount(0);
  problems.push(...(await violations(page)).map((v) => `blog row: ${v}`));
  const editor = page.getByRole('dialog', { name: 'Add post' });
  await page.getByRole('button', { name: 'Add post' }).click();
  await expect(editor.getByRole('textbox', { name: 'Content' })).toBeVisible();
  problems.push(...(await violations(page)).map((v) => `post editor: ${v}`));
  await page.keyboard.press('Escape');

  await page.goto('/admin?section=log&level=Fatal');
  await clickUntil(page.locator('table tbody tr th button').first(), page.getByRole('dialog', { name: /^Fatal · / }));
  await expect(page.getByText('Loading the whole record…')).toHaveCount(0);
  problems.push(...(await violations(page)).map((v) => `log record: ${v}`));

  await page.setViewportSize({ width: 360, height: 800 });
  for (const section of ['lookups', 'insurance', 'blog', 'log', 'emails']) {
    await page.goto(`/admin?section=${section}`);
    await expect(page.locator('table').first()).toBeVisible();
    if ((await sidewaysScroll(page)) > 0) problems.push(`${section}: the page scrolls sideways at 360 px`);
  }
  expect(problems, problems.join('\n')).toEqual([]);
});

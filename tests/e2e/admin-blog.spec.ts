/**
 * Administration → Blog (issue 15): a post created with the editor (rich text, an image through the image
 * uploader), a comment and an attachment added,
 * the row expanding to one or the other (never both), a forbidden file refused, the post on Home, and
 * the delete confirmed with the specification's question.
 */
import { expect, test } from '@playwright/test';
import { PNG_1PX } from '../../testkit/images';
import { clickUntil } from '../support/shell';
import { openAdmin, rowOf, search, uniqueWord } from './admin-support';
import { must } from '../../testkit/must';

test('create a post, comment on it, attach a file, expand one or the other, see it on Home, delete it', async ({ page }) => {
  test.setTimeout(120_000); // a post, a comment, two uploads, Home and a delete: about a minute on a loaded machine
  const title = `Bay safety ${uniqueWord()}`;
  await openAdmin(page, 3, 'section=blog');

  const editor = page.getByRole('dialog', { name: 'Add post' });
  await clickUntil(page.getByRole('button', { name: 'Add post' }), editor);
  // The defaults of a new post (docs/blog.md#states).
  await expect(editor.getByLabel('Sort')).toHaveValue('0');
  for (const box of ['Sticky (first on Home)', 'Allow comments', 'Include shops']) await expect(editor.getByLabel(box)).not.toBeChecked();
  await expect(editor.getByLabel('Status')).toHaveValue('1');

  await editor.getByLabel('Title').fill(title);
  await editor.getByLabel('Type').selectOption({ label: 'Training' });
  await editor.getByLabel('Status').selectOption({ label: 'Published' });
  await editor.getByLabel('Scheduled on').fill('1970-01-01T09:00');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('This field is required')).toBeVisible(); // the content
  await expect(editor.getByText('Choose a date from 01/01/2000 on')).toBeVisible();
  await editor.getByLabel('Scheduled on').fill('');
  const content = editor.getByRole('textbox', { name: 'Content' });
  await content.click();
  await page.keyboard.type('Keep the floor level within 3 mm. ');
  await editor.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Always chock the wheels.');
  await editor.locator('input[type=file]').setInputFiles({ name: 'bay.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(editor.getByRole('img', { name: "The post's image" })).toBeVisible();
  await editor.getByLabel('Tags').fill('safety, bay');
  await editor.getByLabel('Allow comments').check();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByText(`${title} saved.`)).toBeVisible();

  await search(page, 'Search posts', must(title.split(' ')[2], "the title's third word"));
  const row = rowOf(page, title);
  await expect(row).toHaveCount(1);

  // Comments: add one.
  await row.getByRole('button', { name: /^Show the comments of/ }).click();
  const comments = page.getByRole('region', { name: `Comments of ${title}` });
  await expect(comments.getByText('No comments yet.')).toBeVisible();
  await comments.getByLabel('Add a comment').fill('Checked in all our bays.');
  await comments.getByRole('button', { name: 'Add comment' }).click();
  await expect(comments.getByText('Checked in all our bays.')).toBeVisible();

  // Attachments replace the comments in the row: a forbidden type is refused, a PDF is kept.
  await row.getByRole('button', { name: /^Show the attachments of/ }).click();
  const attachments = page.getByRole('region', { name: `Attachments of ${title}` });
  await expect(attachments).toBeVisible();
  await expect(comments).toHaveCount(0);
  await attachments
    .getByLabel('Attach a file')
    .setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(attachments.getByRole('alert')).toContainText('This type of file cannot be attached.');
  await attachments
    .getByLabel('Attach a file')
    .setInputFiles({ name: 'renamed.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]) });
  await expect(attachments.getByRole('alert')).toContainText('does not match its name');
  await attachments
    .getByLabel('Attach a file')
    .setInputFiles({ name: 'bay-checklist.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    attachments.getByRole('link', { name: 'Download bay-checklist.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('bay-checklist.pdf');
  await expect(row.getByRole('button', { name: /^Hide the attachments of .* \(1\)$/ })).toBeVisible();

  // And back: comments replace the attachments.
  await row.getByRole('button', { name: /^Show the comments of .* \(1\)$/ }).click();
  await expect(page.getByRole('region', { name: `Comments of ${title}` })).toBeVisible();
  await expect(attachments).toHaveCount(0);

  // Published at once: on Home for the franchiser's network.
  await page.goto('/');
  const post = page.getByRole('article', { name: title });
  await expect(post).toBeVisible();
  await expect(post.locator('strong')).toHaveText('Always chock the wheels.');
  // The image loads through the post (the BFF answers it to this site's <img>).
  await expect.poll(() => post.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  await page.goto(`/admin?section=blog&searchTerm=${encodeURIComponent(must(title.split(' ')[2], "the title's third word"))}`);
  const confirm = page.getByRole('dialog', { name: `Delete ${title}` });
  await clickUntil(rowOf(page, title).getByRole('button', { name: `Delete ${title}` }), confirm);
  await expect(confirm.getByText('Are you sure you wish to Delete this Blog?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No posts match the search and status.')).toBeVisible();
});

/**
 * Evidence at the car (issue 30 §1): a technician adds a camera photo (12 megapixels, with EXIF and GPS) with
 * a caption to a system on /view; it leaves the browser resized (long edge 2048) and arrives without its
 * metadata; it shows as a thumbnail that opens full size, is in the report PDF's Evidence section (read back
 * with pdf-parse) and on the shared link's page; a file of another type says so on its row; removing asks first.
 */
import { expect, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { hostCall, hostToken } from '../support/api';
import { signIn } from '../support/session';
import { axeViolations, newInspection, withTestDb } from './adas-support';

const cameraPhoto = () =>
  sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .withExif({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 0/1' } })
    .jpeg({ quality: 90 })
    .toBuffer();

test('a photo from the camera becomes a thumbnail, opens full size, is in the report and on the shared link', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { id } = await newInspection(`RO-EV-${Date.now() % 1_000_000}`);
  await signIn(page, 5, undefined, `/view?adasInspection=${id}`);
  const row = page.getByTestId('system-row').first();
  const system = (await row.locator('th, td').first().locator('span').first().textContent())!.trim();
  const camera = row.getByLabel(`Take photos for ${system}`);
  await expect(camera).toHaveAttribute('capture', 'environment');
  await expect(camera).toHaveAttribute('accept', 'image/*');

  await row.getByLabel(`Caption for the next photos or files of ${system}`).fill('Radar target at 1.5 m');
  const photo = await cameraPhoto();
  const sent = page.waitForRequest((r) => r.url().includes('/api/bff/adas/uploadEvidence'));
  await camera.setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
  const upload = await sent;
  // Resized in the browser before it left: far fewer bytes than the camera's file.
  await upload.response();
  // Chromium states a multipart body's length in its header (Playwright's sizes() leave a Blob body out).
  const length = Number((await upload.allHeaders())['content-length'] ?? 0) || (await upload.sizes()).requestBodySize;
  expect(length).toBeGreaterThan(0);
  expect(length).toBeLessThan(photo.length);

  const thumb = row.getByRole('img', { name: 'Radar target at 1.5 m' });
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  const stored = withTestDb((db) => db.prepare('SELECT width, height, file_name FROM adas_evidence WHERE adas_inspection = ?').get(id)) as {
    width: number;
    height: number;
    file_name: string;
  };
  expect(stored).toEqual({ width: 2048, height: 1536, file_name: 'IMG_0001.jpg' });

  await thumb.click();
  const dialog = page.getByRole('dialog', { name: 'Radar target at 1.5 m' });
  const full = dialog.getByRole('img');
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2048);
  const bytes = await page.request.get(new URL((await full.getAttribute('src'))!, page.url()).href).then((r) => r.body());
  expect((await sharp(bytes).metadata()).exif).toBeUndefined();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  // A file the host refuses says so on its row and is not added.
  await row
    .getByLabel(`Attach files for ${system}`)
    .setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not really a PDF') });
  await expect(row.getByRole('alert')).toHaveText(/scan\.pdf is not a photo \(JPEG or PNG\) or a PDF: it was not added\./);

  // The report's Evidence section names the system and the caption.
  const pdf = await page.request.get(`/api/bff/report/calibration?adasInspection=${id}`);
  expect(pdf.ok()).toBe(true);
  const text = (await new PDFParse({ data: new Uint8Array(await pdf.body()) }).getText()).text;
  const evidence = text.slice(text.indexOf('Evidence'));
  expect(evidence).toContain(system);
  expect(evidence).toContain('Radar target at 1.5 m');

  // The shared link shows it read-only.
  const link = await hostCall<{ token: string }>(await hostToken(5), 'POST', 'api/links/createShareLink', { adasInspection: id });
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/links?t=${link.body.token}`);
  const shared = guest.getByTestId('shared-evidence');
  await expect(shared.getByRole('heading', { name: system })).toBeVisible();
  const sharedThumb = shared.getByRole('img', { name: 'Radar target at 1.5 m' });
  await expect.poll(() => sharedThumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expect(guest.getByRole('button', { name: /Remove/ })).toHaveCount(0);
  await guestContext.close();

  // Removing asks first.
  await row.getByRole('button', { name: 'Remove photo Radar target at 1.5 m' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this evidence?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  // The open dialog hides the page from the accessibility tree, so the thumbnail counts as gone only once it closed.
  await expect(confirm).toHaveCount(0);
  await expect(thumb).toHaveCount(0);
  expect(withTestDb((db) => db.prepare('SELECT count(*) FROM adas_evidence WHERE adas_inspection = ?').pluck().get(id))).toBe(0);
});

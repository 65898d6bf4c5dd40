/**
 * The vehicle-data service's token (docs/adas.md#calls, #errors) end to end against the reference host's stand-in:
 * the app's server holds a token; the service expires it; the next lookup is refused (401), the app clears
 * the token, obtains a new one and the page still shows the components.
 */
import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';
import { pilotVin, withTestDb } from './adas-support';

test('an expired vehicle-data token is replaced and the lookup recovers', async ({ page }) => {
  const vin = pilotVin();
  await signIn(page, 5, undefined, `/add-inspection?vin=${vin}`);
  const components = page.getByTestId('vehicle-data-components');
  await expect(components.getByText('Forward-facing camera')).toBeVisible();

  // The service expires every token it issued (as time would); the app still holds its copy.
  const expiredAt = Date.now();
  const issuedBefore = withTestDb((db) => {
    db.prepare('UPDATE vehicle_data_token SET expires_at = ? WHERE expires_at > ?').run(expiredAt - 1, expiredAt);
    return db.prepare('SELECT count(*) FROM vehicle_data_token').pluck().get() as number;
  });

  await page.reload();
  await expect(components.getByText('Forward-facing camera')).toBeVisible();
  const fresh = withTestDb(
    (db) => db.prepare('SELECT count(*) FROM vehicle_data_token WHERE issued_at >= ?').pluck().get(expiredAt) as number,
  );
  expect(fresh).toBeGreaterThanOrEqual(1);
  expect(withTestDb((db) => db.prepare('SELECT count(*) FROM vehicle_data_token').pluck().get() as number)).toBeGreaterThan(issuedBefore);
});

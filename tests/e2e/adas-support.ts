/** Set-up helpers of the ADAS specs: VINs of the host's vehicle table, a fresh inspection, the test database, axe. */
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { expect, type Page } from '@playwright/test';
import { makeVin } from '../../api-host/vehicles/data';
import { TEST_DB } from '../../testkit/env';
import { hostCall, hostToken } from '../support/api';

/** A fresh, valid 2021 Honda Pilot VIN (pattern 5FN YF6H of the host's table) no other test uses. */
export function pilotVin(): string {
  let n = Math.floor(Math.random() * 900_000);
  return makeVin('5FN', 'YF6H', 2021, 100_000 + n, () => ((n = (n * 16807) % 2147483647) % 1000) / 1000);
}

/** The same VIN with another (wrong) check digit. */
export function withWrongCheckDigit(vin: string): string {
  const wrong = vin[8] === '1' ? '2' : '1';
  return vin.slice(0, 8) + wrong + vin.slice(9);
}

/** A fresh job of firm 6 (role 5 signs in there) with one inspection: answers the inspection and its systems' rows. */
export async function newInspection(ronumber: string): Promise<{ id: number; systems: { adasChecklistMatrix: number; system: string }[] }> {
  const token = await hostToken(5);
  const created = await hostCall<{ adasInspection: number }>(token, 'POST', 'api/adas/createAdas', {
    firm: 6,
    ronumber,
    vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' },
    inspection: {},
  });
  expect(created.status).toBe(200);
  const id = created.body.adasInspection;
  const items = await hostCall<{ adasChecklistMatrix: number; system: string }[]>(
    token,
    'GET',
    `api/adas/adasInspectionItems?adasInspection=${id}`,
  );
  expect(items.status).toBe(200);
  return { id, systems: items.body };
}

/** Runs `fn` on the running reference host's database (SQLite in WAL mode allows a second writer). */
export function withTestDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(TEST_DB);
  try {
    db.pragma('busy_timeout = 5000');
    return fn(db);
  } finally {
    db.close();
  }
}

/**
 * A fresh 2022 Honda Odyssey job (every system of the demo rules) at firm 6 with one inspection, written
 * straight into the test database, with its estimate's lines ([operation, description]) when given.
 */
export function odysseyJob(prefix: string, lines: readonly (readonly [string, string])[] = []): { adas: number; inspection: number } {
  const ro = `${prefix}-${Date.now().toString(36).toUpperCase()}`;
  return withTestDb((db) =>
    db.transaction(() => {
      const vehicle = db
        .prepare("INSERT INTO vehicle (firm, year, make, model) VALUES (6, 2022, 'Honda', 'Odyssey')")
        .run().lastInsertRowid;
      const adas = Number(
        db.prepare('INSERT INTO adas (firm, ronumber, vehicle, created_by) VALUES (6, ?, ?, 5)').run(ro, vehicle).lastInsertRowid,
      );
      const inspection = Number(
        db.prepare('INSERT INTO adas_inspection (adas, inspector, ronumber, created_by) VALUES (?, 5, ?, 5)').run(adas, ro).lastInsertRowid,
      );
      const line = db.prepare(
        'INSERT INTO adas_repair_line (adas, line_num, unique_sequence_number, operation, description, part_number) VALUES (?, ?, ?, ?, ?, ?)',
      );
      lines.forEach(([operation, description], i) => line.run(adas, i + 1, 1001 + i, operation, description, ''));
      return { adas, inspection };
    })(),
  );
}

/** Serious and critical axe violations (WCAG 2.0/2.1 A and AA), one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
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

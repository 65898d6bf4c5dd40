/**
 * The dashboard's third migration on a database written before it (api-host/dashboard/schema.ts
 * DASHBOARD_SCHEMA_3): the unrated minutes are filled from the kept costs, and a location moved afterwards
 * carries them along with the other sums.
 */
import { describe, expect, it } from 'vitest';
import { openDb } from '../../api-host/core/db';
import { DASHBOARD_SCHEMA, DASHBOARD_SCHEMA_2, DASHBOARD_SCHEMA_3 } from '../../api-host/dashboard/schema';

const FIRMS = { name: 'firms/1', sql: 'CREATE TABLE firm (firm INTEGER PRIMARY KEY, parent INTEGER, name TEXT);' };
const before = [FIRMS, { name: 'dashboard/1', sql: DASHBOARD_SCHEMA }, { name: 'dashboard/2', sql: DASHBOARD_SCHEMA_2 }];

describe('DASHBOARD_SCHEMA_3', () => {
  it('fills the unrated minutes from the kept costs and carries them when a location moves', () => {
    const now = openDb(':memory:', before);
    now.exec(`INSERT INTO firm VALUES (1, NULL, 'Top'), (2, 1, 'East'), (3, 1, 'West'), (4, 2, 'Shop');
      INSERT INTO dashboard_inspection VALUES (10, 100, 4, '2026-05-01', 'Toyota', 7, 1, 30000, 90, 0), (11, 101, 4, '2026-05-01', 'Honda', 8, 1, 20000, 60, 9000);
      INSERT INTO dashboard_daily (node, kind, day, key, inspections, calibrations, sales_cents, minutes, cost_cents) VALUES
        (4, 'total', '2026-05-01', '', 2, 2, 50000, 150, 9000), (2, 'total', '2026-05-01', '', 2, 2, 50000, 150, 9000),
        (1, 'total', '2026-05-01', '', 2, 2, 50000, 150, 9000), (4, 'tech', '2026-05-01', '7', 1, 1, 30000, 90, 0),
        (2, 'tech', '2026-05-01', '7', 1, 1, 30000, 90, 0), (1, 'tech', '2026-05-01', '7', 1, 1, 30000, 90, 0);`);
    now.exec(DASHBOARD_SCHEMA_3);
    expect(now.prepare('SELECT adas_inspection, unrated_minutes FROM dashboard_inspection ORDER BY 1').raw().all()).toEqual([
      [10, 90],
      [11, 0],
    ]);
    // A row all of whose minutes had no rate is filled; a mixed one keeps 0 until a rebuild.
    const daily = () =>
      now.prepare('SELECT node, kind, unrated_minutes FROM dashboard_daily WHERE inspections <> 0 ORDER BY node, kind').raw().all();
    expect(daily()).toEqual([
      [1, 'tech', 90],
      [1, 'total', 0],
      [2, 'tech', 90],
      [2, 'total', 0],
      [4, 'tech', 90],
      [4, 'total', 0],
    ]);
    now.prepare('UPDATE firm SET parent = 3 WHERE firm = 4').run();
    expect(daily()).toEqual([
      [1, 'tech', 90],
      [1, 'total', 0],
      [3, 'tech', 90],
      [3, 'total', 0],
      [4, 'tech', 90],
      [4, 'total', 0],
    ]);
  });
});

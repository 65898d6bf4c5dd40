/**
 * Seed step of the ADAS area: about 400 jobs over the last 18 months across the shops, each with a vehicle
 * of a configured make (a real-format VIN with a valid check digit, owned by one of the shop's customers),
 * one to three inspections in every status with the vehicle's systems and their results, and repair lines
 * worded as real estimates are (the words the knowledge base's keywords look for). Deterministic (seeded
 * PRNG) except that dates are relative to the seeding time. `bulkInsertJobs` is what the benchmark seed
 * (scripts/seed-bench.ts) uses for 100,000 jobs and 250,000 inspections.
 */
import { oneRow } from '../core/sql';
import { picker } from '../core/random';
import { STATUS, rolledUpStatus } from '../../lib/adas/rules';
import type { AdasSystem } from '../../lib/contract/decode';
import { prng } from '../contacts/service';
import type { Db } from '../core/db';
import { vehicleGenerator, type GenVehicle } from '../vehicles/service';
import { vehicleSystems } from './systems';
import { isoSeconds as iso } from '../core/time';
import { seedJobHistory } from './history';

const DAY = 86_400_000;

/** Estimate lines as body shops write them: [operation, description, part number prefix]. */
const REPAIR_LINES: readonly (readonly [string, string, string])[] = [
  ['Repl', 'Windshield glass w/ rain sensor', 'WS'],
  ['R&I', 'Front camera bracket (windshield)', ''],
  ['Repl', 'Front bumper cover', 'BC'],
  ['R&I', 'Front bumper cover', ''],
  ['Repl', 'Grille assy', 'GR'],
  ['Repl', 'Front emblem w/ radar cover', 'EM'],
  ['R&I', 'Radar sensor bracket', ''],
  ['Repl', 'Rear bumper cover', 'RB'],
  ['R&I', 'Rear bumper cover', ''],
  ['Repl', 'LT Outside mirror assy w/ camera', 'MR'],
  ['R&I', 'RT Outside mirror glass', ''],
  ['Repl', 'RT Headlamp assy', 'HL'],
  ['Rpr', 'LT Quarter panel', ''],
  ['Refn', 'Hood', ''],
  ['Repl', 'Liftgate', 'LG'],
  ['Subl', 'Four wheel alignment', ''],
  ['Subl', 'Pre-repair scan', ''],
  ['Subl', 'Post-repair scan', ''],
  ['Repl', 'Steering column cover', 'SC'],
  ['R&I', 'Instrument panel', ''],
  ['Repl', 'Front parking sensor', 'PS'],
  ['Repl', 'RT Rear quarter panel radar', 'RR'],
  ['Subl', 'Calibrate forward camera', ''],
  ['Subl', 'Blind spot calibration', ''],
  ['O/H', 'Front suspension', ''],
  ['Repl', 'LT Outer tie rod end', 'TR'],
  ['Subl', 'Windshield replacement', ''],
  ['Repl', 'RT Blind spot sensor bracket', 'BS'],
];
const NOTES = [
  '',
  '',
  '',
  'Customer waiting.',
  'Glass from dealer; call when in.',
  'Insurance approved supplement.',
  'Rental car arranged.',
  'Second visit for calibration.',
];

export interface GenResult {
  system: AdasSystem;
  result: number | null;
  isNotEquipped: boolean;
}
export interface GenInspection {
  type: number;
  inspector: number | null;
  status: number;
  /** Days after the job's creation. */
  afterDays: number;
  results: GenResult[];
}
export interface GenJob {
  firm: number;
  ronumber: string;
  adasType: number;
  insurance: number | null;
  insuranceName: string;
  notes: string;
  /** Days before now. */
  ageDays: number;
  /** The job's status: rolled up from its inspections. */
  status: number;
  createdBy: number | null;
  vehicle: GenVehicle & { contact: number | null; makeId: number | null };
  inspections: GenInspection[];
  lines: { operation: string; description: string; partNumber: string; isNotEquipped: boolean }[];
}

export interface SeedContext {
  /** Per firm: its customers, users who may inspect, and who creates jobs. */
  customers: ReadonlyMap<number, readonly number[]>;
  inspectors: ReadonlyMap<number, readonly number[]>;
  insurers: readonly { insurance: number; name: string; firm: number }[];
  makeIds: ReadonlyMap<string, number>;
}

/** Who and what the generator can pick from, read from the seeded database. */
export function seedContext(db: Db): SeedContext {
  const customers = new Map<number, number[]>();
  for (const r of db
    .prepare<unknown[], { contact: number; firm: number }>(
      'SELECT contact, firm FROM contact WHERE contact_type = 2 AND merged_into IS NULL AND is_inactive = 0 AND contact NOT IN (SELECT contact FROM user) ORDER BY contact',
    )
    .all())
    customers.set(r.firm, [...(customers.get(r.firm) ?? []), r.contact]);
  const inspectors = new Map<number, number[]>();
  for (const r of db
    .prepare<unknown[], { firm: number; user: number }>(
      'SELECT uf.firm, uf.user FROM user_firm uf JOIN user u ON u.user = uf.user WHERE u.is_inactive = 0 AND u.role NOT IN (1, 2) ORDER BY uf.user',
    )
    .all())
    inspectors.set(r.firm, [...(inspectors.get(r.firm) ?? []), r.user]);
  const hasInsurers = !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'insurance'").get();
  const insurers = hasInsurers
    ? db
        .prepare<
          unknown[],
          {
            insurance: number;
            name: string;
            firm: number;
          }
        >('SELECT insurance, insurance_name AS name, firm FROM insurance WHERE is_inactive = 0 ORDER BY insurance')
        .all()
    : [];
  const makeIds = new Map(
    db
      .prepare<unknown[], { name: string; make_id: number }>('SELECT name, make_id FROM vehicle_make')
      .all()
      .map((r) => [r.name, r.make_id]),
  );
  return { customers, inspectors, insurers, makeIds };
}

/**
 * A deterministic generator of jobs at the given firms (weighted by repetition), `days` back from now.
 * Status follows age: old jobs are mostly Complete, recent ones Open, In Progress or On Hold.
 */
export function jobGenerator(db: Db, seed: number, firms: readonly number[], ctx: SeedContext, days = 548) {
  const pick = prng(seed);
  const nextVehicle = vehicleGenerator(pick, new Date().getFullYear());
  const one = picker(pick);
  const systemsCache = new Map<string, AdasSystem[]>();
  const systemsOf = (v: GenVehicle) => {
    const key = `${v.make}|${v.model}|${v.year}`;
    let s = systemsCache.get(key);
    if (!s) systemsCache.set(key, (s = vehicleSystems(db, v)));
    return s;
  };
  const roSeq = new Map<number, number>();

  const inspection = (firm: number, systems: AdasSystem[], status: number, afterDays: number, type: number): GenInspection => {
    const inspectors = ctx.inspectors.get(firm) ?? [];
    const done = status === STATUS.complete;
    const results = systems.map((system): GenResult => {
      const notEquipped = pick() < 0.08;
      const recorded = done || (status !== STATUS.open && pick() < 0.5);
      const r = pick();
      return {
        system,
        isNotEquipped: notEquipped,
        result: notEquipped || !recorded ? null : r < 0.45 ? 1 : r < 0.7 ? 3 : r < 0.9 ? 2 : r < 0.96 ? 4 : 5,
      };
    });
    return { type, inspector: inspectors.length && pick() < 0.85 ? one(inspectors) : null, status, afterDays, results };
  };

  return (): GenJob => {
    const firm = one(firms);
    const ageDays = Math.floor(pick() ** 1.3 * days);
    const v = nextVehicle();
    const customers = ctx.customers.get(firm) ?? [];
    const contact = customers.length && pick() < 0.9 ? one(customers) : null;
    const systems = systemsOf(v);
    const n = pick() < 0.2 ? 1 : pick() < 0.75 ? 2 : 3;
    // Older jobs are done; the last weeks hold the open work.
    const doneShare = ageDays > 30 ? 0.93 : ageDays > 7 ? 0.55 : 0.15;
    const inspections: GenInspection[] = [];
    for (let i = 0; i < n; i++) {
      const r = pick();
      const status =
        r < doneShare
          ? STATUS.complete
          : r < doneShare + (1 - doneShare) * 0.45
            ? STATUS.open
            : r < doneShare + (1 - doneShare) * 0.85
              ? STATUS.inProgress
              : STATUS.onHold;
      inspections.push(
        inspection(firm, systems, status, Math.min(ageDays, i * (1 + Math.floor(pick() * 4))), i === 0 ? 1 : i === n - 1 ? 2 : 3),
      );
    }
    const insurers = ctx.insurers.filter((x) => x.firm === 1 || x.firm === firm);
    const insurer = insurers.length && pick() < 0.8 ? one(insurers) : null;
    const seq = (roSeq.get(firm) ?? Math.floor(pick() * 5000)) + 1 + Math.floor(pick() * 3);
    roSeq.set(firm, seq);
    // Distinct estimate lines: a shuffled pick of 3 to 11.
    const order = REPAIR_LINES.map((line) => ({ line, key: pick() })).sort((x, y) => x.key - y.key);
    const lines = order.slice(0, 3 + Math.floor(pick() * 9)).map(({ line }) => {
      const [operation, description, part] = line;
      return {
        operation,
        description,
        partNumber: part ? `${part}-${Math.floor(10000 + pick() * 89999)}` : '',
        isNotEquipped: pick() < 0.04,
      };
    });
    const jobStatus = rolledUpStatus(
      pick() < 0.2 ? STATUS.inProgress : STATUS.open,
      inspections.map((x) => x.status),
    );
    return {
      firm,
      ronumber: `${String(firm).padStart(2, '0')}-${String(seq).padStart(6, '0')}`,
      adasType: pick() < 0.6 ? 1 : pick() < 0.7 ? 2 : 1 + Math.floor(pick() * 5),
      insurance: insurer?.insurance ?? null,
      insuranceName: insurer?.name ?? '',
      notes: one(NOTES),
      ageDays,
      createdBy: (ctx.inspectors.get(firm) ?? [])[0] ?? null,
      vehicle: { ...v, contact, makeId: ctx.makeIds.get(v.make) ?? null },
      status: jobStatus,
      inspections,
      lines,
    };
  };
}

/** Inserts jobs with everything they hold; call inside a transaction for volume. `now` anchors the dates. */
export function jobInserter(db: Db, now = Date.now()) {
  const vehicle = db.prepare(
    'INSERT INTO vehicle (firm, contact, year, make, make_id, model, bodystyle, vin, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const job = db.prepare(
    `INSERT INTO adas (firm, adas_type, ronumber, insurance, insurance_name, notes, vehicle, status, status_changed_at, created_by, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const inspection = db.prepare(
    `INSERT INTO adas_inspection (adas, adas_inspection_type, inspector, insurance, insurance_name, ronumber, status, inspection_date, completed_at, completed_by,
       status_changed_at, created_by, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const result = db.prepare(
    `INSERT INTO adas_inspection_result (adas_inspection, adas_checklist_matrix, sort, system, oem_name, location, calibration_type, calibration_mode,
       static_names, dynamic_names, notice, hints, is_highlight, url, result, is_not_equipped, updated_at, updated_by, result_at, result_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const line = db.prepare(
    'INSERT INTO adas_repair_line (adas, line_num, unique_sequence_number, operation, description, part_number, is_not_equipped) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  let n = 0;
  return (j: GenJob): number => {
    n++;
    // Spread within the day too, so "created" sorts are not ties.
    const created = now - j.ageDays * DAY - (n % 600) * 60_000;
    const v = j.vehicle;
    const vehicleId = Number(
      vehicle.run(j.firm, v.contact, v.year, v.make, v.makeId, v.model, v.bodystyle, v.vin, iso(created)).lastInsertRowid,
    );
    const id = Number(
      job.run(
        j.firm,
        j.adasType,
        j.ronumber,
        j.insurance,
        j.insuranceName,
        j.notes,
        vehicleId,
        j.status,
        iso(created),
        j.createdBy,
        iso(created),
      ).lastInsertRowid,
    );
    for (const x of j.inspections) {
      const at = iso(Math.min(now, created + x.afterDays * DAY + 2 * 3600_000));
      const done = x.status === STATUS.complete;
      const inspectionId = Number(
        inspection.run(
          id,
          x.type,
          x.inspector,
          j.insurance,
          j.insuranceName,
          j.ronumber,
          x.status,
          at,
          done ? at : null,
          done ? x.inspector : null,
          at,
          j.createdBy,
          iso(created),
        ).lastInsertRowid,
      );
      x.results.forEach((r, i) => {
        const s = r.system;
        result.run(
          inspectionId,
          s.adasChecklistMatrix,
          (i + 1) * 10,
          s.system,
          s.oemName,
          s.location,
          s.calibrationType,
          s.calibrationMode,
          JSON.stringify(s.staticNames),
          JSON.stringify(s.dynamicNames),
          s.notice,
          s.hints,
          s.isHighlight ? 1 : 0,
          s.url,
          r.result,
          r.isNotEquipped ? 1 : 0,
          r.result != null || r.isNotEquipped ? at : null,
          r.result != null || r.isNotEquipped ? x.inspector : null,
          r.result != null ? at : null,
          r.result != null ? x.inspector : null,
        );
      });
    }
    j.lines.forEach((l, i) => line.run(id, i + 1, 1000 + (i + 1) * 7, l.operation, l.description, l.partNumber, l.isNotEquipped ? 1 : 0));
    return id;
  };
}

/** The shops: firms without firms below them. */
export const shopFirms = (db: Db) =>
  db
    .prepare<unknown[], number>(
      "SELECT firm FROM firm WHERE firm_type = 'shop' AND is_inactive = 0 AND firm NOT IN (SELECT parent FROM firm WHERE parent IS NOT NULL) ORDER BY firm",
    )
    .pluck()
    .all();

export function seedAdas(db: Db): void {
  const shops = shopFirms(db);
  // The demo users' shops (6, 7, 9) get more work, so every screen has plenty to show when signed in.
  const weighted = [...shops, ...shops.filter((f) => f === 6 || f === 7 || f === 9).flatMap((f) => [f, f])];
  const next = jobGenerator(db, 20260513, weighted, seedContext(db));
  const insert = jobInserter(db);
  db.transaction(() => {
    for (let i = 0; i < 400; i++) insert(next());
  })();
  seedJobHistory(db); // so the History panel of a demo job tells what its records say happened
  db.exec('ANALYZE');
}

/**
 * Inserts many jobs fast (the benchmark seed): in one transaction the ADAS-area triggers are set aside,
 * the rows written, then the denormalised list columns, the inspection counts and the search index are
 * rebuilt in bulk for the new rows and the triggers restored. Same result as `jobInserter`.
 */
export function bulkInsertJobs(db: Db, jobs: Iterable<GenJob>, now = Date.now()): number {
  let n = 0;
  db.transaction(() => {
    const triggers = db
      .prepare<unknown[], { name: string; sql: string }>(
        `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql IS NOT NULL AND tbl_name IN ('adas', 'adas_inspection', 'vehicle')`,
      )
      .all();
    for (const t of triggers) db.exec(`DROP TRIGGER ${t.name}`);
    const first = oneRow(db.prepare<unknown[], number>('SELECT coalesce(max(adas), 0) + 1 FROM adas').pluck().get());
    const firstVehicle = oneRow(db.prepare<unknown[], number>('SELECT coalesce(max(vehicle), 0) + 1 FROM vehicle').pluck().get());
    const insert = jobInserter(db, now);
    for (const j of jobs) {
      insert(j);
      n++;
    }
    db.prepare(
      `UPDATE adas SET
         vehicle_label = (SELECT v.year || ' ' || v.make || ' ' || v.model FROM vehicle v WHERE v.vehicle = adas.vehicle),
         vin = (SELECT v.vin FROM vehicle v WHERE v.vehicle = adas.vehicle),
         firm_name = (SELECT f.name FROM firm f WHERE f.firm = adas.firm),
         inspections_total = (SELECT count(*) FROM adas_inspection i WHERE i.adas = adas.adas),
         inspections_complete = (SELECT count(*) FROM adas_inspection i WHERE i.adas = adas.adas AND i.status = 2)
       WHERE adas >= ?`,
    ).run(first);
    db.prepare('INSERT INTO adas_search (rowid, ronumber, vin) SELECT adas, ronumber, vin FROM adas WHERE adas >= ?').run(first);
    db.prepare('INSERT INTO vehicle_search (rowid, vin, make, model) SELECT vehicle, vin, make, model FROM vehicle WHERE vehicle >= ?').run(
      firstVehicle,
    );
    for (const t of triggers) db.exec(t.sql);
  })();
  db.exec(`INSERT INTO adas_search (adas_search) VALUES ('optimize'); INSERT INTO vehicle_search (vehicle_search) VALUES ('optimize');`);
  return n;
}

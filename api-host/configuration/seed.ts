/**
 * The DEMO knowledge base (demo-data.ts: illustrative, not OEM repair information): systems, calibration
 * types and prices, make matrices for ten makes over model years 2018–2025, exceptions, exclusions, a
 * shop's estimate terms, the no-scrub list, info lookups, links, translations, report recommendations, test drives and result types,
 * and one scan-pro configuration. Written through the same code the calls use (make-matrices.ts), so the
 * keyword index, models and search rows are what a saved record would have.
 */
import { oneRow } from '../core/sql';
import { nth } from '../core/random';
import { joinKeywords } from '../../lib/configuration/keywords';
import type { Db } from '../core/db';
import { indexKeywords } from './keywords';
import { saveMakeMatrix } from './make-matrices';
import {
  DEMO_CALIBRATIONS,
  DEMO_ESTIMATE_TERMS,
  DEMO_EXCLUSIONS,
  DEMO_FIRM_PRICES,
  DEMO_INFO,
  DEMO_LINKS,
  DEMO_MAKES,
  DEMO_MAKE_EXCEPTIONS,
  DEMO_NO_SCRUB,
  DEMO_REPORT_RECOMMENDATIONS,
  DEMO_RESULT_TYPES,
  DEMO_SYSTEMS,
  DEMO_TEST_DRIVES,
  DEMO_TRANSLATIONS,
  type MakeDemo,
  type MakeSystemDemo,
} from './demo-data';

/** Ids of the seeded systems and calibration types by name. */
export interface SeedIds {
  systems: Map<string, number>;
  calibrations: Map<string, { id: number; systemType: number }>;
}

export function seedReference(db: Db): SeedIds {
  const systems = new Map<string, number>();
  const calibrations = new Map<string, { id: number; systemType: number }>();
  const insertSystem = db.prepare(
    'INSERT INTO adas_checklist_matrix (matrix_item, notice, hints, keywords, is_highlight, is_inactive, sort) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertItem = db.prepare('INSERT INTO adas_checklist_matrix_item (adas_checklist_matrix, item) VALUES (?, ?)');
  DEMO_SYSTEMS.forEach((s, i) => {
    const keywords = joinKeywords(s.keywords);
    const id = Number(
      insertSystem.run(s.name, s.notice, s.hints, keywords, s.highlight ? 1 : 0, s.inactive ? 1 : 0, (i + 1) * 10).lastInsertRowid,
    );
    for (const item of s.items) insertItem.run(id, item);
    indexKeywords(db, 'checklist', id, keywords);
    systems.set(s.name, id);
  });
  const insertType = db.prepare('INSERT INTO adas_calibration_type (system_type, name, mode, price_cents) VALUES (?, ?, ?, ?)');
  for (const [systemType, name, mode, price] of DEMO_CALIBRATIONS)
    calibrations.set(name, {
      id: Number(insertType.run(systemType, name, mode, price == null ? null : Math.round(price * 100)).lastInsertRowid),
      systemType,
    });
  const insertPrice = db.prepare('INSERT INTO adas_calibration_price (firm, calibration_type, price_cents) VALUES (?, ?, ?)');
  for (const [firm, name, price] of DEMO_FIRM_PRICES) insertPrice.run(firm, calibrations.get(name)!.id, Math.round(price * 100));
  return { systems, calibrations };
}

/** The make matrices of one system of a make: one per range of years. */
export function makeMatrixInputs(make: MakeDemo, s: MakeSystemDemo, ids: SeedIds) {
  return s.years.map(([yearStart, yearEnd], i) => {
    const calibration = ids.calibrations.get(nth(s.calibrations, Math.min(i, s.calibrations.length - 1)))!;
    return {
      adasChecklistMatrixVehicle: -1,
      adasChecklistMatrix: ids.systems.get(s.system)!,
      vehicleMake: make.make,
      yearStart,
      yearEnd,
      system: s.oem,
      location: s.location,
      isRR: s.rr,
      isRI: s.ri,
      systemType: calibration.systemType,
      locationType: s.locationType,
      calibrationType: calibration.id,
      url: make.url,
      source: make.source,
      triggerNotice: !!s.notice,
      triggerNoticeText: s.notice ?? '',
      cccLocationKeywords: joinKeywords(s.keywords.location),
      cccLineKeywords: joinKeywords(s.keywords.line),
      cccSubletKeywords: joinKeywords(s.keywords.sublet),
      isInactive: false,
      models: (s.models ?? []).map((name) => ({ id: -1, name, isAdd: true, isDelete: false })),
      systems: [...(s.aliases ?? [])],
      locations: [],
      static: [...(s.staticNames ?? [])],
      dynamic: [...(s.dynamicNames ?? [])],
    };
  });
}

export function seedConfiguration(db: Db): void {
  db.transaction(() => {
    const ids = seedReference(db);
    const system = (name: string | null) => (name == null ? null : ids.systems.get(name)!);
    for (const make of DEMO_MAKES)
      for (const s of make.systems) for (const input of makeMatrixInputs(make, s, ids)) saveMakeMatrix(db, input);

    const exclusion = db.prepare('INSERT INTO adas_exclusion (keyword, adas_checklist_matrix, reason) VALUES (?, ?, ?)');
    for (const [keyword, sys, reason] of DEMO_EXCLUSIONS) exclusion.run(keyword, system(sys), reason);

    const exception = db.prepare(
      'INSERT INTO adas_make_exclusion (vehicle_make, adas_checklist_matrix, keywords, reason) VALUES (?, ?, ?, ?)',
    );
    for (const [make, sys, keywords, reason] of DEMO_MAKE_EXCEPTIONS) {
      const id = Number(exception.run(make, system(sys), joinKeywords(keywords), reason).lastInsertRowid);
      indexKeywords(db, 'exception', id, joinKeywords(keywords), make);
    }

    const term = db.prepare('INSERT INTO estimate_term (firm, written, meaning, kind, updated_by) VALUES (?, ?, ?, ?, 1)');
    for (const row of DEMO_ESTIMATE_TERMS) term.run(...row);

    const noScrub = db.prepare(
      'INSERT INTO adas_no_scrub (vehicle_make, vehicle_model, year_start, year_end, reason, is_inactive) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const [make, model, start, end, reason, inactive] of DEMO_NO_SCRUB) noScrub.run(make, model, start, end, reason, inactive ? 1 : 0);

    const urlOf = new Map(DEMO_MAKES.map((m) => [m.make, m.url]));
    // Added by nobody: no date of addition (schema.ts LINK_ADDED_AS_RECORDED).
    const link = db.prepare(
      'INSERT INTO make_matrix_link (type, make, model, year_start, year_end, title, url, is_new, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)',
    );
    for (const [make, model, start, end, title, type, isNew] of DEMO_LINKS)
      link.run(type, make, model, start, end, title, urlOf.get(make)!, isNew ? 1 : 0);

    const info = db.prepare(
      `INSERT INTO adas_info_lookup (adas_checklist_matrix, vehicle_make, year_start, year_end, keywords, lookup_type, url, source, is_report_add, description, sort)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    DEMO_INFO.forEach(([make, sys, start, end, type, description, keywords, report], i) => {
      const maker = DEMO_MAKES.find((m) => m.make === make)!;
      const id = Number(
        info.run(system(sys), make, start, end, joinKeywords(keywords), type, maker.url, maker.source, report ? 1 : 0, description, i + 1)
          .lastInsertRowid,
      );
      indexKeywords(db, 'info', id, joinKeywords(keywords), make);
    });

    const translation = db.prepare('INSERT INTO translation (translation_type, language_code, source, text) VALUES (?, ?, ?, ?)');
    for (const row of DEMO_TRANSLATIONS) translation.run(...row);

    const recommendation = db.prepare(
      'INSERT INTO report_recommendation (title, year_start, year_end, systems, makes, content) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const [title, start, end, systems, makes, content] of DEMO_REPORT_RECOMMENDATIONS)
      recommendation.run(title, start, end, JSON.stringify(systems.map((s) => system(s))), JSON.stringify(makes), content);

    const drive = db.prepare(
      'INSERT INTO testdrive_recommendation (firm, recommendation, drive_type, vehicle_make, recommendation_text) VALUES (?, ?, ?, ?, ?)',
    );
    for (const row of DEMO_TEST_DRIVES) drive.run(...row);

    const resultType = db.prepare(
      'INSERT INTO testdrive_result_type (firm, name, code, drive_type, sort, is_inactive) VALUES (1, ?, ?, ?, ?, ?)',
    );
    for (const [name, code, driveType, sort, inactive] of DEMO_RESULT_TYPES) resultType.run(name, code, driveType, sort, inactive ? 1 : 0);

    db.prepare('INSERT INTO scanpro_configuration (business_id, criteria, checklist, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)').run(
      6,
      JSON.stringify({ makes: ['Toyota', 'Honda', 'Subaru'], yearStart: 2018, yearEnd: 2025, preRepairScan: true, postRepairScan: true }),
      JSON.stringify(['Forward Camera', 'Front Radar', 'Blind Spot Monitoring'].map((s) => system(s))),
      1,
      '2026-01-15T14:30:00Z',
    );
  })();
}

/** More makes for the benchmark, beyond the demo ten (their systems follow a demo make's). */
const BENCH_MAKES = [
  'Acura',
  'Alfa Romeo',
  'Audi',
  'Buick',
  'Cadillac',
  'Chrysler',
  'Dodge',
  'Fiat',
  'Genesis',
  'GMC',
  'Infiniti',
  'Jaguar',
  'Jeep',
  'Land Rover',
  'Lexus',
  'Lincoln',
  'Lucid',
  'Maserati',
  'Mazda',
  'Mercedes-Benz',
  'Mini',
  'Mitsubishi',
  'Polestar',
  'Porsche',
  'Ram',
  'Rivian',
  'Volkswagen',
  'Volvo',
  'Cupra',
  'Skoda',
  'Seat',
  'Smart',
  'Scion',
  'Saab',
  'Pontiac',
  'Mercury',
  'Hummer',
  'Isuzu',
  'Suzuki',
  'Saturn',
];

/**
 * Grows the make matrices to `target` rows for the benchmark (npm run seed-bench), shaped like a full
 * knowledge base: every make (the demo ten, then more) has its models, each model its systems, each
 * system one make matrix per two model years from 2000 — so a vehicle still has one row per system.
 * Written through the same save as the calls, in one transaction.
 */
export function growMakeMatrices(db: Db, target: number): number {
  const ids: SeedIds = {
    systems: new Map(
      db
        .prepare<
          unknown[],
          {
            matrix_item: string;
            adas_checklist_matrix: number;
          }
        >('SELECT matrix_item, adas_checklist_matrix FROM adas_checklist_matrix')
        .all()
        .map((r) => [r.matrix_item, r.adas_checklist_matrix]),
    ),
    calibrations: new Map(
      db
        .prepare<
          unknown[],
          {
            name: string;
            calibration_type: number;
            system_type: number;
          }
        >('SELECT name, calibration_type, system_type FROM adas_calibration_type')
        .all()
        .map((r) => [r.name, { id: r.calibration_type, systemType: r.system_type }]),
    ),
  };
  const makes: MakeDemo[] = [
    ...DEMO_MAKES,
    ...BENCH_MAKES.map((make, i) => ({
      ...nth(DEMO_MAKES, i),
      make,
      models: Array.from({ length: 12 }, (_, m) => `${make.slice(0, 3).toUpperCase()}-${m + 1}`),
    })),
  ];
  const start = oneRow(db.prepare<unknown[], number>('SELECT count(*) FROM adas_make_matrix').pluck().get());
  let added = 0;
  db.transaction(() => {
    for (const make of makes)
      for (const model of make.models)
        for (const system of make.systems)
          for (let year = 2000; year <= 2026; year += 2) {
            if (start + added >= target) return;
            for (const input of makeMatrixInputs(make, { ...system, years: [[year, Math.min(year + 1, 2026)]], models: [model] }, ids))
              try {
                saveMakeMatrix(db, input);
                added++;
              } catch {
                // A demo row already holds this make, system, years and model.
              }
          }
  })();
  return added;
}

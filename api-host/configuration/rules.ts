/**
 * The ADAS rules: what the knowledge base says about one vehicle. For the areas that apply it — ADAS jobs
 * ("which systems and calibrations apply to this make, model and year") and calibrations (which repair
 * lines trigger a calibration, what it costs). Read-only, plain data, indexed queries only (the vehicle
 * lookup answers in well under 5 ms at 50,000 make matrices: `npm run seed-bench -- --measure`).
 *
 *   import { rulesFor, systemsFor, calibrationPrice } from '../configuration/rules';
 *   systemsFor(db, { make: 'Toyota', model: 'RAV4', year: 2022 });      // the systems, in checklist order
 *   rulesFor(db, { make: 'Toyota', model: 'RAV4', year: 2022 }, firm);   // + no-scrub, exceptions, prices
 *
 * What applies:
 * - A make matrix applies to a vehicle when it and its system are active, its make is the vehicle's
 *   (ignoring case), the year is within its years, and it lists the vehicle's model or lists no model
 *   (every model). Systems come in the systems' order (checklist sort), then the make's order.
 * - Each system carries its CCC keywords (line, location, sublet) as lists, its calibration (type, mode,
 *   static and dynamic procedure names), the RR/RI flags (remove-and-replace / remove-and-install of the
 *   part triggers a calibration), the trigger notice text (when the notice is on) and the OEM link.
 * - A no-scrub item applies the same way (model '' = every model): such a vehicle is not scrubbed.
 * - Make exceptions: keywords that do not trigger a given system (or any system, adasChecklistMatrix null)
 *   for the make. Exclusions: repair-line phrases that never trigger (one system, or any). Only active
 *   ones are answered.
 * - Prices: the firm's own price of the calibration type, else the network default (calibrationPrice).
 * What the keywords mean and how lines are matched on them belongs to the scrub (lib/calibrations, docs/scrub.md).
 */
import type { CalibrationMode, LinkType } from '../../lib/configuration/constants';
import { splitKeywords } from '../../lib/configuration/keywords';
import type { Db } from '../core/db';
import { prepared } from '../core/sql';

export { estimateTermsFor } from './estimate-terms';

export interface Vehicle {
  make: string;
  model: string;
  year: number;
}

export interface ApplicableSystem {
  makeMatrix: number;
  adasChecklistMatrix: number;
  /** The system (checklist matrix) and what it tells the technician. */
  matrixItem: string;
  notice: string;
  hints: string;
  isHighlight: boolean;
  /** The OEM's name of the system and where it sits, with their other names. */
  system: string;
  location: string;
  systemNames: string[];
  locationNames: string[];
  systemType: number | null;
  systemTypeName: string;
  locationType: number | null;
  locationTypeName: string;
  calibrationType: number | null;
  calibrationTypeName: string;
  calibrationMode: CalibrationMode | null;
  staticNames: string[];
  dynamicNames: string[];
  isRR: boolean;
  isRI: boolean;
  /** The trigger notice's text, or null when the notice is off. */
  triggerNotice: string | null;
  url: string;
  source: string;
  keywords: { line: string[]; location: string[]; sublet: string[] };
}

type NameLists = 'systemNames' | 'locationNames' | 'staticNames' | 'dynamicNames';
/** A system as systemsFor's SQL yields it: the contract's names, its flags as stored, its keywords as text. */
type SystemDb = Omit<ApplicableSystem, NameLists | 'keywords' | 'isHighlight' | 'isRR' | 'isRI'> & {
  isHighlight: number;
  isRR: number;
  isRI: number;
  cccLineKeywords: string;
  cccLocationKeywords: string;
  cccSubletKeywords: string;
};

/** Ids of the active make matrices that apply to the vehicle (every-model rows and rows listing the model). */
const APPLYING_IDS = `
  SELECT m.make_matrix FROM adas_make_matrix m INDEXED BY adas_make_matrix_every_model
  WHERE m.vehicle_make = @make AND m.has_models = 0 AND m.year_start <= @year AND m.year_end >= @year AND m.is_inactive = 0
  UNION
  SELECT m.make_matrix FROM adas_make_matrix_model x JOIN adas_make_matrix m ON m.make_matrix = x.make_matrix
  WHERE x.vehicle_make = @make AND x.vehicle_model = @model AND m.year_start <= @year AND m.year_end >= @year AND m.is_inactive = 0`;

/** The systems and calibrations that apply to a vehicle. */
export function systemsFor(db: Db, v: Vehicle): ApplicableSystem[] {
  const make = v.make.trim();
  const model = v.model.replace(/\s+/g, ' ').trim();
  const rows = prepared<SystemDb>(
    db,
    `SELECT m.make_matrix AS makeMatrix, m.adas_checklist_matrix AS adasChecklistMatrix, c.matrix_item AS matrixItem, c.notice, c.hints,
            c.is_highlight AS isHighlight, m.system, m.location, m.system_type AS systemType, coalesce(st.name, '') AS systemTypeName,
            m.location_type AS locationType, coalesce(lt.name, '') AS locationTypeName, m.calibration_type AS calibrationType,
            coalesce(ct.name, '') AS calibrationTypeName, ct.mode AS calibrationMode, m.is_rr AS isRR, m.is_ri AS isRI,
            CASE WHEN m.trigger_notice = 1 THEN m.trigger_notice_text END AS triggerNotice, m.url, m.source,
            m.ccc_line_keywords AS cccLineKeywords, m.ccc_location_keywords AS cccLocationKeywords, m.ccc_sublet_keywords AS cccSubletKeywords
     FROM (${APPLYING_IDS}) a
     JOIN adas_make_matrix m ON m.make_matrix = a.make_matrix
     JOIN adas_checklist_matrix c ON c.adas_checklist_matrix = m.adas_checklist_matrix AND c.is_inactive = 0
     LEFT JOIN adas_system_type st ON st.system_type = m.system_type
     LEFT JOIN adas_location_type lt ON lt.location_type = m.location_type
     LEFT JOIN adas_calibration_type ct ON ct.calibration_type = m.calibration_type
     ORDER BY c.sort, c.matrix_item, m.sort, m.make_matrix`,
  ).all({ make, model, year: v.year });
  if (!rows.length) return [];

  const names = new Map<number, Record<string, string[]>>();
  for (const n of prepared<{ make_matrix: number; kind: string; name: string }>(
    db,
    'SELECT make_matrix, kind, name FROM adas_make_matrix_name WHERE make_matrix IN (SELECT value FROM json_each(?)) ORDER BY make_matrix, kind, position',
  ).all(JSON.stringify(rows.map((r) => r.makeMatrix)))) {
    const of = names.get(n.make_matrix) ?? {};
    (of[n.kind] ??= []).push(n.name);
    names.set(n.make_matrix, of);
  }

  return rows.map(({ isHighlight, isRR, isRI, cccLineKeywords, cccLocationKeywords, cccSubletKeywords, ...r }) => {
    const n = names.get(r.makeMatrix) ?? {};
    return {
      ...r,
      isHighlight: isHighlight === 1,
      systemNames: n.system ?? [],
      locationNames: n.location ?? [],
      staticNames: n.static ?? [],
      dynamicNames: n.dynamic ?? [],
      isRR: isRR === 1,
      isRI: isRI === 1,
      keywords: {
        line: splitKeywords(cccLineKeywords),
        location: splitKeywords(cccLocationKeywords),
        sublet: splitKeywords(cccSubletKeywords),
      },
    };
  });
}

export interface NoScrubMatch {
  adasNoScrubList: number;
  vehicleModel: string;
  yearStart: number;
  yearEnd: number;
  reason: string;
}

/** The active no-scrub items that cover the vehicle; any match means: do not scrub it. */
export function noScrubFor(db: Db, v: Vehicle): NoScrubMatch[] {
  return prepared<NoScrubMatch>(
    db,
    `SELECT adas_no_scrub AS adasNoScrubList, vehicle_model AS vehicleModel, year_start AS yearStart, year_end AS yearEnd, reason
     FROM adas_no_scrub WHERE vehicle_make = ? AND vehicle_model IN ('', ?) AND year_start <= ? AND year_end >= ? AND is_inactive = 0
     ORDER BY vehicle_model DESC, year_start`,
  ).all(v.make.trim(), v.model.replace(/\s+/g, ' ').trim(), v.year, v.year);
}

export interface MakeExceptionRule {
  adasMakeExclusion: number;
  /** null: every system of the make. */
  adasChecklistMatrix: number | null;
  keywords: string[];
  reason: string;
}

/** The make's active exceptions: keywords that do not trigger a system (or any system). */
export function makeExceptionsFor(db: Db, make: string): MakeExceptionRule[] {
  return prepared<Omit<MakeExceptionRule, 'keywords'> & { keywords: string }>(
    db,
    `SELECT adas_make_exclusion AS adasMakeExclusion, adas_checklist_matrix AS adasChecklistMatrix, keywords, reason FROM adas_make_exclusion
       WHERE vehicle_make = ? AND is_inactive = 0 ORDER BY adas_checklist_matrix, adas_make_exclusion`,
  )
    .all(make.trim())
    .map((r) => ({ ...r, keywords: splitKeywords(r.keywords) }));
}

export interface ExclusionRule {
  adasExclusion: number;
  /** null: every system. */
  adasChecklistMatrix: number | null;
  phrase: string;
  reason: string;
}

/** The active exclusions: repair-line phrases that never trigger a calibration. */
export function exclusions(db: Db): ExclusionRule[] {
  return prepared<ExclusionRule>(
    db,
    'SELECT adas_exclusion AS adasExclusion, adas_checklist_matrix AS adasChecklistMatrix, keyword AS phrase, reason FROM adas_exclusion WHERE is_inactive = 0 ORDER BY keyword',
  ).all();
}

export interface Price {
  /** Whole cents; null when neither the firm nor the network has a price. */
  cents: number | null;
  source: 'firm' | 'network' | 'none';
}

/** The price of a calibration type for a firm: the firm's own, else the network default. */
export function calibrationPrice(db: Db, calibrationType: number, firm: number | null): Price {
  const r = prepared<{ network: number | null; own: number | null }>(
    db,
    `SELECT t.price_cents AS network, p.price_cents AS own FROM adas_calibration_type t
     LEFT JOIN adas_calibration_price p ON p.calibration_type = t.calibration_type AND p.firm = ? WHERE t.calibration_type = ?`,
  ).get(firm ?? 0, calibrationType);
  if (!r) return { cents: null, source: 'none' };
  if (r.own != null) return { cents: r.own, source: 'firm' };
  return r.network != null ? { cents: r.network, source: 'network' } : { cents: null, source: 'none' };
}

export interface VehicleLink {
  id: number;
  title: string;
  url: string;
  type: LinkType;
}

/** The OEM links of a vehicle: its make, its model or every model, its year or every year. */
export function linksFor(db: Db, v: Vehicle, type?: LinkType): VehicleLink[] {
  return prepared<VehicleLink>(
    db,
    `SELECT make_matrix_link AS id, title, url, type FROM make_matrix_link
     WHERE type IN (?, ?) AND make = ? AND model IN ('', ?) AND (year_start IS NULL OR year_start <= ?) AND (year_end IS NULL OR year_end >= ?)
     ORDER BY type, model DESC, title`,
  ).all(type ?? 'adas', type ?? 'general', v.make.trim(), v.model.replace(/\s+/g, ' ').trim(), v.year, v.year);
}

export interface InfoRule {
  adasChecklistMatrixInfoLookup: number;
  adasChecklistMatrix: number | null;
  lookupType: string;
  description: string;
  url: string;
  source: string;
  keywords: string[];
  isReportAdd: boolean;
}

/** The active info lookups of a make and year (position statements, procedures) in their order. */
export function infoFor(db: Db, v: Pick<Vehicle, 'make' | 'year'>): InfoRule[] {
  return prepared<Omit<InfoRule, 'keywords' | 'isReportAdd'> & { keywords: string; isReportAdd: number }>(
    db,
    `SELECT adas_info_lookup AS adasChecklistMatrixInfoLookup, adas_checklist_matrix AS adasChecklistMatrix, lookup_type AS lookupType,
            description, url, source, keywords, is_report_add AS isReportAdd FROM adas_info_lookup
       WHERE vehicle_make = ? AND year_start <= ? AND year_end >= ? AND is_inactive = 0 ORDER BY sort, adas_info_lookup`,
  )
    .all(v.make.trim(), v.year, v.year)
    .map((r) => ({ ...r, keywords: splitKeywords(r.keywords), isReportAdd: r.isReportAdd === 1 }));
}

export interface VehicleRules {
  /** Non-empty: the vehicle is on the no-scrub list. */
  noScrub: NoScrubMatch[];
  /** Each applying system with the price of its calibration for the firm and the make's exceptions for it. */
  systems: (ApplicableSystem & { price: Price; exceptKeywords: string[]; exceptions: { keyword: string; reason: string }[] })[];
  makeExceptions: MakeExceptionRule[];
  exclusions: ExclusionRule[];
}

/** Everything the scrub of one vehicle needs, for one firm's prices. */
export function rulesFor(db: Db, v: Vehicle, firm: number | null): VehicleRules {
  const makeExceptions = makeExceptionsFor(db, v.make);
  return {
    noScrub: noScrubFor(db, v),
    systems: systemsFor(db, v).map((s) => {
      const own = makeExceptions.filter((e) => e.adasChecklistMatrix == null || e.adasChecklistMatrix === s.adasChecklistMatrix);
      return {
        ...s,
        price: s.calibrationType == null ? { cents: null, source: 'none' as const } : calibrationPrice(db, s.calibrationType, firm),
        exceptKeywords: own.flatMap((e) => e.keywords),
        exceptions: own.flatMap((e) => e.keywords.map((keyword) => ({ keyword, reason: e.reason }))),
      };
    }),
    makeExceptions,
    exclusions: exclusions(db),
  };
}

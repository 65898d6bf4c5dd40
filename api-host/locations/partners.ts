/**
 * A firm's insurance opt-in programs and calibration providers (lib/contract/locations-partners.ts). The providers'
 * radius search narrows by a bounding box on the indexed coordinates (firm_geo), then keeps the firms
 * within the exact great-circle distance, nearest first.
 */
import type { z } from 'zod';
import { contract } from '../../lib/contract';
import { type PartnerEntry, partnerEntry } from '../../lib/contract/locations-partners';
import { FIRM_TYPE_LABELS, RELATIONSHIP, UNKNOWN_POSTAL_CODE, type FirmType } from '../../lib/contract/locations-constants';
import type { Db } from '../core/db';
import { type Caller, assertFirm } from '../core/caller';
import { badRequest } from '../core/errors';
import { OK, implement } from '../core/implement';
import { pickFields, prepared, preparedValue } from '../core/sql';
import { boundingBox, milesBetween, resolvePostalCode, type Point } from './geo';
import { changingPartners } from './history';
import { ancestorsOf, containsPattern } from './network';

const { locationsPartners: p } = contract;
const SEARCH_LIMIT = 100;

// ── opt-in programs ─────────────────────────────────────────────────────────────────────────────
/** The entry's fields a program or provider row names as the contract does (its flags are stored as 0/1). */
const entryFields = partnerEntry.pick({
  firm2: true,
  firmName: true,
  license: true,
  postalCode: true,
  addressLines: true,
  city: true,
  state: true,
  phone: true,
});
const entryOf = pickFields(entryFields);
type EntryDb = z.output<typeof entryFields> & { isMCP: number };
/** A program as PROGRAM_COLUMNS yields it, with whether the firm opted in (0/1). */
type ProgramDb = EntryDb & { isOptIn: number };

const programEntry =
  (firm: number) =>
  (r: ProgramDb): PartnerEntry => ({
    firm,
    ...entryOf(r),
    isOptIn: !!r.isOptIn,
    isAdd: false,
    isRemove: false,
    relationship: r.isOptIn ? RELATIONSHIP.chosen : 0,
    firmClass: 'Insurance',
    isMCP: !!r.isMCP,
    distance: null,
  });

const PROGRAM_COLUMNS = `ip.program AS firm2, ip.name AS firmName, ip.license, ip.postal_code AS postalCode, ip.address_lines AS addressLines, ip.city,
  ip.state, ip.phone, ip.is_mcp AS isMCP`;

type SaveEntry = z.output<typeof p.saveOptInPrograms.body>['programs'][number];

/** Applies the entries' flags: isRemove removes, isAdd with isOptIn adds, others stay as they are. */
function applyEntries(
  db: Db,
  entries: readonly SaveEntry[],
  exists: (id: number) => boolean,
  add: (id: number) => void,
  remove: (id: number) => void,
  what: string,
) {
  const errors: Record<string, string[]> = {};
  entries.forEach((e, i) => {
    if (e.isAdd && e.isOptIn && !e.isRemove && !exists(e.firm2))
      errors[`${what}.${i}.firm2`] = [`Unknown ${what === 'programs' ? 'program' : 'provider'} ${e.firm2}`];
  });
  if (Object.keys(errors).length) throw badRequest('Invalid body', errors);
  db.transaction(() => {
    for (const e of entries) {
      if (e.isRemove) remove(e.firm2);
      else if (e.isAdd && e.isOptIn) add(e.firm2);
    }
  })();
}

// ── providers ───────────────────────────────────────────────────────────────────────────────────
/** A provider as PROVIDER_COLUMNS yields it: the entry's fields, and what places and classes it. */
type ProviderDb = EntryDb & { firmType: FirmType; parent: number | null; latitude: number | null; longitude: number | null };

const PROVIDER_COLUMNS = `f.firm AS firm2, f.name AS firmName, f.firm_type AS firmType, f.parent, f.license, f.postal_code AS postalCode,
  f.address_lines AS addressLines, f.city, coalesce(sp.code, '') AS state, f.phone_no AS phone, f.is_mcp AS isMCP, f.latitude, f.longitude`;
const STATE_JOIN = `LEFT JOIN lookup sp ON sp.key = 'StateProvince' AND sp.id = f.state_province`;

function providerEntry(firm: number, r: ProviderDb, relationship: number, distance: number | null = null): PartnerEntry {
  return {
    firm,
    ...entryOf(r),
    isOptIn: relationship === RELATIONSHIP.chosen,
    isAdd: false,
    isRemove: false,
    relationship,
    firmClass: FIRM_TYPE_LABELS[r.firmType],
    isMCP: !!r.isMCP,
    distance,
  };
}

const chosenIds = (db: Db, firm: number) =>
  new Set(preparedValue<number>(db, 'SELECT provider FROM firm_provider WHERE firm = ?').all(firm));

/**
 * The network relationship of each provider of the firm's own franchise (the subtree of its franchiser):
 * 1 for the locations above it, 2 for another location of the same parent, 3 for the rest.
 */
function networkRelationships(db: Db, firm: number): Map<number, number> {
  const up = ancestorsOf(db, firm);
  const types = new Map(
    prepared<{ firm: number; firm_type: FirmType }>(db, `SELECT firm, firm_type FROM firm WHERE firm IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify([firm, ...up]))
      .map((r) => [r.firm, r.firm_type]),
  );
  const franchiser = [firm, ...up].find((id) => types.get(id) === 'franchiser');
  const out = new Map<number, number>();
  if (franchiser === undefined) return out;
  const parent = up[0] ?? null;
  const rows = prepared<{ firm: number; parent: number | null }>(
    db,
    `WITH RECURSIVE down(firm) AS (SELECT ? UNION ALL SELECT c.firm FROM firm c JOIN down d ON c.parent = d.firm)
     SELECT f.firm, f.parent FROM firm f JOIN down d ON d.firm = f.firm WHERE f.is_provider = 1 AND f.is_inactive = 0 AND f.firm <> ?`,
  ).all(franchiser, firm);
  for (const r of rows)
    out.set(
      r.firm,
      up.includes(r.firm) ? RELATIONSHIP.parent : parent !== null && r.parent === parent ? RELATIONSHIP.sibling : RELATIONSHIP.network,
    );
  return out;
}

/**
 * The firm's providers, as firm/providers lists them: those it chose (relationship 5) and those of its own
 * network (1–3), each active and offering calibration; by provider id. Dispatching reads this (a request
 * goes only to one of these).
 */
export function providersOf(db: Db, firm: number): Map<number, number> {
  const out = new Map<number, number>();
  const chosen = preparedValue<number>(
    db,
    'SELECT p.provider FROM firm_provider p JOIN firm f ON f.firm = p.provider WHERE p.firm = ? AND f.is_provider = 1 AND f.is_inactive = 0',
  ).all(firm);
  for (const [id, relationship] of networkRelationships(db, firm)) out.set(id, relationship);
  for (const id of chosen) out.set(id, RELATIONSHIP.chosen);
  out.delete(firm);
  return out;
}

function readProviders(db: Db, ids: readonly number[]): ProviderDb[] {
  return prepared<ProviderDb>(
    db,
    `SELECT ${PROVIDER_COLUMNS} FROM firm f ${STATE_JOIN} WHERE f.firm IN (SELECT value FROM json_each(?)) ORDER BY f.name COLLATE NOCASE, f.firm`,
  ).all(JSON.stringify(ids));
}

function listProviders(db: Db, firm: number, isSave: boolean): PartnerEntry[] {
  const chosen = [...chosenIds(db, firm)];
  const out = readProviders(db, chosen).map((r) => providerEntry(firm, r, RELATIONSHIP.chosen));
  if (isSave) return out;
  const network = networkRelationships(db, firm);
  for (const id of chosen) network.delete(id);
  const rows = readProviders(db, [...network.keys()]).sort((a, b) => network.get(a.firm2)! - network.get(b.firm2)!);
  return [...out, ...rows.map((r) => providerEntry(firm, r, network.get(r.firm2)!))];
}

/** Providers within `radius` miles of `center`, nearest first (at most SEARCH_LIMIT). */
export function providersNear(
  db: Db,
  center: Point,
  radius: number,
  opts: { exclude: number; search?: string },
): (ProviderDb & { distance: number })[] {
  const box = boundingBox(center, radius);
  const rows = prepared<ProviderDb>(
    db,
    `SELECT ${PROVIDER_COLUMNS} FROM firm f ${STATE_JOIN}
     WHERE f.latitude BETWEEN ? AND ? AND f.longitude BETWEEN ? AND ? AND f.is_provider = 1 AND f.is_inactive = 0 AND f.firm <> ?
       ${opts.search ? `AND lower(f.name) LIKE ? ESCAPE '\\'` : ''}`,
  ).all(box.minLat, box.maxLat, box.minLon, box.maxLon, opts.exclude, ...(opts.search ? [containsPattern(opts.search)] : []));
  return rows
    .map((r) => ({ ...r, distance: milesBetween(center, { latitude: r.latitude!, longitude: r.longitude! }) }))
    .filter((r) => r.distance <= radius)
    .sort((a, b) => a.distance - b.distance || a.firmName.localeCompare(b.firmName))
    .slice(0, SEARCH_LIMIT);
}

function searchCenter(db: Db, firm: number, postalcode: string): Point {
  if (postalcode) {
    const place = resolvePostalCode(postalcode);
    if (!place) throw badRequest('Invalid query', { postalcode: [UNKNOWN_POSTAL_CODE] });
    return place;
  }
  const own = prepared<Point>(
    db,
    'SELECT latitude, longitude FROM firm WHERE firm = ? AND latitude IS NOT NULL AND longitude IS NOT NULL',
  ).get(firm);
  if (!own) throw badRequest('Invalid query', { postalcode: ['Enter a postal code: this location has none on file'] });
  return own;
}

function reach(caller: Caller, firm: number): number {
  assertFirm(caller, firm, 'Location');
  return firm;
}

export const partnerCalls = [
  implement(p.optInPrograms, ({ query, caller, ctx }) => {
    const firm = reach(caller, query.firm);
    const rows = prepared<ProgramDb>(
      ctx.db,
      `SELECT ${PROGRAM_COLUMNS}, 1 AS isOptIn FROM firm_program fp JOIN insurance_program ip ON ip.program = fp.program
       WHERE fp.firm = ? ORDER BY ip.name COLLATE NOCASE`,
    ).all(firm);
    return rows.map(programEntry(firm));
  }),
  implement(p.searchForOptInPrograms, ({ query, caller, ctx }) => {
    const firm = reach(caller, query.firm);
    const rows = prepared<ProgramDb>(
      ctx.db,
      `SELECT ${PROGRAM_COLUMNS}, EXISTS (SELECT 1 FROM firm_program fp WHERE fp.firm = ? AND fp.program = ip.program) AS isOptIn
       FROM insurance_program ip WHERE lower(ip.name) LIKE ? ESCAPE '\\' ORDER BY ip.name COLLATE NOCASE LIMIT 50`,
    ).all(firm, containsPattern(query.search));
    return rows.map(programEntry(firm));
  }),
  implement(p.saveOptInPrograms, ({ body, caller, ctx }) => {
    const firm = reach(caller, body.firm);
    const db = ctx.db;
    changingPartners(db, caller.user, firm, () =>
      applyEntries(
        db,
        body.programs,
        (id) => !!prepared(db, 'SELECT 1 FROM insurance_program WHERE program = ?').get(id),
        (id) => prepared(db, 'INSERT OR IGNORE INTO firm_program (firm, program) VALUES (?, ?)').run(firm, id),
        (id) => prepared(db, 'DELETE FROM firm_program WHERE firm = ? AND program = ?').run(firm, id),
        'programs',
      ),
    );
    return OK;
  }),

  implement(p.providers, ({ query, caller, ctx }) => listProviders(ctx.db, reach(caller, query.firm), query.isSave)),
  implement(p.searchForProviders, ({ query, caller, ctx }) => {
    const firm = reach(caller, query.firm);
    const center = searchCenter(ctx.db, firm, query.postalcode);
    const near = providersNear(ctx.db, center, query.radius, { exclude: firm, search: query.search });
    const chosen = chosenIds(ctx.db, firm);
    const network = networkRelationships(ctx.db, firm);
    return near.map((r) =>
      providerEntry(firm, r, chosen.has(r.firm2) ? RELATIONSHIP.chosen : (network.get(r.firm2) ?? 0), Math.round(r.distance * 10) / 10),
    );
  }),
  implement(p.saveProviders, ({ body, caller, ctx }) => {
    const firm = reach(caller, body.firm);
    const db = ctx.db;
    changingPartners(db, caller.user, firm, () =>
      applyEntries(
        db,
        body.providers,
        (id) => id !== firm && !!prepared(db, 'SELECT 1 FROM firm WHERE firm = ? AND is_provider = 1 AND is_inactive = 0').get(id),
        (id) => prepared(db, 'INSERT OR IGNORE INTO firm_provider (firm, provider) VALUES (?, ?)').run(firm, id),
        (id) => prepared(db, 'DELETE FROM firm_provider WHERE firm = ? AND provider = ?').run(firm, id),
        'providers',
      ),
    );
    return OK;
  }),
];

/**
 * Firm calls: the locations list and search, the network tree, the Location add form (read, save,
 * remove), the parent typeahead, preferences and settings. The decisions are in lib/contract/locations.ts;
 * a firm the caller does not reach answers the same 404 as an unknown one.
 */
import type { z } from 'zod';
import { contract } from '../../lib/contract';
import { firmForm, type FirmForm, type FirmPreferenceRow, type FirmRecord } from '../../lib/contract/locations';
import { FIRM_TYPE_LABELS, UNKNOWN_POSTAL_CODE, firmTypeRank, type FirmType } from '../../lib/contract/locations-constants';
import { isShopRole } from '../../lib/roles';
import type { Db } from '../core/db';
import { announceChange, announceSettings } from '../push/service';
import { type Caller, assertFirm } from '../core/caller';
import type { HostContext } from '../core/context';
import { badRequest, notFound } from '../core/errors';
import { OK, implement } from '../core/implement';
import { firmScope, oneRow, pickFields, prepared, preparedValue } from '../core/sql';
import { activeUsersOf } from '../users/service';
import { isCheckablePostalCode, resolvePostalCode } from './geo';
import { ancestorsOf, containsPattern, isSelfOrBelow, listFirms, treeLevel } from './network';
import { removeFirmFiles } from './storage-files';
import { withLocationHistory } from './history';

const { locations: f } = contract;

/** The firms a caller sees in the locations list: a shop role only its own location. */
function listScope(caller: Caller): ReadonlySet<number> {
  return isShopRole(caller.role) ? new Set(caller.firms.has(caller.firm) ? [caller.firm] : []) : caller.firms;
}

/** A firm as readFirm yields it: the contract's names, its 0/1 flags as stored. */
type FirmDb = Omit<FirmRecord, 'cccDiag' | 'isInactive'> & { cccDiag: number; isInactive: number };

/** The firm `id` if the caller reaches it, else 404. */
function readFirm(db: Db, caller: Caller, id: number): FirmDb {
  const row = prepared<FirmDb>(
    db,
    `SELECT f.firm, f.name AS company, f.first_name AS firstName, f.last_name AS lastName, f.address_lines AS addressLines, f.city,
            f.state_province AS stateProvince, f.postal_code AS postalCode, f.country, f.phone_no AS phoneNo, f.email,
            f.firm_type AS firmType, f.parent AS companyId, f.timezone AS timezoneId, f.language AS languageId, f.ccc_id AS cccId,
            f.firm_number AS firmNumber, f.ccc_diag AS cccDiag, coalesce(p.name, '') AS parentName, coalesce(sp.code, '') AS stateCode,
            coalesce(co.value, '') AS countryName, f.is_inactive AS isInactive, f.latitude, f.longitude,
            ${activeUsersOf('f.firm')} AS users,
            (SELECT count(*) FROM firm c WHERE c.parent = f.firm) AS children
     FROM firm f LEFT JOIN firm p ON p.firm = f.parent
     LEFT JOIN lookup sp ON sp.key = 'StateProvince' AND sp.id = f.state_province
     LEFT JOIN lookup co ON co.key = 'Country' AND co.id = f.country
     WHERE f.firm = ?`,
  ).get(id);
  if (!row || !caller.firms.has(row.firm)) throw notFound('Location');
  return row;
}

const toRecord = ({ cccDiag, isInactive, ...r }: FirmDb): FirmRecord => ({ ...r, cccDiag: !!cccDiag, isInactive: !!isInactive });
/** The add form's fields (the contract's firmForm): the record without what only the detail shows. */
const formOf = pickFields(firmForm);
const toForm = (r: FirmDb): FirmForm => formOf(toRecord(r));

const LOOKUP_CHECKS = [
  ['stateProvince', 'StateProvince', 'Unknown state or province'],
  ['country', 'Country', 'Unknown country'],
  ['timezoneId', 'TimeZone', 'Unknown time zone'],
  ['languageId', 'Language', 'Unknown language'],
] as const;

export type FirmBody = z.output<typeof f.saveFirm.body>;

/** The 400 field errors of a save that the contract cannot see (lookups, parent, type, postal code). */
function saveProblems(db: Db, caller: Caller, body: FirmBody, existing: FirmDb | null): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const [field, key, message] of LOOKUP_CHECKS) {
    const id = body[field];
    if (id != null && !prepared(db, 'SELECT 1 FROM lookup WHERE key = ? AND id = ?').get(key, id)) fail(field, message);
  }

  if (existing?.firmType === 'platform') {
    if (body.firmType !== 'platform') fail('firmType', 'The platform keeps its type');
    if (body.companyId != null) fail('companyId', 'The platform has no parent location');
  } else if (body.firmType === 'platform') {
    fail('firmType', 'Choose franchiser, franchisee or shop');
  } else if (body.companyId == null) {
    fail('companyId', 'This field is required');
  } else {
    const parent = prepared<{ firm: number; firm_type: FirmType }>(db, 'SELECT firm, firm_type FROM firm WHERE firm = ?').get(
      body.companyId,
    );
    const unchanged = existing?.companyId === body.companyId;
    if (!parent || (!unchanged && !caller.firms.has(parent.firm))) fail('companyId', 'Choose a parent location from your network');
    else if (existing && isSelfOrBelow(db, existing.firm, parent.firm))
      fail('companyId', 'A location cannot be placed under itself or one of its own locations');
    else if (firmTypeRank(parent.firm_type) >= firmTypeRank(body.firmType))
      fail(
        'companyId',
        `A ${FIRM_TYPE_LABELS[body.firmType].toLowerCase()} cannot be placed under a ${FIRM_TYPE_LABELS[parent.firm_type].toLowerCase()}`,
      );
  }
  if (existing && body.firmType !== existing.firmType) {
    const highestChild = oneRow(
      preparedValue<number | null>(
        db,
        `SELECT min(CASE firm_type WHEN 'franchiser' THEN 1 WHEN 'franchisee' THEN 2 ELSE 3 END) FROM firm WHERE parent = ?`,
      ).get(existing.firm),
    );
    if (highestChild != null && highestChild <= firmTypeRank(body.firmType))
      fail(
        'firmType',
        `Locations under this one are ${FIRM_TYPE_LABELS[['platform', 'franchiser', 'franchisee', 'shop'][highestChild] as FirmType].toLowerCase()}s: move them first`,
      );
  }

  if (body.postalCode) {
    if (isCheckablePostalCode(body.postalCode)) {
      if (!resolvePostalCode(body.postalCode)) fail('postalCode', UNKNOWN_POSTAL_CODE);
    } else if (body.country === 1 || body.country === 2) {
      fail('postalCode', body.country === 1 ? 'A ZIP code has 5 digits (or ZIP+4)' : 'A Canadian postal code looks like A1A 1A1');
    }
  }
  return errors;
}

/** Adds or changes a firm with every rule of the Location form; onboarding adds its firm through it too. */
export function saveFirm(db: Db, caller: Caller, body: FirmBody): { id: number } {
  const existing = body.firm > 0 ? readFirm(db, caller, body.firm) : null;
  const errors = saveProblems(db, caller, body, existing);
  if (Object.keys(errors).length) throw badRequest('Invalid body', errors);
  const place = body.postalCode ? resolvePostalCode(body.postalCode) : null;
  const values = {
    name: body.company,
    firmType: body.firmType,
    parent: body.companyId,
    postalCode: body.postalCode,
    firstName: body.firstName,
    lastName: body.lastName,
    addressLines: body.addressLines,
    city: body.city,
    stateProvince: body.stateProvince,
    country: body.country,
    phoneNo: body.phoneNo,
    email: body.email,
    timezone: body.timezoneId,
    language: body.languageId,
    cccId: body.cccId,
    firmNumber: body.firmNumber,
    cccDiag: body.cccDiag ? 1 : 0,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
  };
  return db.transaction(() =>
    withLocationHistory(
      db,
      caller.user,
      existing?.firm ?? null,
      () => {
        if (existing) {
          prepared(
            db,
            `UPDATE firm SET name = @name, firm_type = @firmType, parent = @parent, postal_code = @postalCode, first_name = @firstName,
           last_name = @lastName, address_lines = @addressLines, city = @city, state_province = @stateProvince, country = @country,
           phone_no = @phoneNo, email = @email, timezone = @timezone, language = @language, ccc_id = @cccId, firm_number = @firmNumber,
           ccc_diag = @cccDiag, latitude = @latitude, longitude = @longitude
         WHERE firm = @firm`,
          ).run({ ...values, firm: existing.firm });
          return { id: existing.firm };
        }
        const id = Number(
          prepared(
            db,
            `INSERT INTO firm (name, firm_type, parent, postal_code, first_name, last_name, address_lines, city, state_province, country, phone_no,
           email, timezone, language, ccc_id, firm_number, ccc_diag, latitude, longitude)
         VALUES (@name, @firmType, @parent, @postalCode, @firstName, @lastName, @addressLines, @city, @stateProvince, @country, @phoneNo,
           @email, @timezone, @language, @cccId, @firmNumber, @cccDiag, @latitude, @longitude)`,
          ).run(values).lastInsertRowid,
        );
        // Whoever reaches the parent reaches the new location: user_firm holds each user's reach, the seed
        // writing every firm below a user's own (api-host/users/seed.ts).
        prepared(db, 'INSERT OR IGNORE INTO user_firm (user, firm, is_primary) SELECT user, ?, 0 FROM user_firm WHERE firm = ?').run(
          id,
          body.companyId,
        );
        return { id };
      },
      (r) => r.id,
    ),
  )();
}

/** Tables that point at a firm, other than this area's own (removed with the firm) and the network itself. */
const referencing = new WeakMap<Db, { table: string; column: string }[]>();
const OWN_TABLES = new Set([
  'firm',
  'firm_preference',
  'storage_account',
  'stored_file',
  'firm_program',
  'firm_provider',
  'user_firm',
  'user',
]);
function otherReferences(db: Db): { table: string; column: string }[] {
  let refs = referencing.get(db);
  if (!refs) {
    const tables = db
      .prepare<unknown[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all();
    refs = tables
      .filter((t) => !OWN_TABLES.has(t))
      .flatMap((t) =>
        prepared<{ table: string; column: string }>(
          db,
          `SELECT ? AS "table", "from" AS "column" FROM pragma_foreign_key_list(?) WHERE "table" = 'firm'`,
        ).all(t, t),
      );
    referencing.set(db, refs);
  }
  return refs;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function removeFirm(db: Db, filesDir: string, caller: Caller, id: number): Promise<typeof OK> {
  const firm = readFirm(db, caller, id);
  if (firm.firmType === 'platform') throw badRequest('The platform location cannot be removed.');
  if (firm.firm === caller.firm) throw badRequest('You cannot remove your own location.');
  const users = oneRow(preparedValue<number>(db, 'SELECT count(*) FROM user WHERE firm = ?').get(id));
  const left = [
    ...(users ? [plural(users, 'user')] : []),
    ...(firm.children ? [`${plural(firm.children, 'location')} under it`] : []),
    ...otherReferences(db).flatMap(({ table, column }) => {
      const n = oneRow(db.prepare<unknown[], number>(`SELECT count(*) FROM "${table}" WHERE "${column}" = ?`).pluck().get(id));
      return n ? [plural(n, `${table.replace(/_/g, ' ')} record`)] : [];
    }),
  ];
  if (left.length) {
    const list = left.length > 1 ? `${left.slice(0, -1).join(', ')} and ${left.at(-1)}` : left[0];
    throw badRequest(`${firm.company} cannot be removed: it still has ${list}. Move or remove them first.`);
  }
  db.transaction(() =>
    withLocationHistory(db, caller.user, id, () => {
      for (const sql of [
        'DELETE FROM firm_preference WHERE firm = @id',
        'DELETE FROM stored_file WHERE firm = @id',
        'DELETE FROM storage_account WHERE firm = @id',
        'DELETE FROM firm_program WHERE firm = @id',
        'DELETE FROM firm_provider WHERE firm = @id OR provider = @id',
        'DELETE FROM user_firm WHERE firm = @id',
        'DELETE FROM firm WHERE firm = @id',
      ])
        prepared(db, sql).run({ id });
    }),
  )();
  await removeFirmFiles(filesDir, id);
  return OK;
}

/** The firm's effective preferences of a category: its own value, else the nearest ancestor's. */
export function effectivePreferences(db: Db, firm: number, category: string): FirmPreferenceRow[] {
  const chain = [firm, ...ancestorsOf(db, firm)];
  const rows = prepared<FirmPreferenceRow>(
    db,
    `SELECT p.firm, p.name, p.value, p.type FROM firm_preference p JOIN json_each(?) c ON c.value = p.firm
     WHERE p.type = ? ORDER BY p.name, c.key`,
  ).all(JSON.stringify(chain), category);
  const byName = new Map<string, FirmPreferenceRow>();
  for (const r of rows) if (!byName.has(r.name)) byName.set(r.name, r);
  return [...byName.values()];
}

/**
 * Announces (after the change committed) a saved location. A moved one is announced to whoever reached its
 * old place too; a renamed one changes the Parent column of the locations under it and the Primary
 * location column of its users. (Preferences, programs, providers and storage show in no list column.)
 */
function locationSaved(
  ctx: HostContext,
  caller: Caller,
  body: FirmBody,
  id: number,
  before: { name: string; parent: number | null } | undefined,
): void {
  announceChange(ctx, caller.user, 'location', [id]);
  if (!before) return;
  if (before.parent !== body.companyId) {
    if (before.parent !== null) announceChange(ctx, caller.user, 'location', [id], before.parent);
    // Moved: it and the locations below it inherit brand settings from another chain now.
    announceSettings(ctx, { kind: 'brand' });
  }
  if (before.name !== body.company) {
    announceChange(ctx, caller.user, 'location', preparedValue<number>(ctx.db, 'SELECT firm FROM firm WHERE parent = ?').all(id));
    announceChange(
      ctx,
      caller.user,
      'user',
      preparedValue<number>(ctx.db, 'SELECT user FROM user WHERE firm = ? AND deleted_at IS NULL').all(id),
    );
  }
}

export const firmCalls = [
  implement(f.getFirms, ({ query, caller, ctx }) => listFirms(ctx.db, query, listScope(caller))),
  implement(f.firmAdvancedSearch, ({ query, caller, ctx }) => listFirms(ctx.db, query, listScope(caller))),

  implement(f.locationTree, ({ query, caller, ctx }) => {
    const scope = listScope(caller);
    if (!scope.has(query.firm)) throw notFound('Location');
    const id = query.id ?? query.firm;
    // The node must be the root or below it.
    if (!isSelfOrBelow(ctx.db, query.firm, id)) throw notFound('Location');
    const level = treeLevel(ctx.db, id, scope, query.showInactive);
    if (!level) throw notFound('Location');
    return level;
  }),

  implement(f.firm, ({ query, caller, ctx }) => toRecord(readFirm(ctx.db, caller, query.firm))),
  implement(f.editFirm, ({ query, caller, ctx }) => toForm(readFirm(ctx.db, caller, query.id))),
  implement(f.saveFirm, ({ body, caller, ctx }) => {
    const before = prepared<{ name: string; parent: number | null }>(ctx.db, 'SELECT name, parent FROM firm WHERE firm = ?').get(body.firm);
    const saved = saveFirm(ctx.db, caller, body);
    locationSaved(ctx, caller, body, saved.id, before);
    return saved;
  }),
  implement(f.removeFirm, async ({ body, caller, ctx }) => {
    // The row is gone afterwards: the notice goes to whoever reaches its parent (the platform has none and stays).
    const parent = preparedValue<number | null>(ctx.db, 'SELECT parent FROM firm WHERE firm = ?').get(body.firm);
    const done = await removeFirm(ctx.db, ctx.filesDir, caller, body.firm);
    if (parent) announceChange(ctx, caller.user, 'location', [body.firm], parent);
    // Its id may be given to a location added later: the brand kept for it must not carry over.
    announceSettings(ctx, { kind: 'brand' });
    return done;
  }),

  implement(f.firmSearch, ({ query, caller, ctx }) => {
    if (query.firm > 0) assertFirm(caller, query.firm, 'Location');
    const rows = prepared<{ firm: number; firmName: string; firmType: FirmType }>(
      ctx.db,
      `SELECT f.firm, f.name AS firmName, f.firm_type AS firmType FROM firm f
       WHERE f.is_inactive = 0 AND f.firm_type <> 'shop' AND lower(f.name) LIKE ? ESCAPE '\\'${firmScope(ctx.db, caller.firms, 'f')}
         AND f.firm NOT IN (WITH RECURSIVE down(firm) AS (SELECT ? UNION ALL SELECT c.firm FROM firm c JOIN down d ON c.parent = d.firm) SELECT firm FROM down)
       ORDER BY f.name COLLATE NOCASE, f.firm LIMIT 20`,
    ).all(containsPattern(query.searchterm), query.firm);
    return rows;
  }),

  implement(f.firmPreference, ({ query, caller, ctx }) => {
    assertFirm(caller, query.firm, 'Firm');
    return effectivePreferences(ctx.db, query.firm, query.category);
  }),
  implement(f.saveFirmPreference, ({ body, caller, ctx }) => {
    readFirm(ctx.db, caller, body.firm);
    ctx.db.transaction(() =>
      withLocationHistory(ctx.db, caller.user, body.firm, () => {
        if (body.preference === '')
          prepared(ctx.db, 'DELETE FROM firm_preference WHERE firm = ? AND type = ? AND name = ?').run(
            body.firm,
            body.firmPreferenceCategory,
            body.firmPreferenceName,
          );
        else
          prepared(
            ctx.db,
            'INSERT INTO firm_preference (firm, type, name, value) VALUES (?, ?, ?, ?) ON CONFLICT (firm, type, name) DO UPDATE SET value = excluded.value',
          ).run(body.firm, body.firmPreferenceCategory, body.firmPreferenceName, body.preference);
      }),
    )();
    // The firm's brand and that of every location inheriting it (the shell's, kept per app instance).
    if (body.firmPreferenceCategory === 'Brand') announceSettings(ctx, { kind: 'brand' });
    return OK;
  }),
  implement(f.updateFirmSettings, ({ body, caller, ctx }) => {
    const firm = readFirm(ctx.db, caller, body.firm);
    if (body.isInactive && firm.firmType === 'platform') throw badRequest('The platform location cannot be set inactive.');
    if (body.isInactive && firm.firm === caller.firm) throw badRequest('You cannot set your own location inactive.');
    ctx.db.transaction(() =>
      withLocationHistory(ctx.db, caller.user, firm.firm, () =>
        prepared(ctx.db, 'UPDATE firm SET is_inactive = ? WHERE firm = ?').run(body.isInactive ? 1 : 0, firm.firm),
      ),
    )();
    announceChange(ctx, caller.user, 'location', [firm.firm]);
    return OK;
  }),
];

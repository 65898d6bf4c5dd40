/**
 * Lookup calls (docs/lookups.md#calls, #errors; shapes decided in lib/contract/lookups.ts).
 * lookup/ByKeys: the values of the named groups, as one flat list in the order of the keys asked for, then
 * each group's sort order. Values of the platform (firm 1) apply everywhere; a firm (the body's `firm`,
 * which must be one of the caller's, else the caller's own) adds its own values. Inactive values are left
 * out unless showInactive is true. The administration calls change the platform's values.
 */
import { contract } from '../../lib/contract';
import type { LookupGroup, LookupGroupRecord, LookupItem } from '../../lib/contract/lookups';
import type { Db } from '../core/db';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { assertFirm } from '../core/caller';
import { hostLog } from '../core/context';
import { badRequest, notFound } from '../core/errors';
import { implement } from '../core/implement';
import { announceSettings } from '../push/service';
import { deactivationProblem } from './rules';

const PLATFORM_FIRM = 1;
const { lookups: lookup } = contract;

interface LookupDb {
  key: string;
  id: number;
  value: string;
  code: string | null;
  type3: string | null;
  is_inactive: number;
}
const toItem = (r: LookupDb): LookupItem => ({
  key: r.key,
  id: r.id,
  value: r.value,
  name: r.value,
  code: r.code,
  type3: r.type3,
  isInactive: !!r.is_inactive,
});

/** The platform's values of one group, in order; inactive ones only when asked for. */
function groupValues(db: Db, key: LookupGroup, withInactive: boolean): LookupItem[] {
  return prepared<LookupDb>(
    db,
    'SELECT key, id, value, code, type3, is_inactive FROM lookup WHERE key = ? AND firm = ? AND (? OR is_inactive = 0) ORDER BY sort, id',
  )
    .all(key, PLATFORM_FIRM, withInactive ? 1 : 0)
    .map(toItem);
}

const platformValue = (db: Db, key: string, id: number) =>
  prepared<LookupDb>(db, 'SELECT key, id, value, code, type3, is_inactive FROM lookup WHERE key = ? AND id = ? AND firm = ?').get(
    key,
    id,
    PLATFORM_FIRM,
  );

/** Puts value `id` of the group at `position` (0 first) and numbers the group's values 0…n-1. */
function place(db: Db, key: string, id: number, position: number | undefined): void {
  const ids = preparedValue<number>(db, 'SELECT id FROM lookup WHERE key = ? AND firm = ? ORDER BY sort, id').all(key, PLATFORM_FIRM);
  const others = ids.filter((x) => x !== id);
  const at = position === undefined ? (ids.includes(id) ? ids.indexOf(id) : others.length) : Math.min(position, others.length);
  others.splice(at, 0, id);
  const update = prepared(db, 'UPDATE lookup SET sort = ? WHERE key = ? AND id = ? AND firm = ? AND sort <> ?');
  others.forEach((x, i) => update.run(i, key, x, PLATFORM_FIRM, i));
}

export const lookupCalls = [
  implement(lookup.byKeys, ({ body, caller, ctx }) => {
    if (body.firm !== undefined) assertFirm(caller, body.firm, 'Firm');
    const firm = body.firm ?? caller.firm;
    const keys = [...new Set(body.keys)];
    const rows = prepared<LookupDb>(
      ctx.db,
      `SELECT key, id, value, code, type3, is_inactive FROM lookup
       WHERE key IN (SELECT value FROM json_each(?)) AND firm IN (?, ?) AND (? OR is_inactive = 0)
       ORDER BY key, sort, id`,
    ).all(JSON.stringify(keys), PLATFORM_FIRM, firm, body.showInactive ? 1 : 0);
    const order = new Map<string, number>(keys.map((k, i) => [k, i]));
    return rows.sort((a, b) => order.get(a.key)! - order.get(b.key)!).map(toItem);
  }),

  implement(lookup.byGroup, ({ query, ctx }) => {
    const groups = prepared<{
      id: number;
      key: LookupGroup;
      text: string;
      section_name: string;
    }>(
      ctx.db,
      'SELECT id, key, text, section_name FROM lookup_group WHERE (? IS NULL OR section_name = ? COLLATE NOCASE) AND (? IS NULL OR key = ?) ORDER BY id',
    ).all(query.className ?? null, query.className ?? null, query.group ?? null, query.group ?? null);
    return groups.map((g): LookupGroupRecord => ({
      id: g.id,
      key: g.key,
      text: g.text,
      sectionName: g.section_name,
      children: groupValues(ctx.db, g.key, true),
    }));
  }),

  implement(lookup.upsert, ({ body, ctx }) => {
    const existing = body.id === -1 ? undefined : platformValue(ctx.db, body.key, body.id);
    if (body.id !== -1 && !existing) throw notFound('Lookup value');
    const clash = prepared(ctx.db, 'SELECT id FROM lookup WHERE key = ? AND firm = ? AND value = ? COLLATE NOCASE AND id <> ?').get(
      body.key,
      PLATFORM_FIRM,
      body.value,
      body.id,
    );
    if (clash) throw badRequest('Invalid body', { value: ['That value already exists in this group'] });
    if (body.isInactive && !existing?.is_inactive) {
      const problem = existing ? deactivationProblem(ctx.db, body.key, body.id, existing.value) : null;
      if (problem) throw badRequest('Invalid body', { isInactive: [problem] });
    }
    const id = ctx.db.transaction(() => {
      if (existing) {
        prepared(ctx.db, 'UPDATE lookup SET value = ?, code = ?, type3 = ?, is_inactive = ? WHERE key = ? AND id = ? AND firm = ?').run(
          body.value,
          body.code,
          body.type3,
          body.isInactive ? 1 : 0,
          body.key,
          body.id,
          PLATFORM_FIRM,
        );
        if (body.sort !== undefined) place(ctx.db, body.key, body.id, body.sort);
        return body.id;
      }
      // Ids are per group (the primary key is (key, id)).
      const next = oneRow(preparedValue<number>(ctx.db, 'SELECT coalesce(max(id), 0) + 1 FROM lookup WHERE key = ?').get(body.key));
      prepared(
        ctx.db,
        'INSERT INTO lookup (id, key, value, code, type3, sort, firm, is_inactive) VALUES (?, ?, ?, ?, ?, 1000000, ?, ?)',
      ).run(next, body.key, body.value, body.code, body.type3, PLATFORM_FIRM, body.isInactive ? 1 : 0);
      place(ctx.db, body.key, next, body.sort);
      return next;
    })();
    hostLog(ctx, 'lookups').info('Lookup %s %s saved: %s', body.key, id, body.value);
    announceSettings(ctx, { kind: 'lookups', keys: [body.key] });
    return { id };
  }),

  implement(lookup.remove, ({ body, ctx }) => {
    const existing = platformValue(ctx.db, body.key, body.id);
    if (!existing) throw notFound('Lookup value');
    const problem = existing.is_inactive ? null : deactivationProblem(ctx.db, body.key, body.id, existing.value);
    if (!problem) {
      prepared(ctx.db, 'UPDATE lookup SET is_inactive = 1 WHERE key = ? AND id = ? AND firm = ?').run(body.key, body.id, PLATFORM_FIRM);
      announceSettings(ctx, { kind: 'lookups', keys: [body.key] });
    }
    return [{ key: body.key, id: body.id, Results: problem ? [problem] : [] }];
  }),

  implement(lookup.upsertGroup, ({ body, ctx }) => {
    const group = prepared<{ id: number; text: string }>(ctx.db, 'SELECT id, text FROM lookup_group WHERE id = ?').get(body.id);
    if (!group) throw notFound('Lookup group');
    const clash = prepared<{ id: number; text: string }>(
      ctx.db,
      'SELECT id, text FROM lookup_group WHERE text = ? COLLATE NOCASE AND id <> ?',
    ).get(body.text, body.id);
    // docs/lookups.md#errors: the change applies only when the answered id is the id sent.
    if (clash) return { id: clash.id, reason: `Another group is already named “${clash.text}”.` };
    prepared(ctx.db, 'UPDATE lookup_group SET text = ? WHERE id = ?').run(body.text, body.id);
    return { id: body.id, reason: null };
  }),

  implement(lookup.countries, ({ ctx }) => groupValues(ctx.db, 'Country', false)),
  implement(lookup.timeZones, ({ ctx }) => groupValues(ctx.db, 'TimeZone', false)),
  implement(lookup.languages, ({ ctx }) => groupValues(ctx.db, 'Language', false)),
  implement(lookup.stateProvince, ({ query, ctx }) => {
    const country = platformValue(ctx.db, 'Country', query.id);
    if (!country) throw notFound('Country');
    return prepared<LookupDb>(
      ctx.db,
      "SELECT key, id, value, code, type3, is_inactive FROM lookup WHERE key = 'StateProvince' AND firm = ? AND type3 = ? AND is_inactive = 0 ORDER BY sort, id",
    )
      .all(PLATFORM_FIRM, country.code)
      .map(toItem);
  }),
  implement(lookup.onboardLookups, ({ ctx }) => ({
    countries: groupValues(ctx.db, 'Country', false),
    stateProvinces: groupValues(ctx.db, 'StateProvince', false),
    timeZones: groupValues(ctx.db, 'TimeZone', false),
    languages: groupValues(ctx.db, 'Language', false),
  })),
];

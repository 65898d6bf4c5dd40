/**
 * lookup/ByKeys (operations §7): the values of the named groups, as one flat list in the order of the
 * keys asked for, then each group's sort order. Values of the platform (firm 1) apply everywhere; a firm
 * (the body's `firm`, which must be one of the caller's, else the caller's own) adds its own values.
 * Inactive values are left out unless showInactive is true.
 */
import { contract } from '../../lib/contract';
import type { LookupItem } from '../../lib/contract/lookup';
import { prepared } from '../sql';
import { assertFirm, implement } from '../server';

const PLATFORM_FIRM = 1;

export const lookupCalls = [
  implement(contract.lookup.byKeys, ({ body, caller, ctx }) => {
    if (body.firm !== undefined) assertFirm(caller, body.firm, 'Firm');
    const firm = body.firm ?? caller.firm;
    const keys = [...new Set(body.keys)];
    const rows = prepared(
      ctx.db,
      `SELECT key, id, value, code, type3, is_inactive FROM lookup
       WHERE key IN (SELECT value FROM json_each(?)) AND firm IN (?, ?) AND (? OR is_inactive = 0)
       ORDER BY key, sort, id`,
    ).all(JSON.stringify(keys), PLATFORM_FIRM, firm, body.showInactive ? 1 : 0) as {
      key: string;
      id: number;
      value: string;
      code: string | null;
      type3: string | null;
      is_inactive: number;
    }[];
    const order = new Map<string, number>(keys.map((k, i) => [k, i]));
    return rows
      .sort((a, b) => order.get(a.key)! - order.get(b.key)!)
      .map((r): LookupItem => ({ key: r.key, id: r.id, value: r.value, name: r.value, code: r.code, type3: r.type3, isInactive: !!r.is_inactive }));
  }),
];

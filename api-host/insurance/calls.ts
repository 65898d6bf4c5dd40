/** Insurers and their lookups (lib/contract/insurance.ts), scoped to the caller's firms. */
import type { z } from 'zod';
import { contract } from '../../lib/contract';
import { INSURANCE_SORTS, type InsuranceLookupRecord, type InsuranceRecord } from '../../lib/contract/insurance';
import type { Db } from '../core/db';
import { firmScope, oneRow, prepared, preparedValue } from '../core/sql';
import { assertFirm, type Caller } from '../core/caller';
import { hostLog } from '../core/context';
import { badRequest, notFound } from '../core/errors';
import { OK, implement } from '../core/implement';

const { insurance: c } = contract;

const ORDER: Record<(typeof INSURANCE_SORTS)[number], string> = {
  insuranceName: 'i.insurance_name',
  firmName: 'f.name',
  isInactive: 'i.is_inactive',
};

/** An insurer as SELECT yields it: the contract's names, its flag as stored. */
type InsuranceDb = Omit<InsuranceRecord, 'isInactive'> & { isInactive: number };
const toRecord = ({ isInactive, ...r }: InsuranceDb): InsuranceRecord => ({ ...r, isInactive: !!isInactive });

/** A price or program as LOOKUP_SELECT yields it: the contract's names, its price in cents and flag as stored. */
type LookupDb = Omit<InsuranceLookupRecord, 'price' | 'isInactive'> & { priceCents: number | null; isInactive: number };
const toLookup = ({ priceCents, isInactive, ...r }: LookupDb): InsuranceLookupRecord => ({
  ...r,
  price: priceCents == null ? null : priceCents / 100,
  isInactive: !!isInactive,
});
const LOOKUP_SELECT = `SELECT insurance_lookup AS insuranceLookup, insurance, lookup_type AS lookupType, code, description,
  calibration_type AS calibrationType, price_cents AS priceCents, is_inactive AS isInactive FROM insurance_lookup`;

const SELECT = `SELECT i.insurance, i.insurance_name AS insuranceName, i.firm, f.name AS firmName, i.is_inactive AS isInactive,
  i.insurance_contact AS insuranceContact FROM insurance i JOIN firm f ON f.firm = i.firm`;

/** The caller's insurer, or 404 (another firm's insurer is not acknowledged). */
function ownInsurer(db: Db, caller: Caller, id: number): InsuranceDb {
  const row = prepared<InsuranceDb>(db, `${SELECT} WHERE i.insurance = ?${firmScope(db, caller.firms, 'i')}`).get(id);
  if (!row) throw notFound('Insurance');
  return row;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/** Saves an insurer (new when insurance is -1) as the insurance screen does; also the insurance import's writer. */
export function saveInsurer(db: Db, caller: Caller, body: z.output<typeof c.saveInsurance.body>): { id: number } {
  const existing = body.insurance === -1 ? undefined : ownInsurer(db, caller, body.insurance);
  const firm = existing ? existing.firm : body.firm;
  assertFirm(caller, firm, 'Firm');
  const clash = prepared(db, 'SELECT 1 FROM insurance WHERE firm = ? AND insurance_name = ? AND insurance <> ?').get(
    firm,
    body.insuranceName,
    body.insurance,
  );
  if (clash) throw badRequest('Invalid body', { insuranceName: ['An insurer with this name already exists at this location'] });
  let id = body.insurance;
  if (existing) {
    prepared(db, 'UPDATE insurance SET insurance_name = ?, is_inactive = ?, insurance_contact = ? WHERE insurance = ?').run(
      body.insuranceName,
      body.isInactive ? 1 : 0,
      body.insuranceContact,
      id,
    );
  } else {
    id = Number(
      prepared(db, 'INSERT INTO insurance (insurance_name, firm, is_inactive, insurance_contact) VALUES (?, ?, ?, ?)').run(
        body.insuranceName,
        firm,
        body.isInactive ? 1 : 0,
        body.insuranceContact,
      ).lastInsertRowid,
    );
  }
  return { id };
}

export const insuranceCalls = [
  implement(c.insurance, ({ query, caller, ctx }) => {
    const where = ['1'];
    const args: (string | number)[] = [];
    if (query.firm !== undefined) {
      assertFirm(caller, query.firm, 'Firm');
      where.push('i.firm = ?');
      args.push(query.firm);
    }
    if (query.searchTerm) {
      // docs/insurance.md#validation: a case-insensitive substring of the name.
      where.push("i.insurance_name LIKE ? ESCAPE '\\'");
      args.push(`%${likeEscape(query.searchTerm)}%`);
    }
    const whereSql = where.join(' AND ') + firmScope(ctx.db, caller.firms, 'i');
    const count = oneRow(preparedValue<number>(ctx.db, `SELECT count(*) FROM insurance i WHERE ${whereSql}`).get(...args));
    const dir = query.direction === 'desc' ? 'DESC' : 'ASC';
    const rows = prepared<InsuranceDb>(
      ctx.db,
      `${SELECT} WHERE ${whereSql} ORDER BY ${ORDER[query.orderBy]} ${dir}, i.insurance_name ${dir}, i.insurance ${dir} LIMIT ? OFFSET ?`,
    ).all(...args, query.pageSize, (query.page - 1) * query.pageSize);
    return { count, items: rows.map(toRecord) };
  }),

  implement(c.saveInsurance, ({ body, caller, ctx }) => {
    const saved = saveInsurer(ctx.db, caller, body);
    hostLog(ctx, 'insurance').info('Insurer %s saved by user %s', saved.id, caller.user);
    return saved;
  }),

  implement(c.removeInsurance, ({ query, caller, ctx }) => {
    const row = ownInsurer(ctx.db, caller, query.id);
    const using = oneRow(
      preparedValue<number>(ctx.db, 'SELECT count(*) FROM contact WHERE insurance_id = ? AND merged_into IS NULL').get(row.insurance),
    );
    if (using > 0)
      throw badRequest(`${row.insuranceName} is the insurer of ${using} contact${using === 1 ? '' : 's'}; set it inactive instead.`, {
        id: [`${row.insuranceName} is still in use`],
      });
    // Its lookups go with it (ON DELETE CASCADE), in the same statement.
    prepared(ctx.db, 'DELETE FROM insurance WHERE insurance = ?').run(row.insurance);
    return OK;
  }),

  implement(c.insuranceLookup, ({ query, caller, ctx }) => {
    ownInsurer(ctx.db, caller, query.insurance);
    return prepared<LookupDb>(
      ctx.db,
      `${LOOKUP_SELECT} WHERE insurance = ? ORDER BY lookup_type DESC, calibration_type, code, insurance_lookup`,
    )
      .all(query.insurance)
      .map(toLookup);
  }),

  implement(c.saveInsuranceLookup, ({ body, caller, ctx }) => {
    ownInsurer(ctx.db, caller, body.insurance);
    if (body.insuranceLookup !== -1) {
      const found = prepared(ctx.db, 'SELECT 1 FROM insurance_lookup WHERE insurance_lookup = ? AND insurance = ?').get(
        body.insuranceLookup,
        body.insurance,
      );
      if (!found) throw notFound('Insurance lookup');
    }
    const isPrice = body.lookupType === 'price';
    const clash = isPrice
      ? prepared(
          ctx.db,
          "SELECT 1 FROM insurance_lookup WHERE insurance = ? AND lookup_type = 'price' AND calibration_type = ? AND insurance_lookup <> ?",
        ).get(body.insurance, body.calibrationType, body.insuranceLookup)
      : prepared(
          ctx.db,
          "SELECT 1 FROM insurance_lookup WHERE insurance = ? AND lookup_type = 'program' AND code = ? AND insurance_lookup <> ?",
        ).get(body.insurance, body.code, body.insuranceLookup);
    if (clash)
      throw badRequest(
        'Invalid body',
        isPrice
          ? { calibrationType: ['This insurer already has a price for this calibration type'] }
          : { code: ['This insurer already has this program code'] },
      );
    const values = {
      insurance: body.insurance,
      lookupType: body.lookupType,
      code: isPrice ? '' : body.code,
      description: body.description,
      calibrationType: isPrice ? body.calibrationType : '',
      priceCents: isPrice && body.price != null ? Math.round(body.price * 100) : null,
      isInactive: body.isInactive ? 1 : 0,
    };
    if (body.insuranceLookup !== -1) {
      prepared(
        ctx.db,
        `UPDATE insurance_lookup SET lookup_type = @lookupType, code = @code, description = @description, calibration_type = @calibrationType,
         price_cents = @priceCents, is_inactive = @isInactive WHERE insurance_lookup = @id`,
      ).run({ ...values, id: body.insuranceLookup });
      return { id: body.insuranceLookup };
    }
    const id = prepared(
      ctx.db,
      `INSERT INTO insurance_lookup (insurance, lookup_type, code, description, calibration_type, price_cents, is_inactive)
       VALUES (@insurance, @lookupType, @code, @description, @calibrationType, @priceCents, @isInactive)`,
    ).run(values).lastInsertRowid;
    return { id: Number(id) };
  }),

  implement(c.removeInsuranceLookup, ({ query, caller, ctx }) => {
    const row = prepared<{ insurance: number }>(ctx.db, 'SELECT insurance FROM insurance_lookup WHERE insurance_lookup = ?').get(query.id);
    if (!row) throw notFound('Insurance lookup');
    ownInsurer(ctx.db, caller, row.insurance);
    prepared(ctx.db, 'DELETE FROM insurance_lookup WHERE insurance_lookup = ?').run(query.id);
    return OK;
  }),
];

/**
 * Calibration pricing (adasmatrix/*): calibration types with their network-default price, firms' own
 * prices, and the CSV import (preview, all-or-none, valid rows only) and export.
 */
import Papa from 'papaparse';
import type { z } from 'zod';
import { contract } from '../../lib/contract';
import type { CalibrationTypeRow, PRICE_SOURCES, PricingImportResult, importCalibrationPricing } from '../../lib/contract/adasmatrix';
import { CSV_OPTIONS } from '../../lib/csv';
import { CALIBRATION_MODE_LABELS, NETWORK_FIRM, type CalibrationMode } from '../../lib/configuration/constants';
import { dollars } from '../../lib/configuration/money';
import { FIRM_PRICING_COLUMNS, PRICING_COLUMNS, checkPricingRow } from '../../lib/configuration/pricing-csv';
import type { Db } from '../core/db';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { changingLocation } from '../locations/service';
import { type Caller, assertFirm } from '../core/caller';
import { badRequest, notFound } from '../core/errors';
import { implement } from '../core/implement';
import { assertKnowledgeBase, fieldError, isUniqueViolation, pageOf, searchCondition, type SqlValue } from './common';
import { today } from './make-matrix-calls';
import { withConfigurationHistories, withConfigurationHistory } from './history';
import { calibrationPrice } from './rules';

const p = contract.adasmatrix;
type PriceSource = (typeof PRICE_SOURCES)[number];

/** A calibration as TYPE_SELECT yields it: the contract's names, its network price in cents. */
type TypeDb = Omit<CalibrationTypeRow, 'price' | 'firmPrice' | 'source'> & { priceCents: number | null };
const toType = ({ priceCents, ...r }: TypeDb): CalibrationTypeRow => ({ ...r, price: priceCents == null ? null : dollars(priceCents) });
const TYPE_SELECT = `t.calibration_type AS calibrationType, t.system_type AS systemType, s.name AS systemTypeName, t.name, t.mode,
  t.price_cents AS priceCents, (SELECT count(*) FROM adas_make_matrix m WHERE m.calibration_type = t.calibration_type) AS makeMatrices`;
const TYPE_FROM = 'adas_calibration_type t JOIN adas_system_type s ON s.system_type = t.system_type';

/** Network prices are the platform's; a firm's prices need the caller to reach that firm (404 otherwise). */
export function assertPricing(caller: Caller, firm: number | undefined): void {
  if (firm === undefined || firm === NETWORK_FIRM) assertKnowledgeBase(caller);
  else assertFirm(caller, firm, 'Firm');
}

/** Where the price that applies comes from: the firm's own price, else the network default. */
const sourceOf = (own: number | null, network: number | null) =>
  (own != null ? 'firm' : network != null ? 'network' : 'none') as PriceSource;

const cents = (price: number | null) => (price == null ? null : Math.round(price * 100));

type ImportBody = z.output<typeof importCalibrationPricing.body>;

/** Checks (and, unless previewing, applies) an import in one transaction. */
export function importPricing(db: Db, by: number, body: ImportBody): PricingImportResult {
  const firm = body.firm !== undefined && body.firm !== NETWORK_FIRM ? body.firm : null;
  const systemTypes = new Map(
    prepared<{ system_type: number; name: string }>(db, 'SELECT system_type, name FROM adas_system_type')
      .all()
      .map((s) => [s.name.toLowerCase(), s]),
  );
  const existing = prepared<{ calibration_type: number; mode: CalibrationMode; price_cents: number | null }>(
    db,
    'SELECT calibration_type, mode, price_cents FROM adas_calibration_type WHERE system_type = ? AND name = ?',
  );
  const firmPrice = prepared(db, 'SELECT price_cents FROM adas_calibration_price WHERE firm = ? AND calibration_type = ?').pluck();
  const seen = new Map<string, number>();

  const checked = body.rows.map((cells) => {
    const result = checkPricingRow({ ...cells }, firm !== null);
    const errors: Record<string, string> = result.ok ? {} : { ...result.errors };
    const type = systemTypes.get(cells.systemType.trim().toLowerCase());
    if (cells.systemType.trim() && !type) errors['System type'] = `Unknown system type "${cells.systemType.trim().slice(0, 40)}"`;
    const key = `${cells.systemType.trim().toLowerCase()}|${cells.calibration.trim().toLowerCase()}`;
    if (seen.has(key)) errors.Calibration = `Repeats line ${seen.get(key)}`;
    else seen.set(key, cells.line);
    const row = result.ok ? result.row : null;
    const current = type && row ? existing.get(type.system_type, row.calibration) : undefined;
    if (firm !== null && row && type && !current)
      errors.Calibration = 'Not a calibration of this system type (a firm prices existing calibrations only)';
    let status: 'new' | 'update' | 'unchanged' | 'error' = 'error';
    if (!Object.keys(errors).length && row && type) {
      if (firm !== null) status = firmPrice.get(firm, current!.calibration_type) === row.priceCents ? 'unchanged' : 'update';
      else if (!current) status = 'new';
      else status = current.price_cents === row.priceCents && current.mode === row.mode ? 'unchanged' : 'update';
    }
    return {
      out: {
        line: cells.line,
        systemType: type?.name ?? cells.systemType.trim(),
        calibration: cells.calibration.trim(),
        mode: row?.mode ?? null,
        price: row ? dollars(row.priceCents) : null,
        status,
        errors,
      },
      apply: status === 'new' || status === 'update' ? { systemType: type!.system_type, id: current?.calibration_type, row: row! } : null,
    };
  });

  const invalid = checked.filter((c) => c.out.status === 'error').length;
  const result = { rows: checked.map((c) => c.out), valid: checked.length - invalid, invalid, applied: 0 };
  if (body.apply === 'preview' || (body.apply === 'all' && invalid > 0)) return result;

  const write = () => {
    const added: number[] = [];
    for (const { apply } of checked) {
      if (!apply) continue;
      if (firm !== null)
        prepared(
          db,
          'INSERT INTO adas_calibration_price (firm, calibration_type, price_cents) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET price_cents = excluded.price_cents',
        ).run(firm, apply.id!, apply.row.priceCents);
      else if (apply.id)
        prepared(db, 'UPDATE adas_calibration_type SET mode = ?, price_cents = ? WHERE calibration_type = ?').run(
          apply.row.mode,
          apply.row.priceCents,
          apply.id,
        );
      else
        added.push(
          Number(
            prepared(db, 'INSERT INTO adas_calibration_type (system_type, name, mode, price_cents) VALUES (?, ?, ?, ?)').run(
              apply.systemType,
              apply.row.calibration,
              apply.row.mode,
              apply.row.priceCents,
            ).lastInsertRowid,
          ),
        );
    }
    return added;
  };
  // A firm's prices are the location's (its history); network prices are the calibration types'.
  const updated = checked.flatMap((c) => (c.apply?.id ? [c.apply.id] : []));
  if (firm !== null) changingLocation(db, by, firm, write);
  else withConfigurationHistories(db, by, 'calibrationType', updated, write, (added) => added);
  result.applied = checked.filter((c) => c.apply).length;
  return result;
}

export const pricingCalls = [
  implement(p.systemCalibrations, ({ query, caller, ctx }) => {
    const firm = query.firm;
    if (firm === undefined) assertKnowledgeBase(caller);
    else assertPricing(caller, firm);
    const where: string[] = [];
    // With a firm: its own price beside each type (a primary-key lookup per row).
    const params: SqlValue[] = firm === undefined ? [] : [firm];
    if (query.systemType) {
      where.push('t.system_type = ?');
      params.push(query.systemType);
    }
    const s = searchCondition(query.searchTerm, ['t.name', 's.name']);
    if (s) {
      where.push(s.sql);
      params.push(...s.params);
    }
    const price = firm === undefined ? 't.price_cents' : 'coalesce(p.price_cents, t.price_cents)';
    const order = { system: ['s.sort', 't.name'], name: ['t.name', 't.calibration_type'], price: [price, 't.name'] }[query.orderBy];
    if (firm === undefined) return pageOf(ctx.db, { select: TYPE_SELECT, from: TYPE_FROM, where, params, order, query, map: toType });
    return pageOf(ctx.db, {
      select: `${TYPE_SELECT}, p.price_cents AS firmPriceCents`,
      from: `${TYPE_FROM} LEFT JOIN adas_calibration_price p ON p.calibration_type = t.calibration_type AND p.firm = ?`,
      where,
      params,
      order,
      query,
      map: ({ firmPriceCents, ...r }: TypeDb & { firmPriceCents: number | null }): CalibrationTypeRow => ({
        ...toType(r),
        firmPrice: firmPriceCents == null ? null : dollars(firmPriceCents),
        source: sourceOf(firmPriceCents, r.priceCents),
      }),
    });
  }),
  implement(p.removeCalibration, ({ query, caller, ctx }) => {
    assertKnowledgeBase(caller);
    const { db } = ctx;
    withConfigurationHistory(db, caller.user, 'calibrationType', query.calibrationType, () => {
      if (
        !prepared(db, 'SELECT 1 FROM adas_calibration_type WHERE calibration_type = ? AND system_type = ?').get(
          query.calibrationType,
          query.systemType,
        )
      )
        throw notFound('Calibration');
      const used = oneRow(
        preparedValue<number>(db, 'SELECT count(*) FROM adas_make_matrix WHERE calibration_type = ?').get(query.calibrationType),
      );
      if (used) throw badRequest(`This calibration is used by ${used} make matri${used === 1 ? 'x' : 'ces'}; change them first`);
      prepared(db, 'DELETE FROM adas_calibration_type WHERE calibration_type = ?').run(query.calibrationType);
    });
    return { success: true as const };
  }),
  implement(p.getCalibrationPricing, ({ query, caller, ctx }) => {
    assertPricing(caller, query.firm);
    const r = prepared<TypeDb>(ctx.db, `SELECT ${TYPE_SELECT} FROM ${TYPE_FROM} WHERE t.calibration_type = ?`).get(query.calibrationType);
    if (!r) throw notFound('Calibration');
    const firm = query.firm ?? null;
    const effective = calibrationPrice(ctx.db, r.calibrationType, firm);
    const own =
      firm == null
        ? null
        : preparedValue<number>(ctx.db, 'SELECT price_cents FROM adas_calibration_price WHERE firm = ? AND calibration_type = ?').get(
            firm,
            r.calibrationType,
          );
    return {
      calibrationType: r.calibrationType,
      systemType: r.systemType,
      systemTypeName: r.systemTypeName,
      name: r.name,
      mode: r.mode,
      firm,
      price: effective.cents == null ? null : dollars(effective.cents),
      source: effective.source,
      networkPrice: r.priceCents == null ? null : dollars(r.priceCents),
      firmPrice: own == null ? null : dollars(own),
    };
  }),
  implement(p.saveCalibrationPricing, ({ body, caller, ctx }) => {
    assertPricing(caller, body.firm);
    const { db } = ctx;
    if (body.firm !== undefined) {
      if (!prepared(db, 'SELECT 1 FROM adas_calibration_type WHERE calibration_type = ?').get(body.calibrationType))
        throw notFound('Calibration');
      const firm = body.firm;
      changingLocation(db, caller.user, firm, () => {
        if (body.price == null)
          prepared(db, 'DELETE FROM adas_calibration_price WHERE firm = ? AND calibration_type = ?').run(firm, body.calibrationType);
        else
          prepared(
            db,
            'INSERT INTO adas_calibration_price (firm, calibration_type, price_cents) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET price_cents = excluded.price_cents',
          ).run(firm, body.calibrationType, cents(body.price));
      });
      return { id: body.calibrationType };
    }
    if (!prepared(db, 'SELECT 1 FROM adas_system_type WHERE system_type = ?').get(body.systemType))
      throw fieldError('systemType', 'Unknown system type');
    try {
      const id = withConfigurationHistory(
        db,
        caller.user,
        'calibrationType',
        body.calibrationType,
        () => {
          if (body.calibrationType > 0) {
            const changed = prepared(
              db,
              'UPDATE adas_calibration_type SET system_type = ?, name = ?, mode = ?, price_cents = ? WHERE calibration_type = ?',
            ).run(body.systemType, body.name, body.mode, cents(body.price), body.calibrationType).changes;
            if (!changed) throw notFound('Calibration');
            return body.calibrationType;
          }
          return Number(
            prepared(db, 'INSERT INTO adas_calibration_type (system_type, name, mode, price_cents) VALUES (?, ?, ?, ?)').run(
              body.systemType,
              body.name,
              body.mode,
              cents(body.price),
            ).lastInsertRowid,
          );
        },
        (saved) => saved,
      );
      return { id };
    } catch (e) {
      if (isUniqueViolation(e)) throw fieldError('name', `This system type already has a calibration named ${body.name}`);
      throw e;
    }
  }),
  implement(p.importCalibrationPricing, ({ body, caller, ctx }) => {
    assertPricing(caller, body.firm);
    return importPricing(ctx.db, caller.user, body);
  }),
  implement(p.exportCalibrationPricing, ({ query, caller, ctx }) => {
    assertPricing(caller, query.firm);
    const firm = query.firm !== undefined && query.firm !== NETWORK_FIRM ? query.firm : null;
    const rows = prepared<{ system_type: string; name: string; mode: CalibrationMode; network: number | null; own: number | null }>(
      ctx.db,
      `SELECT s.name AS system_type, t.name, t.mode, t.price_cents AS network, p.price_cents AS own
       FROM ${TYPE_FROM} LEFT JOIN adas_calibration_price p ON p.calibration_type = t.calibration_type AND p.firm = ?
       ORDER BY s.sort, t.name`,
    ).all(firm ?? 0);
    const money = (c: number | null) => (c == null ? '' : (c / 100).toFixed(2));
    const csv = Papa.unparse(
      {
        fields: firm === null ? [...PRICING_COLUMNS] : [...PRICING_COLUMNS, ...FIRM_PRICING_COLUMNS],
        data: rows.map((r) => {
          const base = [r.system_type, r.name, CALIBRATION_MODE_LABELS[r.mode]];
          if (firm === null) return [...base, money(r.network)];
          return [...base, money(r.own ?? r.network), money(r.network), sourceOf(r.own, r.network)];
        }),
      },
      CSV_OPTIONS,
    );
    return { fileName: `calibration-pricing${firm === null ? '' : `-firm-${firm}`}-${today()}.csv`, csv, rows: rows.length };
  }),
];

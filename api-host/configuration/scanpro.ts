/**
 * Scan-pro configuration (scanpro/SaveScanProConfiguration, scanpro/GetScanProConfiguration): one per firm
 * (businessId), replaced on each save. A firm the caller cannot reach answers 404.
 */
import { contract } from '../../lib/contract';
import { type ScanProConfiguration, scanProConfiguration } from '../../lib/contract/scanpro';
import { parseJsonColumn } from '../../lib/json-column';
import { modelYearMax } from '../../lib/configuration/constants';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { assertFirm } from '../core/caller';
import { notFound } from '../core/errors';
import { implement } from '../core/implement';
import { fieldError } from './common';

/** What a firm without a saved configuration starts from: every make, the last ten model years, both scans. */
export function defaultScanPro(businessId: number): ScanProConfiguration {
  const end = modelYearMax() - 1;
  return {
    businessId,
    criteria: { makes: [], yearStart: end - 9, yearEnd: end, preRepairScan: true, postRepairScan: true },
    checklist: [],
    updatedAt: null,
  };
}

export const scanProCalls = [
  implement(contract.scanpro.GetScanProConfiguration, ({ query, caller, ctx }) => {
    assertFirm(caller, query.businessId, 'Firm');
    const r = prepared<{ criteria: string; checklist: string; updatedAt: string }>(
      ctx.db,
      'SELECT criteria, checklist, updated_at AS updatedAt FROM scanpro_configuration WHERE business_id = ?',
    ).get(query.businessId);
    if (!r) {
      if (!prepared(ctx.db, 'SELECT 1 FROM firm WHERE firm = ?').get(query.businessId)) throw notFound('Firm');
      return defaultScanPro(query.businessId);
    }
    const stored = scanProConfiguration.shape;
    return {
      businessId: query.businessId,
      criteria: parseJsonColumn(stored.criteria, r.criteria, 'scanpro_configuration.criteria'),
      checklist: parseJsonColumn(stored.checklist, r.checklist, 'scanpro_configuration.checklist'),
      updatedAt: r.updatedAt,
    };
  }),
  implement(contract.scanpro.SaveScanProConfiguration, ({ body, caller, ctx }) => {
    assertFirm(caller, body.businessId, 'Firm');
    const { db } = ctx;
    const known = oneRow(
      preparedValue<number>(
        db,
        'SELECT count(*) FROM adas_checklist_matrix WHERE adas_checklist_matrix IN (SELECT value FROM json_each(?))',
      ).get(JSON.stringify(body.checklist)),
    );
    if (known !== body.checklist.length) throw fieldError('checklist', 'Unknown system');
    const updatedAt = oneRow(
      preparedValue<string>(
        db,
        `INSERT INTO scanpro_configuration (business_id, criteria, checklist, updated_by) VALUES (?, ?, ?, ?)
       ON CONFLICT (business_id) DO UPDATE SET criteria = excluded.criteria, checklist = excluded.checklist, updated_by = excluded.updated_by,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
       RETURNING updated_at`,
      ).get(body.businessId, JSON.stringify(body.criteria), JSON.stringify(body.checklist), caller.user),
    );
    return { businessId: body.businessId, updatedAt };
  }),
];

/**
 * Scan-pro configuration (scanpro/SaveScanProConfiguration, scanpro/GetScanProConfiguration): one per firm
 * (businessId), replaced on each save. A firm the caller cannot reach answers 404.
 */
import { contract } from '../../lib/contract';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { assertFirm } from '../core/caller';
import { notFound } from '../core/errors';
import { implement } from '../core/implement';
import { fieldError } from './common';
import { defaultScanPro, savedScanPro, withConfigurationHistory } from './history';

export const scanProCalls = [
  implement(contract.scanpro.GetScanProConfiguration, ({ query, caller, ctx }) => {
    assertFirm(caller, query.businessId, 'Firm');
    const saved = savedScanPro(ctx.db, query.businessId);
    if (saved) return { businessId: query.businessId, ...saved };
    if (!prepared(ctx.db, 'SELECT 1 FROM firm WHERE firm = ?').get(query.businessId)) throw notFound('Firm');
    return defaultScanPro(query.businessId);
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
    const updatedAt = withConfigurationHistory(db, caller.user, 'scanPro', body.businessId, () =>
      oneRow(
        preparedValue<string>(
          db,
          `INSERT INTO scanpro_configuration (business_id, criteria, checklist, updated_by) VALUES (?, ?, ?, ?)
       ON CONFLICT (business_id) DO UPDATE SET criteria = excluded.criteria, checklist = excluded.checklist, updated_by = excluded.updated_by,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
       RETURNING updated_at`,
        ).get(body.businessId, JSON.stringify(body.criteria), JSON.stringify(body.checklist), caller.user),
      ),
    );
    return { businessId: body.businessId, updatedAt };
  }),
];

/**
 * What the one billing rule (api-host/dashboard/billable.ts) and the report read of a dispatch, as SQL and
 * a read: a request whose provider accepted it has agreed prices (its lines were priced at the provider's
 * when it was sent, and the acceptance agreed to them); the inspection's work was performed by that provider.
 * Accepted, Completed and Closed dispatches count; a declined or cancelled one never agreed anything.
 */
import type { Db } from '../core/db';
import { prepared, preparedValue } from '../core/sql';

const AGREED = "('Accepted', 'Completed', 'Closed')";

/** SQL condition: the request aliased `request` was accepted by the provider it was sent to. */
export const AGREED_BY_PROVIDER = (request: string) =>
  `EXISTS (SELECT 1 FROM dispatch dd WHERE dd.calibrate_request = ${request}.calibrate_request AND dd.status IN ${AGREED})`;

/** SQL value: the provider that accepted the dispatch of the inspection named by `inspection` (a column or parameter), else NULL. */
export const PROVIDER_OF_INSPECTION = (inspection: string) =>
  `(SELECT dd.provider FROM dispatch dd WHERE dd.adas_inspection = ${inspection} AND dd.status IN ${AGREED} ORDER BY dd.dispatch DESC LIMIT 1)`;

/** The provider that performed the inspection's calibrations (an accepted dispatch), with its own users; null in house. */
export function performedBy(db: Db, adasInspection: number): { provider: number; name: string; users: Set<number> } | null {
  const p = prepared<{ provider: number; name: string }>(
    db,
    `SELECT f.firm AS provider, f.name FROM firm f WHERE f.firm = ${PROVIDER_OF_INSPECTION('?')}`,
  ).get(adasInspection);
  if (!p) return null;
  return { ...p, users: new Set(preparedValue<number>(db, 'SELECT user FROM user_firm WHERE firm = ?').all(p.provider)) };
}

/** Reading evidence rows (the list, the report and the shared page read the same rows). */
import { evidenceItem, type EvidenceItem } from '../../lib/contract/evidence';
import { EVIDENCE_MANAGER_ROLES } from '../../lib/evidence/limits';
import type { Db } from '../core/db';
import { pickFields, prepared } from '../core/sql';
import { userName } from '../users/service';
import type { Via } from '../dispatch/service';

/** An evidence row: the contract's item (without the caller's right to remove it) and where its files are stored. */
export type EvidenceRow = Omit<EvidenceItem, 'mayRemove'> & { firm: number; storedName: string; thumbName: string | null };

const SELECT = `SELECT e.adas_evidence AS adasEvidence, e.adas_inspection AS adasInspection, e.adas_inspection_result AS adasInspectionResult,
  e.firm, e.kind, e.file_name AS fileName, e.stored_name AS storedName, e.thumb_name AS thumbName, e.caption, e.content_type AS contentType,
  e.bytes, e.width, e.height, e.created_by AS createdBy, coalesce(${userName('e.created_by')}, '') AS createdByName, e.created_at AS createdAt
  FROM adas_evidence e`;

/** The inspection's evidence, oldest first. */
export const evidenceOfInspection = (db: Db, inspection: number) =>
  prepared<EvidenceRow>(db, `${SELECT} WHERE e.adas_inspection = ? ORDER BY e.adas_evidence`).all(inspection);

export const evidenceById = (db: Db, id: number) => prepared<EvidenceRow>(db, `${SELECT} WHERE e.adas_evidence = ?`).get(id);

/**
 * Whoever added it, or a manager of the firms they reach (the caller's reach is checked before). A provider's
 * user working through a dispatch (`via`) is no manager of the shop's evidence: only their own.
 */
export const mayRemove = (caller: { user: number; role: number | null }, row: Pick<EvidenceRow, 'createdBy'>, via: Via) =>
  row.createdBy === caller.user || (via === 'own' && caller.role != null && EVIDENCE_MANAGER_ROLES.includes(caller.role));

const itemOf = pickFields(evidenceItem.omit({ mayRemove: true }));
export const toItem = (row: EvidenceRow, caller: { user: number; role: number | null }, via: Via): EvidenceItem => ({
  ...itemOf(row),
  mayRemove: mayRemove(caller, row, via),
});

/** Reading evidence rows (the list, the report and the shared page read the same rows). */
import type { EvidenceItem } from '../../lib/contract/evidence';
import { EVIDENCE_MANAGER_ROLES } from '../../lib/evidence/limits';
import type { Db } from '../core/db';
import { prepared } from '../core/sql';
import { userName } from '../users/service';

export interface EvidenceRow {
  adas_evidence: number;
  adas_inspection_result: number;
  adas_inspection: number;
  firm: number;
  kind: 'photo' | 'document';
  file_name: string;
  stored_name: string;
  thumb_name: string | null;
  content_type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  caption: string;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
}

const SELECT = `SELECT e.*, ${userName('e.created_by')} AS created_by_name FROM adas_evidence e`;

/** The inspection's evidence, oldest first. */
export const evidenceOfInspection = (db: Db, inspection: number) =>
  prepared<EvidenceRow>(db, `${SELECT} WHERE e.adas_inspection = ? ORDER BY e.adas_evidence`).all(inspection);

export const evidenceById = (db: Db, id: number) => prepared<EvidenceRow>(db, `${SELECT} WHERE e.adas_evidence = ?`).get(id);

/** Whoever added it, or a manager of the firms they reach (the caller's reach is checked before). */
export const mayRemove = (caller: { user: number; role: number | null }, row: Pick<EvidenceRow, 'created_by'>) =>
  row.created_by === caller.user || (caller.role != null && EVIDENCE_MANAGER_ROLES.includes(caller.role));

export const toItem = (row: EvidenceRow, caller: { user: number; role: number | null }): EvidenceItem => ({
  adasEvidence: row.adas_evidence,
  adasInspection: row.adas_inspection,
  adasInspectionResult: row.adas_inspection_result,
  kind: row.kind,
  fileName: row.file_name,
  caption: row.caption,
  contentType: row.content_type,
  bytes: row.bytes,
  width: row.width,
  height: row.height,
  createdBy: row.created_by,
  createdByName: row.created_by_name ?? '',
  createdAt: row.created_at,
  mayRemove: mayRemove(caller, row),
});

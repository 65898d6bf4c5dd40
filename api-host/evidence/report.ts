/**
 * Evidence as the calibration report and the shared page show it (docs/adas.md#evidence), only when the firm's
 * report preference includes the "evidence" section: photos by their thumbnails with their captions,
 * PDFs by name. A thumbnail missing on disk is listed by name instead of failing the report.
 */
import type { ReportPreference } from '../../lib/contract/calibrations';
import type { Db } from '../core/db';
import { readStored } from '../files/service';
import { evidenceOfInspection } from './read';

export interface ReportEvidence {
  adasEvidence: number;
  adasInspectionResult: number;
  kind: 'photo' | 'document';
  fileName: string;
  caption: string;
  /** The photo's thumbnail (JPEG), null for a PDF or a thumbnail that could not be read. */
  thumb: Buffer | null;
}

export const showsEvidence = (pref: Pick<ReportPreference, 'sections'>) => pref.sections.includes('evidence');

/** The inspection's evidence with the photos' thumbnails, oldest first. */
export async function evidenceForReport(db: Db, filesDir: string, inspection: number): Promise<ReportEvidence[]> {
  return Promise.all(
    evidenceOfInspection(db, inspection).map(async (r) => ({
      adasEvidence: r.adasEvidence,
      adasInspectionResult: r.adasInspectionResult,
      kind: r.kind,
      fileName: r.fileName,
      caption: r.caption,
      thumb: r.thumbName ? await readStored(filesDir, r.firm, r.thumbName).catch(() => null) : null,
    })),
  );
}

/** The report's data with its evidence when the preference shows it (the report and the shared report). */
export async function withEvidence<T extends { job: { adasInspection: number } }>(
  ctx: { db: Db; filesDir: string },
  data: T,
  pref: Pick<ReportPreference, 'sections'>,
): Promise<T & { evidence?: ReportEvidence[] }> {
  return showsEvidence(pref) ? { ...data, evidence: await evidenceForReport(ctx.db, ctx.filesDir, data.job.adasInspection) } : data;
}

/**
 * A job's estimate as stored: the lines intake read (lib/intake: a PDF, an EMS export, a BMS or CSV file,
 * pasted lines) replace the job's repair lines, each with what was read of it beside the scrub's columns,
 * and adas_estimate records where they came from, each line's section and what the file's header and
 * vehicle block said. The scrub reads the lines back (scrub.ts jobLines). Rules: docs/intake.md.
 */
import type { ReadEstimate } from '../../lib/intake/estimate';
import type { Db } from '../core/db';
import { prepared } from '../core/sql';

const cents = (dollars: number | null) => (dollars == null ? null : Math.round(dollars * 100));

/** Replaces the job's repair lines with an estimate's, and records where they came from (call in a transaction). */
export function storeEstimate(db: Db, adas: number, estimate: ReadEstimate, fileName: string, user: number): void {
  prepared(db, 'DELETE FROM adas_repair_line WHERE adas = ?').run(adas);
  const insert = prepared(
    db,
    `INSERT INTO adas_repair_line (adas, line_num, unique_sequence_number, operation, description, part_number,
       operation_code, part_type, quantity, labour_type, hours, price_cents, confidence)
     VALUES (@adas, @lineNum, @uniqueSequenceNumber, @operation, @description, @partNumber,
       @operationCode, @partType, @quantity, @labourType, @hours, @priceCents, @confidence)`,
  );
  for (const l of estimate.lines)
    insert.run({
      adas,
      lineNum: l.lineNum,
      uniqueSequenceNumber: l.uniqueSequenceNumber,
      operation: l.operation,
      description: l.description,
      partNumber: l.partNumber,
      operationCode: l.operationCode,
      partType: l.partType,
      quantity: l.quantity,
      labourType: l.labourType,
      hours: l.hours,
      priceCents: cents(l.price),
      confidence: l.confidence,
    });
  const sections = Object.fromEntries(estimate.lines.filter((l) => l.section).map((l) => [l.lineNum, l.section]));
  const { header: h, vehicle: v } = estimate;
  prepared(
    db,
    `INSERT INTO adas_estimate (adas, source, file_name, sections, uploaded_by, uploaded_at, layout, pages, ro_number, claim_number, insurer,
       version, supplement, vin, vehicle_year, vehicle_make, vehicle_model)
     VALUES (@adas, @source, @fileName, @sections, @user, strftime('%Y-%m-%dT%H:%M:%SZ','now'), @layout, @pages, @roNumber, @claimNumber, @insurer,
       @version, @supplement, @vin, @year, @make, @model)
     ON CONFLICT (adas) DO UPDATE SET source = excluded.source, file_name = excluded.file_name, sections = excluded.sections,
       uploaded_by = excluded.uploaded_by, uploaded_at = excluded.uploaded_at, layout = excluded.layout, pages = excluded.pages,
       ro_number = excluded.ro_number, claim_number = excluded.claim_number, insurer = excluded.insurer, version = excluded.version,
       supplement = excluded.supplement, vin = excluded.vin, vehicle_year = excluded.vehicle_year, vehicle_make = excluded.vehicle_make,
       vehicle_model = excluded.vehicle_model`,
  ).run({
    adas,
    source: estimate.source,
    fileName,
    sections: JSON.stringify(sections),
    user,
    layout: estimate.layout,
    pages: estimate.pages,
    roNumber: h.roNumber,
    claimNumber: h.claimNumber,
    insurer: h.insurer,
    version: h.version,
    supplement: h.supplement,
    vin: v.vin,
    year: v.year,
    make: v.make,
    model: v.model,
  });
}

/** What the stored estimate's file said in its header (empty for typed lines and before any estimate). */
export function estimateHeader(db: Db, adas: number): { roNumber: string; claimNumber: string; insurer: string; version: string } {
  return (
    prepared<{ roNumber: string; claimNumber: string; insurer: string; version: string }>(
      db,
      'SELECT ro_number AS roNumber, claim_number AS claimNumber, insurer, version FROM adas_estimate WHERE adas = ?',
    ).get(adas) ?? { roNumber: '', claimNumber: '', insurer: '', version: '' }
  );
}

/**
 * The CCC stand-in: the estimating system that adas/pushToCCC sends an inspection's calibration lines to.
 * It lives in the reference host's process (the API host is what talks to CCC; the browser never does),
 * validates what it receives as the service would, keeps every submission with its verdict
 * (ccc_submission) and answers in the service's words. It refuses: a shop without a CCC ONE account id,
 * a submission without lines or without a VIN, and lines it already accepted for the same RO (a
 * duplicate).
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { roText } from '../../lib/adas/rules';
import type { CccAnswer } from '../../lib/contract/calibrations';
import type { Db } from '../core/db';
import { prepared, preparedValue } from '../core/sql';

export const cccSubmission = z.object({
  adasInspection: z.number().int(),
  firm: z.number().int(),
  cccId: z.string(),
  roNumber: z.string(),
  vin: z.string(),
  lines: z.array(
    z.object({ system: z.string().min(1), calibrationType: z.string(), operation: z.literal('Subl'), price: z.number().min(0).nullable() }),
  ),
});
export type CccSubmission = z.infer<typeof cccSubmission>;

/** The VIN CCC ONE takes: 17 characters, never I, O or Q (the preview warns by the same test). */
export const cccTakesVin = (vin: string) => /^[A-HJ-NPR-Z0-9]{17}$/.test(vin);

export function receiveCalibrationLines(db: Db, input: CccSubmission): CccAnswer {
  const s = cccSubmission.parse(input);
  const payload = JSON.stringify(s.lines);
  const digest = createHash('sha256').update(`${s.roNumber}|${payload}`).digest('hex');
  const refuse = (message: string): CccAnswer => keep(db, s, payload, digest, false, null, message);
  if (!s.cccId.trim())
    return refuse('CCC ONE refused the lines: this shop has no CCC ONE account id. Add it to the location (CCC id) and push again.');
  if (!cccTakesVin(s.vin)) return refuse("CCC ONE refused the lines: the estimate needs the vehicle's 17-character VIN.");
  if (!s.lines.length)
    return refuse('CCC ONE refused the lines: there are no calibration lines to add. Scrub the estimate or create the request first.');
  const earlier = preparedValue<string | null>(
    db,
    'SELECT reference FROM ccc_submission WHERE adas_inspection = ? AND accepted = 1 AND digest = ?',
  ).get(s.adasInspection, digest);
  if (earlier !== undefined)
    return refuse(
      `CCC ONE refused the lines: it already has these calibration lines for ${roText(s.roNumber)}${earlier ? ` (reference ${earlier})` : ''}.`,
    );
  const reference = `CCC-${digest.slice(0, 10).toUpperCase()}`;
  return keep(
    db,
    s,
    payload,
    digest,
    true,
    reference,
    `CCC ONE added ${s.lines.length} calibration line${s.lines.length === 1 ? '' : 's'} to ${roText(s.roNumber)} (reference ${reference}).`,
  );
}

function keep(
  db: Db,
  s: CccSubmission,
  payload: string,
  digest: string,
  accepted: boolean,
  reference: string | null,
  message: string,
): CccAnswer {
  prepared(
    db,
    'INSERT INTO ccc_submission (adas_inspection, firm, ccc_id, ronumber, payload, digest, accepted, reference, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(s.adasInspection, s.firm, s.cccId, s.roNumber, payload, digest, accepted ? 1 : 0, reference, message);
  return { accepted, reference, message, lines: s.lines.length };
}

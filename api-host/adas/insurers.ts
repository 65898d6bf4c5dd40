/**
 * The insurer of a job or inspection: one of the administration area's insurers (table `insurance`,
 * lookup/insurance) that the JOB'S location works with, and active. A location works with its own insurers
 * and its network's: those of every firm above it (its franchisee, franchiser and the platform, firm 1,
 * whose insurers every location uses: docs/insurance.md#limits). So a Brooklyn shop's job may name the
 * platform's insurers, Northstar East's and its own, never Northstar West's, whoever saves it (a franchiser
 * reaching both locations included). The name is copied onto the record when it is saved.
 *
 * The choices the job, inspection and new-job forms offer (adas/insurers?firm) and the check of a saved
 * insurer read this one query (`USABLE_SQL`), so a form never offers an insurer the host would refuse, nor
 * refuses one it offered. An insurer the record already names is kept as it is when a save leaves it
 * unchanged (made inactive since, the job's notes can still be edited).
 */
import { badRequest } from '../core/errors';
import type { Db } from '../core/db';
import { prepared } from '../core/sql';

/** The active insurers of firm @firm and of every firm above it, by name (the firm's name tells two of one name apart). */
const USABLE_SQL = `
  WITH RECURSIVE up(firm) AS (SELECT @firm UNION SELECT f.parent FROM firm f JOIN up ON f.firm = up.firm WHERE f.parent IS NOT NULL)
  SELECT i.insurance, i.insurance_name AS insuranceName, f.name AS firmName
  FROM insurance i JOIN up ON up.firm = i.firm JOIN firm f ON f.firm = i.firm
  WHERE i.is_inactive = 0 AND (@insurance IS NULL OR i.insurance = @insurance)
  ORDER BY i.insurance_name, f.name, i.insurance`;

export interface UsableInsurer {
  insurance: number;
  insuranceName: string;
  firmName: string;
}

/** The insurers a job of location `firm` may name. */
export function usableInsurers(db: Db, firm: number): UsableInsurer[] {
  return prepared<UsableInsurer>(db, USABLE_SQL).all({ firm, insurance: null });
}

/** The insurer a record names now, kept as it is when a save leaves it unchanged. */
export interface KeptInsurer {
  insurance: number | null;
  name: string;
}

/**
 * The name to store for `insurance` on a record of location `firm`: '' for none, the kept name for the
 * insurer the record already names, else the insurer's name, or 400 on `field` for one the location does
 * not work with (another network's, inactive or unknown alike).
 */
export function insurerName(db: Db, firm: number, insurance: number | null, kept?: KeptInsurer, field = 'insurance'): string {
  if (insurance == null) return '';
  if (kept && kept.insurance === insurance) return kept.name;
  const row = prepared<UsableInsurer>(db, USABLE_SQL).get({ firm, insurance });
  if (!row) throw badRequest('Invalid body', { [field]: ['This location does not work with this insurer: choose one of the list'] });
  return row.insuranceName;
}

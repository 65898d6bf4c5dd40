/**
 * The insurer of a job or inspection: one of the administration area's insurers (table `insurance`,
 * lookup/insurance) that the caller's locations work with — the network's own (firm 1, docs/insurance.md#limits,
 * which every location uses) or one of a firm the caller reaches — and active. Its name is copied onto
 * the record when it is saved. The choices the job, inspection and new-job forms offer (adas/insurers)
 * and the check of a saved insurer read this one rule (`USABLE`), so a form never offers an insurer the
 * host would refuse, nor refuses one it offered.
 */
import type { Caller } from '../core/caller';
import { badRequest } from '../core/errors';
import type { Db } from '../core/db';
import { prepared } from '../core/sql';

const NETWORK_FIRM = 1;

const usable = (firm: number, isInactive: number, caller: Pick<Caller, 'firms'>) =>
  !isInactive && (firm === NETWORK_FIRM || caller.firms.has(firm));

/** The insurers a job of the caller's may name, by name (the firm's name tells two of one name apart). */
export function usableInsurers(db: Db, caller: Pick<Caller, 'firms'>): { insurance: number; insuranceName: string; firmName: string }[] {
  const rows = prepared<{ insurance: number; insurance_name: string; firm: number; is_inactive: number; firm_name: string }>(
    db,
    `SELECT i.insurance, i.insurance_name, i.firm, i.is_inactive, f.name AS firm_name FROM insurance i JOIN firm f ON f.firm = i.firm
     WHERE i.is_inactive = 0 ORDER BY i.insurance_name, f.name, i.insurance`,
  ).all();
  return rows
    .filter((r) => usable(r.firm, r.is_inactive, caller))
    .map((r) => ({ insurance: r.insurance, insuranceName: r.insurance_name, firmName: r.firm_name }));
}

/** The insurer's name, or 400 on `field` for an insurer the caller may not use. '' for none. */
export function insurerName(db: Db, caller: Caller, insurance: number | null, field = 'insurance'): string {
  if (insurance == null) return '';
  const row = prepared<{ insurance_name: string; firm: number; is_inactive: number }>(
    db,
    'SELECT insurance_name, firm, is_inactive FROM insurance WHERE insurance = ?',
  ).get(insurance);
  if (!row || !usable(row.firm, row.is_inactive, caller))
    throw badRequest('Invalid body', { [field]: ['Unknown insurance: choose one of the list'] });
  return row.insurance_name;
}

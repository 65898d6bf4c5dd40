/**
 * The insurer of a job or inspection: one of the administration area's insurers (table `insurance`,
 * lookup/insurance) that the job's location may use — the network's own (firm 1, operations §9) or one of
 * a firm the caller reaches — and active. Its name is copied onto the record when it is saved.
 */
import type { Caller } from '../server';
import { badRequest } from '../server';
import type { Db } from '../db';
import { prepared } from '../sql';

const NETWORK_FIRM = 1;

/** The insurer's name, or 400 on `field` for an insurer the caller may not use. '' for none. */
export function insurerName(db: Db, caller: Caller, insurance: number | null, field = 'insurance'): string {
  if (insurance == null) return '';
  const row = prepared(db, 'SELECT insurance_name, firm, is_inactive FROM insurance WHERE insurance = ?').get(insurance) as
    | { insurance_name: string; firm: number; is_inactive: number }
    | undefined;
  if (!row || row.is_inactive || (row.firm !== NETWORK_FIRM && !caller.firms.has(row.firm)))
    throw badRequest('Invalid body', { [field]: ['Unknown insurance: choose one of the list'] });
  return row.insurance_name;
}

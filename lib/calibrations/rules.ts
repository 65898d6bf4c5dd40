/**
 * Calibration request rules in plain code (client-safe, no zod): statuses, who may manage requests, the
 * JSON-text-or-list reading of a request's lists, the quote's totals and the insurer price check.
 */

/** A request's statuses, in the order work goes (docs/calibrations.md#fields "statusName"; the names are decided here). */
export const REQUEST_STATUSES = ['New', 'Quoted', 'Approved', 'Scheduled', 'In Progress', 'Completed', 'Declined', 'Cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** Statuses that end a request; setting one needs a reason. */
export const CLOSING_STATUSES: readonly RequestStatus[] = ['Declined', 'Cancelled'];
/**
 * A request follows its job (docs/calibrations.md#states): when its inspection completes it becomes Completed, unless it
 * was ended (a closing status) or is Completed already. The host's write and the screen's warning read this.
 */
export const KEPT_ON_COMPLETION: readonly RequestStatus[] = [...CLOSING_STATUSES, 'Completed'];
export const completesWithInspection = (status: string) => !(KEPT_ON_COMPLETION as readonly string[]).includes(status);
/** Where a status reason came from (docs/calibrations.md#fields "reasonSource"). */
export const REASON_SOURCES = ['Shop', 'Insurer', 'Customer', 'Technician', 'Estimate'] as const;

/**
 * Roles that manage requests: approve or decline them, delete them, delete others' notes. Administrators
 * (1, 2) and the admin roles of franchisers (3), shops (4) and franchisees (8); everyone else who reaches
 * the request works on it.
 */
export const REQUEST_MANAGER_ROLES: readonly number[] = [1, 2, 3, 4, 8];
export const MANAGED_STATUSES: readonly RequestStatus[] = ['Approved', 'Declined'];
export const mayManageRequests = (role: number | null | undefined) => role != null && REQUEST_MANAGER_ROLES.includes(role);

export const NOTE_MAX = 4000;

/**
 * Who decides the scrub's checks (docs/scrub.md "Checks"): every role but the technician (15) and the
 * read-only shop user (17) — whether an estimate line requires a calibration is the estimator's decision.
 */
export const CHECK_DECIDER_ROLES: readonly number[] = Array.from({ length: 17 }, (_, i) => i + 1).filter((r) => r !== 15 && r !== 17);
export const mayDecideChecks = (role: number | null | undefined) => role != null && CHECK_DECIDER_ROLES.includes(role);

/**
 * A list the host sends either as JSON text or already parsed (docs/calibrations.md#fields: lines, notes, technicians
 * and files "arrive either as JSON text or already parsed"): the list, [] for empty text or null, and
 * null for anything else (text that is not a JSON list), which the contract reports.
 */
export function jsonList(value: unknown): unknown[] | null {
  if (value == null) return [];
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return null;
  if (!value.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Dollars (2 decimals) from whole cents, and back. */
export const dollars = (cents: number) => Math.round(cents) / 100;
export const cents = (amount: number) => Math.round(amount * 100);

export interface PricedLine {
  adasChecklistMatrix: number;
  calibrationType: string;
  /** The firm's price in dollars; null when unpriced. */
  price: number | null;
}

export interface CheckedLine extends PricedLine {
  /** The insurer's agreed price for the calibration type, when it has one. */
  agreedPrice: number | null;
  underAgreed: boolean;
}

export interface PriceCheck {
  lines: CheckedLine[];
  /** Sum of the priced lines, in dollars (summed in cents: no float drift). */
  total: number;
  unpriced: number;
  /** Calibrations the scrub triggered that the quote leaves out. */
  missing: { adasChecklistMatrix: number; system: string; calibrationType: string }[];
  flagged: boolean;
}

/**
 * The quote's totals and the insurer price check: each line beside the agreed price of its calibration
 * type (names compared ignoring case), flagged when below it; required calibrations missing from the quote.
 */
export function checkQuote(
  lines: readonly PricedLine[],
  agreed: ReadonlyMap<string, number>,
  required: readonly { adasChecklistMatrix: number; system: string; calibrationType: string }[],
): PriceCheck {
  let totalCents = 0;
  let unpriced = 0;
  const checked = lines.map((l) => {
    if (l.price == null) unpriced++;
    else totalCents += cents(l.price);
    const agreedPrice = agreed.get(l.calibrationType.toLowerCase()) ?? null;
    return { ...l, agreedPrice, underAgreed: agreedPrice != null && l.price != null && cents(l.price) < cents(agreedPrice) };
  });
  const quoted = new Set(lines.map((l) => l.adasChecklistMatrix));
  const missing = required.filter((r) => !quoted.has(r.adasChecklistMatrix));
  return {
    lines: checked,
    total: dollars(totalCents),
    unpriced,
    missing,
    flagged: missing.length > 0 || checked.some((l) => l.underAgreed),
  };
}

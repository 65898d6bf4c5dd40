/**
 * The rules of a location's Pricing tab: the text a price field starts with, and which prices the user
 * changed (adasmatrix/saveCalibrationPricing is sent for those only). No React, no I/O: unit-tested.
 */
import { readPrice } from '@/lib/configuration/money';

/** The text a price field starts with: the firm's own price, or empty (the network default applies). */
export const priceText = (price: number | null) => (price == null ? '' : price.toFixed(2));

export interface PriceChange {
  calibrationType: number;
  /** The firm's new price in dollars; null clears it (the network default applies again). */
  price: number | null;
}

/**
 * The prices the user changed (`drafts`: calibration type → the field's text; '' = no price of its own)
 * against the firm's own prices as loaded, and the fields that do not hold a price (calibration type →
 * message). A price written differently but worth the same ("325" for 325.00) is no change.
 */
export function priceChanges(
  rows: readonly { calibrationType: number; firmPrice?: number | null }[],
  drafts: Readonly<Record<number, string>>,
): { changes: PriceChange[]; errors: Record<number, string> } {
  const changes: PriceChange[] = [];
  const errors: Record<number, string> = {};
  for (const row of rows) {
    const text = drafts[row.calibrationType];
    if (text === undefined) continue;
    const before = row.firmPrice == null ? null : Math.round(row.firmPrice * 100);
    if (!text.trim()) {
      if (before != null) changes.push({ calibrationType: row.calibrationType, price: null });
      continue;
    }
    const read = readPrice(text);
    if (!read.ok) errors[row.calibrationType] = read.message;
    else if (read.cents !== before) changes.push({ calibrationType: row.calibrationType, price: read.cents / 100 });
  }
  return { changes, errors };
}

/**
 * The calibration-pricing CSV (adasmatrix/importCalibrationPricing, exportCalibrationPricing): its columns,
 * the header check the browser makes before a preview, and the check of one row, shared by the import
 * preview in the browser and the reference host (which also checks that the system type exists).
 * Client-safe: no zod.
 */
import { CALIBRATION_MODE_LABELS, CALIBRATION_MODES, calibrationModeOf, type CalibrationMode } from './constants';
import { readPrice } from './money';

/** The columns, in order, as the export writes them and the import reads them (any order, any case). */
export const PRICING_COLUMNS = ['System type', 'Calibration', 'Mode', 'Price'] as const;
export type PricingColumn = (typeof PRICING_COLUMNS)[number];
/** Extra columns of a firm's export: its own price and where the effective price comes from. */
export const FIRM_PRICING_COLUMNS = ['Network price', 'Source'] as const;

/** The largest import, in rows. */
export const PRICING_IMPORT_MAX_ROWS = 5000;

/** The cells of one CSV row by column. `line` is the row's line in the file (the header is line 1). */
export interface PricingCells {
  line: number;
  systemType: string;
  calibration: string;
  mode: string;
  price: string;
}

export interface PricingRow {
  line: number;
  systemType: string;
  calibration: string;
  mode: CalibrationMode | null;
  priceCents: number;
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** Which column of the file holds each pricing column; a clear message when one is missing. */
export function pricingHeader(
  fields: readonly string[],
): { ok: true; index: Record<PricingColumn, number> } | { ok: false; message: string } {
  const at = new Map(fields.map((f, i) => [norm(f.replace(/^\uFEFF/, '')), i] as const));
  const missing = PRICING_COLUMNS.filter((c) => !at.has(norm(c)));
  if (missing.length) {
    const names = missing.map((m) => `"${m}"`).join(', ');
    return {
      ok: false,
      message: `The file has no ${names} column${missing.length > 1 ? 's' : ''}. Its first line must name the columns ${PRICING_COLUMNS.join(', ')}.`,
    };
  }
  return { ok: true, index: Object.fromEntries(PRICING_COLUMNS.map((c) => [c, at.get(norm(c))!])) as Record<PricingColumn, number> };
}

/** The cells of a parsed CSV line, by the header's index. */
export function pricingCells(cells: readonly string[], index: Record<PricingColumn, number>, line: number): PricingCells {
  const cell = (c: PricingColumn) => (cells[index[c]] ?? '').trim();
  return { line, systemType: cell('System type'), calibration: cell('Calibration'), mode: cell('Mode'), price: cell('Price') };
}

/**
 * One row's problems (column: message), or the row read. The mode may be empty only when `modeOptional`
 * (a firm's prices change the price alone).
 */
export function checkPricingRow(
  c: PricingCells,
  modeOptional = false,
): { ok: true; row: PricingRow } | { ok: false; errors: Partial<Record<PricingColumn, string>> } {
  const errors: Partial<Record<PricingColumn, string>> = {};
  if (!c.systemType) errors['System type'] = 'A system type is required';
  else if (c.systemType.length > 100) errors['System type'] = 'At most 100 characters';
  if (!c.calibration) errors.Calibration = 'A calibration name is required';
  else if (c.calibration.length > 100) errors.Calibration = 'At most 100 characters';
  const mode = c.mode ? calibrationModeOf(c.mode) : null;
  if (c.mode && !mode)
    errors.Mode = `"${c.mode.slice(0, 30)}" is not a mode: use ${CALIBRATION_MODES.map((m) => CALIBRATION_MODE_LABELS[m]).join(', ')}`;
  else if (!c.mode && !modeOptional) errors.Mode = 'A mode is required';
  let priceCents = 0;
  if (!c.price) errors.Price = 'A price is required';
  else {
    const p = readPrice(c.price);
    if (p.ok) priceCents = p.cents;
    else errors.Price = p.message;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, row: { line: c.line, systemType: c.systemType, calibration: c.calibration, mode, priceCents } };
}

/**
 * Calibration pricing (docs/configuration.md#calls "Calibration pricing"; docs/configuration.md#fields "calibrationPricing").
 * Decisions, since the specification shows no shapes and no values ("Pricing values … not shown"):
 * - A calibration type is a priced procedure of one system type (e.g. "Forward camera – static" of the
 *   system type "Forward camera"), performed in a mode (static, dynamic, static + dynamic,
 *   initialization). Its network-default price is what every firm pays unless the firm has its own price.
 *   Prices are US dollars, 0 or more, at most two decimals (lib/configuration/money.ts); null = not priced.
 * - systemCalibrations?systemType lists the calibration types of a system type (0 or none = of every
 *   type), paged like every list; removeCalibration?systemType&calibrationType deletes one (400 while make
 *   matrices use it, naming how many).
 * - systemCalibrations?firm (a product extension): each row also carries that firm's own price
 *   (`firmPrice`) and the `source` of the price that applies, so a firm's price list is one call, not
 *   one getCalibrationPricing per type; sorting by price then sorts by the price that applies. With a
 *   firm the caller needs only to reach it (404 otherwise), as for the firm's other pricing calls.
 * - getCalibrationPricing?calibrationType[&firm]: the price that applies — with a firm, the firm's own
 *   price, else the network default — and `source` saying which ('firm', 'network', or 'none' when
 *   neither is set).
 * - saveCalibrationPricing: without a firm it creates (calibrationType -1) or changes a calibration type
 *   and its network price (systemType, name and mode required); with a firm it sets (price) or clears
 *   (price null) that firm's own price of an existing calibration type, nothing else.
 * - importCalibrationPricing {rows, apply, firm?}: rows as read from the CSV by the browser (cells as
 *   text, lib/configuration/pricing-csv.ts). apply 'preview' checks every row and changes nothing; 'all'
 *   applies every row or, when any row has an error, none (applied 0; the rows say why); 'valid' applies the rows
 *   without errors. A row names a system type (which must exist) and a calibration: a new name creates the
 *   calibration type, a known one gets the row's mode and price. With a firm, rows set that firm's prices
 *   and must name existing calibration types. One transaction.
 * - exportCalibrationPricing[?firm] answers {fileName, csv, rows} (the import's columns; with a firm, its
 *   effective price plus the network price and the source).
 * - Roles 1 and 2. Network prices are the platform firm's to change (as the rest of the knowledge base,
 *   admin.ts); a firm's prices need the caller to reach that firm (404 as for any unknown firm).
 */
import { z } from 'zod';
import { CALIBRATION_MODES } from '../configuration/constants';
import { PRICING_IMPORT_MAX_ROWS } from '../configuration/pricing-csv';
import { defineCall, ok, q, requiredText, savedId } from './define';
import { csvFile } from './admin';
import { price, recordId } from './config-fields';
import { paged, pagedQuery } from './list';

const base = { access: [1, 2], bff: true } as const;
const money = z.number().nonnegative().nullable();
export const PRICE_SOURCES = ['firm', 'network', 'none'] as const;

export const calibrationType = z.object({
  calibrationType: z.number().int(),
  systemType: z.number().int(),
  systemTypeName: z.string(),
  name: z.string(),
  mode: z.enum(CALIBRATION_MODES),
  /** Network-default price in dollars; null = not priced. */
  price: money,
  /** Make matrices using it. */
  makeMatrices: z.number().int().nonnegative(),
  /** With ?firm: the firm's own price (null = none) and where the price that applies comes from. */
  firmPrice: money.optional(),
  source: z.enum(PRICE_SOURCES).optional(),
});
export type CalibrationTypeRow = z.infer<typeof calibrationType>;

export const CALIBRATION_SORTS = ['system', 'name', 'price'] as const;
export const systemCalibrations = defineCall({
  ...base,
  method: 'GET',
  path: 'adasmatrix/systemCalibrations',
  query: pagedQuery(CALIBRATION_SORTS, 'system', {
    systemType: z.coerce.number({ error: 'Must be a number' }).int().min(0).default(0),
    firm: q.id().optional(),
  }),
  response: paged(calibrationType),
});

export const removeCalibration = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'adasmatrix/removeCalibration',
  query: z.object({ systemType: q.id(), calibrationType: q.id() }),
  response: ok,
});

export const calibrationPricing = z.object({
  calibrationType: z.number().int(),
  systemType: z.number().int(),
  systemTypeName: z.string(),
  name: z.string(),
  mode: z.enum(CALIBRATION_MODES),
  firm: z.number().int().nullable(),
  /** The price that applies: the firm's own, else the network default. */
  price: money,
  source: z.enum(PRICE_SOURCES),
  networkPrice: money,
  firmPrice: money,
});
export type CalibrationPricing = z.infer<typeof calibrationPricing>;

export const getCalibrationPricing = defineCall({
  ...base,
  method: 'GET',
  path: 'adasmatrix/getCalibrationPricing',
  query: z.object({ calibrationType: q.id(), firm: q.id().optional() }),
  response: calibrationPricing,
});

export const saveCalibrationPricing = defineCall({
  ...base,
  method: 'POST',
  path: 'adasmatrix/saveCalibrationPricing',
  body: z
    .object({
      calibrationType: recordId(),
      firm: z.number().int().positive().optional(),
      systemType: z.number().int().positive().optional(),
      name: requiredText(100).optional(),
      mode: z.enum(CALIBRATION_MODES, { error: `One of ${CALIBRATION_MODES.join(', ')}` }).optional(),
      price: price().nullable(),
    })
    .superRefine((b, ctx) => {
      if (b.firm !== undefined) {
        if (b.calibrationType <= 0)
          ctx.addIssue({ code: 'custom', path: ['calibrationType'], message: "A firm's price is for an existing calibration" });
        return;
      }
      for (const k of ['systemType', 'name', 'mode'] as const)
        if (b[k] === undefined) ctx.addIssue({ code: 'custom', path: [k], message: 'This field is required' });
    })
    .meta({
      'x-rules': [
        "With firm: a firm's price, for an existing calibration (calibrationType > 0)",
        'Without firm: systemType, name and mode are required',
      ],
    }),
  response: savedId,
});

export const PRICING_IMPORT_MODES = ['preview', 'all', 'valid'] as const;
const cell = z.string().max(500, 'At most 500 characters').default('');
export const pricingImportRow = z.object({
  line: z.number().int().min(1),
  systemType: cell,
  calibration: cell,
  mode: cell,
  price: cell,
});
export const pricingImportResult = z.object({
  rows: z.array(
    z.object({
      line: z.number().int(),
      systemType: z.string(),
      calibration: z.string(),
      mode: z.enum(CALIBRATION_MODES).nullable(),
      price: money,
      /** What applying the row does (or did); 'error' rows are never applied. */
      status: z.enum(['new', 'update', 'unchanged', 'error']),
      /** Column → message. */
      errors: z.record(z.string(), z.string()),
    }),
  ),
  valid: z.number().int().nonnegative(),
  invalid: z.number().int().nonnegative(),
  /** Rows changed in the database (0 for a preview). */
  applied: z.number().int().nonnegative(),
});
export type PricingImportResult = z.infer<typeof pricingImportResult>;

export const importCalibrationPricing = defineCall({
  ...base,
  method: 'POST',
  path: 'adasmatrix/importCalibrationPricing',
  body: z.object({
    apply: z.enum(PRICING_IMPORT_MODES, { error: 'preview, all or valid' }),
    firm: z.number().int().positive().optional(),
    rows: z
      .array(pricingImportRow)
      .min(1, 'The file has no rows')
      .max(PRICING_IMPORT_MAX_ROWS, `At most ${PRICING_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows`),
  }),
  response: pricingImportResult,
});

export const exportCalibrationPricing = defineCall({
  ...base,
  method: 'GET',
  path: 'adasmatrix/exportCalibrationPricing',
  query: z.object({ firm: q.id().optional() }),
  response: csvFile,
});

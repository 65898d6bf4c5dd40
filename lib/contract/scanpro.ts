/**
 * Scan-pro setup (docs/configuration.md#fields "Scan-pro configuration": businessId, criteria, checklist; docs/configuration.md#states "Wizard
 * step"; docs/configuration.md#calls "Scan-pro"): which vehicles a location's scan tool scans before and after repair, and which
 * systems its checklist covers. Decisions, since the specification shows no shapes:
 * - businessId is the firm (location) the configuration belongs to; the caller must reach it (404
 *   otherwise). One configuration per firm: saving replaces it and answers {businessId, updatedAt}.
 * - criteria: the makes ('' none = every make), the model years, and whether a pre-repair and a
 *   post-repair scan are required; checklist: ids of systems (checklist matrices, admin.ts).
 * - scanpro/GetScanProConfiguration?businessId is not in the specification: the wizard needs to open with
 *   what was saved. A firm without one answers the defaults with updatedAt null.
 * - Roles 1 and 2.
 */
import { z } from 'zod';
import { defineCall, q } from './define';
import { modelYear, nameList, YEAR_RANGE_RULES, yearRange } from './config-fields';

const base = { access: [1, 2], bff: true } as const;

export const scanProCriteria = z
  .object({
    makes: nameList(100, 60),
    yearStart: modelYear(),
    yearEnd: modelYear(),
    preRepairScan: z.boolean().default(true),
    postRepairScan: z.boolean().default(true),
  })
  .superRefine(yearRange)
  .meta(YEAR_RANGE_RULES);
export type ScanProCriteria = z.output<typeof scanProCriteria>;

export const scanProConfiguration = z.object({
  businessId: z.number().int(),
  criteria: z.object({
    makes: z.array(z.string()),
    yearStart: z.number().int(),
    yearEnd: z.number().int(),
    preRepairScan: z.boolean(),
    postRepairScan: z.boolean(),
  }),
  checklist: z.array(z.number().int()),
  updatedAt: z.string().nullable(),
});
export type ScanProConfiguration = z.infer<typeof scanProConfiguration>;

export const SaveScanProConfiguration = defineCall({
  ...base,
  method: 'POST',
  path: 'scanpro/SaveScanProConfiguration',
  body: z.object({
    businessId: z.number({ error: 'This field is required' }).int().positive('This field is required'),
    criteria: scanProCriteria,
    checklist: z
      .array(z.number().int().positive())
      .max(100, 'At most 100 systems')
      .default([])
      .transform((s) => [...new Set(s)]),
  }),
  response: z.object({ businessId: z.number().int(), updatedAt: z.string() }),
});

export const GetScanProConfiguration = defineCall({
  ...base,
  method: 'GET',
  path: 'scanpro/GetScanProConfiguration',
  query: z.object({ businessId: q.id() }),
  response: scanProConfiguration,
});

/**
 * Report recommendations (docs/configuration.md#fields "Report recommendation", #validation, #calls): texts the calibration report adds
 * for vehicles of a range of model years, some systems and some makes. Decisions, since the specification
 * shows no shapes:
 * - systems are ids of systems (checklist matrices, admin.ts), answered with their names beside; makes
 *   are make names. An empty list means every system (or make).
 * - yearStart can never exceed yearEnd (docs/configuration.md#validation); the editor clamps the other value as the user
 *   types, the contract refuses a reversed range.
 * - isChanged is the editor's own state (unsaved changes) and never travels.
 * - The list is paged like every list; saves answer {id}; removal answers {success: true}. The
 *   recommendations are the network's (the platform firm's); roles 1 and 2.
 */
import { z } from 'zod';
import { defineCall, ok, q, requiredText, savedId } from './define';
import { modelYear, nameList, recordId, YEAR_RANGE_RULES, yearRange } from './config-fields';
import { paged, pagedQuery } from './list';

const base = { access: [1, 2], bff: true } as const;

export const reportRecommendation = z.object({
  reportRecommendation: z.number().int(),
  title: z.string(),
  yearStart: z.number().int(),
  yearEnd: z.number().int(),
  systems: z.array(z.number().int()),
  systemNames: z.array(z.string()),
  makes: z.array(z.string()),
  content: z.string(),
});
export type ReportRecommendation = z.infer<typeof reportRecommendation>;

export const REPORT_RECOMMENDATION_SORTS = ['title', 'years'] as const;
export const getReportRecommendations = defineCall({
  ...base,
  method: 'GET',
  path: 'report/getReportRecommendations',
  query: pagedQuery(REPORT_RECOMMENDATION_SORTS, 'title'),
  response: paged(reportRecommendation),
});

export const saveReportRecommendation = defineCall({
  ...base,
  method: 'POST',
  path: 'report/saveReportRecommendation',
  body: z
    .object({
      reportRecommendation: recordId(),
      title: requiredText(200),
      yearStart: modelYear(),
      yearEnd: modelYear(),
      systems: z
        .array(z.number().int().positive())
        .max(100, 'At most 100 systems')
        .default([])
        .transform((s) => [...new Set(s)]),
      makes: nameList(100, 60),
      content: requiredText(4000),
    })
    .superRefine(yearRange)
    .meta(YEAR_RANGE_RULES),
  response: savedId,
});

export const removeReportRecommendation = defineCall({
  writes: true,
  ...base,
  method: 'GET',
  path: 'report/removeReportRecommendation',
  query: z.object({ reportRecommendation: q.id() }),
  response: ok,
});

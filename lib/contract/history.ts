/**
 * The history of a record (docs/history.md#fields, #calls): who changed which field of it, from what to what,
 * when, from which tab and in which request. Decisions:
 * - history/history?kind&id: one page of the record's changes, newest first (page, pageSize ≤ 100). The
 *   record must be one the caller may read by its own read call (its roles: 403 otherwise; another firm's
 *   record, or an unknown one, 404 alike). A deleted record's history stays in the table (nothing is ever
 *   deleted from it) and reaches nobody through this call.
 * - history/historyExport?kind&id: the same rows, all of them (HISTORY_EXPORT_MAX), as CSV through the
 *   product's one CSV writer (lib/csv.ts neutralises formula cells); `when` in UTC (ISO 8601).
 */
import { z } from 'zod';
import { ALL_ROLES } from '../roles';
import { csvFile } from './admin';
import { defineCall, q } from './define';

import { HISTORY_KINDS, HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE_MAX } from './history-constants';

export { HISTORY_EXPORT_MAX, HISTORY_KINDS, HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE_MAX, type HistoryKind } from './history-constants';

const recordQuery = {
  kind: z.enum(HISTORY_KINDS, { error: `One of ${HISTORY_KINDS.join(', ')}` }),
  id: q.id().positive('Must be a record id'),
};

export const historyRow = z.object({
  history: z.number().int(),
  /** The part of the record ('' for the record itself): "Inspection 12 (Pre-repair) · Front Camera". */
  part: z.string(),
  field: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  by: z.number().int().nullable(),
  byName: z.string(),
  /** UTC, ISO 8601. */
  at: z.string(),
  tab: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type HistoryRow = z.infer<typeof historyRow>;

export const history = defineCall({
  access: ALL_ROLES,
  bff: true,
  method: 'GET',
  path: 'history/history',
  query: z.object({
    ...recordQuery,
    page: z.coerce.number({ error: 'Must be a number' }).int().min(1).default(1),
    pageSize: z.coerce.number({ error: 'Must be a number' }).int().min(1).max(HISTORY_PAGE_SIZE_MAX).default(HISTORY_PAGE_SIZE),
  }),
  response: z.object({
    count: z.number().int().nonnegative(),
    items: z.array(historyRow),
    /** The caller's time zone (TimeZone lookup id), in which the panel shows when (MM/DD/YYYY hh:mm a). */
    timezone: z.number().int().nullable(),
  }),
});

export const historyExport = defineCall({
  access: ALL_ROLES,
  bff: true,
  method: 'GET',
  path: 'history/historyExport',
  query: z.object(recordQuery),
  response: csvFile,
});

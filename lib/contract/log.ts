/**
 * The application log (docs/log.md#screens Log viewer, #fields Log entry and Application log record, #calls Log). One store
 * holds the reference host's own records (pino, api-host/log/logger.ts), the app's server errors
 * (instrumentation.ts → log/saveRecord) and the browser's reports (log/saveEntry). Decided here, since the
 * specification shows no shapes:
 * - the list calls answer {count, items} of one page, sorted by timestamp ascending by default (docs/log.md#screens);
 *   `level` narrows to one level, `searchTerm` finds records whose message or machine name contains every
 *   word (word prefixes); list rows carry the first MESSAGE_PREVIEW characters of the message, log/entry?id
 *   the whole record with its exception texts;
 * - log/entries (and log/entry) SCRUB what a log should not show to every administrator: email addresses
 *   are masked, tokens and passwords replaced. log/entriesNoScrub answers the same list unscrubbed, for the
 *   super user (role 1) only;
 * - log/queryLog is the list within a timestamp range [from, to] (UTC ISO); a reversed range is refused;
 * - log/saveEntry {name, value} (a Log entry, docs/log.md#fields) is stored as a record of level Error named `browser.{name}`;
 * - log/saveRecord is not in the specification: the app's server writes its errors with it, authenticated
 *   by the shared secret APP_LOG_SECRET (access 'service'), never by a user's token.
 */
import { z } from 'zod';
import { sectionRoles } from '../routes';
import { SUPER_USER } from '../roles';
import { defineCall, ok, q, requiredText } from './define';

export * from './log-constants';
import { LOG_DEFAULTS, LOG_LEVELS, LOG_SORTS, RANGE_REVERSED, RECORD_TIME_MESSAGE, RECORD_TIME_RANGE } from './log-constants';

export const logRow = z.object({
  id: z.number().int(),
  timestamp: z.string(),
  level: z.enum(LOG_LEVELS),
  name: z.string(),
  /** The first MESSAGE_PREVIEW characters. */
  message: z.string(),
  title: z.string().nullable(),
  machineName: z.string(),
  hasException: z.boolean(),
});
export type LogRow = z.infer<typeof logRow>;

export const logRecord = logRow.extend({
  exception: z.string().nullable(),
  innerException: z.string().nullable(),
  messageLayout: z.string().nullable(),
});
export type LogRecord = z.infer<typeof logRecord>;

const list = z.object({ count: z.number().int().nonnegative(), items: z.array(logRow) });

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(LOG_DEFAULTS.pageSize),
  orderBy: z.enum(LOG_SORTS).default(LOG_DEFAULTS.orderBy),
  direction: z.enum(['asc', 'desc']).default(LOG_DEFAULTS.direction),
  level: z.union([z.literal(''), z.enum(LOG_LEVELS)]).default(''),
  searchTerm: q.text(100).default(''),
});
export type LogListQuery = z.infer<typeof listQuery> & { from?: string; to?: string };

const instant = z.iso.datetime({ offset: true, error: 'A date and time' }).transform((v) => new Date(v).toISOString());
/** A record's own time: within RECORD_TIME_RANGE, which its id can hold. */
const recordTime = z.iso
  .datetime({ offset: true, error: RECORD_TIME_MESSAGE })
  .refine((v) => {
    const t = Date.parse(v);
    return t >= Date.parse(RECORD_TIME_RANGE.from) && t <= Date.parse(RECORD_TIME_RANGE.to);
  }, RECORD_TIME_MESSAGE)
  .meta({ 'x-minimum': RECORD_TIME_RANGE.from, 'x-maximum': RECORD_TIME_RANGE.to })
  .transform((v) => new Date(v).toISOString());
export const rangeQuery = listQuery
  .extend({ from: instant, to: instant })
  .refine((r) => r.from <= r.to, { path: ['to'], message: RANGE_REVERSED });

const ADMINS = sectionRoles('log');

export const entries = defineCall({ method: 'GET', path: 'log/entries', query: listQuery, response: list, access: ADMINS, bff: true });
export const entry = defineCall({
  method: 'GET',
  path: 'log/entry',
  query: z.object({ id: q.id() }),
  response: logRecord,
  access: ADMINS,
  bff: true,
});
export const queryLog = defineCall({ method: 'GET', path: 'log/queryLog', query: rangeQuery, response: list, access: ADMINS, bff: true });
export const entriesNoScrub = defineCall({
  method: 'GET',
  path: 'log/entriesNoScrub',
  query: listQuery,
  response: list,
  access: [SUPER_USER],
  bff: true,
});

/** Log entry: name and value (docs/log.md#fields). */
export const saveEntry = defineCall({
  method: 'POST',
  path: 'log/saveEntry',
  body: z.object({
    name: requiredText(200),
    value: z.string().max(4000),
  }),
  response: ok,
  access: 'signed-in',
  bff: true,
});

export const recordInput = z.object({
  timestamp: recordTime.optional(),
  level: z.enum(LOG_LEVELS),
  name: requiredText(200),
  message: z.string().max(8000),
  title: z.string().max(400).nullable().default(null),
  exception: z.string().max(16_000).nullable().default(null),
  innerException: z.string().max(16_000).nullable().default(null),
  messageLayout: z.string().max(400).nullable().default(null),
  machineName: requiredText(200),
});
export type RecordInput = z.input<typeof recordInput>;

export const saveRecord = defineCall({ method: 'POST', path: 'log/saveRecord', body: recordInput, response: ok, access: 'service' });

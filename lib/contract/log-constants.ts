/** The application log's constants and texts, without zod so client components can import them (lib/contract/log.ts). */
export const LOG_LEVELS = ['Trace', 'Debug', 'Info', 'Warn', 'Error', 'Fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_SORTS = ['timestamp', 'level', 'name', 'machineName'] as const;
export const LOG_DEFAULTS = { pageSize: 10, orderBy: 'timestamp', direction: 'asc' } as const;
export const MESSAGE_PREVIEW = 300;
export const RANGE_REVERSED = 'The end of the range is before its start';
/**
 * The times a record may carry: its id is the time in milliseconds × 1024 plus a sequence number
 * (api-host/log/schema.ts), which stays within the largest safe integer from about 1691 to 2248.
 */
export const RECORD_TIME_RANGE = { from: '1970-01-01T00:00:00.000Z', to: '2199-12-31T23:59:59.999Z' } as const;
export const RECORD_TIME_MESSAGE = 'A date and time from 1970 to 2199';

/** The application log's constants and texts, without zod so client components can import them (lib/contract/log.ts). */
export const LOG_LEVELS = ['Trace', 'Debug', 'Info', 'Warn', 'Error', 'Fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_SORTS = ['timestamp', 'level', 'name', 'machineName'] as const;
export const LOG_DEFAULTS = { pageSize: 10, orderBy: 'timestamp', direction: 'asc' } as const;
export const MESSAGE_PREVIEW = 300;
export const RANGE_REVERSED = 'The end of the range is before its start';

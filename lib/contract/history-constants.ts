/** The history's kinds and limits (lib/contract/history.ts), zod-free for the browser. */

/** The kinds of record with a history; a job's inspections and results are parts of the job, a request's lines of the request. */
export const HISTORY_KINDS = [
  'adas',
  'calibrateRequest',
  'user',
  'location',
  'locationPartners',
  // A dispatch's steps (api-host/dispatch/history.ts), read by its shop's and its provider's users.
  'dispatch',
  // The ADAS configuration, one kind per editor of /configuration (api-host/configuration/history.ts).
  'system',
  'makeMatrix',
  'makeException',
  'exclusion',
  'infoLookup',
  'noScrub',
  'link',
  'calibrationType',
  'testdriveRecommendation',
  'testdriveResultType',
  'translation',
  'reportRecommendation',
  'scanPro',
  'estimateTerm',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE_MAX = 100;
export const HISTORY_EXPORT_MAX = 50_000;

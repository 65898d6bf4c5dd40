/** Estimate terms' kinds and lengths without zod, so client components can import them (estimateterms.ts re-exports them). */
export const ESTIMATE_TERM_KINDS = ['term', 'operation'] as const;
export type EstimateTermKind = (typeof ESTIMATE_TERM_KINDS)[number];
export const WRITTEN_MAX = 40;
export const MEANING_MAX = 80;

/**
 * What other areas may use of the dashboard: keeping its rollup in step when a job or an inspection changes,
 * and what a completed inspection bills (its facts, written by the one billing rule).
 */
export { billedOf, refreshInspection, syncJob } from './rollup';
/** What a request bills (its total, the push to CCC): the one billing rule (billable.ts). */
export { requestBilling, type QuotedLine, type RequestBilling } from './billable';

/**
 * What other areas may use of the dashboard: keeping its rollup in step when a job or an inspection changes,
 * and what a completed inspection bills (its facts, written by the one billing rule).
 */
export { billedOf, refreshInspection, syncJob } from './rollup';

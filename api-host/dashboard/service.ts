/** What other areas may use of the dashboard: keeping its rollup in step when a job or an inspection changes. */
export { refreshInspection, syncJob } from './rollup';

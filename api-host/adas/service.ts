/** What other areas may use of ADAS jobs and inspections (the evidence area reads and checks inspections). */
export { openInspection, visibleInspection } from './inspection-head';
/** A job as its history shows it, and a write of a job that records its history (api-host/history). */
export { jobSnapshot, withJobHistory } from './history';
/** The job's fields an estimate file may fill, and their setting (api-host/intake). */
export { insurerNamed, jobEstimateFields, setJobEstimateFields, type JobEstimateFields } from './estimate-fields';

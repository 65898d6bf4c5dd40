/** What other areas may use of ADAS jobs and inspections (the evidence area reads and checks inspections). */
export { openInspection, visibleInspection } from './inspection-head';

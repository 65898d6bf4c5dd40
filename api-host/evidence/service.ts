/** What other areas may use of an inspection's evidence: the report's section and the shared link's files. */
export { showsEvidence, withEvidence, type ReportEvidence } from './report';
export { sendEvidence } from './calls';
export { evidenceById, evidenceOfInspection } from './read';

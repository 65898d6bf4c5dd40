/**
 * What other areas may use of calibrations: the report (shared links), the requests' state of a job (ADAS
 * jobs), an inspection's job, the scrub (intake; the dashboard's assistant) and the requests a dispatch
 * follows (api-host/dispatch).
 */
export {
  printedSystem,
  renderReport,
  reportData,
  reportFileName,
  reportPreferenceOf,
  reportTitleOf,
  translator,
  type ReportSystem,
} from './report';
export {
  completeRequestsOf,
  followDispatch,
  insertRequest,
  repriceRequest,
  unreadNotesByJob,
  visibleRequest,
  type RepricedLine,
} from './requests';
export { inspectionJob, storedScrub, type JobOfInspection } from './scrub';
/** A request as its history shows it (api-host/history reads its scope). */
export { requestSnapshot } from './history';
/** The estimate's storage and the scrub's entry points, for intake (api-host/intake): it reads files into lines, the scrub reads lines. */
export { estimateHeader, storeEstimate } from './estimate';
export { jobEstimate, jobLines, jobVocabulary, notEquippedOf, scrubLines, scrubbedLines, type RepairLineRow } from './scrub';

/** What other areas may use of calibrations: the report (shared links), the requests' state of a job (ADAS jobs), and an inspection's job. */
export { printedSystem, renderReport, reportData, reportFileName, reportPreferenceOf, translator, type ReportSystem } from './report';
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

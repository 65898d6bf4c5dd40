/**
 * What other areas may use of dispatch (nothing here reaches an area that uses it: the steps taken through the
 * dispatch calls are steps.ts, reached only by its calls): the one relation check of a provider's users
 * (access.ts); creating a dispatch as a request is sent, the roll-up's hand-back of a completed inspection, a
 * closed request taking its dispatch with it, the guards on deleting what a dispatch holds, the shop's
 * providers (relation.ts); the notices of steps taken inside another area's write (notify.ts); what the
 * billing rule and the report read of it (billing.ts); its history (history.ts); where a job's inspections sent
 * their calibrations (of-job.ts).
 */
export { reachInspection, reachJob, reachRequest, type Need, type Via } from './access';
export {
  assertNotDispatched,
  assertRequestNotDispatched,
  assertShopProvider,
  completeDispatchesOf,
  createDispatch,
  endDispatchesOfRequest,
} from './relation';
export { announceDispatchSteps } from './notify';
export { dispatchSnapshot } from './history';
export { dispatchesOfJob } from './of-job';
export { AGREED_BY_PROVIDER, PROVIDER_OF_INSPECTION, performedBy } from './billing';

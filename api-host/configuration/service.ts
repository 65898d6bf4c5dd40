/**
 * What other areas may use of configuration: the ADAS rules (rules.ts) for jobs, calibrations and the dashboard,
 * and the knowledge-base writers the data area imports through.
 */
import { DEMO_CALIBRATIONS } from './demo-data';
export { assertKnowledgeBase, fieldError } from './common';
export { indexKeywords } from './keywords';
export { deleteMakeMatrix, readMakeMatrix, saveMakeMatrix } from './make-matrices';
export { today } from './make-matrix-calls';
export { assertPricing, importPricing } from './pricing';
export { calibrationPrice, estimateTermsFor, exclusions, linksFor, rulesFor, systemsFor, type Vehicle, type VehicleRules } from './rules';
/** The configuration's records as their history shows them (api-host/history reads their scope). */
export { CONFIGURATION_KINDS, withConfigurationHistories, withConfigurationHistory } from './history';
/** The demo knowledge base's calibration types, by name with their list price (other areas' demo data names the same ones). */
export const DEMO_CALIBRATION_PRICES: readonly { name: string; listPrice: number | null }[] = DEMO_CALIBRATIONS.map(
  ([, name, , listPrice]) => ({ name, listPrice }),
);

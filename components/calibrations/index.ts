/** The calibrations area's public module: what other areas use of it (README "Areas"). */
export { EstimateLinesTable } from './estimate-lines-table';

/** The estimate entry of a job, loaded when first opened. */
export const loadEstimateEntry = () => import('./estimate-entry');

/** A scrub's lines, each with its outcome (intake's preview shows its reading with them). */
export { ScrubLines } from './scrub-lines';

/**
 * ADAS configuration: the knowledge base that decides which driver-assistance systems a vehicle has and
 * what a repair triggers (systems, make matrices, exceptions, exclusions, info lookups, no-scrub list,
 * links and their import, calibration pricing, the firms' estimate terms the scrub reads lines with), with
 * test drives, translations, report recommendations and the scan-pro setup. Other areas read it through rules.ts.
 * Every write of its records records what it changed in the history, in its transaction (history.ts).
 */
import type { Area } from '../core/area';
import { estimateTermCalls } from './estimate-terms';
import { exceptionCalls } from './exceptions';
import { linkCalls } from './links';
import { makeMatrixCalls } from './make-matrix-calls';
import { pricingCalls } from './pricing';
import { scanProCalls } from './scanpro';
import { CONFIGURATION_SCHEMA, ESTIMATE_TERMS_SCHEMA, LINK_ADDED_AS_RECORDED, RECOMMENDATIONS_AS_ADVICE } from './schema';
import { seedConfiguration } from './seed';
import { systemCalls } from './systems';
import { testDriveCalls } from './testdrive';
import { textCalls } from './texts';

export const configuration: Area = {
  name: 'configuration',
  migrations: [CONFIGURATION_SCHEMA, ESTIMATE_TERMS_SCHEMA, RECOMMENDATIONS_AS_ADVICE, LINK_ADDED_AS_RECORDED],
  calls: [
    ...systemCalls,
    ...makeMatrixCalls,
    ...exceptionCalls,
    ...linkCalls,
    ...pricingCalls,
    ...testDriveCalls,
    ...textCalls,
    ...scanProCalls,
    ...estimateTermCalls,
  ],
  seed: seedConfiguration,
};

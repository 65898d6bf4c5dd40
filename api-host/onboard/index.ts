/** Onboarding with purchase: invitations, the wizard's steps, coupons, and the stand-in payment provider. */
import type { Area } from '../core/area';
import { onboardCalls } from './calls';
import { mountPayments } from './payments';
import { ONBOARD_SCHEMA } from './schema';
import { seedOnboard } from './seed';

export const onboard: Area = {
  name: 'onboard',
  migrations: [ONBOARD_SCHEMA],
  calls: onboardCalls,
  seed: seedOnboard,
  routes: (app, ctx) => mountPayments(app, ctx.db),
};

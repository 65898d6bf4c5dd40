/**
 * The wizard's step rules (docs/onboard.md#states), free of Next and of the network so they can be tested alone:
 * steps are saved in order; each save answers an id that is kept (basic → marketing, additional → firm,
 * shipping → shipping); once the firm id is set the firm is updated instead of created; in test mode the
 * network is skipped and 0 is used as each id.
 */
import type { z } from 'zod';
import type { basicInput, firmInput, shippingInput } from '../contract/onboard';
import { STEPS, type ProductId, type StepName } from '../contract/onboard-constants';

type Without<T, K extends keyof T> = Omit<T, K>;
export type BasicValues = Without<z.output<typeof basicInput>, 'token' | 'marketing'>;
export type AdditionalValues = Without<z.output<typeof firmInput>, 'token' | 'firm'>;
export type ShippingValues = Without<z.output<typeof shippingInput>, 'token' | 'id' | 'firm'>;
export interface StepValues {
  basic: BasicValues;
  additional: AdditionalValues;
  shipping: ShippingValues;
}
export type SavedStep = keyof StepValues;

/** What the sealed cookie holds for one invitation: never in the URL or a field the browser could change. */
export interface WizardState {
  invitation: string;
  testMode: boolean;
  /** The furthest step the user may open (a reload resumes here). */
  reached: StepName;
  ids: { marketing: number; firm: number; shipping: number };
  values: Partial<StepValues>;
  product: { product: ProductId; coupon: string } | null;
  /** Set by a completed purchase: the page shows the result (also after a reload). */
  done?: { totalCents: number; testMode: boolean };
}

export const newWizard = (invitation: string, testMode: boolean): WizardState => ({
  invitation,
  testMode,
  reached: 'basic',
  ids: { marketing: 0, firm: 0, shipping: 0 },
  values: {},
  product: null,
});

export const stepIndex = (step: StepName) => STEPS.indexOf(step);
export const mayOpen = (state: WizardState, step: StepName) => stepIndex(step) <= stepIndex(state.reached);

/** The contract call that saves a step in this state. */
export function callFor(
  state: WizardState,
  step: SavedStep,
): 'onboardMarketing' | 'onboardFirm' | 'onboardFirmUpdate' | 'onboardShippingSave' {
  if (step === 'basic') return 'onboardMarketing';
  if (step === 'shipping') return 'onboardShippingSave';
  return state.ids.firm > 0 ? 'onboardFirmUpdate' : 'onboardFirm';
}

/** The body of that call: the step's values, the invitation and the ids kept so far. */
export function bodyFor<S extends SavedStep>(state: WizardState, step: S, values: StepValues[S]): Record<string, unknown> {
  const token = state.invitation;
  if (step === 'basic') return { ...values, token, marketing: state.ids.marketing };
  if (step === 'additional') return { ...values, token, firm: state.ids.firm, firmType: 'Corporate' };
  return { ...values, token, id: state.ids.shipping, firm: state.ids.firm };
}

const ID_OF: Readonly<Record<SavedStep, keyof WizardState['ids']>> = { basic: 'marketing', additional: 'firm', shipping: 'shipping' };

export class StepOrderError extends Error {}

/**
 * Saves a step and answers the next state: the id kept (0 in test mode, where `send` is not called), the
 * values kept, the next step reached. A step beyond the one reached is refused.
 */
export async function saveStep<S extends SavedStep>(
  state: WizardState,
  step: S,
  values: StepValues[S],
  send: (call: ReturnType<typeof callFor>, body: Record<string, unknown>) => Promise<{ id: number }>,
): Promise<WizardState> {
  if (!mayOpen(state, step)) throw new StepOrderError('Please complete the earlier steps first.');
  const id = state.testMode ? 0 : (await send(callFor(state, step), bodyFor(state, step, values))).id;
  const next = STEPS[stepIndex(step) + 1];
  return {
    ...state,
    ids: { ...state.ids, [ID_OF[step]]: id },
    values: { ...state.values, [step]: values },
    reached: next !== undefined && stepIndex(next) > stepIndex(state.reached) ? next : state.reached,
  };
}

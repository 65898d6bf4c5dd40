'use server';
/**
 * The wizard's server actions. The browser sends a step's values; the step ids and earlier values stay in
 * the sealed cookie (lib/onboard/wizard-cookie.ts). Values are checked with the contract here too, so test
 * mode (no network) keeps the same rules.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { UpstreamError } from '@/lib/api/errors';
import { callUpstream } from '@/lib/api/upstream';
import { contract } from '@/lib/contract';
import { ONBOARD_MESSAGES, type ProductId } from '@/lib/contract/onboard-constants';
import type { Quote } from '@/lib/contract/onboard';
import type { BodyOf } from '@/lib/contract/define';
import { StepOrderError, callFor, newWizard, saveStep, type SavedStep, type StepValues, type WizardState } from '@/lib/onboard/steps';
import { readWizard, writeWizard } from '@/lib/onboard/wizard-cookie';
import { sharedStore } from '@/lib/store';

const o = contract.onboard;
type StepCall = (typeof o)[ReturnType<typeof callFor>];
export type Failure = { ok: false; error: string; fieldErrors: Record<string, string> };
export type WizardView = Pick<WizardState, 'reached' | 'values' | 'product'>;
const viewOf = ({ reached, values, product }: WizardState): WizardView => ({ reached, values, product });

const SCHEMAS = { basic: o.onboardMarketing.body, additional: o.onboardFirm.body, shipping: o.onboardShippingSave.body } as const;
const STRIP: Readonly<Record<SavedStep, readonly string[]>> = {
  basic: ['token', 'marketing'],
  additional: ['token', 'firm', 'firmType'],
  shipping: ['token', 'id', 'firm'],
};

function failure(e: unknown): Failure {
  if (e instanceof StepOrderError) return { ok: false, error: e.message, fieldErrors: {} };
  if (e instanceof UpstreamError) {
    const fieldErrors: Record<string, string> = {};
    for (const [k, [first]] of Object.entries(e.fieldErrors ?? {})) if (first !== undefined) fieldErrors[k] = first;
    return { ok: false, error: e.message, fieldErrors };
  }
  throw e;
}

function zodFailure(error: z.ZodError): Failure {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) fieldErrors[String(issue.path[0] ?? '_')] ??= issue.message;
  return { ok: false, error: 'Please correct the highlighted fields.', fieldErrors };
}

export async function saveWizardStep<S extends SavedStep>(
  invitation: string,
  testMode: boolean,
  step: S,
  raw: Record<string, unknown>,
): Promise<{ ok: true; view: WizardView } | Failure> {
  const { state } = await readWizard(invitation, testMode);
  // Checked like the host checks it (the ids are filled in by the step rules, so placeholders here).
  const parsed = SCHEMAS[step].safeParse({ ...raw, token: invitation, firm: state.ids.firm });
  if (!parsed.success) return zodFailure(parsed.error);
  const values = Object.fromEntries(Object.entries(parsed.data).filter(([k]) => !STRIP[step].includes(k))) as unknown as StepValues[S];
  try {
    const next = await saveStep(state, step, values, (call, body) => callUpstream<StepCall>(o[call], { body: body as BodyOf<StepCall> })); // bodyFor builds the body of the step's call from values its schema parsed above
    await writeWizard(next);
    return { ok: true, view: viewOf(next) };
  } catch (e) {
    return failure(e);
  }
}

/**
 * Resumes the wizard from what the host saved for this invitation, in any browser, once the email of
 * step 1 is given: the saved steps' values and ids go into this browser's sealed cookie, and the wizard
 * opens the first step not saved yet.
 */
export async function resumeWizard(
  invitation: string,
  testMode: boolean,
  email: string,
): Promise<{ ok: true; view: WizardView } | Failure> {
  const parsed = o.onboardResume.body.safeParse({ token: invitation, email });
  if (!parsed.success) return zodFailure(parsed.error);
  try {
    const saved = await callUpstream(o.onboardResume, { body: parsed.data });
    const strip = <S extends SavedStep>(step: S, data: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(data).filter(([k]) => !STRIP[step].includes(k))) as unknown as StepValues[S];
    const values: Partial<StepValues> = { basic: strip('basic', saved.basic) };
    if (saved.additional) values.additional = strip('additional', saved.additional);
    if (saved.shipping) values.shipping = strip('shipping', saved.shipping);
    const state: WizardState = {
      ...newWizard(invitation, testMode),
      reached: saved.shipping ? 'purchase' : saved.additional ? 'shipping' : 'additional',
      ids: saved.ids,
      values,
      product: saved.product,
    };
    await writeWizard(state);
    return { ok: true, view: viewOf(state) };
  } catch (e) {
    return failure(e);
  }
}

/** The price of a product with an optional coupon (the host checks the coupon); kept as the wizard's choice. */
export async function quoteProduct(
  invitation: string,
  testMode: boolean,
  product: ProductId,
  coupon: string,
): Promise<{ ok: true; quote: Quote } | Failure> {
  const { state } = await readWizard(invitation, testMode);
  try {
    const quote = await callUpstream(o.onboardChangeProduct, { body: { token: invitation, firm: state.ids.firm, product, coupon } });
    await writeWizard({ ...state, product: { product, coupon: quote.coupon ?? '' } });
    return { ok: true, quote };
  } catch (e) {
    return failure(e);
  }
}

export interface PurchaseRequest {
  product: ProductId;
  coupon: string;
  /** What the payment provider's hosted form answered: never a card number. */
  paymentMethod: { id: string; brand: string; last4: string };
}

/** The purchase. One at a time per invitation across every app instance (a double submit is refused, not charged twice). */
export async function completePurchase(
  invitation: string,
  testMode: boolean,
  request: PurchaseRequest,
): Promise<{ ok: true; totalCents: number; testMode: boolean } | Failure> {
  const { state } = await readWizard(invitation, testMode);
  const { basic, additional } = state.values;
  if (state.reached !== 'purchase' || !basic || !additional) return { ok: false, error: ONBOARD_MESSAGES.stepOutOfOrder, fieldErrors: {} };
  const lock = `onboard:purchase:${createHash('sha256').update(invitation).digest('hex')}`;
  const store = sharedStore();
  if ((await store.incr(lock, 60_000)).value > 1)
    return { ok: false, error: 'Your purchase is already being processed. Please wait a moment.', fieldErrors: {} };
  try {
    const answer = await callUpstream(o.onboardPurchaseSave, {
      body: {
        token: invitation,
        firm: state.ids.firm,
        product: request.product,
        paymentMethod: request.paymentMethod,
        coupon: request.coupon,
        company: additional.company,
        name: `${basic.firstName} ${basic.lastName}`,
        email: basic.emailAddress,
        address: [additional.addressLines, additional.city, additional.postalCode].filter(Boolean).join(', '),
        phone: `${additional.phoneCC} ${additional.phoneNo}`,
        testMode: state.testMode,
      },
    });
    const done = { totalCents: answer.totalCents, testMode: state.testMode };
    // Kept so the page shows the result, also after a reload (the invitation itself is used up).
    await writeWizard({ ...state, done });
    return { ok: true, ...done };
  } catch (e) {
    return failure(e);
  } finally {
    await store.del([lock]);
  }
}

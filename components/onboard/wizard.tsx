'use client';
/**
 * The onboarding wizard (docs/onboard.md#screens): basic, additional, shipping, purchase. Each step is saved by a
 * server action before the next opens; Back keeps what was typed on every step; the step ids live only in
 * the sealed cookie. The purchase uses the provider's hosted card field, and a declined card keeps every
 * other answer so another card can be tried at once.
 */
import { useStepFocus } from '@/components/ui/use-step-focus';
import { useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useForm } from '@/components/ui/use-form';
import type { Invitation } from '@/lib/contract/onboard';
import { ONBOARD_MESSAGES, STEPS, STEP_LABELS, type StepName } from '@/lib/contract/onboard-constants';
import { resumeWizard, saveWizardStep, type Failure, type WizardView } from './actions';
import { addressBody, idOrNull, type AddressValues } from './address-fields';
import { AdditionalStep } from './additional-step';
import { BasicStep } from './basic-step';
import { PurchaseStep } from './purchase-step';
import { SetUp } from './set-up';
import { ShippingStep } from './shipping-step';
import { initialForms, type Forms, type OnboardLookups } from './wizard-forms';

/** Only a refusal is an error; the welcome back of a resumed invitation is good news. */
const noticeKind = (text: string) => (text === ONBOARD_MESSAGES.resumed ? 'success' : 'error');

export function OnboardWizard({
  invitation,
  offer,
  lookups,
  initial,
  providerUrl,
  notice,
}: {
  invitation: string;
  offer: Invitation;
  lookups: OnboardLookups;
  initial: WizardView;
  providerUrl: string;
  notice?: string;
}) {
  const [view, setView] = useState(initial);
  const [step, setStep] = useState<StepName>(initial.reached);
  const [forms, setForms] = useState<Forms>(() => initialForms(initial));
  // The steps' field errors and message. The server actions answer a refusal rather than throw, inside a
  // transition whose pending is the busy flag: the hook holds what they answer, not the call.
  const form = useForm({ initial: {}, notice: notice ? { text: notice, kind: noticeKind(notice) } : null });
  const { errors, setErrors, message, say } = form;
  const [pending, startTransition] = useTransition();
  const stepHeading = useStepFocus<HTMLHeadingElement>(step);
  const [done, setDone] = useState<{ totalCents: number; testMode: boolean } | null>(null);
  /**
   * Step 1 was saved for this invitation elsewhere (another browser, or a cookie lost): the email of step 1
   * resumes it here. Known when the page opens (the invitation says it was started), or when saving step 1
   * meets the host's copy (a replay).
   */
  const [resuming, setResuming] = useState(() => offer.started && !offer.testMode && !initial.values.basic);
  const [resumeEmail, setResumeEmail] = useState('');
  const testMode = offer.testMode;

  const patch = <K extends keyof Forms>(key: K, p: Partial<Forms[K]>) => setForms((f) => ({ ...f, [key]: { ...f[key], ...p } }));
  const fail = (r: Failure) => {
    setErrors(r.fieldErrors);
    say(r.error);
  };
  const open = (s: StepName) => {
    setErrors({});
    say(null);
    setStep(s);
  };

  const bodies = {
    basic: () => forms.basic,
    additional: () => {
      const a = forms.additional;
      return {
        ...a,
        ...addressBody(a),
        names: `${forms.basic.firstName} ${forms.basic.lastName}`.trim(),
        languageId: idOrNull(a.languageId),
        timezoneId: idOrNull(a.timezoneId),
      };
    },
    shipping: () => {
      const s = forms.shipping;
      const source: AddressValues = s.sameAsCompany ? forms.additional : s;
      return { sameAsCompany: s.sameAsCompany, ...addressBody(source) };
    },
  };
  const save = (s: 'basic' | 'additional' | 'shipping') =>
    startTransition(async () => {
      const r = await saveWizardStep(invitation, testMode, s, bodies[s]());
      if (!r.ok) {
        if (r.error === ONBOARD_MESSAGES.stepReplayed) {
          setResumeEmail(forms.basic.emailAddress);
          setResuming(true);
        }
        return fail(r);
      }
      setView(r.view);
      const next = STEPS[STEPS.indexOf(s) + 1];
      if (next) open(next);
    });

  const resume = () =>
    startTransition(async () => {
      const r = await resumeWizard(invitation, testMode, resumeEmail);
      if (!r.ok) return fail(r);
      setResuming(false);
      setView(r.view);
      setForms(initialForms(r.view));
      setErrors({});
      setStep(r.view.reached);
      say(ONBOARD_MESSAGES.resumed, 'success');
    });

  if (done) return <SetUp {...done} company={forms.additional.company} email={forms.basic.emailAddress} />;

  const previous = STEPS[STEPS.indexOf(step) - 1];
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Set up your location</h1>
        <p className="text-sm text-slate-700">
          Invited by {offer.parentName}.{testMode && ' Test mode: nothing will be charged or created.'}
        </p>
      </div>
      <nav aria-label="Onboarding steps">
        <ol className="flex flex-wrap gap-2">
          {STEPS.map((s, i) => {
            const reachable = i <= STEPS.indexOf(view.reached);
            return (
              <li key={s}>
                <button
                  type="button"
                  disabled={!reachable || pending}
                  aria-current={s === step ? 'step' : undefined}
                  onClick={() => open(s)}
                  className={`rounded-full px-3 py-1 text-sm font-medium ${s === step ? 'bg-brand-600 text-white' : reachable ? 'border border-slate-300 bg-white text-slate-800' : 'text-slate-500'}`}
                >
                  {i + 1}. {STEP_LABELS[s]}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      {resuming && (
        <form
          aria-label="Continue where you left off"
          className="flex flex-col gap-3 rounded-lg border border-brand-600 bg-white p-4 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            resume();
          }}
        >
          <div className="flex-1">
            <TextField
              label="Email given at the first step"
              type="email"
              required
              autoComplete="email"
              hint={ONBOARD_MESSAGES.resumeAsk}
              value={resumeEmail}
              error={errors.email}
              onChange={(e) => setResumeEmail(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={pending}>
            Continue
          </Button>
        </form>
      )}

      {!(resuming && step === 'basic') && (
        <form
          aria-labelledby="step-heading"
          className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          onSubmit={(e) => {
            e.preventDefault();
            if (step !== 'purchase') save(step);
          }}
          aria-busy={pending || undefined}
        >
          <h2 id="step-heading" ref={stepHeading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
            {STEP_LABELS[step]}
          </h2>
          {step === 'basic' && <BasicStep values={forms.basic} errors={errors} onChange={(p) => patch('basic', p)} />}
          {step === 'additional' && (
            <AdditionalStep values={forms.additional} errors={errors} onChange={(p) => patch('additional', p)} lookups={lookups} />
          )}
          {step === 'shipping' && (
            <ShippingStep
              values={forms.shipping}
              errors={errors}
              onChange={(p) => patch('shipping', p)}
              company={forms.additional}
              lookups={lookups}
            />
          )}
          {step === 'purchase' && !offer.products[0] && <Alert>This invitation offers no product to buy.</Alert>}
          {step === 'purchase' && offer.products[0] && (
            <PurchaseStep
              invitation={invitation}
              offer={offer}
              firstProduct={offer.products[0].product}
              chosen={view.product}
              providerUrl={providerUrl}
              onFailure={fail}
              onDone={setDone}
              clearMessage={() => {
                setErrors({});
                say(null);
              }}
              errors={errors}
            />
          )}
          {step !== 'purchase' && (
            <div className="flex flex-wrap justify-between gap-2 pt-2">
              {previous ? (
                <Button variant="secondary" disabled={pending} onClick={() => open(previous)}>
                  Back
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" disabled={pending}>
                {pending ? 'Saving…' : 'Next'}
              </Button>
            </div>
          )}
          {step === 'purchase' && (
            <Button variant="secondary" className="self-start" disabled={pending} onClick={() => open('shipping')}>
              Back
            </Button>
          )}
        </form>
      )}
    </div>
  );
}

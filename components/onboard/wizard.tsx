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
import { CheckboxField, SelectField, TextField, type SelectOption } from '@/components/ui/field';
import type { LookupItem } from '@/lib/contract/lookups';
import type { Invitation, Quote } from '@/lib/contract/onboard';
import { ONBOARD_MESSAGES, STEPS, STEP_LABELS, type ProductId, type StepName } from '@/lib/contract/onboard-constants';
import { formatMoney } from '@/lib/format';
import { maskPhone } from '@/lib/validation/phone';
import { completePurchase, quoteProduct, resumeWizard, saveWizardStep, type Failure, type WizardView } from './actions';
import { AddressFields, addressBody, idOrNull, type AddressValues } from './address-fields';
import { CardField, type PaymentMethod } from './card-field';
import { SetUp } from './set-up';

export interface OnboardLookups {
  countries: LookupItem[];
  stateProvinces: LookupItem[];
  timeZones: LookupItem[];
  languages: LookupItem[];
}

const text = (v: unknown) => (v == null ? '' : String(v));
const options = (items: readonly LookupItem[]): SelectOption[] => items.map((i) => ({ value: i.id, label: i.value }));
const money = (cents: number) => formatMoney(cents / 100);

function initialForms(view: WizardView) {
  const { basic, additional, shipping } = view.values;
  return {
    basic: {
      firstName: text(basic?.firstName),
      lastName: text(basic?.lastName),
      emailAddress: text(basic?.emailAddress),
      consent: basic?.consent ?? false,
    },
    additional: {
      company: text(additional?.company),
      jobTitle: text(additional?.jobTitle),
      email: text(additional?.email),
      addressLines: text(additional?.addressLines),
      city: text(additional?.city),
      stateProvince: text(additional?.stateProvince),
      postalCode: text(additional?.postalCode),
      country: text(additional?.country ?? 1),
      phoneCC: text(additional?.phoneCC || '+1'),
      phoneNo: text(additional?.phoneNo),
      languageId: text(additional?.languageId ?? 1),
      timezoneId: text(additional?.timezoneId ?? 12),
      webaddress: text(additional?.webaddress),
      companyId: text(additional?.companyId),
    },
    shipping: {
      sameAsCompany: shipping?.sameAsCompany ?? true,
      addressLines: text(shipping?.addressLines),
      city: text(shipping?.city),
      stateProvince: text(shipping?.stateProvince),
      postalCode: text(shipping?.postalCode),
      country: text(shipping?.country ?? 1),
    },
  };
}
type Forms = ReturnType<typeof initialForms>;

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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(notice ?? null);
  // Only a refusal is an error; the welcome back of a resumed invitation is good news.
  const messageKind = message === ONBOARD_MESSAGES.resumed ? 'success' : 'error';
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
    setMessage(r.error);
  };
  const open = (s: StepName) => {
    setErrors({});
    setMessage(null);
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
      setMessage(ONBOARD_MESSAGES.resumed);
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
      {message && <Alert kind={messageKind}>{message}</Alert>}
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
          {step === 'basic' && (
            <>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField
                  label="First name"
                  required
                  autoComplete="given-name"
                  value={forms.basic.firstName}
                  error={errors.firstName}
                  maxLength={100}
                  onChange={(e) => patch('basic', { firstName: e.target.value })}
                />
                <TextField
                  label="Last name"
                  required
                  autoComplete="family-name"
                  value={forms.basic.lastName}
                  error={errors.lastName}
                  maxLength={100}
                  onChange={(e) => patch('basic', { lastName: e.target.value })}
                />
              </div>
              <TextField
                label="Email"
                type="email"
                required
                autoComplete="email"
                hint="This will be your username."
                value={forms.basic.emailAddress}
                error={errors.emailAddress}
                onChange={(e) => patch('basic', { emailAddress: e.target.value })}
              />
              <CheckboxField
                label="Send me product news and offers"
                checked={forms.basic.consent}
                onChange={(e) => patch('basic', { consent: e.target.checked })}
              />
            </>
          )}
          {step === 'additional' && (
            <>
              <TextField
                label="Company"
                required
                autoComplete="organization"
                value={forms.additional.company}
                error={errors.company}
                onChange={(e) => patch('additional', { company: e.target.value })}
              />
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField
                  label="Job title"
                  value={forms.additional.jobTitle}
                  error={errors.jobTitle}
                  maxLength={100}
                  onChange={(e) => patch('additional', { jobTitle: e.target.value })}
                />
                <TextField
                  label="Company email"
                  type="email"
                  required
                  value={forms.additional.email}
                  error={errors.email}
                  onChange={(e) => patch('additional', { email: e.target.value })}
                />
              </div>
              <AddressFields
                values={forms.additional}
                errors={errors}
                onChange={(p) => patch('additional', p)}
                countries={lookups.countries}
                stateProvinces={lookups.stateProvinces}
              />
              <div className="grid grid-cols-[6rem_1fr] gap-3">
                <TextField
                  label="Country code"
                  required
                  value={forms.additional.phoneCC}
                  error={errors.phoneCC}
                  maxLength={4}
                  onChange={(e) => patch('additional', { phoneCC: e.target.value })}
                />
                <TextField
                  label="Phone"
                  type="tel"
                  required
                  autoComplete="tel-national"
                  value={forms.additional.phoneNo}
                  error={errors.phoneNo}
                  onChange={(e) => patch('additional', { phoneNo: maskPhone(e.target.value) })}
                />
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <SelectField
                  label="Language"
                  required
                  options={options(lookups.languages)}
                  value={forms.additional.languageId}
                  error={errors.languageId}
                  onChange={(e) => patch('additional', { languageId: e.target.value })}
                />
                <SelectField
                  label="Time zone"
                  required
                  options={options(lookups.timeZones)}
                  value={forms.additional.timezoneId}
                  error={errors.timezoneId}
                  onChange={(e) => patch('additional', { timezoneId: e.target.value })}
                />
                <TextField
                  label="Web address"
                  type="url"
                  placeholder="https://"
                  value={forms.additional.webaddress}
                  error={errors.webaddress}
                  onChange={(e) => patch('additional', { webaddress: e.target.value })}
                />
                <TextField
                  label="Company ID"
                  hint="EIN or business number"
                  value={forms.additional.companyId}
                  error={errors.companyId}
                  maxLength={40}
                  onChange={(e) => patch('additional', { companyId: e.target.value })}
                />
              </div>
            </>
          )}
          {step === 'shipping' && (
            <>
              <CheckboxField
                label="Same as company address"
                checked={forms.shipping.sameAsCompany}
                onChange={(e) => patch('shipping', { sameAsCompany: e.target.checked })}
              />
              {forms.shipping.sameAsCompany ? (
                <p className="text-sm text-slate-700">
                  {[forms.additional.addressLines, forms.additional.city, forms.additional.postalCode].filter(Boolean).join(', ')}
                </p>
              ) : (
                <AddressFields
                  values={forms.shipping}
                  errors={errors}
                  onChange={(p) => patch('shipping', p)}
                  countries={lookups.countries}
                  stateProvinces={lookups.stateProvinces}
                />
              )}
            </>
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
                setMessage(null);
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

function PurchaseStep({
  invitation,
  offer,
  firstProduct,
  chosen,
  providerUrl,
  onFailure,
  onDone,
  clearMessage,
  errors,
}: {
  invitation: string;
  offer: Invitation;
  firstProduct: ProductId;
  chosen: WizardView['product'];
  providerUrl: string;
  onFailure: (f: Failure) => void;
  onDone: (d: { totalCents: number; testMode: boolean }) => void;
  clearMessage: () => void;
  errors: Record<string, string>;
}) {
  const initialProduct = chosen && offer.products.some((p) => p.product === chosen.product) ? chosen.product : firstProduct;
  const [product, setProduct] = useState<ProductId>(initialProduct);
  const [coupon, setCoupon] = useState(chosen?.coupon ?? '');
  const [quote, setQuote] = useState<Quote | null>(null);
  const [card, setCard] = useState<PaymentMethod | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [pending, startTransition] = useTransition();
  const price = (p: ProductId) => offer.products.find((o) => o.product === p)!;
  const shown = quote && quote.product === product ? quote : null;

  const applyQuote = (p: ProductId, c: string) =>
    startTransition(async () => {
      clearMessage();
      const r = await quoteProduct(invitation, offer.testMode, p, c);
      if (r.ok) setQuote(r.quote);
      else {
        setQuote(null);
        onFailure(r);
      }
    });

  const pay = () =>
    startTransition(async () => {
      clearMessage();
      const pm = card ?? (offer.testMode ? { id: 'pm_test_mode', brand: 'test', last4: '0000' } : null);
      if (!pm) return onFailure({ ok: false, error: ONBOARD_MESSAGES.paymentMissing, fieldErrors: {} });
      const r = await completePurchase(invitation, offer.testMode, { product, coupon: shown?.coupon ?? '', paymentMethod: pm });
      if (r.ok) return onDone(r);
      onFailure(r);
      // A refused card: ask the provider's form for another, keep everything else.
      if (r.fieldErrors.paymentMethod) {
        setCard(null);
        setResetKey((k) => k + 1);
      }
    });

  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Product</legend>
        {offer.products.map((p) => (
          <label
            key={p.product}
            className={`flex cursor-pointer gap-3 rounded-md border p-3 ${product === p.product ? 'border-brand-600 bg-brand-50' : 'border-slate-300'}`}
          >
            <input
              type="radio"
              name="product"
              value={p.product}
              checked={product === p.product}
              onChange={() => {
                setProduct(p.product);
                applyQuote(p.product, shown?.coupon ?? '');
              }}
              className="mt-1 accent-brand-600"
            />
            <span className="flex flex-col">
              <span className="font-medium">
                {p.name} · {money(p.priceCents)} per {p.interval}
              </span>
              <span className="text-sm text-slate-700">{p.includes.join(' · ')}</span>
            </span>
          </label>
        ))}
        {errors.product && (
          <p role="alert" className="text-sm text-red-700">
            {errors.product}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-40 flex-1">
          <TextField label="Coupon" value={coupon} error={errors.coupon} maxLength={40} onChange={(e) => setCoupon(e.target.value)} />
        </div>
        <Button variant="secondary" disabled={pending || !coupon.trim()} onClick={() => applyQuote(product, coupon)}>
          Apply coupon
        </Button>
      </div>
      <p role="status" aria-live="polite" className="text-base">
        Total: <strong>{money(shown?.totalCents ?? price(product).priceCents)}</strong> per {price(product).interval}
        {shown?.coupon && ` (coupon ${shown.coupon}: −${money(shown.discountCents)})`}
      </p>
      {!offer.testMode && (
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium text-slate-800">Payment method</span>
          <CardField
            providerUrl={providerUrl}
            resetKey={resetKey}
            onPaymentMethod={(pm) => {
              // Another card answers the refusal: the declined message goes with the card it was about.
              setCard(pm);
              clearMessage();
            }}
          />
          <p role="status" className="text-sm text-slate-700">
            {card ? `Card: ${card.brand} ending ${card.last4}` : 'Enter your card and press "Use this card".'}
          </p>
          {errors.paymentMethod && (
            <p role="alert" className="text-sm text-red-700">
              {errors.paymentMethod}
            </p>
          )}
        </div>
      )}
      <Button className="self-end" disabled={pending} onClick={pay}>
        {pending ? 'Processing…' : offer.testMode ? 'Finish test run' : `Pay ${money(shown?.totalCents ?? price(product).priceCents)}`}
      </Button>
    </>
  );
}

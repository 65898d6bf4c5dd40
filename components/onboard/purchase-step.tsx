'use client';
/**
 * The last step: the product, a coupon and the total the host quotes, and the card in the provider's hosted
 * field (none in test mode). A declined card asks for another and keeps every other answer.
 */
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import type { Invitation, Quote } from '@/lib/contract/onboard';
import { ONBOARD_MESSAGES, type ProductId } from '@/lib/contract/onboard-constants';
import { formatMoney } from '@/lib/format';
import { completePurchase, quoteProduct, type Failure, type WizardView } from './actions';
import { CardField, type PaymentMethod } from './card-field';

const money = (cents: number) => formatMoney(cents / 100);

export function PurchaseStep({
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

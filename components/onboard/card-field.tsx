'use client';
/**
 * The payment provider's hosted card field, framed: the card is typed into the provider's page, which
 * answers a payment-method id, brand and last four digits by postMessage. Only messages from the
 * provider's origin are taken. `resetKey` changing asks the provider's form to clear (another card).
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';

export interface PaymentMethod {
  id: string;
  brand: string;
  last4: string;
}

const noSubscription = () => () => {};

export function CardField({
  providerUrl,
  onPaymentMethod,
  resetKey,
}: {
  providerUrl: string;
  onPaymentMethod: (pm: PaymentMethod) => void;
  resetKey: number;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const providerOrigin = new URL(providerUrl).origin;
  const callback = useRef(onPaymentMethod);
  useEffect(() => {
    callback.current = onPaymentMethod;
  });
  useEffect(() => {
    const listen = (e: MessageEvent) => {
      const d = e.data as Partial<PaymentMethod> & { type?: string };
      if (e.origin !== providerOrigin || e.source !== frame.current?.contentWindow || d?.type !== 'payment-method') return;
      if (typeof d.id === 'string' && typeof d.brand === 'string' && typeof d.last4 === 'string')
        callback.current({ id: d.id, brand: d.brand, last4: d.last4 });
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [providerOrigin]);
  useEffect(() => {
    if (resetKey > 0) frame.current?.contentWindow?.postMessage({ type: 'payment-reset' }, providerOrigin);
  }, [resetKey, providerOrigin]);
  // The page's own origin is known in the browser only: the frame loads after hydration.
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => null,
  );
  const src = origin ? `${new URL('card', providerUrl)}?origin=${encodeURIComponent(origin)}` : undefined;
  return (
    <iframe
      ref={frame}
      title="Card details (secure payment form)"
      src={src}
      className="h-52 w-full rounded-md border border-slate-300 bg-white"
    />
  );
}

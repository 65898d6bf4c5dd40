/**
 * The layouts without navigation: anonymous pages (a centred card) and the no-nav fallback. An anonymous
 * page that is a list or a report rather than a card marks its root `data-wide` and gets the width of a
 * list (docs/shell.md#screens "Layouts": the signed-in /links list was once squeezed into the card's 448 px).
 */
import { config } from '@/lib/config';
import { PlainFrame } from './plain-frame';

/** `brand`: another firm's logo and title to wear (the onboarding wizard: the inviting franchise's); else the product's. */
export function PlainShell({
  variant,
  brand,
  children,
}: {
  variant: 'anonymous' | 'no-nav';
  brand?: { logo: string; title: string };
  children: React.ReactNode;
}) {
  return (
    <PlainFrame variant={variant} logo={brand?.logo} title={brand?.title ?? config().PRODUCT_NAME}>
      {children}
    </PlainFrame>
  );
}

/**
 * The layouts without navigation: anonymous pages (a centred card) and the no-nav fallback. An anonymous
 * page that is a list or a report rather than a card marks its root `data-wide` and gets the width of a
 * list (docs/shell.md#screens "Layouts": the signed-in /links list was once squeezed into the card's 448 px).
 */
import { config } from '@/lib/config';
import { DEFAULT_LOGO } from '@/lib/brand-defaults';

/**
 * `brand`: another firm's logo and title to wear (the onboarding wizard: the inviting franchise's); else the product's.
 * `preloadLogo={false}`: the logo loads when laid out, with no preload hint (React hints every eager image it
 * renders). For the not-found page, whose tree every page's payload carries (the root layout's not-found
 * slot): its hint made every page fetch this logo beside its stylesheet, before its first paint.
 */
export function PlainShell({
  variant,
  brand,
  preloadLogo = true,
  children,
}: {
  variant: 'anonymous' | 'no-nav';
  brand?: { logo: string; title: string };
  preloadLogo?: boolean;
  children: React.ReactNode;
}) {
  const { PRODUCT_NAME } = config();
  return (
    <>
      <header className="flex items-center gap-3 px-4 py-3" data-testid="plain-header">
        {/* eslint-disable-next-line @next/next/no-img-element -- a small SVG, or a firm's logo of any size */}
        <img
          src={brand?.logo ?? DEFAULT_LOGO}
          alt=""
          height={48}
          loading={preloadLogo ? undefined : 'lazy'}
          className="h-12 w-auto max-w-40 object-contain"
        />
        <span className="text-lg font-semibold text-slate-900">{brand?.title ?? PRODUCT_NAME}</span>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={variant === 'anonymous' ? 'mx-auto w-full max-w-md px-4 py-6 has-[[data-wide]]:max-w-6xl' : 'px-4 py-6 sm:px-6'}
      >
        {children}
      </main>
    </>
  );
}

/**
 * The frame of the layouts without navigation (plain-shell.tsx): the product's or a firm's logo and title
 * above the page. No server-only import and no hook, so the server's PlainShell and the client's not-found
 * view (not-found-view.tsx) draw the same markup.
 */
import { DEFAULT_LOGO } from '@/lib/brand-defaults';

export interface PlainFrameProps {
  variant: 'anonymous' | 'no-nav';
  /** The logo and title to wear: a firm's (the onboarding wizard: the inviting franchise's), else the product's. */
  logo?: string;
  title: string;
  /** false: the logo loads when laid out, with no preload hint (React hints every eager image it renders). */
  preloadLogo?: boolean;
  children: React.ReactNode;
}

export function PlainFrame({ variant, logo, title, preloadLogo = true, children }: PlainFrameProps) {
  return (
    <>
      <header className="flex items-center gap-3 px-4 py-3" data-testid="plain-header">
        {/* eslint-disable-next-line @next/next/no-img-element -- a small SVG, or a firm's logo of any size */}
        <img
          src={logo ?? DEFAULT_LOGO}
          alt=""
          height={48}
          loading={preloadLogo ? undefined : 'lazy'}
          className="h-12 w-auto max-w-40 object-contain"
        />
        <span className="text-lg font-semibold text-slate-900">{title}</span>
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

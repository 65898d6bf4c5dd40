import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { UatBanner } from '@/components/shell/uat-banner';
import { DEFAULT_ICON } from '@/lib/brand-defaults';
import { config } from '@/lib/config';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  return { title: config().PRODUCT_NAME, robots: { index: false, follow: false }, icons: { icon: DEFAULT_ICON } };
}

/**
 * Without JavaScript, a page that streamed past its loading.tsx would stay hidden (React's inline script
 * moves the streamed content in). This shows the streamed content and hides the loading state instead, so
 * lists, links and forms work with JavaScript disabled (docs/shell.md#screens). In Tailwind's base layer, so
 * it outranks preflight's `[hidden]` rule.
 */
const NO_SCRIPT_CSS = '@layer base{[data-page-loading]{display:none!important}div[hidden][id^="S:"]{display:block!important}}';

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Reading the request makes every page dynamic: the CSP nonce and the environment are per request.
  await headers();
  const { APP_ENV, APP_VERSION } = config();
  return (
    <html lang="en">
      <body className="min-h-screen">
        <noscript>
          <style>{NO_SCRIPT_CSS}</style>
        </noscript>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
        >
          Skip to main content
        </a>
        {APP_ENV !== 'prod' && <UatBanner version={APP_VERSION} env={APP_ENV} />}
        {children}
      </body>
    </html>
  );
}

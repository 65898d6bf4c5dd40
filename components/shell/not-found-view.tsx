'use client';
/**
 * "Page not Found" (app/not-found.tsx). A client component on purpose: every page's payload carries the
 * not-found tree of its layouts (the framework renders it into each layout's not-found boundary, twice on a
 * signed-in page), so as server markup it cost every page about 1.5 kB of flight data; as a client element
 * it is one reference, its heading and the product's name (given by the server: the route table stays out of
 * the client's code). Its logo is not preloaded (React hints every eager image it
 * renders; the hint made every page fetch this logo beside its stylesheet, before its first paint).
 */
import Link from 'next/link';
import { PlainFrame } from './plain-frame';

export function NotFoundView({ heading, productName }: { heading: string; productName: string }) {
  return (
    <PlainFrame variant="no-nav" title={productName} preloadLogo={false}>
      <h1 className="mb-2 text-2xl font-semibold">{heading}</h1>
      <p className="mb-4 text-slate-700">There is nothing at this address.</p>
      <Link href="/" className="text-brand-700 underline">
        Go to the home page
      </Link>
    </PlainFrame>
  );
}

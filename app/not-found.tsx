/** Any other path: "Page not Found" in the no-nav layout, answered with HTTP 404. */
import Link from 'next/link';
import { PlainShell } from '@/components/shell/plain-shell';
import { notFoundMetadata } from '@/lib/page';
import { NOT_FOUND_NAME } from '@/lib/routes';

export const generateMetadata = notFoundMetadata;

export default function NotFound() {
  return (
    <PlainShell variant="no-nav" preloadLogo={false}>
      <h1 className="mb-2 text-2xl font-semibold">{NOT_FOUND_NAME}</h1>
      <p className="mb-4 text-slate-700">There is nothing at this address.</p>
      <Link href="/" className="text-brand-700 underline">
        Go to the home page
      </Link>
    </PlainShell>
  );
}

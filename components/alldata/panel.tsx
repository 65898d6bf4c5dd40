/** The card every ALLDATA page shows: a heading, its content, and where to go next. */
import Link from 'next/link';
import { loginUrl } from '@/lib/auth/redirects';

export function AlldataPanel({
  title,
  children,
  next = [],
}: {
  title: string;
  children: React.ReactNode;
  next?: { href: string; label: string }[];
}) {
  return (
    <section
      aria-labelledby="alldata-heading"
      className="mx-auto flex max-w-xl flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h1 id="alldata-heading" className="text-2xl font-semibold">
        {title}
      </h1>
      {children}
      {next.length > 0 && (
        <p className="flex flex-wrap gap-4">
          {next.map((n) => (
            <Link key={n.href} href={n.href} className="text-brand-700 underline">
              {n.label}
            </Link>
          ))}
        </p>
      )}
    </section>
  );
}

/** For a visitor who is not signed in: connecting binds to a user, so sign in first and come back to `path`. */
export function SignInFirst({ path }: { path: string }) {
  return (
    <AlldataPanel title="Sign in to connect ALLDATA" next={[{ href: loginUrl(path), label: 'Sign in' }]}>
      <p>Connecting ALLDATA links it to your location and your user, so please sign in first. You will come back here afterwards.</p>
    </AlldataPanel>
  );
}

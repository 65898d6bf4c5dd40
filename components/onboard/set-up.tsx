/** The end of onboarding: "You're set up" (or the test run's result), shown by the wizard and, after a reload, by the page. */
import { formatMoney } from '@/lib/format';

export function SetUp({ testMode, totalCents, company, email }: { testMode: boolean; totalCents: number; company: string; email: string }) {
  return (
    <section
      aria-labelledby="done-heading"
      className="mx-auto flex max-w-xl flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h1 id="done-heading" className="text-2xl font-semibold">
        {testMode ? 'Test run complete' : "You're set up"}
      </h1>
      {testMode ? (
        <p>Everything was checked; in test mode nothing was charged and no account was created.</p>
      ) : (
        <>
          <p>
            {company} is ready, and {formatMoney(totalCents / 100)} was charged to your card.
          </p>
          <p>
            We have sent an email to <strong>{email}</strong> with a link to choose your password. Then sign in with that email address.
          </p>
          <a href="/login" className="self-start text-brand-700 underline">
            Go to sign in
          </a>
        </>
      )}
    </section>
  );
}

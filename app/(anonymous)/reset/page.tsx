/**
 * /reset, Reset Password: without a token, the request for a reset link; with the mailed link's token,
 * the new password (when the link still works) or why it does not.
 */
import Link from 'next/link';
import { NewPasswordForm } from '@/components/auth/new-password-form';
import { ResetForm } from '@/components/auth/reset-form';
import { Alert } from '@/components/ui/alert';
import { callUpstream } from '@/lib/api/upstream';
import { contract } from '@/lib/contract';
import { RESET_LINK_INVALID } from '@/lib/contract/auth';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/reset');

export default async function ResetPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  if (typeof token !== 'string' || !token) return <ResetForm />;
  const check = await callUpstream(contract.auth.checkResetToken, { body: { token } }).catch(() => ({
    valid: false as const,
    username: undefined,
  }));
  if (!check.valid || !check.username)
    return (
      <section aria-labelledby="reset-heading" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 id="reset-heading" className="text-2xl font-semibold">
          Reset Password
        </h1>
        <Alert>{RESET_LINK_INVALID}</Alert>
        <Link href="/reset" className="text-brand-700 underline">
          Ask for a new link
        </Link>
      </section>
    );
  return <NewPasswordForm token={token} username={check.username} />;
}

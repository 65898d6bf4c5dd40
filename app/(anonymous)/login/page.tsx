import { redirect } from 'next/navigation';
import { LoginForm } from '@/components/auth/login-form';
import { safeCallback } from '@/lib/auth/redirects';
import { readSession } from '@/lib/auth/session';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/login');

/** Fixed notices for the reasons another page sends someone here; free text from the URL is never shown. */
const NOTICES: Record<string, string> = {
  expired: 'Your session has ended. Please sign in again.',
  sso: 'This sign-in link is invalid, expired or already used. Please sign in with your username and password.',
};

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeCallback(typeof params.callbackUrl === 'string' ? params.callbackUrl : undefined);
  if (await readSession()) redirect(callbackUrl);
  const notice = params.expired ? NOTICES.expired : params.sso ? NOTICES.sso : undefined;
  return <LoginForm callbackUrl={callbackUrl} notice={notice} />;
}

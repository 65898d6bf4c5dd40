import { redirect } from 'next/navigation';
import { SsoSignIn } from '@/components/auth/sso-sign-in';
import { callUpstream } from '@/lib/api/upstream';
import { readSession } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/sso');

const who = (p: { firstName: string; lastName: string; username: string }) => `${p.firstName} ${p.lastName} (${p.username})`;

export default async function SsoPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token: raw } = await searchParams;
  const token = typeof raw === 'string' ? raw : '';
  const session = await readSession();
  if (!session || !token) return <SsoSignIn token={token} />;

  // Signed in already: whose link is it? (Without redeeming it: a link opened by mistake stays usable.)
  const owner = await callUpstream(contract.auth.tempTokenInfo, { body: { token } }).catch(() => null);
  if (!owner) redirect('/login?sso=failed');
  if (owner.username.toLowerCase() === session.profile.username.toLowerCase()) redirect('/');
  return <SsoSignIn token={token} confirm={{ current: who(session.profile), next: who(owner) }} />;
}

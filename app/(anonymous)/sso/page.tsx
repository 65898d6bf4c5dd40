import { SsoSignIn } from '@/components/auth/sso-sign-in';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/sso');

export default async function SsoPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  return <SsoSignIn token={typeof token === 'string' ? token : ''} />;
}

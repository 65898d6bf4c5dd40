'use server';
/** Starts an ALLDATA authorization: seals the state and verifier, bound to this user and firm, then off to ALLDATA. */
import { redirect } from 'next/navigation';
import { isConnector } from '@/lib/alldata/authorization';
import { startAuthorization } from '@/lib/alldata/client';
import { writeAuthorization } from '@/lib/alldata/cookie';
import { readSession } from '@/lib/auth/session';
import { loginUrl } from '@/lib/auth/redirects';

export async function connectAlldata(): Promise<void> {
  const session = await readSession();
  if (!session) redirect(loginUrl('/alldataAuthorize'));
  if (!isConnector(session.role)) redirect('/alldataAuthorize');
  const { url, state, verifier } = await startAuthorization();
  await writeAuthorization({ state, verifier, firm: session.profile.firm, user: session.user, issuedAt: Date.now() });
  redirect(url);
}

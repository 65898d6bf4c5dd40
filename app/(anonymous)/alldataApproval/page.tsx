/**
 * /alldataApproval: where ALLDATA sends the user back. lib/alldata/approval.ts checks the callback against
 * the sealed authorization, refuses replays, exchanges the code and stores the firm's token through the
 * API; then /alldataSetToken shows the result, or this page says why nothing was connected.
 */
import { redirect } from 'next/navigation';
import { SignInFirst } from '@/components/alldata/panel';
import { AlldataProblem } from '@/components/alldata/problem';
import { completeAuthorization } from '@/lib/alldata/approval';
import { readSession } from '@/lib/auth/session';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/alldataApproval');

type Search = Record<string, string | string[] | undefined>;

export default async function AlldataApprovalPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const params = new URLSearchParams(Object.entries(search).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
  const session = await readSession();
  if (!session) return <SignInFirst path={`/alldataApproval?${params}`} />;
  const problem = await completeAuthorization(params, session);
  if (problem) return <AlldataProblem problem={problem} />;
  redirect('/alldataSetToken');
}

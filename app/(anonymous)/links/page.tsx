/**
 * /links (anonymous): with a link (?t=…), the read-only page of the one inspection it shares; signed in
 * without one, the links this user shared, or for the firms' administrators (LINK_ADMIN_ROLES) with
 * `scope=firm` every link of the firms they reach (list state in the URL); otherwise, how to open a shared link.
 */
import { cookies } from 'next/headers';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { LinkProblem, SharedInspection } from '@/components/links/shared-inspection';
import { LinksScreen } from '@/components/links/links-screen';
import { linkList } from '@/components/links/list-spec';
import { api } from '@/lib/api/server';
import { loginUrl } from '@/lib/auth/redirects';
import { readSession } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import { LINK_ADMIN_ROLES, SHARE_MESSAGES } from '@/lib/contract/links-constants';
import { isBare, parseList, prefsCookieName, restoreHref } from '@/lib/list-state';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/links');

type Search = Record<string, string | string[] | undefined>;

export default async function LinksPage({ searchParams }: { searchParams: Promise<Search> }) {
  const params = await searchParams;
  if (params.t !== undefined)
    return typeof params.t === 'string' ? <SharedInspection token={params.t} /> : <LinkProblem message={SHARE_MESSAGES.unknown} />;

  const session = await readSession();
  if (!session)
    return (
      <section
        aria-labelledby="links-heading"
        className="mx-auto flex max-w-xl flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h1 id="links-heading" className="text-2xl font-semibold">
          Shared links
        </h1>
        <p>To see a shared inspection, open the whole link you were sent. To manage the links you shared, sign in.</p>
        <Link href={loginUrl('/links')} className="self-start text-brand-700 underline">
          Sign in
        </Link>
      </section>
    );

  if (isBare(params, linkList)) {
    const to = restoreHref(linkList, (await cookies()).get(`${prefsCookieName(linkList)}`)?.value);
    if (to) redirect(to);
  }
  const isAdmin = session.role != null && (LINK_ADMIN_ROLES as readonly number[]).includes(session.role);
  const parsed = parseList(linkList, params);
  // Only administrators list their firms' links; anyone else asking sees their own.
  const state = isAdmin ? parsed : { ...parsed, scope: 'mine' as const };
  const data = await api(contract.links.shareLinks, { query: { ...state } });
  return <LinksScreen spec={linkList} state={state} data={data} zone={session.profile.timezone} isAdmin={isAdmin} />;
}

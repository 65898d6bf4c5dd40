/**
 * The server half of each /admin section: reads its URL state, calls the API for the first render and
 * hands the answer to the section's client screen. A page past the end of a list shows its last page.
 */
import 'server-only';
import { redirect } from 'next/navigation';
import { api } from '@/lib/api/server';
import { UpstreamError } from '@/lib/api/errors';
import type { AppSession } from '@/lib/auth/session';
import { contract } from '@/lib/contract';
import { INSURANCE_DEFAULT_FIRM } from '@/lib/contract/insurance';
import type { LogRow } from '@/lib/contract/log';
import { LOOKUP_GROUPS, type LookupGroup } from '@/lib/contract/lookups';
import { zoneOf } from '@/lib/dates';
import { listHref, pageCount, parseList, type Fields, type ListSpec, type ListState } from '@/lib/list-state';

type Params = Record<string, string | string[] | undefined>;
import { isAdminRole, SUPER_USER } from '@/lib/roles';
import { blogList, emailList, insuranceList, logList } from './list-specs';

import { BlogScreen, EmailsScreen, InsuranceScreen, LogScreen, LookupsScreen } from './sections';

interface PanelProps {
  params: Params;
  session: AppSession;
}

/** Redirects a page number past the end to the last page. */
function keepInRange<F extends Fields>(spec: ListSpec<F>, state: ListState<F> & { page: number; pageSize: number }, count: number) {
  const last = pageCount(count, state.pageSize);
  if (count > 0 && state.page > last) redirect(listHref(spec, { ...state, page: last }));
}

export async function LookupsPanel({ params }: { params: Params }) {
  const groups = await api(contract.lookups.byGroup, { query: {} });
  const asked = typeof params.group === 'string' ? params.group : '';
  const current: LookupGroup = (LOOKUP_GROUPS as readonly string[]).includes(asked)
    ? (asked as LookupGroup)
    : (groups[0]?.key ?? 'ContactType');
  return <LookupsScreen groups={groups} current={current} />;
}

export async function InsurancePanel({ params, session }: PanelProps) {
  const state = parseList(insuranceList, params);
  const data = await api(contract.insurance.insurance, { query: { ...state } });
  keepInRange(insuranceList, state, data.count);
  const { profile, role } = session;
  // docs/insurance.md#limits: a new insurance defaults to firm 1, which administrators reach; staff add their own firm's.
  const newFirm = isAdminRole(role)
    ? { firm: INSURANCE_DEFAULT_FIRM, firmName: 'ADAS network (all locations)' }
    : { firm: profile.firm, firmName: profile.firmName };
  return <InsuranceScreen spec={insuranceList} state={state} data={data} newFirm={newFirm} />;
}

export async function BlogPanel({ params, session }: PanelProps) {
  const state = parseList(blogList, params);
  const [data, lookups] = await Promise.all([
    api(contract.blog.blogs, { query: { ...state } }),
    api(contract.lookups.byKeys, { body: { keys: ['BlogType', 'BlogStatus'] } }),
  ]);
  keepInRange(blogList, state, data.count);
  const options = (key: LookupGroup) => lookups.filter((l) => l.key === key).map((l) => ({ value: l.id, label: l.value }));
  return (
    <BlogScreen
      spec={blogList}
      state={state}
      data={data}
      types={options('BlogType')}
      statuses={options('BlogStatus')}
      firm={session.profile.firm}
      zone={zoneOf(session.profile.timezone)}
    />
  );
}

export async function LogPanel({ params, session }: PanelProps) {
  const state = parseList(logList, params);
  const mayUnscrub = session.role === SUPER_USER;
  const query = {
    page: state.page,
    pageSize: state.pageSize,
    orderBy: state.orderBy,
    direction: state.direction,
    level: state.level,
    searchTerm: state.searchTerm,
  };
  let data: { count: number; items: LogRow[] } = { count: 0, items: [] };
  let problem: string | null = null;
  try {
    if (state.from || state.to) data = await api(contract.log.queryLog, { query: { ...query, from: state.from, to: state.to } });
    else data = await api(state.noScrub && mayUnscrub ? contract.log.entriesNoScrub : contract.log.entries, { query });
  } catch (e) {
    // A range typed into the URL by hand may be refused (reversed, not a date): say why, show nothing.
    if (!(e instanceof UpstreamError) || e.kind !== 'bad-request') throw e;
    problem = Object.values(e.fieldErrors ?? {}).flat()[0] ?? e.message;
  }
  keepInRange(logList, state, data.count);
  return (
    <LogScreen spec={logList} state={state} data={data} problem={problem} mayUnscrub={mayUnscrub} zone={zoneOf(session.profile.timezone)} />
  );
}

export async function EmailsPanel({ params, session }: PanelProps) {
  const state = parseList(emailList, params);
  const data = await api(contract.admin.getEmails, {
    query: { email: state.searchTerm, page: state.page, pageSize: state.pageSize, orderBy: state.orderBy, direction: state.direction },
  });
  keepInRange(emailList, state, data.count);
  return <EmailsScreen spec={emailList} state={state} data={data} zone={zoneOf(session.profile.timezone)} />;
}

/**
 * /admin, Administration (roles 1,2,3,5,7,9,12): the sections the role sees (lib/routes.ts ADMIN_SECTIONS),
 * the current one named by `section` in the URL (the first the role sees by default), each rendered on the
 * server from its own URL state. Opening a section's bare URL restores its remembered list preferences.
 */
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { AdminNav } from '@/components/admin/admin-nav';
import { BlogPanel, EmailsPanel, InsurancePanel, LogPanel, LookupsPanel } from '@/components/admin/panels';
import { blogList, emailList, insuranceList, logList } from '@/components/admin/list-specs';
import { PageHeading } from '@/components/ui/page-heading';
import { requireRoute } from '@/lib/auth/session';
import { isBare, prefsCookieName, restoreHref, type Fields, type ListSpec } from '@/lib/list-state';
import { routeMetadata } from '@/lib/page';
import { adminSections } from '@/lib/routes';

export const generateMetadata = routeMetadata('/admin');

const LISTS: Readonly<Record<string, ListSpec<Fields>>> = { insurance: insuranceList, blog: blogList, log: logList, emails: emailList };

export default async function AdminPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requireRoute('/admin');
  const params = await searchParams;
  const sections = adminSections(session.role);
  const asked = typeof params.section === 'string' ? params.section : undefined;
  const section = sections.find((s) => s.id === asked) ?? sections[0];
  // Every role /admin lets in sees Insurance and Blog (lib/routes.ts ADMIN_SECTIONS): none is a broken table.
  if (!section) throw new Error(`No /admin section for role ${session.role}`);
  // A section this role does not see (or a made-up one) is not acknowledged: the default section instead.
  if (asked !== undefined && section.id !== asked) redirect('/admin');

  const list = LISTS[section.id];
  if (list && isBare(params, list)) {
    const restored = restoreHref(list, (await cookies()).get(prefsCookieName(list))?.value);
    if (restored) redirect(restored);
  }

  return (
    <>
      <PageHeading>Administration</PageHeading>
      <AdminNav sections={sections} current={section.id} />
      {section.id === 'lookups' && <LookupsPanel params={params} />}
      {section.id === 'insurance' && <InsurancePanel params={params} session={session} />}
      {section.id === 'blog' && <BlogPanel params={params} session={session} />}
      {section.id === 'log' && <LogPanel params={params} session={session} />}
      {section.id === 'emails' && <EmailsPanel params={params} session={session} />}
    </>
  );
}

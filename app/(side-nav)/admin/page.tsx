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
import { readSession, requireRoute } from '@/lib/auth/session';
import { isBare, prefsCookieName, restoreHref, type Fields, type ListSpec } from '@/lib/list-state';
import { titleFor } from '@/lib/page';
import { adminSections } from '@/lib/routes';
import type { Metadata } from 'next';

type Params = Record<string, string | string[] | undefined>;

/** The section shown: the one asked for when the role sees it, else the role's first. */
const shownSection = (role: Parameters<typeof adminSections>[0], params: Params) => {
  const sections = adminSections(role);
  const asked = typeof params.section === 'string' ? params.section : undefined;
  return { sections, asked, section: sections.find((s) => s.id === asked) ?? sections[0] };
};

/** Each section its own title ("Blog · Administration"), so tabs, history and screen readers tell them apart. */
export async function generateMetadata({ searchParams }: { searchParams: Promise<Params> }): Promise<Metadata> {
  const { section } = shownSection((await readSession())?.role ?? null, await searchParams);
  return { title: titleFor(section ? `${section.label} · Administration` : 'Administration') };
}

const LISTS: Readonly<Record<string, ListSpec<Fields>>> = { insurance: insuranceList, blog: blogList, log: logList, emails: emailList };

export default async function AdminPage({ searchParams }: { searchParams: Promise<Params> }) {
  const session = await requireRoute('/admin');
  const params = await searchParams;
  const { sections, asked, section } = shownSection(session.role, params);
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

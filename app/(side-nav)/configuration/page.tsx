/**
 * /configuration, "Configuration Settings" (roles 1 and 2): the ADAS knowledge base, one section at a time
 * (`?section=`), each section's list rendered on the server from the URL's list state. Opening a section
 * with no other parameters restores that list's remembered preferences.
 */
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { SectionNav } from '@/components/configuration/nav';
import { SectionBody } from '@/components/configuration/section-body';
import { anySectionList } from '@/components/configuration/list-specs';
import { SECTIONS, sectionOf } from '@/components/configuration/sections';
import { PageHeading } from '@/components/ui/page-heading';
import { requireRoute } from '@/lib/auth/session';
import { listHref, parseList, prefsCookieName, restoreHref, type RawParams } from '@/lib/list-state';
import { titleFor } from '@/lib/page';
import type { Metadata } from 'next';

/** Each section its own title ("Systems · Configuration Settings"), so tabs, history and screen readers tell them apart. */
export async function generateMetadata({ searchParams }: { searchParams: Promise<RawParams> }): Promise<Metadata> {
  const { section } = (await searchParams) as Record<string, string | string[] | undefined>;
  const id = sectionOf(Array.isArray(section) ? section[0] : section);
  return { title: titleFor(`${SECTIONS.find((s) => s.id === id)!.label} · Configuration Settings`) };
}

export default async function ConfigurationPage({ searchParams }: { searchParams: Promise<RawParams> }) {
  const session = await requireRoute('/configuration');
  const params = (await searchParams) as Record<string, string | string[] | undefined>;
  const section = sectionOf(Array.isArray(params.section) ? params.section[0] : params.section);
  const spec = anySectionList(section);

  // Only the section named: fill in the section list's remembered preferences.
  if (Object.entries(params).every(([k, v]) => k === 'section' || v === undefined)) {
    const restored = restoreHref(spec, (await cookies()).get(prefsCookieName(spec))?.value);
    if (restored) redirect(listHref(spec, { ...parseList(spec, new URLSearchParams(restored.split('?')[1])), section }));
  }

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeading>Configuration Settings</PageHeading>
      <SectionNav current={section} />
      <SectionBody section={section} params={params} timezone={session.profile.timezone} />
    </div>
  );
}

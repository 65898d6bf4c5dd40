/** Home: a greeting, shortcuts to every screen the role may open, and the posts for the user's location. */
import Link from 'next/link';
import { HomePosts } from '@/components/blog/home-posts';
import { PageHeading } from '@/components/ui/page-heading';
import { requireRoute } from '@/lib/auth/session';
import { routeMetadata } from '@/lib/page';
import { roleLabel } from '@/lib/roles';
import { shortcuts } from '@/lib/routes';

export const generateMetadata = routeMetadata('/');

export default async function HomePage() {
  const { profile, role } = await requireRoute('/');
  const items = shortcuts(role);
  return (
    <>
      <PageHeading>
        Welcome, {profile.firstName} {profile.lastName}
      </PageHeading>
      <p className="mb-6 text-slate-700">
        {profile.firmName} · {roleLabel(role)}
      </p>
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Where would you like to go?</h2>
      {items.length === 0 ? (
        <p className="text-slate-700">There are no screens available for your role yet. Please contact your administrator.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((s) => (
            <li key={s.path}>
              <Link
                href={s.path}
                className="block h-full rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600 hover:shadow"
              >
                <span className="block font-semibold text-brand-700">{s.label}</span>
                <span className="mt-1 block text-sm text-slate-700">{s.blurb}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="home-posts" className="mt-8">
        <h2 id="home-posts" className="mb-3 text-lg font-semibold text-slate-900">
          News
        </h2>
        <HomePosts timezone={profile.timezone} />
      </section>
    </>
  );
}

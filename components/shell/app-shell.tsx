/**
 * The signed-in layouts: default (top bar only) and side-nav (top bar, left menu, role label).
 * Both read the session and the firm's brand on the server.
 */
import type { Metadata } from 'next';
import { readSession } from '@/lib/auth/session';
import { brandOf } from '@/lib/brand';
import { config } from '@/lib/config';
import { roleLabel } from '@/lib/roles';
import { leftMenu, topBarMenu } from '@/lib/routes';
import { PushClient } from '@/components/push/push-client';
import { DrawerProvider } from './drawer-state';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';

/** The firm's favicon, with a random cache-buster on every page load (overview §1). */
export async function shellMetadata(): Promise<Metadata> {
  const session = await readSession();
  if (!session) return {};
  const brand = await brandOf(session.profile.firm);
  const sep = brand.icon.includes('?') ? '&' : '?';
  return { icons: { icon: `${brand.icon}${sep}v=${Math.random().toString(36).slice(2, 10)}` } };
}

export async function AppShell({ layout, children }: { layout: 'default' | 'side-nav'; children: React.ReactNode }) {
  const session = await readSession();
  // Without a session the page itself redirects to /login (requireRoute); render nothing around it.
  if (!session) return <main id="main">{children}</main>;
  const { profile, role } = session;
  const brand = await brandOf(profile.firm);
  const { PRIVACY_POLICY_URL, TRAINING_VIDEOS_URL } = config();
  const user = { user: profile.user, role, firm: profile.firm, firstName: profile.firstName, lastName: profile.lastName, username: profile.username };
  const main = (
    <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-3 py-4 sm:px-6 sm:py-6">
      {children}
    </main>
  );
  return (
    <DrawerProvider>
      <TopBar brand={brand} items={topBarMenu(role)} user={user} withDrawer={layout === 'side-nav'} />
      {config().PUSH_URL ? <PushClient role={role} user={profile.user} /> : null}
      {layout === 'side-nav' ? (
        <div className="flex min-h-[calc(100vh-3.5rem)]">
          <SideNav
            items={leftMenu(role)}
            roleLabel={roleLabel(role)}
            privacyPolicyUrl={PRIVACY_POLICY_URL}
            trainingVideosUrl={TRAINING_VIDEOS_URL}
          />
          {main}
        </div>
      ) : (
        main
      )}
    </DrawerProvider>
  );
}

/**
 * The signed-in layouts: default (top bar only) and side-nav (top bar, left menu, role label:
 * side-nav-shell.tsx). Both read the session and the firm's brand on the server. The left menu is on
 * every signed-in page: the side-nav layout shows it beside the page from 768 px on, and a menu button in
 * the top bar opens it as a drawer (on every width in the default layout, whose top bar keeps the
 * specification's single ADAS item; below 768 px in the side-nav layout). The drawer's code loads on
 * first opening and builds the role's menu itself (side-nav.tsx): only the persistent menu is rendered here.
 */
import type { Metadata } from 'next';
import { readSession } from '@/lib/auth/session';
import { brandOf } from '@/lib/brand';
import { config } from '@/lib/config';
import { roleLabel } from '@/lib/roles';
import { leftMenu, moreMenu, topBarMenu } from '@/lib/routes';
import { PushClient } from '@/components/push';
import { DrawerProvider } from './drawer-state';
import { OfflineApp } from './offline-app';
import { MenuButton } from './menu-button';
import { MenuContent } from './menu-content';
import { MenuDrawer } from './side-nav';
import { TopBar } from './top-bar';

/** The firm's favicon, with a random cache-buster on every page load (docs/shell.md#screens). */
export async function shellMetadata(): Promise<Metadata> {
  const session = await readSession();
  if (!session) return {};
  const brand = await brandOf(session.profile.firm);
  const sep = brand.icon.includes('?') ? '&' : '?';
  return { icons: { icon: `${brand.icon}${sep}v=${Math.random().toString(36).slice(2, 10)}` } };
}

/** `persistentMenu`: the side-nav layout (the left menu beside the page from 768 px on). */
export async function AppShell({ persistentMenu = false, children }: { persistentMenu?: boolean; children: React.ReactNode }) {
  const session = await readSession();
  // Without a session the page itself redirects to /login (requireRoute); render nothing around it.
  if (!session) return <main id="main">{children}</main>;
  const { profile, role } = session;
  const brand = await brandOf(profile.firm);
  const user = {
    user: profile.user,
    role,
    firm: profile.firm,
    firstName: profile.firstName,
    lastName: profile.lastName,
    username: profile.username,
  };
  const main = (
    <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-3 py-4 sm:px-6 sm:py-6">
      {children}
    </main>
  );
  const { PRIVACY_POLICY_URL, PUSH_URL, TRAINING_VIDEOS_URL } = config();
  const links = { privacyPolicyUrl: PRIVACY_POLICY_URL, trainingVideosUrl: TRAINING_VIDEOS_URL };
  const drawer = <MenuDrawer role={role} persistent={persistentMenu} {...links} />;
  return (
    <DrawerProvider>
      <TopBar brand={brand} items={topBarMenu(role)} user={user} menuButton={<MenuButton persistent={persistentMenu} />} />
      {PUSH_URL ? <PushClient role={role} user={profile.user} /> : null}
      <OfflineApp user={profile.user} />
      {persistentMenu ? (
        <div className="flex min-h-[calc(100vh-3.5rem)]">
          <nav aria-label="Main menu" className="hidden w-60 shrink-0 border-r border-slate-200 bg-white md:block">
            <MenuContent items={leftMenu(role)} more={moreMenu(role)} roleLabel={roleLabel(role)} {...links} />
          </nav>
          {drawer}
          {main}
        </div>
      ) : (
        <>
          {drawer}
          {main}
        </>
      )}
    </DrawerProvider>
  );
}

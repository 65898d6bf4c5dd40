/**
 * The signed-in layouts: default (top bar only) and side-nav (top bar, left menu, role label:
 * side-nav-shell.tsx). Both read the session and the firm's brand on the server. The left menu's client
 * modules are imported only by the side-nav layout, so the default layout's pages do not load them.
 */
import type { Metadata } from 'next';
import { readSession } from '@/lib/auth/session';
import { brandOf } from '@/lib/brand';
import { config } from '@/lib/config';
import type { RoleId } from '@/lib/roles';
import { topBarMenu } from '@/lib/routes';
import { PushClient } from '@/components/push/push-client';
import { DrawerProvider } from './drawer-state';
import { TopBar } from './top-bar';

/** The side-nav layout's parts: the drawer's button in the top bar and the left menu for a role. */
export interface SideNavSlots {
  menuButton: React.ReactNode;
  menu: (role: RoleId | null) => React.ReactNode;
}

/** The firm's favicon, with a random cache-buster on every page load (docs/shell.md#screens). */
export async function shellMetadata(): Promise<Metadata> {
  const session = await readSession();
  if (!session) return {};
  const brand = await brandOf(session.profile.firm);
  const sep = brand.icon.includes('?') ? '&' : '?';
  return { icons: { icon: `${brand.icon}${sep}v=${Math.random().toString(36).slice(2, 10)}` } };
}

export async function AppShell({ sideNav, children }: { sideNav?: SideNavSlots; children: React.ReactNode }) {
  const session = await readSession();
  // Without a session the page itself redirects to /login (requireRoute); render nothing around it.
  if (!session) return <main id="main">{children}</main>;
  const { profile, role } = session;
  const brand = await brandOf(profile.firm);
  const user = { user: profile.user, role, firm: profile.firm, firstName: profile.firstName, lastName: profile.lastName, username: profile.username };
  const main = (
    <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-3 py-4 sm:px-6 sm:py-6">
      {children}
    </main>
  );
  return (
    <DrawerProvider>
      <TopBar brand={brand} items={topBarMenu(role)} user={user} menuButton={sideNav?.menuButton} />
      {config().PUSH_URL ? <PushClient role={role} user={profile.user} /> : null}
      {sideNav ? (
        <div className="flex min-h-[calc(100vh-3.5rem)]">
          {sideNav.menu(role)}
          {main}
        </div>
      ) : (
        main
      )}
    </DrawerProvider>
  );
}

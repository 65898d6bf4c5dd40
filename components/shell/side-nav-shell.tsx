/** The side-nav layout: the signed-in shell with the left menu, its drawer button and the role label. */
import { config } from '@/lib/config';
import { roleLabel } from '@/lib/roles';
import { leftMenu } from '@/lib/routes';
import { AppShell } from './app-shell';
import { MenuButton } from './menu-button';
import { SideNav } from './side-nav';

export function SideNavShell({ children }: { children: React.ReactNode }) {
  const { PRIVACY_POLICY_URL, TRAINING_VIDEOS_URL } = config();
  return (
    <AppShell
      sideNav={{
        menuButton: <MenuButton />,
        menu: (role) => <SideNav items={leftMenu(role)} roleLabel={roleLabel(role)} privacyPolicyUrl={PRIVACY_POLICY_URL} trainingVideosUrl={TRAINING_VIDEOS_URL} />,
      }}
    >
      {children}
    </AppShell>
  );
}

/** The side-nav layout: the signed-in shell with the left menu always shown from 768 px on. */
import { AppShell } from './app-shell';

export function SideNavShell({ children }: { children: React.ReactNode }) {
  return <AppShell persistentMenu>{children}</AppShell>;
}

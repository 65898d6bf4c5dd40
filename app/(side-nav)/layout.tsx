import { shellMetadata } from '@/components/shell/app-shell';
import { SideNavShell } from '@/components/shell/side-nav-shell';

export const generateMetadata = shellMetadata;

export default function SideNavLayout({ children }: { children: React.ReactNode }) {
  return <SideNavShell>{children}</SideNavShell>;
}

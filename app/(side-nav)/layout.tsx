import { AppShell, shellMetadata } from '@/components/shell/app-shell';

export const generateMetadata = shellMetadata;

export default function SideNavLayout({ children }: { children: React.ReactNode }) {
  return <AppShell layout="side-nav">{children}</AppShell>;
}

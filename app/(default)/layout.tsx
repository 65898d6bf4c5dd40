import { AppShell, shellMetadata } from '@/components/shell/app-shell';

export const generateMetadata = shellMetadata;

export default function DefaultLayout({ children }: { children: React.ReactNode }) {
  return <AppShell>{children}</AppShell>;
}

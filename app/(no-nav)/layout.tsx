import { PlainShell } from '@/components/shell/plain-shell';

export default function NoNavLayout({ children }: { children: React.ReactNode }) {
  return <PlainShell variant="no-nav">{children}</PlainShell>;
}

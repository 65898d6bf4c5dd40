import { PlainShell } from '@/components/shell/plain-shell';

export default function AnonymousLayout({ children }: { children: React.ReactNode }) {
  return <PlainShell variant="anonymous">{children}</PlainShell>;
}

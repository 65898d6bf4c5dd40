'use client';
import { ErrorView } from '@/components/shell/error-view';

export default function Error({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <main id="main" className="px-4 py-8">
      <ErrorView error={error} retry={retry} />
    </main>
  );
}

'use client';
import { ErrorView } from '@/components/shell/error-view';
import './globals.css';

export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <body>
        <main id="main" className="px-4 py-8">
          <ErrorView error={error} retry={retry} />
        </main>
      </body>
    </html>
  );
}

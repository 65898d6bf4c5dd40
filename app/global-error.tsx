'use client';
import { ErrorScreen } from '@/components/shell/error-screen';
import './globals.css';

export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <body>
        <ErrorScreen error={error} retry={retry} />
      </body>
    </html>
  );
}

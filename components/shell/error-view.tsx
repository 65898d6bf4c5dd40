'use client';
/** What a failed page shows: what went wrong in words, a retry, never a stack trace. */
import { useEffect } from 'react';
import { logApi } from '@/components/admin';
import { Button } from '@/components/ui/button';
import { failureMessage, parseDigest } from '@/lib/api/errors';

export function errorText(error: unknown): { title: string; detail: string } {
  const digest = error instanceof Error ? (error as Error & { digest?: string }).digest : undefined;
  const upstream = parseDigest(digest);
  if (upstream?.kind === 'unreachable')
    return { title: "The service can't be reached", detail: failureMessage('unreachable', upstream.call) };
  if (upstream) return { title: 'Something went wrong', detail: failureMessage(upstream.kind, upstream.call) };
  return { title: 'Something went wrong', detail: 'This page could not be shown. Please try again.' };
}

/**
 * Reports the failure to the log (best effort: the API itself may be what failed). This module loads only
 * when a page fails (components/shell/error-screen.tsx).
 */
function useReport(error: unknown) {
  useEffect(() => {
    const e = error as Error & { digest?: string };
    const value = JSON.stringify({ path: window.location.pathname, digest: e?.digest, message: e?.digest ? undefined : e?.message });
    logApi.saveEntry('client-error', value.slice(0, 4000)).catch(() => undefined);
  }, [error]);
}

export function ErrorView({ error, retry }: { error: unknown; retry: () => void }) {
  useReport(error);
  const { title, detail } = errorText(error);
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-lg border border-red-200 bg-white p-6 shadow-sm">
      <h1 className="mb-2 text-xl font-semibold text-red-800">{title}</h1>
      <p className="mb-4 text-slate-800">{detail}</p>
      <Button onClick={retry}>Try again</Button>
    </div>
  );
}

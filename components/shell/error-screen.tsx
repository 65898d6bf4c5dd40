'use client';
/**
 * What both error boundaries (app/error.tsx, app/global-error.tsx) render. They are part of every route's
 * first-load JS, so they hold only this: the error view (its texts, the BFF client that reports the
 * failure) is one chunk both load when a page fails. Should that chunk not load (the connection is gone),
 * a plain message with a reload remains.
 */
import { lazy, Suspense } from 'react';

function Unloaded() {
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-lg border border-red-200 bg-white p-6 shadow-sm">
      <h1 className="mb-2 text-xl font-semibold text-red-800">Something went wrong</h1>
      <p className="mb-4 text-slate-800">This page could not be shown. Please try again.</p>
      <button
        type="button"
        className="rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white"
        onClick={() => window.location.reload()}
      >
        Reload
      </button>
    </div>
  );
}

const ErrorView = lazy(() =>
  import('./error-view').then(
    (m) => ({ default: m.ErrorView }),
    () => ({ default: Unloaded }),
  ),
);

export function ErrorScreen({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <main id="main" className="px-4 py-8">
      <Suspense fallback={null}>
        <ErrorView error={error} retry={retry} />
      </Suspense>
    </main>
  );
}

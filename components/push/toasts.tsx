'use client';
/**
 * Push notices as toasts: one polite live region (role="log": new notices are announced, old ones are not
 * read again), each toast with a dismiss button and its link in the tab order. A toast closes by itself
 * after TOAST_MS unless the pointer or the keyboard focus is on it; Escape dismisses the focused one.
 */
import { lazy, Suspense } from 'react';
import type { PushToast } from '@/lib/push/messages';

// The notices' code loads with the first one: most pages never show one.
const Toast = lazy(() => import('./toast').then((m) => ({ default: m.Toast })));

export function Toasts({ toasts, onDismiss }: { toasts: readonly PushToast[]; onDismiss: (key: string) => void }) {
  // The region is always in the page, so screen readers announce what is added to it.
  return (
    <div
      role="log"
      aria-live="polite"
      aria-label="Notifications"
      className="pointer-events-none fixed right-4 bottom-4 z-50 w-[min(24rem,calc(100vw-2rem))]"
    >
      <ul className="flex flex-col gap-2">
        <Suspense fallback={null}>
          {toasts.map((t) => (
            <Toast key={t.key} toast={t} onDismiss={onDismiss} />
          ))}
        </Suspense>
      </ul>
    </div>
  );
}

'use client';
/**
 * Push notices as toasts: one polite live region (role="log": new notices are announced, old ones are not
 * read again), each toast with a dismiss button and its link in the tab order. A toast closes by itself
 * after TOAST_MS unless the pointer or the keyboard focus is on it; Escape dismisses the focused one.
 */
import { X } from 'lucide-react';
import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PushToast } from '@/lib/push/messages';

export const TOAST_MS = 20_000;

function Toast({ toast, onDismiss: dismissKey }: { toast: PushToast; onDismiss: (key: string) => void }) {
  const [held, setHeld] = useState(0);
  const ref = useRef<HTMLLIElement>(null);
  const { key } = toast;
  const onDismiss = useCallback(() => dismissKey(key), [dismissKey, key]);
  useEffect(() => {
    if (held > 0) return;
    const timer = setTimeout(onDismiss, TOAST_MS);
    return () => clearTimeout(timer);
  }, [held, onDismiss]);
  const hold = (on: boolean) => setHeld((n) => Math.max(0, n + (on ? 1 : -1)));
  return (
    <li
      ref={ref}
      data-testid="push-toast"
      className="pointer-events-auto flex items-start gap-3 rounded-md border border-slate-200 bg-white p-3 text-sm shadow-lg"
      onMouseEnter={() => hold(true)}
      onMouseLeave={() => hold(false)}
      onFocus={() => hold(true)}
      onBlur={(e) => {
        if (!ref.current?.contains(e.relatedTarget as Node | null)) hold(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDismiss();
      }}
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">{toast.title}</p>
        <p className="mt-0.5 break-words text-slate-700">{toast.text}</p>
        {toast.link && (
          <Link href={toast.link.href} className="mt-1 inline-block font-medium text-brand-700 underline hover:text-brand-800" onClick={onDismiss}>
            {toast.link.label}
          </Link>
        )}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={`Dismiss: ${toast.title}`}
        className="-m-1 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

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
        {toasts.map((t) => (
          <Toast key={t.key} toast={t} onDismiss={onDismiss} />
        ))}
      </ul>
    </div>
  );
}

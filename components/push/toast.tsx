'use client';
/**
 * One push notice (toasts.tsx holds the region): it closes by itself after TOAST_MS unless the pointer or
 * the keyboard focus is on it; Escape dismisses it when focused. Loaded with the first notice.
 */
import { Icon } from '@/components/ui/icon';
import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PushToast } from '@/lib/push/messages';

export const TOAST_MS = 20_000;

export function Toast({ toast, onDismiss: dismissKey }: { toast: PushToast; onDismiss: (key: string) => void }) {
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
          <Link
            href={toast.link.href}
            className="mt-1 inline-block font-medium text-brand-700 underline hover:text-brand-800"
            onClick={onDismiss}
          >
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
        <Icon name="x" className="size-4" />
      </button>
    </li>
  );
}

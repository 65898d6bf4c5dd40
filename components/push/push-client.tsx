'use client';
/**
 * The shell's push client (docs/shell.md#screens, #states): connects when the shell mounts and stops when it unmounts
 * (logout reloads the page; a logout in another tab stops it too). @microsoft/signalr and the message
 * texts are imported only once the page has loaded and is idle (lib/after-idle.ts), so neither is part
 * of first-load JS nor competes with hydration. Errors are logged to the
 * console, never shown.
 */
import { useCallback, useEffect, useState } from 'react';
import { afterIdle } from '@/lib/after-idle';
import { publishPush } from '@/lib/push/bus';
import type { PushToast } from '@/lib/push/messages';
import type { RoleId } from '@/lib/roles';
import { Toasts } from './toasts';

/** Toasts shown at once; older ones give way. */
const MAX_TOASTS = 4;

/** `user`: the signed-in user; their own change notices are not published (their screen already shows the change). */
export function PushClient({ role, user }: { role: RoleId | null; user: number }) {
  const [toasts, setToasts] = useState<PushToast[]>([]);
  const dismiss = useCallback((key: string) => setToasts((list) => list.filter((t) => t.key !== key)), []);

  useEffect(() => {
    let cancelled = false;
    let stop: (() => Promise<void>) | undefined;
    const show = (toast: PushToast | null) => {
      if (toast) setToasts((list) => (list.some((t) => t.key === toast.key) ? list : [...list, toast].slice(-MAX_TOASTS)));
    };
    // next-auth tells other tabs about a sign-out through localStorage.
    const onStorage = (e: StorageEvent) => {
      if (e.key === 'nextauth.message' && e.newValue?.includes('"signout"')) void stop?.();
    };
    window.addEventListener('storage', onStorage);
    const cancelStart = afterIdle(() =>
      Promise.all([import('@/lib/push/client'), import('@/lib/push/messages'), import('@/lib/push/tab')])
        .then(([{ startPush }, { toastFor, isOwnChange }, { tabId }]) => {
          const onMessage = (target: string, payload: unknown) => {
            if (!isOwnChange(target, payload, user, tabId())) publishPush(target, payload);
            show(toastFor(target, payload, role));
          };
          if (!cancelled) stop = startPush({ onMessage }).stop;
        })
        .catch((e) => console.warn('[push] the push client could not be loaded', e)),
    );
    return () => {
      cancelled = true;
      cancelStart();
      window.removeEventListener('storage', onStorage);
      void stop?.();
    };
  }, [role, user]);

  return <Toasts toasts={toasts} onDismiss={dismiss} />;
}

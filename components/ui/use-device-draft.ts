'use client';
/**
 * A draft kept on this device as it is typed (localStorage, under the signed-in user's key): `value` is
 * written whenever it changes (null: nothing unsaved, the kept draft is removed); a draft found when the
 * screen opens is handed to `restore` once and `restored` says so. What a page keeps is the browser's, like
 * the offline queue; the key names the user, so another user of the browser never sees it.
 */
import { useEffect, useRef, useState } from 'react';

const PREFIX = 'adas-desk:draft:';

export function useDeviceDraft<D>(key: string, value: D | null, restore: (draft: D) => void): { restored: boolean; clear(): void } {
  const [restored, setRestored] = useState(false);
  const read = useRef(false);
  // Restoring is a callback of the read (the screen's own state and the notice change together).
  const restoreRef = useRef((draft: D) => {
    restore(draft);
    setRestored(true);
  });
  useEffect(() => {
    restoreRef.current = (draft: D) => {
      restore(draft);
      setRestored(true);
    };
  });
  useEffect(() => {
    if (!read.current) {
      read.current = true;
      try {
        const kept = localStorage.getItem(PREFIX + key);
        if (kept) {
          restoreRef.current(JSON.parse(kept) as D);
          return;
        }
      } catch {
        // Storage refused or a draft that no longer reads: nothing to restore.
      }
    }
    try {
      if (value == null) localStorage.removeItem(PREFIX + key);
      else localStorage.setItem(PREFIX + key, JSON.stringify(value));
    } catch {
      // A full or refused storage keeps nothing; the page still works.
    }
  }, [key, value]);
  return {
    restored,
    clear: () => {
      setRestored(false);
      try {
        localStorage.removeItem(PREFIX + key);
      } catch {
        // Nothing kept.
      }
    },
  };
}

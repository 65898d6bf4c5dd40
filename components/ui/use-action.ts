'use client';
/** An async action's busy flag and error message, for buttons that call the server. */
import { useCallback, useState } from 'react';

export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Runs `fn`; resolves true on success, false (with `error` set) on failure. */
  const run = useCallback(async (fn: () => Promise<void> | void): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await fn();
      return true;
    } catch (e) {
      setError((e as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run };
}

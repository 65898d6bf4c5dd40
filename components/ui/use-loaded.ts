'use client';
/**
 * What a component loads through the BFF when it opens, and again when `key` changes or after `reload()`
 * (a change it made): the answer, or the failure's message. Leaving or loading anew aborts the call under
 * way (its AbortError is no failure). `set` replaces the answer by one the component already has.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  /** null until the first answer. */
  data: T | null;
  error: string | null;
  reload: () => void;
  set: (data: T) => void;
}

export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>, key: string | number): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    const ctrl = new AbortController();
    latest
      .current(ctrl.signal)
      .then((answer) => {
        setData(answer);
        setError(null);
      })
      .catch((e: Error) => e.name !== 'AbortError' && setError(e.message));
    return () => ctrl.abort();
  }, [key, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, reload, set: setData };
}

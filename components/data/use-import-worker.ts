'use client';
/** The wizard's one import worker (import.worker.ts): started on first use, ended with the wizard. */
import { useCallback, useEffect, useRef } from 'react';
import type { FromWorker, ToWorker } from './worker-protocol';

export function useImportWorker(onMessage: (m: FromWorker) => void) {
  const worker = useRef<Worker | null>(null);
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => () => worker.current?.terminate(), []);
  return useCallback((m: ToWorker) => {
    if (!worker.current) {
      worker.current = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
      worker.current.onmessage = (e: MessageEvent<FromWorker>) => handler.current(e.data);
      worker.current.onerror = (e) => handler.current({ type: 'error', message: e.message || 'The file reader stopped.' });
    }
    worker.current.postMessage(m);
  }, []);
}

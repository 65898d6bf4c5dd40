/**
 * A graceful stop that ends. On SIGTERM (an orchestrator's stop, a rolling deploy) or SIGINT, Next.js stops
 * accepting connections and waits for every request in flight before the process exits. Two things kept that
 * wait from ending:
 *   - a push stream never ends by itself, and a long poll may wait 110 s: what holds a request open registers
 *     here how to end it (endOnShutdown), and on the signal each is ended — the browser's push client goes on
 *     through the balancer on another instance;
 *   - a balancer keeps reusing its kept-alive connections, so they are never idle long enough to be closed:
 *     while stopping, every answer says `Connection: close` (lib/http-guard.ts asks isStopping).
 *
 * Installed at start (instrumentation.ts) after Next's own signal handlers, which therefore run first. Kept
 * on globalThis because Next bundles each route apart from instrumentation.
 */
import 'server-only';

type End = () => void;

interface Registry {
  open: Set<End>;
  stopping: boolean;
  installed: boolean;
}

const KEY = Symbol.for('adas.shutdown');
const holder = globalThis as unknown as { [KEY]?: Registry };
const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

const registry = (): Registry => (holder[KEY] ??= { open: new Set(), stopping: false, installed: false });

/** Listens for the stop signals (once per process). */
export function installShutdown(): void {
  const r = registry();
  if (r.installed) return;
  r.installed = true;
  const stop = (signal: NodeJS.Signals) => {
    for (const s of SIGNALS) process.off(s, stop);
    r.stopping = true;
    for (const end of [...r.open]) end();
    r.open.clear();
    // Nobody else handles the signal (Next does, unless NEXT_MANUAL_SIG_HANDLE): its default, ending the process.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  for (const s of SIGNALS) process.on(s, stop);
}

/** The process is stopping: a request that would be held open is better refused, so that the client goes elsewhere. */
export const isStopping = (): boolean => registry().stopping;

/**
 * Registers how to end a request held open; answers the function that unregisters it (call it when the
 * request ends by itself). Once the process is stopping, `end` runs at once.
 */
export function endOnShutdown(end: End): () => void {
  const r = registry();
  if (r.stopping) {
    end();
    return () => undefined;
  }
  r.open.add(end);
  return () => void r.open.delete(end);
}

/**
 * The process's root async scope: where the upstream pools open and reuse their sockets, outside any request.
 *
 * Why: an async resource created while a request runs (a keep-alive socket, the handle a reused socket is
 * given) inherits that request's AsyncLocalStorage stores — Next.js's request context, which holds the
 * request, its response and its render — and keeps them for as long as it lives. A pooled socket lives on
 * after its request, so each idle socket kept one finished request (and its upstream answers) in memory: heap
 * snapshots under `npm run bench:load` found about a thousand such requests (docs/benchmarks.md#sockets-opened-outside-any-request). Opened here,
 * a socket holds nothing of a request; the code that awaits its answer still runs in its own request's
 * context (a promise's continuation keeps the context of whoever awaits it).
 *
 * The scope must be made before any request runs, so instrumentation.ts opens it at start; it is kept on
 * globalThis because Next bundles route handlers, pages and instrumentation apart. Before it is open (unit
 * tests, a script) calls run where they are, as they did before.
 */
import { AsyncResource } from 'node:async_hooks';

const holder = globalThis as unknown as { __adasRootScope?: AsyncResource };

/** Called once at start, outside any request (instrumentation.ts). */
export function openRootScope(): void {
  holder.__adasRootScope ??= new AsyncResource('AdasRootScope');
}

/** Runs `fn` in the root scope: async resources it creates carry no request's context. */
export function outsideRequest<T>(fn: () => T): T {
  const root = holder.__adasRootScope;
  return root ? root.runInAsyncScope(fn) : fn();
}

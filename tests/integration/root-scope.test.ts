/**
 * A keep-alive socket of the upstream pool keeps no request's context alive (lib/api/root-scope.ts): the
 * context a request runs in (here an AsyncLocalStorage store standing for Next's) can be collected once the
 * call is answered, although its socket stays open in the pool and is reused. Without the root scope it
 * cannot — the second case proves the test can tell. Also the client's abort signal, which the push
 * pass-through's event streams rely on: aborting ends the body being read and closes the upstream connection.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let server: http.Server;
let closeStream!: () => void;
const streamClosed = new Promise<void>((r) => (closeStream = r));
let base: string;
const requestContext = new AsyncLocalStorage<{ request: object }>();
const holder = globalThis as unknown as { __adasRootScope?: unknown };

beforeAll(async () => {
  server = http.createServer({ keepAlive: true }, (req, res) => {
    if (req.url === '/stream') {
      // An event stream that stays open until the client goes: what the push pass-through forwards.
      res.writeHead(200, { 'content-type': 'text/event-stream' }).write('data: hello\n\n');
      req.socket.once('close', () => closeStream());
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.LOG_LEVEL = 'silent';
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Makes two calls in one request's context, their socket left open in the pool: answers whether that context could be collected. */
async function contextCollected(): Promise<boolean> {
  const { sendRequest } = await import('@/lib/api/upstream');
  let ref!: WeakRef<object>;
  await (async () => {
    const store = { request: { body: new Uint8Array(1 << 20) } };
    ref = new WeakRef(store);
    // The first call opens a socket, the second reuses it: both ways a pooled socket takes on a context.
    await requestContext.run(store, async () => {
      for (let i = 0; i < 2; i++) expect((await sendRequest(new URL(`${base}/a`), { method: 'GET' }, 5_000)).status).toBe(200);
    });
  })();
  for (let i = 0; i < 5 && ref.deref(); i++) {
    await new Promise((r) => setTimeout(r, 20));
    gc();
  }
  return ref.deref() === undefined;
}

describe('the upstream pool and request contexts', () => {
  it('a request context is collected once its calls are answered, the socket still pooled', async () => {
    const { openRootScope } = await import('@/lib/api/root-scope');
    openRootScope();
    expect(await contextCollected()).toBe(true);
  });

  it('without the root scope the pooled socket would keep it (the test can fail)', async () => {
    const root = holder.__adasRootScope;
    delete holder.__adasRootScope;
    try {
      expect(await contextCollected()).toBe(false);
    } finally {
      holder.__adasRootScope = root;
    }
  });
});

describe('a streamed answer and its abort signal', () => {
  it('aborting ends the body the caller reads and closes the upstream connection', async () => {
    const { sendRequest } = await import('@/lib/api/upstream');
    const abort = new AbortController();
    const res = await sendRequest(
      new URL(`${base}/stream`),
      { method: 'GET', signal: abort.signal, pool: 'streams', streamResponse: true },
      5_000,
    );
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: hello\n\n');
    abort.abort();
    await expect(reader.read()).rejects.toThrow();
    await streamClosed;
  });

  it('an already aborted signal sends nothing', async () => {
    const { sendRequest } = await import('@/lib/api/upstream');
    await expect(sendRequest(new URL(`${base}/a`), { method: 'GET', signal: AbortSignal.abort() }, 5_000)).rejects.toThrow('aborted');
  });
});

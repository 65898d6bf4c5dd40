/**
 * The reference hub's transports and protocol, in process over real HTTP (no database: a stand-in bearer
 * check). The hub's clock is faked (its sweeps, poll time-outs, pings and token expiry run on setTimeout,
 * setInterval and Date): a test moves time forward instead of sleeping, and waits only for what it can see
 * (bytes on a stream, an answer, a request the hub has taken in).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushHub, type HubAuth, type Verified } from '@/api-host/push/hub';
import { RS } from '@/api-host/push/protocol';

const owners: Record<string, Verified['owner']> = {
  admin: { user: 1, role: 1, firm: 1 },
  shop: { user: 5, role: 5, firm: 6 },
};
let expiry = Date.now() + 3600_000;
/** Resolved at each bearer check (every hub request makes one before it acts). */
let checked: (() => void)[] = [];
const auth: HubAuth = {
  async verify(token) {
    for (const done of checked.splice(0)) done();
    const owner = owners[token];
    return owner ? { owner, expiresAt: expiry } : null;
  },
  async negotiate(token) {
    return this.verify(token);
  },
};

let app: FastifyInstance;
let hub: PushHub;
let base: string;

beforeEach(async () => {
  // Only the timers and the clock: node's sockets and fetch run on their own internal timers.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  checked = [];
  expiry = Date.now() + 3600_000;
  app = Fastify();
  hub = new PushHub(auth, { keepAliveMs: 300, pollTimeoutMs: 400, handshakeTimeoutMs: 1000, transportTimeoutMs: 2000, sweepMs: 50 });
  hub.mount(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hubs/push`;
});

afterEach(async () => {
  // A stream the client cancelled can leave its socket open; the hub's shutdown grace (a timer, frozen
  // here) would end it. The test is over: end every socket now.
  app.server.closeAllConnections();
  await app.close();
  vi.useRealTimers();
});

/**
 * Starts a request and resolves once the hub has taken it in: its bearer check has answered and what the
 * handler does after it (hold a poll, open a stream) has run, since those are microtasks of this turn.
 */
async function taken<T>(request: () => Promise<T>): Promise<{ answer: Promise<T> }> {
  const check = new Promise<void>((resolve) => checked.push(resolve));
  const answer = request();
  await check;
  await nextTurn();
  return { answer };
}

const bearer = (who: string) => ({ authorization: `Bearer ${who}` });

async function negotiate(who = 'admin', version = 1) {
  const res = await fetch(`${base}/negotiate?negotiateVersion=${version}`, { method: 'POST', headers: bearer(who) });
  return {
    status: res.status,
    body: (await res.json()) as {
      connectionId: string;
      connectionToken?: string;
      negotiateVersion: number;
      availableTransports: { transport: string }[];
    },
  };
}

const send = (id: string, text: string, who = 'admin') =>
  fetch(`${base}?id=${id}`, { method: 'POST', headers: { ...bearer(who), 'content-type': 'text/plain;charset=UTF-8' }, body: text });

/** Reads an event stream into a growing text. */
async function openStream(id: string, who = 'admin') {
  const res = await fetch(`${base}?id=${id}`, { headers: { ...bearer(who), accept: 'text/event-stream' } });
  const state = { text: '', ended: false };
  // Waiters are checked after every chunk and at the end: no polling, no deadline (the test's time-out is the limit).
  const waiters = new Set<{ pred: () => boolean; resolve: () => void; reject: (e: Error) => void }>();
  const settle = () => {
    for (const w of [...waiters]) {
      if (w.pred()) {
        waiters.delete(w);
        w.resolve();
      } else if (state.ended) {
        waiters.delete(w);
        w.reject(new Error(`stream ended before the expected text; got ${JSON.stringify(state.text)}`));
      }
    }
  };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        state.text += decoder.decode(value, { stream: true });
        settle();
      }
    } catch {
      /* cancelled */
    }
    state.ended = true;
    settle();
  })();
  const until = (pred: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      waiters.add({ pred, resolve, reject });
      settle();
    });
  return { res, state, until, cancel: () => reader.cancel() };
}

const poll = (id: string, who = 'admin') => fetch(`${base}?id=${id}`, { headers: bearer(who) });

describe('negotiate', () => {
  it('needs a bearer and answers versions 1 and 0', async () => {
    expect((await fetch(`${base}/negotiate?negotiateVersion=1`, { method: 'POST' })).status).toBe(401);
    expect((await negotiate('nobody')).status).toBe(401);
    const v1 = await negotiate();
    expect(v1.body.negotiateVersion).toBe(1);
    expect(v1.body.connectionToken).toBeTruthy();
    expect(v1.body.connectionToken).not.toBe(v1.body.connectionId);
    expect(v1.body.availableTransports.map((t) => t.transport)).toEqual(['ServerSentEvents', 'LongPolling']);
    const v0 = await negotiate('admin', 0);
    expect(v0.body.negotiateVersion).toBe(0);
    expect(v0.body.connectionToken).toBeUndefined();
  });
});

describe('server-sent events', () => {
  it('streams the handshake answer, invocations for matching owners and pings; refuses others', async () => {
    const { body } = await negotiate();
    const id = body.connectionToken!;
    expect((await fetch(base, { headers: bearer('admin') })).status).toBe(400);
    expect((await fetch(`${base}?id=unknown`, { headers: bearer('admin') })).status).toBe(404);
    expect((await fetch(`${base}?id=${id}`, { headers: { accept: 'text/event-stream' } })).status).toBe(401);
    expect((await fetch(`${base}?id=${id}`, { headers: { ...bearer('shop'), accept: 'text/event-stream' } })).status).toBe(403);

    const stream = await openStream(id);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream');
    expect((await openStream(id)).res.status).toBe(409);
    expect((await poll(id)).status).toBe(400);

    expect(hub.send(() => true, 'x', [])).toBe(0); // nothing before the handshake
    expect((await send(id, `{"protocol":"json","version":2}${RS}`)).status).toBe(200);
    await stream.until(() => stream.state.text.includes(`data: {}${RS}\r\n\r\n`));
    expect(stream.state.text.startsWith(':\r\n')).toBe(true);

    expect(hub.send((o) => o.role === 5, 'opportunity', [{ opportunity: 1 }])).toBe(0);
    expect(hub.send((o) => o.role === 1, 'importNotice', [{ n: 1 }])).toBe(1);
    await stream.until(() => stream.state.text.includes(`data: {"type":1,"target":"importNotice","arguments":[{"n":1}]}${RS}`));

    // The hub has no methods: a blocking invocation gets an error completion; pings from the client are fine.
    await send(id, `{"type":6}${RS}{"type":1,"invocationId":"7","target":"hello","arguments":[]}${RS}`);
    await stream.until(() => stream.state.text.includes('"type":3,"invocationId":"7","error"'));
    // Silence for the keep-alive interval: the hub pings.
    expect(stream.state.text).not.toContain(`data: {"type":6}${RS}`);
    await vi.advanceTimersByTimeAsync(hub.options.keepAliveMs + hub.options.sweepMs);
    await stream.until(() => stream.state.text.includes(`data: {"type":6}${RS}`));
    expect(hub.size).toBe(1);

    await stream.cancel();
    // The hub drops the connection when the server sees the socket close.
    await vi.waitFor(() => expect(hub.size).toBe(0));
    expect((await send(id, `{"type":6}${RS}`)).status).toBe(404);
  });

  it('answers a bad handshake with an error and ends the stream', async () => {
    const { body } = await negotiate();
    const stream = await openStream(body.connectionToken!);
    await send(body.connectionToken!, `{"protocol":"messagepack","version":1}${RS}`);
    await stream.until(() => stream.state.ended);
    expect(stream.state.text).toContain(`data: {"error":"The protocol 'messagepack' is not supported."}${RS}`);
  });

  it('closes the connection when the token expires, without allowing a reconnect', async () => {
    expiry = Date.now() + 300;
    const { body } = await negotiate();
    const stream = await openStream(body.connectionToken!);
    await send(body.connectionToken!, `{"protocol":"json","version":1}${RS}`);
    await stream.until(() => stream.state.text.includes(`{}${RS}`));
    expect(stream.state.ended).toBe(false);
    await vi.advanceTimersByTimeAsync(300 + hub.options.sweepMs);
    await stream.until(() => stream.state.ended);
    expect(stream.state.text).toContain(`data: {"type":7,"error":"The token has expired."}${RS}`);
  });

  it('tells clients they may reconnect when the host shuts down', async () => {
    const { body } = await negotiate();
    const stream = await openStream(body.connectionToken!);
    await send(body.connectionToken!, `{"protocol":"json","version":1}${RS}`);
    await stream.until(() => stream.state.text.includes(`{}${RS}`));
    await app.close();
    await stream.until(() => stream.state.ended);
    expect(stream.state.text).toContain(`{"type":7,"error":"The server is shutting down.","allowReconnect":true}${RS}`);
  });
});

describe('long polling', () => {
  it('answers the first poll at once, holds later ones, replaces an older poll with 204 and ends with DELETE', async () => {
    const { body } = await negotiate('shop');
    const id = body.connectionToken!;
    const first = await poll(id, 'shop');
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('');
    expect((await openStream(id, 'shop')).res.status).toBe(400); // no change of transport

    await send(id, `{"protocol":"json","version":2}${RS}`, 'shop');
    const hs = await poll(id, 'shop');
    expect(await hs.text()).toBe(`{}${RS}`);

    // A held poll answers when a message comes.
    const held = await taken(() => poll(id, 'shop'));
    hub.send((o) => o.user === 5, 'opportunity', [{ opportunity: 9 }]);
    expect(await (await held.answer).text()).toBe(`{"type":1,"target":"opportunity","arguments":[{"opportunity":9}]}${RS}`);

    // Nothing to say: 200 empty after the poll time-out, or a ping.
    const waiting = await taken(() => poll(id, 'shop'));
    await vi.advanceTimersByTimeAsync(hub.options.pollTimeoutMs);
    const idle = await waiting.answer;
    expect(idle.status).toBe(200);
    expect(['', `{"type":6}${RS}`]).toContain(await idle.text());

    // A newer poll ends the older one with 204.
    const older = await taken(() => poll(id, 'shop'));
    const newer = await taken(() => poll(id, 'shop'));
    expect((await older.answer).status).toBe(204);
    const del = await fetch(`${base}?id=${id}`, { method: 'DELETE', headers: bearer('shop') });
    expect(del.status).toBe(202);
    expect((await newer.answer).status).toBe(204);
    expect((await poll(id, 'shop')).status).toBe(404);
  });

  it('forgets a client that stops polling', async () => {
    const { body } = await negotiate('shop');
    const id = body.connectionToken!;
    await poll(id, 'shop');
    await send(id, `{"protocol":"json","version":1}${RS}`, 'shop');
    expect(hub.size).toBe(1);
    await vi.advanceTimersByTimeAsync(hub.options.transportTimeoutMs - hub.options.sweepMs);
    expect(hub.size).toBe(1); // not yet: the client may still poll
    await vi.advanceTimersByTimeAsync(2 * hub.options.sweepMs + 1);
    expect(hub.size).toBe(0);
  });
});

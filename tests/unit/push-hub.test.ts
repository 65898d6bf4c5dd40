/** The reference hub's transports and protocol, in process over real HTTP (no database: a stand-in bearer check). */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PushHub, type HubAuth, type Verified } from '@/api-host/hub/hub';
import { RS } from '@/api-host/hub/protocol';

const owners: Record<string, Verified['owner']> = {
  admin: { user: 1, role: 1, firm: 1 },
  shop: { user: 5, role: 5, firm: 6 },
};
let expiry = Date.now() + 3600_000;
const auth: HubAuth = {
  async verify(token) {
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
  expiry = Date.now() + 3600_000;
  app = Fastify();
  hub = new PushHub(auth, { keepAliveMs: 300, pollTimeoutMs: 400, handshakeTimeoutMs: 1000, transportTimeoutMs: 2000, sweepMs: 50 });
  hub.mount(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hubs/push`;
});

afterEach(async () => {
  await app.close();
});

const bearer = (who: string) => ({ authorization: `Bearer ${who}` });

async function negotiate(who = 'admin', version = 1) {
  const res = await fetch(`${base}/negotiate?negotiateVersion=${version}`, { method: 'POST', headers: bearer(who) });
  return { status: res.status, body: (await res.json()) as { connectionId: string; connectionToken?: string; negotiateVersion: number; availableTransports: { transport: string }[] } };
}

const send = (id: string, text: string, who = 'admin') =>
  fetch(`${base}?id=${id}`, { method: 'POST', headers: { ...bearer(who), 'content-type': 'text/plain;charset=UTF-8' }, body: text });

/** Reads an event stream into a growing text. */
async function openStream(id: string, who = 'admin') {
  const res = await fetch(`${base}?id=${id}`, { headers: { ...bearer(who), accept: 'text/event-stream' } });
  const state = { text: '', ended: false };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        state.text += decoder.decode(value, { stream: true });
      }
    } catch {
      /* cancelled */
    }
    state.ended = true;
  })();
  const until = async (pred: () => boolean, ms = 2000) => {
    const deadline = Date.now() + ms;
    while (!pred()) {
      if (Date.now() > deadline) throw new Error(`stream: timed out; got ${JSON.stringify(state.text)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
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
    await stream.until(() => stream.state.text.includes(`data: {"type":6}${RS}`), 1000);
    expect(hub.size).toBe(1);

    await stream.cancel();
    await new Promise((r) => setTimeout(r, 100));
    expect(hub.size).toBe(0);
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
    const held = poll(id, 'shop');
    await new Promise((r) => setTimeout(r, 50));
    hub.send((o) => o.user === 5, 'opportunity', [{ opportunity: 9 }]);
    expect(await (await held).text()).toBe(`{"type":1,"target":"opportunity","arguments":[{"opportunity":9}]}${RS}`);

    // Nothing to say: 200 empty after the poll time-out, or a ping.
    const idle = await poll(id, 'shop');
    expect(idle.status).toBe(200);
    expect(['', `{"type":6}${RS}`]).toContain(await idle.text());

    // A newer poll ends the older one with 204.
    const older = poll(id, 'shop');
    await new Promise((r) => setTimeout(r, 20));
    const newer = poll(id, 'shop');
    expect((await older).status).toBe(204);
    const del = await fetch(`${base}?id=${id}`, { method: 'DELETE', headers: bearer('shop') });
    expect(del.status).toBe(202);
    expect((await newer).status).toBe(204);
    expect((await poll(id, 'shop')).status).toBe(404);
  });

  it('forgets a client that stops polling', async () => {
    const { body } = await negotiate('shop');
    const id = body.connectionToken!;
    await poll(id, 'shop');
    await send(id, `{"protocol":"json","version":1}${RS}`, 'shop');
    expect(hub.size).toBe(1);
    await new Promise((r) => setTimeout(r, 2300));
    expect(hub.size).toBe(0);
  });
});

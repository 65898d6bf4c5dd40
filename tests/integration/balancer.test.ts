/**
 * The load balancer of the two-instance setup (scripts/lib/balancer.mjs) in front of two small servers:
 * round-robin, the client named in X-Forwarded-For by the balancer, bodies and streams passed through, a GET
 * tried again on the other instance when one is down, a POST never replayed, and a recovered instance back
 * in the rotation.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM helper shared with npm run start:cluster
import { startBalancer } from '../../scripts/lib/balancer.mjs';
import { APP_PORT } from '../support/env';

const [LB, ONE, TWO] = [APP_PORT + 46, APP_PORT + 47, APP_PORT + 48];
const url = `http://localhost:${LB}`;

type Balancer = { close(): Promise<void>; served(): Record<string, number> };
let balancer: Balancer;
const servers = new Map<string, http.Server>();

/** Requests to /drop, which every upstream answers by closing the connection. */
let dropped = 0;

/** An upstream answering who it is and what it got; /stream sends three events, 100 ms apart. */
function upstream(name: string, port: number): Promise<void> {
  const server = http.createServer((req, res) => {
    if (req.url === '/drop') {
      dropped++;
      req.socket.destroy();
      return;
    }
    if (req.url === '/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let n = 0;
      const timer = setInterval(() => {
        res.write(`data: ${n++}\n\n`);
        if (n === 3) {
          clearInterval(timer);
          res.end();
        }
      }, 100);
      return;
    }
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => res.end(JSON.stringify({ name, method: req.method, url: req.url, host: req.headers.host, forwardedFor: req.headers['x-forwarded-for'], body })));
  });
  servers.set(name, server);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
}

async function stopUpstream(name: string) {
  const server = servers.get(name)!;
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
}

const get = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${url}${path}`, init);
  return { status: res.status, json: res.status === 200 ? ((await res.json()) as Record<string, string>) : null, text: res.status === 200 ? '' : await res.text() };
};

beforeAll(async () => {
  await Promise.all([upstream('one', ONE), upstream('two', TWO)]);
  balancer = await startBalancer({ port: LB, upstreams: [`http://127.0.0.1:${ONE}`, `http://127.0.0.1:${TWO}`] });
});

afterAll(async () => {
  await balancer?.close();
  for (const s of servers.values()) {
    s.closeAllConnections();
    s.close();
  }
});

describe('the balancer', () => {
  it('alternates, keeps the Host, names the client itself and passes bodies through', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await get('/page?x=1', { headers: { 'x-forwarded-for': '203.0.113.7' } })).json!);
    expect(answers.map((a) => a.name)).toEqual(['one', 'two', 'one', 'two']);
    for (const a of answers) {
      expect(a).toMatchObject({ url: '/page?x=1', host: `localhost:${LB}`, forwardedFor: '127.0.0.1' });
    }
    const posted = (await get('/save', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } })).json!;
    expect(posted).toMatchObject({ method: 'POST', body: '{"a":1}' });
  });

  it('streams an event stream as it comes', async () => {
    const res = await fetch(`${url}/stream`);
    const reader = res.body!.getReader();
    const chunks: string[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(Buffer.from(value).toString());
    }
    expect(chunks.join('')).toBe('data: 0\n\ndata: 1\n\ndata: 2\n\n');
    // Arrived in pieces, not buffered into one.
    expect(chunks.length).toBeGreaterThan(1);
  });

  it('a connection closed without an answer: a GET is tried on the next instances, a POST is never replayed; both end in 502', async () => {
    dropped = 0;
    const post = await get('/drop', { method: 'POST', body: 'x' });
    expect(post).toEqual({ status: 502, json: null, text: 'The application cannot be reached right now.' });
    expect(dropped).toBe(1);
    dropped = 0;
    expect((await get('/drop')).status).toBe(502);
    expect(dropped).toBeGreaterThan(1);
  });

  it('an instance down: every GET is answered by the other; back: in the rotation again', async () => {
    await stopUpstream('two');
    const names = [];
    for (let i = 0; i < 6; i++) {
      const r = await get('/page');
      expect(r.status).toBe(200);
      names.push(r.json!.name);
    }
    expect(new Set(names)).toEqual(new Set(['one']));

    await upstream('two', TWO);
    const deadline = Date.now() + 5000;
    let seen: string[] = [];
    while (!(seen.includes('one') && seen.includes('two') && seen.at(-1) !== seen.at(-2))) {
      expect(Date.now()).toBeLessThan(deadline);
      seen = [...seen, (await get('/page')).json!.name].slice(-4);
      await new Promise((r) => setTimeout(r, 50));
    }
  });
});

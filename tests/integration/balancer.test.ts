/**
 * The load balancer of the several-instance setup — nginx with deploy/nginx/adas.conf.template, started as
 * `npm run start:cluster` starts it (scripts/lib/nginx.mjs) — in front of two small servers: requests spread
 * over both, the client named in X-Forwarded-For by the balancer, a request id given to every request,
 * bodies and streams passed through, a GET tried again on the other instance when one is down, a POST never
 * replayed, a recovered instance back in the rotation, and a broken configuration refused with nginx's words.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM helper shared with npm run start:cluster
import { NGINX_TEMPLATE, startNginx } from '../../scripts/lib/nginx.mjs';
import { APP_PORT } from '../../testkit/env';
import { must } from '../../testkit/must';

const [LB, ONE, TWO] = [APP_PORT + 46, APP_PORT + 47, APP_PORT + 48];
const url = `http://localhost:${LB}`;

type Balancer = { stop(): Promise<void>; served(): Record<string, number> };
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
    req.on('end', () =>
      res.end(
        JSON.stringify({
          name,
          method: req.method,
          url: req.url,
          host: req.headers.host,
          forwardedFor: req.headers['x-forwarded-for'],
          requestId: req.headers['x-request-id'],
          body,
        }),
      ),
    );
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
  return {
    status: res.status,
    requestId: res.headers.get('x-request-id'),
    json: res.status === 200 ? ((await res.json()) as Record<string, string>) : null,
    text: res.status === 200 ? '' : await res.text(),
  };
};

/** Until both instances are in the rotation (passive checks: nginx tries one again after fail_timeout, 5 s). */
async function bothServe() {
  const deadline = Date.now() + 10_000;
  let seen: string[] = [];
  while (!(seen.includes('one') && seen.includes('two') && seen.at(-1) !== seen.at(-2))) {
    expect(Date.now()).toBeLessThan(deadline);
    seen = [...seen, must((await get('/page')).json?.name, 'the instance name')].slice(-4);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  await Promise.all([upstream('one', ONE), upstream('two', TWO)]);
  balancer = await startNginx({ port: LB, upstreams: [`http://127.0.0.1:${ONE}`, `http://127.0.0.1:${TWO}`], quiet: true });
});

afterAll(async () => {
  await balancer?.stop();
  for (const s of servers.values()) {
    s.closeAllConnections();
    s.close();
  }
});

describe('the balancer (nginx)', () => {
  it('alternates, keeps the Host, names the client itself, gives each request an id and passes bodies through', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(await get('/page?x=1', { headers: { 'x-forwarded-for': '203.0.113.7', 'x-request-id': 'client-chosen-id' } }));
    const names = answers.map((a) => a.json!.name);
    expect([
      ['one', 'two', 'one', 'two'],
      ['two', 'one', 'two', 'one'],
    ]).toContainEqual(names);
    for (const a of answers) {
      expect(a.json).toMatchObject({ url: '/page?x=1', host: `localhost:${LB}`, forwardedFor: '127.0.0.1' });
      // nginx's own id, not the client's: sent to the instance and answered to the client.
      expect(a.json!.requestId).toMatch(/^[0-9a-f]{32}$/);
      expect(a.requestId).toBe(a.json!.requestId);
    }
    expect(new Set(answers.map((a) => a.requestId)).size).toBe(4);
    const posted = (await get('/save', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } })).json!;
    expect(posted).toMatchObject({ method: 'POST', body: '{"a":1}' });
    // nginx writes a request's log line after the answer has left: the last one may land a moment later.
    await expect.poll(() => balancer.served()).toEqual({ [`http://127.0.0.1:${ONE}`]: 3, [`http://127.0.0.1:${TWO}`]: 2 });
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
    await bothServe();
  });

  it('a connection closed without an answer: a GET is tried on the next instances, a POST is never replayed; both end in 502', async () => {
    dropped = 0;
    const post = await get('/drop', { method: 'POST', body: 'x' });
    expect(post).toMatchObject({ status: 502, json: null, text: 'The application cannot be reached right now.' });
    expect(dropped).toBe(1);
    // The instance that dropped it is left out for fail_timeout: wait until both serve again.
    await bothServe();
    dropped = 0;
    expect((await get('/drop')).status).toBe(502);
    expect(dropped).toBeGreaterThan(1);
  });

  it('a broken configuration is refused before anything starts, in nginx’s words (file, line, problem)', async () => {
    const broken = join(process.cwd(), '.data', `nginx-broken-${LB}.conf.template`);
    copyFileSync(NGINX_TEMPLATE, broken);
    writeFileSync(broken, readFileSync(broken, 'utf8').replace('least_conn;', 'least_conn;\n    fastest_please on;'));
    await expect(startNginx({ port: LB + 3, upstreams: [`http://127.0.0.1:${ONE}`], template: broken, quiet: true })).rejects.toThrow(
      /nginx refused the configuration made from .*nginx-broken.*\n.*unknown directive "fastest_please" in .*nginx\.conf:\d+/,
    );
  });
});

/**
 * The page caches beside their absence (issue 29 §3; lib/cache/settings.ts), side by side in one run: /contacts
 * and /users of two instances of the same build against one reference host — one whose settings subscription
 * is up (caches in use), one whose subscription the host refuses (a service secret it does not know: the
 * fallback, every read from the host, as before the caches) — and the peer page (scripts/bench-peer) doing
 * /contacts' fetch, in alternating rounds. Prints each page's whole-response p50, its ratio to the peer page,
 * and the processor time per request of the app and of the host (Linux /proc).
 *
 *   node --import tsx scripts/bench-page-cache.mjs     (builds when needed; N=20 requests a round, ROUNDS=6;
 *                                                       ports BENCH_API_PORT 4046, BENCH_APP_PORT 3045..3047)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/process.mjs';
import { ensureBuilt, startApiHost, startApp } from './lib/stack.mjs';
import { ensurePeerBuilt, startPeer } from './lib/peers.mjs';
ensureBuilt();
ensurePeerBuilt();
import { cpuMs } from './lib/memory.mjs';
import { stats, ttfb } from './lib/page-timing.mjs';
import { signInHttp } from '../testkit/http.ts';

const API = Number(process.env.BENCH_API_PORT || 4046);
const A = Number(process.env.BENCH_APP_PORT || 3045),
  B = A + 1,
  PEER = A + 2;
const N = Number(process.env.N || 20),
  ROUNDS = Number(process.env.ROUNDS || 6);
const host = await startApiHost({
  port: API,
  db: `.data/exp-${API}/reference.db`,
  reset: true,
  quiet: true,
  appUrl: `http://localhost:${A}`,
});
const apiOrigin = `http://127.0.0.1:${API}`;
const env = { APP_ENV: 'uat', UPSTREAM_TIMEOUT_MS: '10000' };
const apps = {};
try {
  apps.peer = await startPeer({ port: PEER, apiOrigin });
  // The host does not know this secret: the instance's hub connection is refused, its caches stay bypassed.
  apps.before = await startApp({ port: A, apiOrigin, quiet: true, env: { ...env, APP_LOG_SECRET: 'not-the-host-secret-'.repeat(3) } });
  apps.after = await startApp({ port: B, apiOrigin, quiet: true, env });
  const cookieA = (await signInHttp(`http://localhost:${A}`, 'role1@example.com')).cookie;
  const cookieB = (await signInHttp(`http://localhost:${B}`, 'role1@example.com')).cookie;
  const targets = {
    'peer /contacts': [`http://127.0.0.1:${PEER}`, '/contacts', cookieA, apps.peer.pid],
    'no cache /contacts': [`http://localhost:${A}`, '/contacts', cookieA, apps.before.pid],
    'cached /contacts': [`http://localhost:${B}`, '/contacts', cookieB, apps.after.pid],
    'no cache /users': [`http://localhost:${A}`, '/users', cookieA, apps.before.pid],
    'cached /users': [`http://localhost:${B}`, '/users', cookieB, apps.after.pid],
  };
  const acc = Object.fromEntries(Object.keys(targets).map((k) => [k, { total: [], cpu: [], host: [], status: 0, bytes: 0 }]));
  for (let r = 0; r < ROUNDS; r++)
    for (const [k, [origin, path, cookie, pid]] of Object.entries(targets)) {
      const [c0, h0] = [cpuMs(pid), cpuMs(host.pid)];
      const out = await ttfb(origin, path, cookie, N);
      const [c1, h1] = [cpuMs(pid), cpuMs(host.pid)];
      acc[k].total.push(...out.totalSamples);
      acc[k].cpu.push((c1 - c0) / (N + 5));
      acc[k].host.push((h1 - h0) / (N + 5));
      acc[k].status = out.status;
      acc[k].bytes = out.bytes;
    }
  const peer = stats(acc['peer /contacts'].total).p50;
  const peerCpu = stats(acc['peer /contacts'].cpu).mean;
  const out = {};
  for (const [k, a] of Object.entries(acc)) {
    const s = stats(a.total),
      cpu = stats(a.cpu).mean,
      hc = stats(a.host).mean;
    out[k] = {
      status: a.status,
      kB: a.bytes / 1000,
      p50: s.p50,
      mean: s.mean,
      ratio: s.p50 / peer,
      cpu,
      cpuRatio: cpu / peerCpu,
      hostCpu: hc,
    };
    console.log(
      `${k.padEnd(18)} ${a.status} ${(a.bytes / 1000).toFixed(1)} kB  p50 ${s.p50.toFixed(2)} ms  mean ${s.mean.toFixed(2)}  ×${(s.p50 / peer).toFixed(2)} of peer  CPU/req ${cpu.toFixed(1)} ms (×${(cpu / peerCpu).toFixed(2)})  host CPU/req ${hc.toFixed(1)}`,
    );
  }
  mkdirSync(join(ROOT, '.bench'), { recursive: true });
  writeFileSync(
    join(ROOT, '.bench', 'page-cache-latest.json'),
    JSON.stringify({ at: new Date().toISOString(), node: process.version, N, ROUNDS, out }, null, 2),
  );
} finally {
  for (const a of Object.values(apps)) await a.stop();
  await host.stop();
}

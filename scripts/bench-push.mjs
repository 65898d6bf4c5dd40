#!/usr/bin/env node
/**
 * `npm run bench:push`: push at scale through the BFF (a benchmark, not a test).
 *
 * Builds the app if needed, starts a fresh reference host and the production app on spare loopback ports,
 * connects CLIENTS concurrent @microsoft/signalr clients in Node to the app's push route (each with an app
 * session cookie; SESSIONS sessions of roles 1 and 2 are shared among them), triggers ROUNDS broadcasts (a
 * make-matrix-links import: its notice goes to every administrator connection) and prints
 *   - p50 / p99 / max delivery time, from the trigger request to the message arriving at each client;
 *   - the app server's resident memory before and after the clients connected, per connection
 *     (VmRSS from /proc/<pid>/status, summed over the app's process tree);
 *   - the app's processor time per delivered message (Linux /proc): its time during the broadcasts less what
 *     the open connections cost it meanwhile (measured with them idle just before), over the deliveries —
 *     what passing one hub frame through to one browser costs (issue 29). BENCH_SERVER=<another build's
 *     standalone server.js> runs the same on that build, for a before/after.
 * Stops by itself (BENCH_TIMEOUT_MS), cleans up its processes, loopback only. Target: p99 under 1 s.
 *
 * Options (environment): BENCH_CLIENTS (200), BENCH_SESSIONS (10), BENCH_ROUNDS (5), BENCH_GAP_MS (1000),
 * BENCH_TRANSPORT (sse | longpolling, default sse), BENCH_API_PORT (4417), BENCH_APP_PORT (3417),
 * BENCH_INSPECT_PORT (app port + 1: the app's inspector, used only to collect garbage before reading memory),
 * BENCH_SERVER (the build's standalone server.js).
 */
import { join } from 'node:path';
import signalR from '@microsoft/signalr';
import WebSocket from 'ws';
import { cpuMs, rssKb } from './lib/memory.mjs';
import { ROOT, ensureBuilt, startApiHost, startApp } from './lib/stack.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS || 200);
const SESSIONS = Number(process.env.BENCH_SESSIONS || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
/** Pause between broadcasts (long-polling clients re-poll after each message). */
const GAP_MS = Number(process.env.BENCH_GAP_MS || 1000);
const TRANSPORT = (process.env.BENCH_TRANSPORT || 'sse').toLowerCase();
const API_PORT = Number(process.env.BENCH_API_PORT || 4417);
const APP_PORT = Number(process.env.BENCH_APP_PORT || 3417);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS || 180_000);
/** The app runs with the inspector on this loopback port, so garbage is collected before each memory reading. */
const INSPECT_PORT = Number(process.env.BENCH_INSPECT_PORT || APP_PORT + 1);
const PASSWORD = 'Demo#2026';

const API = `http://127.0.0.1:${API_PORT}`;
const APP = `http://localhost:${APP_PORT}`;
const transport = TRANSPORT.startsWith('long') ? signalR.HttpTransportType.LongPolling : signalR.HttpTransportType.ServerSentEvents;

const children = [];
const connections = [];
let finished = false;

async function cleanup() {
  await Promise.allSettled(connections.map((c) => c.stop()));
  await Promise.allSettled(children.map((c) => c.stop()));
}

const deadline = setTimeout(async () => {
  console.error(`\n✗ the benchmark did not finish within ${TIMEOUT_MS / 1000} s; stopping.`);
  await cleanup();
  process.exit(1);
}, TIMEOUT_MS);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanup().then(() => process.exit(130)));

/**
 * Collects garbage in the app through its inspector and answers its JS heap in use (bytes), so the memory
 * readings show what the connections keep, not what their set-up left behind. Null without an inspector.
 */
async function collectGarbage() {
  try {
    const [target] = await (await fetch(`http://127.0.0.1:${INSPECT_PORT}/json/list`)).json();
    const ws = new WebSocket(target.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    let next = 0;
    const call = (method) =>
      new Promise((resolve) => {
        const id = ++next;
        const onMessage = (data) => {
          const m = JSON.parse(String(data));
          if (m.id !== id) return;
          ws.off('message', onMessage);
          resolve(m.result);
        };
        ws.on('message', onMessage);
        ws.send(JSON.stringify({ id, method }));
      });
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const usage = await call('Runtime.getHeapUsage');
    ws.close();
    await new Promise((r) => setTimeout(r, 300));
    return usage?.usedSize ?? null;
  } catch {
    return null;
  }
}

const cookiesOf = (res) => res.headers.getSetCookie().map((c) => c.split(';')[0]);

async function signIn(role) {
  const csrf = await fetch(`${APP}/api/auth/csrf`);
  const { csrfToken } = await csrf.json();
  const res = await fetch(`${APP}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookiesOf(csrf).join('; ') },
    body: new URLSearchParams({ csrfToken, username: `role${role}@example.com`, password: PASSWORD, json: 'true' }),
  });
  const session = cookiesOf(res).find((c) => c.startsWith('__Host-adas.session='));
  if (!session) throw new Error(`sign-in of role ${role} failed (HTTP ${res.status})`);
  return session;
}

async function hostToken(role) {
  const res = await fetch(`${API}/auth/getToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `role${role}@example.com`, password: PASSWORD }),
  });
  return (await res.json()).token;
}

/** Arrival times (performance.now()) per import id, one entry per client. */
const arrivals = new Map();

async function connect(cookie) {
  const connection = new signalR.HubConnectionBuilder()
    .withUrl(`${APP}/api/push/hub`, { transport, headers: { cookie, 'x-adas-bff': '1' } })
    .configureLogging(signalR.LogLevel.None)
    .build();
  connection.on('importNotice', (notice) => {
    const at = performance.now();
    let list = arrivals.get(notice.import);
    if (!list) arrivals.set(notice.import, (list = []));
    list.push(at);
  });
  await connection.start();
  connections.push(connection);
  return connection;
}

async function broadcast(token, round) {
  const started = performance.now();
  const res = await fetch(`${API}/api/admin/importMakeMatrixLinks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      fileName: `bench-${round}.csv`,
      content: `Honda,Civic,2016,2021,Camera ${round},https://example.com/${round}\n`,
    }),
  });
  const { import: id } = await res.json();
  const wait = performance.now() + 10_000;
  while ((arrivals.get(id)?.length ?? 0) < connections.length && performance.now() < wait) await new Promise((r) => setTimeout(r, 20));
  return (arrivals.get(id) ?? []).map((t) => t - started);
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (v) => `${v.toFixed(1)} ms`;

async function main() {
  ensureBuilt();
  console.log(`[bench] starting the reference host on :${API_PORT} and the app on :${APP_PORT} …`);
  children.push(
    await startApiHost({ port: API_PORT, db: join(ROOT, '.data', `bench-push-${API_PORT}`, 'reference.db'), reset: true, quiet: true }),
  );
  const app = await startApp({
    port: APP_PORT,
    apiOrigin: API,
    quiet: true,
    env: { NODE_OPTIONS: `--inspect=127.0.0.1:${INSPECT_PORT}` },
    ...(process.env.BENCH_SERVER && { server: process.env.BENCH_SERVER }),
  });
  children.push(app);

  const sessions = [];
  for (let i = 0; i < SESSIONS; i++) sessions.push(await signIn(i % 2 === 0 ? 1 : 2));
  const token = await hostToken(1);

  // Warm-up: one connection and one broadcast, so the route handlers are compiled and loaded.
  const warm = await connect(sessions[0]);
  await broadcast(token, 0);
  await warm.stop();
  connections.length = 0;
  arrivals.clear();
  await new Promise((r) => setTimeout(r, 1500));

  const heapBefore = await collectGarbage();
  const before = rssKb(app.pid);
  const t0 = performance.now();
  const BATCH = 25;
  for (let i = 0; i < CLIENTS; i += BATCH) {
    await Promise.all(Array.from({ length: Math.min(BATCH, CLIENTS - i) }, (_, j) => connect(sessions[(i + j) % sessions.length])));
  }
  const connectMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 2000));
  const heapAfter = await collectGarbage();
  const after = rssKb(app.pid);
  const stats = await (await fetch(`${API}/hubs/push/stats`, { headers: { authorization: `Bearer ${token}` } })).json();

  // What the open connections cost the app with nothing sent (pings both ways), to leave out of the broadcasts' figure.
  const IDLE_MS = 10_000;
  const idleCpu0 = cpuMs(app.pid);
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const idlePerMs = (cpuMs(app.pid) - idleCpu0) / IDLE_MS;

  const samples = [];
  let missing = 0;
  const roundsCpu0 = cpuMs(app.pid);
  const roundsT0 = performance.now();
  for (let round = 1; round <= ROUNDS; round++) {
    const times = await broadcast(token, round);
    missing += CLIENTS - times.length;
    samples.push(...times);
    const sorted = [...times].sort((a, b) => a - b);
    if (process.env.BENCH_VERBOSE) console.log(`  round ${round}: p50 ${ms(pct(sorted, 50))} p99 ${ms(pct(sorted, 99))}`);
    await new Promise((r) => setTimeout(r, GAP_MS));
  }
  const roundsCpuMs = cpuMs(app.pid) - roundsCpu0 - idlePerMs * (performance.now() - roundsT0);
  samples.sort((a, b) => a - b);
  const p50 = pct(samples, 50);
  const p99 = pct(samples, 99);

  console.log('');
  console.log(
    `push benchmark — ${CLIENTS} clients through the BFF (${transport === signalR.HttpTransportType.LongPolling ? 'long polling' : 'server-sent events'}), ${SESSIONS} sessions, ${ROUNDS} broadcasts`,
  );
  console.log(`  connected            ${connections.length} clients in ${ms(connectMs)} (hub: ${stats.connections} open)`);
  console.log(`  deliveries           ${samples.length} of ${CLIENTS * ROUNDS}${missing ? ` (${missing} missing)` : ''}`);
  console.log(`  delivery time        p50 ${ms(p50)}   p99 ${ms(p99)}   max ${ms(samples[samples.length - 1])}`);
  console.log(`  app memory (RSS)     ${(before / 1024).toFixed(1)} MB before, ${(after / 1024).toFixed(1)} MB after`);
  console.log(`  per connection       ${((after - before) / CLIENTS).toFixed(1)} kB of RSS`);
  if (heapBefore != null && heapAfter != null)
    console.log(
      `                       ${((heapAfter - heapBefore) / 1024 / CLIENTS).toFixed(1)} kB of JS heap (after garbage collection)`,
    );
  if (samples.length)
    console.log(
      `  app time per message ${((1000 * roundsCpuMs) / samples.length).toFixed(0)} µs of processor time (${idlePerMs.toFixed(3)} cores with the clients idle)`,
    );
  console.log(`  target p99 < 1 s     ${p99 < 1000 && !missing ? 'met' : 'NOT met'}`);
  finished = p99 < 1000 && !missing;
}

try {
  await main();
} catch (e) {
  console.error('[bench] failed:', e);
  for (const c of children) if (c.output) console.error(c.output());
} finally {
  clearTimeout(deadline);
  await cleanup();
  process.exit(finished ? 0 : 1);
}

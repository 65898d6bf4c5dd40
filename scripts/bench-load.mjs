/**
 * `npm run bench:load`: signed-in users at scale, through nginx (deploy/nginx/adas.conf.template, the setup
 * of `npm run start:cluster`), on one app instance, on two instances (Redis), and on two instances whose
 * Redis fails over in the middle of the run (a primary, a replica and three sentinels; the primary is killed
 * halfway through the paced load), side by side. A benchmark, not a test: it prints figures and never fails a
 * build (exit 0 unless a setup could not start).
 *
 * Per setup, on a fresh reference host (loopback only, bounded in time, stops by itself):
 *   1. SESSIONS users sign in through the app (role 1, which may open every screen of the mix), and each opens
 *      one push connection (the real @microsoft/signalr client, server-sent events, pinging every 15 s);
 *   2. for DURATION seconds the sessions act: each every THINK seconds on average (so SESSIONS / THINK
 *      requests a second, arriving as a Poisson process: independent users, not a drum beat — `pace`), each
 *      walking through a mix of ten actions — the /contacts and /adas pages, BFF reads, and a save as every
 *      tenth action;
 *   3. a push notice goes to every connection; delivered / connected are counted;
 *   4. capacity: the same mix without think time on CAPACITY_CONNECTIONS connections for CAPACITY seconds
 *      (with the cores each kind of process kept busy meanwhile: scripts/lib/cpu.mjs) —
 *      what the setup carries at most; after the one-instance setup, the same for the peer app of
 *      `npm run bench` (scripts/bench-peer: Next.js with a plain list page and a minimal forwarding handler)
 *      doing the mix's calls with the same sessions — what the framework itself carries on this machine.
 * Printed: requests per second, p50/p95/p99 per kind of action, the error rate (anything but the expected
 * 200, time-outs and failed connections), and each instance's resident memory before the load and at its
 * peak (during the paced load, and during the capacity run), and after a full garbage collection at the end
 * (through each instance's inspector). For the failover run: how long the sentinels took to promote the
 * replica and the instances to use it, and the errors meanwhile. JSON goes to .bench/ (git-ignored).
 * Targets, two instances: 500 sessions, errors under 0.1 %, page p99 under 1 s.
 *
 * Environment: BENCH_SESSIONS (500), BENCH_THINK_S (10), BENCH_DURATION_S (60), BENCH_CAPACITY_S (20),
 * BENCH_CAPACITY_CONNECTIONS (64), BENCH_API_PORT (4460), BENCH_APP_PORT (3460: each setup takes ten
 * ports from here: nginx, then its instances, then their inspectors, the last the peer app), BENCH_REDIS_PORT (6381: Redis, and for the
 * failover run the five ports after it), BENCH_SETUPS (one,two,failover), SKIP_BUILD=1 (also leaves the peer
 * app's build as it is), BENCH_PEER=0 (no peer app).
 * Issue 29: BENCH_BASELINE (another build's standalone server.js, e.g. main's: every setup then runs on it
 * just before this build, and capacity is printed as a ratio to it; its setups take the ports 30 above);
 * BENCH_GC_EVERY_S (each instance's RSS after a forced GC every so many seconds of the paced load: the soak,
 * with BENCH_DURATION_S=600; flat means within ±10 %); BENCH_HEAP_SNAPSHOT=1 (a heap snapshot of each
 * instance at the end of the paced load, in .bench/). Targets besides: RSS after GC ≤ 350 MB per instance at
 * the end of the paced load; capacity ≥ 2 × the baseline's per instance.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startCluster } from './lib/cluster.mjs';
import { coresBetween, cpuSnapshot } from './lib/cpu.mjs';
import { afterGc, heapSnapshot, rssKb } from './lib/memory.mjs';
import { ensurePeerBuilt, startPeer } from './lib/peers.mjs';
import { primaryOf } from './lib/redis.mjs';
import { ROOT, ensureBuilt, startApiHost } from './lib/stack.mjs';
// TypeScript modules of the project (the npm script runs node with the tsx loader).
import { contactInput } from '../lib/contract/contacts.ts';
import { HttpTransportType, connectThroughBff } from '../testkit/push.ts';
import { signInHttp } from '../testkit/http.ts';

const SESSIONS = Number(process.env.BENCH_SESSIONS || 500);
const THINK_S = Number(process.env.BENCH_THINK_S || 10);
const DURATION_S = Number(process.env.BENCH_DURATION_S || 60);
const CAPACITY_S = Number(process.env.BENCH_CAPACITY_S || 20);
const CAPACITY_CONNECTIONS = Number(process.env.BENCH_CAPACITY_CONNECTIONS || 64);
const API_PORT = Number(process.env.BENCH_API_PORT || 4460);
const APP_PORT = Number(process.env.BENCH_APP_PORT || 3460);
const REDIS_PORT = Number(process.env.BENCH_REDIS_PORT || 6381);
const SETUPS = (process.env.BENCH_SETUPS || 'one,two,failover').split(',');
/** Another build's standalone server.js (e.g. main's): each setup then runs on it too, just before this build. */
const BASELINE = process.env.BENCH_BASELINE || '';
/** The peer app (scripts/bench-peer) on the same mix after the one-instance setup's capacity: the framework's own figure. */
const PEER = process.env.BENCH_PEER !== '0';
/** During the paced load, each instance's memory after a forced GC every this many seconds (0: never): the soak's series. */
const GC_EVERY_S = Number(process.env.BENCH_GC_EVERY_S || 0);
/** Writes a heap snapshot of each instance at the end of the paced load (.bench/heap-…heapsnapshot). */
const HEAP_SNAPSHOT = process.env.BENCH_HEAP_SNAPSHOT === '1';
const TIMEOUT_MS = ((BASELINE ? 2 : 1) * SETUPS.length * (DURATION_S + CAPACITY_S + 300) + 300) * 1000;
const TARGETS = { sessions: 500, errorRatePct: 0.1, pageP99Ms: 1000, rssAfterGcMb: 350, soakSpreadPct: 10, capacityVsBaseline: 2 };
const USER = 'role1@example.com';
/** Sign-ins at once: under the throttle's attempts per username and client (SIGNIN_MAX_FAILURES, 5). */
const SIGNIN_BATCH = 4;
const BFF = { 'x-adas-bff': '1', accept: 'application/json' };

const running = [];
const deadline = setTimeout(async () => {
  console.error(`\n✗ the benchmark did not finish within ${TIMEOUT_MS / 1000} s; stopping.`);
  await Promise.allSettled(running.map((c) => c.stop()));
  process.exit(1);
}, TIMEOUT_MS);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => void Promise.allSettled(running.map((c) => c.stop())).then(() => process.exit(130)));

// ── figures ──────────────────────────────────────────────────────────────────────────────────────
function percentiles(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p) => (s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN);
  return { n: s.length, p50: at(50), p95: at(95), p99: at(99) };
}
const ms = (v) => (Number.isFinite(v) ? `${v < 10 ? v.toFixed(1) : Math.round(v)} ms` : '–');
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
const pct = (part, whole) => (whole ? (100 * part) / whole : 0);

// ── the mix ──────────────────────────────────────────────────────────────────────────────────────
/**
 * Ten actions, in the order a user might take them, each made for a contact of the session: pages, BFF
 * reads, and as the tenth a save (the contact's record sent back unchanged).
 */
function mix(saveBodies) {
  const page = (path) => () => ({ kind: `page ${path.split('?')[0]}`, method: 'GET', path, headers: { accept: 'text/html' } });
  const read = (path) => (c) => ({ kind: 'BFF read', method: 'GET', path: `/api/bff/${path(c)}`, headers: BFF });
  return [
    page('/contacts'),
    read((c) => `contact/contact?id=${c}`),
    read((c) => `contact/contactPhones?id=${c}`),
    page('/adas'),
    read(() => 'contact/contacts?page=2&pageSize=25'),
    page('/contacts?page=2'),
    read((c) => `contact/contactEmails?id=${c}`),
    read((c) => `contact/contactAddresses?id=${c}`),
    page('/adas'),
    (c) => ({
      kind: 'save',
      method: 'POST',
      path: '/api/bff/contact/saveContact',
      headers: { ...BFF, 'content-type': 'application/json' },
      body: saveBodies.get(c),
    }),
  ];
}

/**
 * The same action for the peer app (scripts/bench-peer): what the framework itself costs doing the mix's
 * calls. Every page is its list page (the first ten contacts in a plain table: less than /adas renders, so
 * the peer's figure is an upper bound), every BFF call its minimal handler with the same path and body.
 */
function forPeer(action) {
  if (action.kind.startsWith('page ')) return { ...action, path: '/contacts' };
  return { ...action, path: action.path.replace('/api/bff/', '/api/proxy/') };
}

/**
 * autocannon requests for the mix: each request's setupRequest builds its action for the cycle's session;
 * a cycle (ten requests on one connection) takes the next session, so all of them take part. `to` maps each
 * action for another server (forPeer).
 */
function autocannonRequests(cookies, contacts, saveBodies, to = (action) => action) {
  let nextSession = 0;
  return mix(saveBodies).map((make, step) => ({
    setupRequest(req, context) {
      if (step === 0 || context.session === undefined) context.session = nextSession++ % cookies.length;
      const action = to(make(contacts[context.session % contacts.length]));
      context.kind = action.kind;
      return {
        ...req,
        method: action.method,
        path: action.path,
        body: action.body,
        headers: { ...action.headers, cookie: cookies[context.session] },
      };
    },
  }));
}

/** Answers per kind of action (latencies of the 200s, the rest counted as failed), and the run's figures from them. */
function tally() {
  const byKind = new Map();
  let unexpected = 0;
  return {
    answered(kind, status, latencyMs) {
      let k = byKind.get(kind);
      if (!k) byKind.set(kind, (k = { latencies: [], failed: 0 }));
      if (status === 200) k.latencies.push(latencyMs);
      else {
        k.failed++;
        if (unexpected++ < 5) console.error(`  [bench] ${kind} answered ${status}`);
      }
    },
    /** `errors`: requests that got no answer (failed connections, time-outs). */
    figures({ seconds, errors, timeouts }) {
      const kinds = Object.fromEntries([...byKind].map(([kind, k]) => [kind, { ...percentiles(k.latencies), failed: k.failed }]));
      const answered = [...byKind.values()].reduce((n, k) => n + k.latencies.length + k.failed, 0);
      const failed = [...byKind.values()].reduce((n, k) => n + k.failed, 0) + errors;
      const pages = [...byKind].filter(([kind]) => kind.startsWith('page ')).flatMap(([, k]) => k.latencies);
      return {
        requests: answered + errors,
        perSecond: answered / seconds,
        failed,
        errorRatePct: pct(failed, answered + errors),
        timeouts,
        kinds,
        page: percentiles(pages),
        all: percentiles([...byKind.values()].flatMap((k) => k.latencies)),
      };
    },
  };
}

/** One autocannon run of the mix, closed loop (each connection sends its next request when the last is answered). */
async function drive(url, requests, { connections, seconds, pids, onTick }) {
  const counts = tally();
  const instance = autocannon({ url, connections, duration: seconds, requests, timeout: 10, pipelining: 1 });
  instance.on('response', (client, status, _bytes, latencyMs) =>
    counts.answered(client.requestIterator.context.kind ?? 'other', status, latencyMs),
  );
  const sampler = setInterval(() => onTick?.(pids), 1000);
  const result = await instance;
  clearInterval(sampler);
  // autocannon's errors: failed connections and time-outs (counted in both of its figures).
  return counts.figures({ seconds: result.duration, errors: result.errors, timeouts: result.timeouts });
}

/**
 * The mix as one sequence for paced arrivals: the i-th request is session (i mod SESSIONS)'s next action,
 * so each session acts every SESSIONS / rate seconds and walks through the mix in order. Each session starts
 * at another step of the mix (its number mod ten), so every action of the mix is as frequent as the others
 * from the first second on, as among real users.
 */
function mixSequence(cookies, contacts, saveBodies) {
  const actions = mix(saveBodies);
  let i = 0;
  return () => {
    const session = i % cookies.length;
    const step = (Math.floor(i / cookies.length) + session) % actions.length;
    const action = actions[step](contacts[session % contacts.length]);
    i++;
    return { ...action, headers: { ...action.headers, cookie: cookies[session] } };
  };
}

/**
 * The paced load, open loop: requests arrive as a Poisson process at `rate` a second (each gap drawn from the
 * exponential distribution), as independent users' do, and each is sent when it arrives whatever the
 * others are doing; its latency counts from its arrival, so a slow server cannot hide its backlog. (autocannon's
 * rate limit is not used here: it releases every connection's request at the same instant each second, so
 * `rate` requests met the server at once and waited for one another.)
 */
async function pace(url, next, { rate, seconds, pids, onTick }) {
  const counts = tally();
  let errors = 0;
  let timeouts = 0;
  const sent = [];
  const sampler = setInterval(() => onTick?.(pids), 1000);
  const start = performance.now();
  for (let at = start; ;) {
    at += (-Math.log(1 - Math.random()) * 1000) / rate;
    if (at >= start + seconds * 1000) break;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const { kind, method, path, headers, body } = next();
    const arrival = at;
    sent.push(
      fetch(url + path, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(10_000) })
        .then(async (res) => {
          await res.arrayBuffer();
          counts.answered(kind, res.status, performance.now() - arrival);
        })
        .catch((e) => {
          errors++;
          if (e?.name === 'TimeoutError') timeouts++;
        }),
    );
  }
  await Promise.all(sent);
  clearInterval(sampler);
  return counts.figures({ seconds, errors, timeouts });
}

// ── one setup ────────────────────────────────────────────────────────────────────────────────────
async function inBatches(items, size, fn) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

async function measure(label, url, pids, { inspectPorts = [], midway, peerPort } = {}) {
  console.log(`\n[bench] ${label}: ${SESSIONS} sign-ins…`);
  const signInMs = [];
  // One user from one address (nginx names it): at most SIGNIN_BATCH sign-ins at once, since the throttle
  // counts a pair's attempts before asking the auth host and refuses the sixth at once (lib/auth/throttle.ts).
  const cookies = await inBatches(Array.from({ length: SESSIONS }), SIGNIN_BATCH, async () => {
    const t0 = performance.now();
    const r = await signInHttp(url, USER);
    signInMs.push(performance.now() - t0);
    if (!r.cookie) throw new Error(`sign-in failed: HTTP ${r.status} ${r.error ?? ''}`);
    return r.cookie;
  });

  // Contacts for the reads and the save, and the save's bodies (the record sent back unchanged).
  const list = await (
    await fetch(`${url}/api/bff/contact/contacts?page=1&pageSize=50`, { headers: { ...BFF, cookie: cookies[0] } })
  ).json();
  const contacts = list.items
    .filter((c) => !c.isCompany && c.lastName)
    .map((c) => c.contact)
    .slice(0, 20);
  const fields = Object.keys(contactInput.shape);
  const saveBodies = new Map();
  for (const id of contacts) {
    const record = await (await fetch(`${url}/api/bff/contact/contact?id=${id}`, { headers: { ...BFF, cookie: cookies[0] } })).json();
    saveBodies.set(id, JSON.stringify(Object.fromEntries(fields.filter((f) => record[f] !== undefined).map((f) => [f, record[f]]))));
  }

  console.log(`[bench] ${label}: ${SESSIONS} push connections…`);
  const pushes = [];
  const connectStarted = performance.now();
  await inBatches(cookies, 25, async (cookie) => {
    try {
      pushes.push(await connectThroughBff(url, cookie, HttpTransportType.ServerSentEvents));
    } catch {
      /* counted below */
    }
  });
  const pushConnectMs = performance.now() - connectStarted;
  const requests = autocannonRequests(cookies, contacts, saveBodies);

  // Warm-up: every action a few times, so the first compiled-route costs are not measured.
  await drive(url, requests, { connections: 10, seconds: 5, pids });
  const before = pids.map(rssKb);
  const peakLoad = [...before];
  const peakCapacity = [...before];
  const tracker = (peak) => (list) => list.forEach((pid, i) => (peak[i] = Math.max(peak[i], rssKb(pid))));

  const rate = Math.max(1, Math.round(SESSIONS / THINK_S));
  console.log(`[bench] ${label}: ${DURATION_S} s at ${rate} actions/s (${SESSIONS} sessions, one action every ${THINK_S} s each)…`);
  const midwayRun = midway ? new Promise((r) => setTimeout(r, (DURATION_S * 1000) / 2)).then(midway) : null;
  const gcSeries = [];
  const series = GC_EVERY_S
    ? setInterval(
        () =>
          void Promise.all(inspectPorts.map((p) => afterGc(p))).then((g) =>
            gcSeries.push({ atS: Math.round((performance.now() - loadStarted) / 1000), gc: g }),
          ),
        GC_EVERY_S * 1000,
      )
    : null;
  const loadStarted = performance.now();
  const cpuLoadBefore = cpuSnapshot();
  const load = await pace(url, mixSequence(cookies, contacts, saveBodies), {
    rate,
    seconds: DURATION_S,
    pids,
    onTick: tracker(peakLoad),
  });
  load.cores = coresBetween(cpuLoadBefore, cpuSnapshot());
  clearInterval(series);
  const event = await midwayRun;
  // Memory at the end of the paced run, its sessions and push connections still open.
  const gcLoad = await Promise.all(inspectPorts.map((p) => afterGc(p)));
  if (HEAP_SNAPSHOT)
    for (const [i, p] of inspectPorts.entries()) {
      const file = join(ROOT, '.bench', `heap-${label.replace(/\W+/g, '-')}-${i + 1}-${Date.now()}.heapsnapshot`);
      mkdirSync(join(ROOT, '.bench'), { recursive: true });
      await heapSnapshot(p, file);
      console.log(
        `[bench] ${label}: heap snapshot of instance ${i + 1}: ${file.slice(ROOT.length + 1)} (what holds its requests: node scripts/lib/heap-retainers.mjs FILE)`,
      );
    }

  // One notice to every push connection.
  const hostToken = (
    await (
      await fetch(`http://127.0.0.1:${API_PORT}/auth/getToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: USER, password: 'Demo#2026' }),
      })
    ).json()
  ).token;
  const sentAt = performance.now();
  const created = await (
    await fetch(`http://127.0.0.1:${API_PORT}/api/adas/createCalibrate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${hostToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ firm: 6, year: 2024, make: 'Honda', model: 'Civic', reason: `Load ${label}` }),
    })
  ).json();
  const deliveries = await Promise.all(
    pushes.map((p) =>
      p
        .waitFor((m) => m.target === 'opportunity' && m.payload.opportunity === created.id, 15_000)
        .then(
          () => performance.now() - sentAt,
          () => null,
        ),
    ),
  );
  const delivered = deliveries.filter((d) => d !== null);
  await Promise.allSettled(pushes.map((p) => p.connection.stop()));

  console.log(`[bench] ${label}: capacity, ${CAPACITY_CONNECTIONS} connections without think time for ${CAPACITY_S} s…`);
  const cpuBefore = cpuSnapshot();
  const capacity = await drive(url, requests, {
    connections: CAPACITY_CONNECTIONS,
    seconds: CAPACITY_S,
    pids,
    onTick: tracker(peakCapacity),
  });
  capacity.cores = coresBetween(cpuBefore, cpuSnapshot());

  // The framework's own figure on this machine in the same run: the peer app doing the mix's calls with the
  // same sessions (it reads the product's session cookie), straight, not through nginx.
  let peerCapacity = null;
  if (peerPort) {
    console.log(`[bench] ${label}: the peer app on the same mix, ${CAPACITY_CONNECTIONS} connections for ${CAPACITY_S} s…`);
    const peer = await startPeer({ port: peerPort, apiOrigin: `http://127.0.0.1:${API_PORT}` });
    try {
      const peerUrl = `http://127.0.0.1:${peerPort}`;
      const peerRequests = autocannonRequests(cookies, contacts, saveBodies, forPeer);
      await drive(peerUrl, peerRequests, { connections: 10, seconds: 5, pids: [] });
      const before = cpuSnapshot();
      peerCapacity = await drive(peerUrl, peerRequests, { connections: CAPACITY_CONNECTIONS, seconds: CAPACITY_S, pids: [] });
      peerCapacity.cores = coresBetween(before, cpuSnapshot());
    } finally {
      await peer.stop();
    }
  }

  const gc = await Promise.all(inspectPorts.map((p) => afterGc(p)));
  return {
    label,
    event,
    gc,
    gcLoad,
    gcSeries,
    sessions: SESSIONS,
    signIn: percentiles(signInMs),
    push: { connected: pushes.length, connectMs: pushConnectMs, delivered: delivered.length, delivery: percentiles(delivered) },
    load,
    capacity,
    peerCapacity,
    memory: pids.map((_, i) => ({ beforeKb: before[i], peakLoadKb: peakLoad[i], peakCapacityKb: peakCapacity[i] })),
  };
}

// ── the setups ───────────────────────────────────────────────────────────────────────────────────
/** Each setup's ports: nginx, its instances, their inspectors (after-GC memory), the peer app. */
const portsOf = (n, instances) => {
  const base = APP_PORT + 10 * n;
  return {
    lb: base,
    apps: Array.from({ length: instances }, (_, i) => base + 1 + i),
    inspect: Array.from({ length: instances }, (_, i) => base + 5 + i),
    peer: base + 9,
  };
};

async function behindNginx(label, n, apiOrigin, { instances, sentinel = false, server, peer = false }) {
  const ports = portsOf(n, instances);
  // Each instance's inspector is opened on its own port (NODE_OPTIONS), so the figures include memory after GC.
  const cluster = await startCluster({
    port: ports.lb,
    appPorts: ports.apps,
    redisPort: sentinel ? REDIS_PORT + 1 : REDIS_PORT,
    apiOrigin,
    quiet: true,
    sentinel,
    redis: instances > 1,
    perApp: (i) => ({ NODE_OPTIONS: `--inspect=127.0.0.1:${ports.inspect[i]}` }),
    server,
  });
  running.push(cluster);
  const midway = sentinel
    ? async () => {
        const set = cluster.sentinel;
        const killedAt = performance.now();
        set.primary.kill('SIGKILL');
        const deadline = performance.now() + 60_000;
        while ((await primaryOf(set.ports.sentinels[0])) !== set.ports.replica) {
          if (performance.now() > deadline) return { promotedS: null, storeBackS: null };
          await new Promise((r) => setTimeout(r, 50));
        }
        const promotedS = (performance.now() - killedAt) / 1000;
        // Each instance says in /api/ready when its store uses Redis again (at most a minute is waited).
        const redisUp = async (port) =>
          (await (await fetch(`http://127.0.0.1:${port}/api/ready`)).json().catch(() => null))?.checks?.redis === 'up';
        while (!(await Promise.all(ports.apps.map(redisUp))).every(Boolean)) {
          if (performance.now() > deadline) return { promotedS, storeBackS: null };
          await new Promise((r) => setTimeout(r, 100));
        }
        return { promotedS, storeBackS: (performance.now() - killedAt) / 1000 };
      }
    : undefined;
  try {
    const result = await measure(
      label,
      cluster.url,
      cluster.apps.map((a) => a.pid),
      { inspectPorts: ports.inspect, midway, peerPort: peer ? ports.peer : undefined },
    );
    return { ...result, balanced: cluster.balancer.served() };
  } finally {
    await cluster.stop();
  }
}

function report(results) {
  const col = (s) => String(s).padEnd(34);
  const row = (name, f) => console.log(`  ${name.padEnd(28)}${results.map((r) => col(f(r))).join('')}`);
  const trio = (p) => (p?.n ? `${ms(p.p50)} / ${ms(p.p95)} / ${ms(p.p99)}` : '–');
  const kinds = [...new Set(results.flatMap((r) => Object.keys(r.load.kinds)))].sort();
  console.log('');
  console.log(`load benchmark — ${SESSIONS} signed-in sessions with one push connection each; every session acts every ${THINK_S} s on`);
  console.log(`average (the mix: /contacts and /adas pages, BFF reads, a save every tenth action), ${DURATION_S} s per setup.`);
  console.log('The load generator runs on the same 2-core machine, which other work may share: figures vary with it.');
  console.log('');
  row('', (r) => r.label);
  row('sign-in p50 / p95 / p99', (r) => trio(r.signIn));
  row('push connections', (r) => `${r.push.connected} of ${r.sessions} in ${(r.push.connectMs / 1000).toFixed(1)} s`);
  row('notice delivered', (r) => `${r.push.delivered} of ${r.push.connected}, p99 ${ms(r.push.delivery.p99)}`);
  row(
    `requests (offered ${Math.max(1, Math.round(SESSIONS / THINK_S))}/s)`,
    (r) => `${r.load.requests} (${r.load.perSecond.toFixed(1)}/s)`,
  );
  row('errors', (r) => `${r.load.failed} (${r.load.errorRatePct.toFixed(2)} %)${r.load.timeouts ? `, ${r.load.timeouts} time-outs` : ''}`);
  console.log('  p50 / p95 / p99');
  for (const kind of kinds) row(`  ${kind}`, (r) => trio(r.load.kinds[kind]));
  row('  every page', (r) => trio(r.load.page));
  for (const group of Object.keys(results[0]?.load.cores ?? {})) row(`  cores: ${group}`, (r) => (r.load.cores?.[group] ?? 0).toFixed(2));
  row('memory (RSS) per instance', (r) => r.memory.map((m) => `${mb(m.beforeKb)} → ${mb(m.peakLoadKb)}`).join(', '));
  const gcCell = (list) => list.map((g) => (g ? `${mb(g.heapUsedKb)} / ${mb(g.rssKb)}` : '–')).join(', ');
  row('after GC, end of paced load', (r) => gcCell(r.gcLoad));
  row(`  target RSS ≤ ${TARGETS.rssAfterGcMb} MB`, (r) =>
    r.gcLoad.every((g) => g && g.rssKb / 1024 <= TARGETS.rssAfterGcMb) ? 'met' : 'NOT met',
  );
  if (results.some((r) => r.gcSeries.length))
    row(`  soak: after GC every ${GC_EVERY_S} s`, (r) =>
      r.gcLoad
        .map((_, i) => {
          const xs = r.gcSeries.map((p) => p.gc[i]?.rssKb).filter(Boolean);
          if (!xs.length) return '–';
          const [lo, hi] = [Math.min(...xs), Math.max(...xs)];
          const spread = (100 * (hi - lo)) / lo;
          return `${mb(lo)}–${mb(hi)} (±${(spread / 2).toFixed(1)} %${spread / 2 <= TARGETS.soakSpreadPct ? '' : ' NOT flat'})`;
        })
        .join(', '),
    );
  row('after GC, end (heap / RSS)', (r) => gcCell(r.gc));
  const secs = (v) => (v === null ? 'not within 60 s' : `in ${v.toFixed(1)} s`);
  row('Redis failover', (r) => (r.event ? `promoted ${secs(r.event.promotedS)}, store back ${secs(r.event.storeBackS)}` : '–'));
  console.log(`  capacity (${CAPACITY_CONNECTIONS} connections, no think time, ${CAPACITY_S} s)`);
  row('  requests per second', (r) => r.capacity.perSecond.toFixed(1));
  row(
    '  errors',
    (r) =>
      `${r.capacity.failed} (${r.capacity.errorRatePct.toFixed(2)} %)${r.capacity.timeouts ? `, ${r.capacity.timeouts} time-outs` : ''}`,
  );
  row('  page p50 / p95 / p99', (r) => trio(r.capacity.page));
  row('  peak memory per instance', (r) => r.memory.map((m) => mb(m.peakCapacityKb)).join(', '));
  row('  per instance', (r) => (r.capacity.perSecond / r.memory.length).toFixed(1));
  // What the cores did meanwhile: which process limits capacity on the shared machine.
  for (const group of Object.keys(results[0]?.capacity.cores ?? {}))
    row(`  cores: ${group}`, (r) => (r.capacity.cores?.[group] ?? 0).toFixed(2));
  if (results.some((r) => r.peerCapacity)) {
    const peer = (r) => r.peerCapacity;
    row('  the peer app, same mix', (r) => (peer(r) ? `${peer(r).perSecond.toFixed(1)} req/s, ${peer(r).failed} errors` : ''));
    row('    page p50 / p95 / p99', (r) => (peer(r) ? trio(peer(r).page) : ''));
    row('    cores: the peer app', (r) => (peer(r) ? (peer(r).cores?.['app instances'] ?? 0).toFixed(2) : ''));
    row('  ÷ the peer app', (r) => (peer(r) ? `×${(r.capacity.perSecond / peer(r).perSecond).toFixed(2)}` : ''));
  }
  const baseOf = (r) => results.find((b) => b.label === `${r.label} (baseline)`);
  if (results.some(baseOf))
    row(`  × baseline (target ≥ ${TARGETS.capacityVsBaseline})`, (r) =>
      baseOf(r) ? `×${(r.capacity.perSecond / baseOf(r).capacity.perSecond).toFixed(2)}` : '',
    );
  console.log('');
  for (const r of results) {
    const met =
      r.sessions >= TARGETS.sessions &&
      r.push.connected === r.sessions &&
      r.load.errorRatePct < TARGETS.errorRatePct &&
      r.load.page.p99 < TARGETS.pageP99Ms;
    console.log(
      `  target (${r.label}): ${TARGETS.sessions} sessions, errors < ${TARGETS.errorRatePct} %, page p99 < ${TARGETS.pageP99Ms} ms → ${met ? 'met' : 'NOT met'}; requests per instance through nginx: ${Object.values(r.balanced).join(' / ')}`,
    );
  }
}

async function main() {
  if (!process.env.SKIP_BUILD) ensureBuilt();
  if (PEER && SETUPS.includes('one') && process.env.SKIP_BUILD !== '1') ensurePeerBuilt();
  const apiOrigin = `http://127.0.0.1:${API_PORT}`;
  const host = await startApiHost({
    port: API_PORT,
    db: join(ROOT, '.data', `bench-load-${API_PORT}`, 'reference.db'),
    reset: true,
    quiet: true,
  });
  running.push(host);
  const results = [];
  try {
    // With a baseline, each setup runs on it first and then on this build, one after the other in the same run.
    const builds = BASELINE
      ? [
          { tag: ' (baseline)', server: BASELINE, offset: 3 },
          { tag: '', offset: 0 },
        ]
      : [{ tag: '', offset: 0 }];
    for (const [name, n, options] of [
      ['one', 0, { instances: 1 }],
      ['two', 1, { instances: 2 }],
      ['failover', 2, { instances: 2, sentinel: true }],
    ]) {
      if (!SETUPS.includes(name)) continue;
      const label = { one: 'one instance', two: 'two instances', failover: 'two, Redis failover' }[name];
      for (const b of builds)
        results.push(
          await behindNginx(`${label}${b.tag}`, n + b.offset, apiOrigin, {
            ...options,
            server: b.server,
            // The peer app once per run, beside this build's one instance.
            peer: PEER && name === 'one' && !b.server,
          }),
        );
    }
  } finally {
    await host.stop();
  }
  report(results);
  mkdirSync(join(ROOT, '.bench'), { recursive: true });
  const file = join(ROOT, '.bench', `load-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        startedAt: new Date().toISOString(),
        node: process.version,
        sessions: SESSIONS,
        thinkS: THINK_S,
        durationS: DURATION_S,
        targets: TARGETS,
        results,
      },
      null,
      2,
    ),
  );
  console.log(`\n  JSON: ${file}`);
}

try {
  await main();
} catch (e) {
  console.error('[bench] failed:', e);
  for (const c of running) if (c.output) console.error(c.output());
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
}

/** How the benches time pages: one request at a time over a keep-alive connection (scripts/bench.mjs, scripts/bench-page-cache.mjs). */
import http from 'node:http';

/** n, p50, p90, p99 and mean of a list of milliseconds. */
export function stats(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p) => (s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN);
  return { n: s.length, p50: at(50), p90: at(90), p99: at(99), mean: s.reduce((a, b) => a + b, 0) / (s.length || 1) };
}

/** Time to first byte (response head received) and to the last byte, one request at a time. */
export async function ttfb(origin, path, cookie, n) {
  const u = new URL(path, origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const first = [];
  const total = [];
  let status = 0;
  let bytes = 0;
  const one = () =>
    new Promise((resolve, reject) => {
      const t0 = performance.now();
      const req = http.request(
        { host: '127.0.0.1', port: u.port, path: u.pathname + u.search, headers: { host: u.host, cookie }, agent },
        (res) => {
          const head = performance.now() - t0;
          status = res.statusCode;
          bytes = 0;
          res.on('data', (d) => (bytes += d.length));
          res.on('end', () => {
            first.push(head);
            total.push(performance.now() - t0);
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
  for (let i = 0; i < 5; i++) await one(); // warm-up
  first.length = 0;
  total.length = 0;
  for (let i = 0; i < n; i++) await one();
  agent.destroy();
  return { status, bytes, ttfb: stats(first), total: stats(total), firstSamples: first, totalSamples: total };
}

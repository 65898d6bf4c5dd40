/**
 * A stand-in upstream for fault tests: a small node:http server that passes every request through to a
 * real reference host (so sign-in and every other call keep working) but breaks the calls it is told to:
 * answer late, answer garbage, or drop the connection.
 */
import http from 'node:http';
import { must } from '../../testkit/must';

export type Fault =
  /** Hold the request this long, then pass it through (the app should have given up by then). */
  | { delayMs: number }
  /** Answer this instead of asking the host. */
  | { status?: number; body: string; contentType?: string }
  /** Close the connection without an answer. */
  | { drop: true };

export interface StandIn {
  origin: string;
  /** Breaks the call whose contract path (e.g. `firm/firmPreference`) ends the request path; null heals it. */
  set(callPath: string, fault: Fault | null): void;
  clear(): void;
  /** Paths (without query) seen so far. */
  readonly seen: string[];
  /** Every request seen so far with its body (the sign-in differential test reads what reached getToken). */
  readonly requests: { path: string; headers: http.IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

export async function startStandIn(port: number, target: string): Promise<StandIn> {
  const faults = new Map<string, Fault>();
  const seen: string[] = [];
  const requests: StandIn['requests'] = [];
  const upstream = new URL(target);
  const timers = new Set<NodeJS.Timeout>();

  const pass = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => {
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    out.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = must((req.url ?? '/').split('?')[0], 'path');
      seen.push(path);
      requests.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const fault = [...faults].find(([call]) => path.endsWith(`/${call}`))?.[1];
      const body = Buffer.concat(chunks);
      if (!fault) return pass(req, res, body);
      if ('drop' in fault) return req.socket.destroy();
      if ('delayMs' in fault) {
        const t = setTimeout(() => {
          timers.delete(t);
          if (!res.destroyed) pass(req, res, body);
        }, fault.delayMs);
        timers.add(t);
        return;
      }
      res.writeHead(fault.status ?? 200, { 'content-type': fault.contentType ?? 'application/json' });
      res.end(fault.body);
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

  return {
    origin: `http://127.0.0.1:${port}`,
    set: (call, fault) => (fault ? faults.set(call, fault) : faults.delete(call)),
    clear: () => faults.clear(),
    seen,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The load balancer in front of the app instances (`npm run start:cluster`, the cluster tests,
 * `npm run bench:load`): fastify with @fastify/reply-from over undici's BalancedPool, on loopback.
 *
 * - Round-robin across the instances. An instance that refuses or drops connections is weighted down
 *   (BalancedPool), so a stopped instance soon stops receiving requests; it is then probed every second and
 *   gets its full share back as soon as it accepts connections again.
 * - A GET or HEAD that failed on a connection error, before any answer, is tried again on the next instance
 *   (as nginx's proxy_next_upstream does for idempotent requests); anything else answers 502.
 * - Bodies stream both ways untouched: uploads, server-sent events and long polls (no body time-out: the push
 *   hub's pings keep an event stream alive, and the apps time their own upstream calls).
 * - As the edge proxy it names the client in X-Forwarded-For itself, replacing whatever the client sent
 *   (the apps run with TRUST_PROXY=1 and count sign-in failures per address), and keeps the Host header, which
 *   the apps' same-origin checks and NEXTAUTH_URL expect.
 * No sticky sessions: any instance can serve any request (README, "Several instances").
 */
import { connect } from 'node:net';
import replyFrom from '@fastify/reply-from';
import Fastify from 'fastify';
import { BalancedPool, Pool } from 'undici';

/** Connection errors after which nothing was answered: safe to try an idempotent request elsewhere. */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_CLOSED']);
const RETRIED = new Set(['GET', 'HEAD']);

const PROBE_MS = 1000;

/** True when something accepts a TCP connection at the origin. */
function accepts(origin) {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(PROBE_MS, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Starts the balancer on 127.0.0.1:`port` in front of `upstreams` (origins such as http://127.0.0.1:3001).
 * Answers { url, served() — requests handed to each upstream, by origin —, close() }.
 */
export async function startBalancer({ port, upstreams }) {
  /** Requests handed to each upstream (for the tests and the benchmark), and the upstreams failing to connect. */
  const served = new Map(upstreams.map((u) => [new URL(u).origin, 0]));
  const failing = new Set();
  /** One instance's connection pool, counting the requests it is given and noting failed connections. */
  class InstancePool extends Pool {
    constructor(origin, options) {
      super(origin, options);
      this.on('connectionError', () => failing.add(origin));
      this.dispatch = (opts, handler) => {
        served.set(origin, (served.get(origin) ?? 0) + 1);
        return super.dispatch(opts, handler);
      };
    }
  }
  const pool = new BalancedPool(upstreams, {
    // One upstream connection per open client request: event streams and long polls hold theirs.
    connections: null,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    headersTimeout: 120_000,
    bodyTimeout: 0,
    factory: (origin, options) => new InstancePool(origin, options),
  });
  // Removing and adding an upstream gives every upstream its full weight again.
  const probe = setInterval(async () => {
    for (const origin of failing) {
      if (!(await accepts(origin))) continue;
      failing.delete(origin);
      pool.removeUpstream(origin);
      pool.addUpstream(origin);
    }
  }, PROBE_MS);

  const app = Fastify({ logger: false, forceCloseConnections: true, return503OnClosing: false });
  // Every body passes through as the client sent it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
  await app.register(replyFrom, { base: upstreams[0], undici: pool, disableRequestLogging: true });

  const tries = upstreams.length * 2;
  const forward = (request, reply) =>
    reply.from(request.url, {
      rewriteRequestHeaders: (req, headers) => ({
        ...headers,
        host: req.headers.host,
        'x-forwarded-for': req.ip,
        'x-forwarded-host': req.headers.host,
        'x-forwarded-proto': 'http',
      }),
      retryDelay: ({ err, req, attempt }) => (err && RETRIED.has(req.method) && CONNECTION_ERRORS.has(err.code) && attempt < tries ? 20 : null),
      onError: (rep, { error }) => {
        const timedOut = error?.statusCode === 504;
        rep
          .code(timedOut ? 504 : 502)
          .type('text/plain; charset=utf-8')
          .send(timedOut ? 'The application did not answer in time.' : 'The application cannot be reached right now.');
      },
    });
  app.all('/*', (request, reply) => {
    try {
      return forward(request, reply);
    } catch {
      // reply-from refuses targets it cannot map safely (a `..` segment, a malformed escape).
      return reply.code(400).type('text/plain; charset=utf-8').send('Bad request.');
    }
  });

  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: `http://localhost:${port}`,
    served: () => Object.fromEntries(served),
    async close() {
      clearInterval(probe);
      await app.close();
      await pool.close().catch(() => pool.destroy());
    },
  };
}

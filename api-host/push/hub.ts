/**
 * The reference host's push hub: an ASP.NET Core SignalR endpoint (negotiate versions 0 and 1, JSON hub
 * protocol with its handshake, pings, close messages) over the Server-Sent Events and long-polling
 * transports, each paired with HTTP POST sends. WebSockets are not offered: the app's BFF forwards plain
 * HTTP only, so the token stays on the server.
 *
 * Routes, relative to the hub path (default /hubs/push):
 *   POST {hub}/negotiate?negotiateVersion=1  → connectionId, connectionToken, availableTransports
 *   GET  {hub}?id=…  Accept: text/event-stream → the event stream (one `data:` event per message)
 *   GET  {hub}?id=…  otherwise                → a long poll (first one answers at once; 204 = closed)
 *   POST {hub}?id=…                           → messages from the client (handshake, pings)
 *   DELETE {hub}?id=…                         → ends a long-polling connection (202)
 * Every request needs the bearer token (Authorization header or `access_token` query); a connection belongs
 * to the token's user, and only requests with a token of that same user may use it.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  HANDSHAKE_OK,
  MessageType,
  PING_FRAME,
  SSE_PREAMBLE,
  TRANSPORTS,
  closeFrame,
  completionErrorFrame,
  handshakeErrorFrame,
  invocationFrame,
  parseHandshake,
  parseMessage,
  splitFrames,
  sseEvent,
} from './protocol';
import type { PushOwner, PushSink } from '../core/push';

export interface HubOptions {
  /** Mount path of the hub. */
  path: string;
  /** A ping goes to every connection that has not been written to for this long (the JS client gives up after 30 s of silence). */
  keepAliveMs: number;
  /** A long poll without messages answers 200 empty after this long. */
  pollTimeoutMs: number;
  /** Time allowed between opening the transport and the handshake request. */
  handshakeTimeoutMs: number;
  /** Time allowed between negotiate and the transport request, and between two long polls. */
  transportTimeoutMs: number;
  /** Frames kept for a long-polling client between two polls; beyond it the connection is closed. */
  maxQueuedFrames: number;
  /** Bytes an event stream may have unsent before the client counts as too slow and is closed. */
  maxBufferedBytes: number;
  /** How often timers are checked. */
  sweepMs: number;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  path: '/hubs/push',
  keepAliveMs: 15_000,
  pollTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  transportTimeoutMs: 30_000,
  maxQueuedFrames: 1000,
  maxBufferedBytes: 1024 * 1024,
  sweepMs: 1000,
};

/** The verified token of a hub request: its owner and expiry (epoch ms). */
export interface Verified {
  owner: PushOwner;
  expiresAt: number;
}

export interface HubAuth {
  /** An app instance's own request (the service secret): its connection is owned by SERVICE_OWNER. */
  service?(request: FastifyRequest): boolean;
  /** Full check at negotiate: token valid and the user active. */
  negotiate(token: string): Promise<Verified | null>;
  /** Cheap check on every later request of a connection: token valid (its user is compared with the owner). */
  verify(token: string): Promise<Verified | null>;
}

const SEND_BODY_LIMIT = 64 * 1024;
/** At shutdown, connections still open this long after the streams were ended are closed. */
const SHUTDOWN_GRACE_MS = 1000;
const NO_STORE = 'no-cache, no-store';

type Transport = 'sse' | 'lp';

interface Poll {
  res: ServerResponse;
  timer: NodeJS.Timeout;
}

class Connection {
  readonly createdAt = Date.now();
  transport: Transport | null = null;
  transportAt = 0;
  handshaken = false;
  closedAt = 0;
  /** Time of the last write to the client (pings fill the silences). */
  lastWrite = Date.now();
  /** Long polling: when the last poll ended (or began, while one is open). */
  lastPoll = Date.now();
  sse: ServerResponse | null = null;
  poll: Poll | null = null;
  queue: string[] = [];
  /** An incomplete message at the end of the last send. */
  rest = '';

  constructor(
    readonly id: string,
    readonly token: string,
    readonly owner: PushOwner,
    readonly expiresAt: number,
  ) {}

  get closed(): boolean {
    return this.closedAt > 0;
  }
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const [, bearer] = (header && /^Bearer\s+(\S+)$/i.exec(header)) || [];
  if (bearer) return bearer;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.access_token;
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : null;
}

const newId = () => randomBytes(16).toString('base64url');

/** The owner of an app instance's connection: no user, role or firm, so no user's notice matches it; it never expires. */
export const SERVICE_OWNER: PushOwner = { user: 0, role: null, firm: 0, service: true };
const SERVICE_VERIFIED: Verified = { owner: SERVICE_OWNER, expiresAt: Number.POSITIVE_INFINITY };

export class PushHub implements PushSink {
  readonly options: HubOptions;
  private readonly connections = new Map<string, Connection>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly auth: HubAuth,
    options: Partial<HubOptions> = {},
  ) {
    this.options = { ...DEFAULT_HUB_OPTIONS, ...options };
    this.sweeper = setInterval(() => this.sweep(), this.options.sweepMs);
    this.sweeper.unref();
  }

  /** Open connections of users (handshake done, not closed; the app instances' own are not counted). */
  get size(): number {
    let n = 0;
    for (const c of this.connections.values()) if (c.handshaken && !c.closed && !c.owner.service) n++;
    return n;
  }

  send(to: (owner: PushOwner) => boolean, target: string, args: readonly unknown[]): number {
    const text = invocationFrame(target, args);
    let n = 0;
    for (const c of this.connections.values()) {
      if (!c.handshaken || c.closed || !to(c.owner)) continue;
      this.write(c, text);
      n++;
    }
    return n;
  }

  disconnect(which: (owner: PushOwner) => boolean): number {
    let n = 0;
    for (const c of [...this.connections.values()]) {
      // An app instance's connection is no session: ending sessions never closes it.
      if (c.closed || c.owner.service || !which(c.owner)) continue;
      this.close(c, { error: 'The session has ended.', allowReconnect: false });
      n++;
    }
    return n;
  }

  /** Closes every connection, telling clients they may reconnect (the host is stopping or restarting). */
  shutdown(): void {
    clearInterval(this.sweeper);
    for (const c of [...this.connections.values()]) this.close(c, { error: 'The server is shutting down.', allowReconnect: true });
    for (const c of [...this.connections.values()]) this.forget(c);
  }

  /** Adds the hub's routes to a fastify instance (in their own scope: the hub reads bodies as text). */
  mount(app: FastifyInstance): void {
    const { path } = this.options;
    app.addHook('preClose', (done) => {
      this.shutdown();
      // Clients that reconnect (the BFF's pooled agent among them) may leave sockets connected that never
      // carry a request; Node's server.close() waits for those without end. Give requests in flight a moment.
      const force = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      force.unref();
      app.server.once('close', () => clearTimeout(force));
      done();
    });
    void app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: SEND_BODY_LIMIT }, (_req, body, done) => done(null, body));
      scope.post(`${path}/negotiate`, (request, reply) => this.negotiate(request, reply));
      scope.get(path, (request, reply) => this.receive(request, reply));
      scope.post(path, { bodyLimit: SEND_BODY_LIMIT }, (request, reply) => this.receiveFromClient(request, reply));
      scope.delete(path, (request, reply) => this.terminate(request, reply));
      // Reference-host extension for tests and the benchmark: how many connections are open (administrators only).
      scope.get(`${path}/stats`, (request, reply) => this.stats(request, reply));
    });
  }

  // ── requests ──────────────────────────────────────────────────────────────

  private async negotiate(request: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', NO_STORE);
    const verified = await this.verify(request, 'negotiate');
    if (!verified) return reply.status(401).header('www-authenticate', 'Bearer').send({ error: 'Missing, expired or invalid token' });
    const requested = Number((request.query as Record<string, unknown>).negotiateVersion ?? 0);
    const version = Number.isInteger(requested) && requested >= 1 ? 1 : 0;
    const id = newId();
    // Version 0 clients use the connection id in the `id` query; version 1 a separate secret token.
    const connectionToken = version === 1 ? newId() : id;
    this.connections.set(connectionToken, new Connection(id, connectionToken, verified.owner, verified.expiresAt));
    return reply.send({
      connectionId: id,
      ...(version === 1 && { connectionToken }),
      negotiateVersion: version,
      availableTransports: [TRANSPORTS.ServerSentEvents, TRANSPORTS.LongPolling],
    });
  }

  /** The request's owner: an app instance by the service secret, else the bearer token's user. */
  private async verify(request: FastifyRequest, check: 'negotiate' | 'verify'): Promise<Verified | null> {
    if (this.auth.service?.(request)) return SERVICE_VERIFIED;
    const token = bearerOf(request);
    return token ? this.auth[check](token) : null;
  }

  /** Finds the connection of a request and checks its bearer; answers the error itself otherwise. */
  private async connectionOf(request: FastifyRequest, reply: FastifyReply): Promise<Connection | null> {
    reply.header('cache-control', NO_STORE);
    const id = (request.query as Record<string, unknown>).id;
    if (typeof id !== 'string' || !id) {
      void reply.status(400).type('text/plain').send('Connection ID required');
      return null;
    }
    const verified = await this.verify(request, 'verify');
    if (!verified) {
      void reply.status(401).header('www-authenticate', 'Bearer').send({ error: 'Missing, expired or invalid token' });
      return null;
    }
    const c = this.connections.get(id);
    if (!c || (c.closed && c.transport !== 'lp')) {
      void reply.status(404).type('text/plain').send('No Connection with that ID');
      return null;
    }
    if (c.owner.user !== verified.owner.user || c.owner.service !== verified.owner.service) {
      void reply.status(403).type('text/plain').send('Forbidden');
      return null;
    }
    return c;
  }

  private async receive(request: FastifyRequest, reply: FastifyReply) {
    const c = await this.connectionOf(request, reply);
    if (!c) return reply;
    const wantsStream = (request.headers.accept ?? '').includes('text/event-stream');
    if (wantsStream) return this.openStream(c, reply);
    return this.openPoll(c, reply);
  }

  private openStream(c: Connection, reply: FastifyReply) {
    if (c.closed) return reply.status(404).type('text/plain').send('No Connection with that ID');
    if (c.transport === 'sse') return reply.status(409).type('text/plain').send('An event stream is already open for this connection');
    if (c.transport) return reply.status(400).type('text/plain').send('Cannot change transports mid-connection');
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': NO_STORE,
      'x-accel-buffering': 'no',
    });
    res.write(SSE_PREAMBLE);
    c.transport = 'sse';
    c.transportAt = Date.now();
    c.sse = res;
    res.on('close', () => {
      // The client went away (or we ended the stream): the connection is over.
      if (!c.closed) this.close(c, { silent: true });
      this.forget(c);
    });
    for (const text of c.queue.splice(0)) this.write(c, text);
    return reply;
  }

  private openPoll(c: Connection, reply: FastifyReply) {
    if (c.transport === 'sse') return reply.status(400).type('text/plain').send('Cannot change transports mid-connection');
    const now = Date.now();
    c.lastPoll = now;
    if (!c.transport) {
      // The first poll only establishes the transport and answers at once, without data.
      c.transport = 'lp';
      c.transportAt = now;
      return reply.status(200).type('text/plain').send('');
    }
    if (c.poll) this.endPoll(c, 204); // a newer poll replaces the one still open
    reply.hijack();
    const res = reply.raw;
    const poll: Poll = { res, timer: setTimeout(() => this.flushPoll(c), this.options.pollTimeoutMs) };
    c.poll = poll;
    res.on('close', () => {
      if (c.poll === poll) {
        clearTimeout(poll.timer);
        c.poll = null;
        c.lastPoll = Date.now();
      }
    });
    if (c.queue.length || c.closed) this.flushPoll(c);
    return reply;
  }

  /** Answers the open poll with what is queued (200, possibly empty), or 204 once the connection is closed and drained. */
  private flushPoll(c: Connection) {
    const poll = c.poll;
    if (!poll) return;
    clearTimeout(poll.timer);
    c.poll = null;
    c.lastPoll = Date.now();
    if (!c.queue.length && c.closed) {
      poll.res.writeHead(204, { 'cache-control': NO_STORE }).end();
      this.forget(c);
      return;
    }
    const body = c.queue.splice(0).join('');
    poll.res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': NO_STORE }).end(body);
  }

  private endPoll(c: Connection, status: 204) {
    const poll = c.poll;
    if (!poll) return;
    clearTimeout(poll.timer);
    c.poll = null;
    if (!poll.res.headersSent) poll.res.writeHead(status, { 'cache-control': NO_STORE }).end();
  }

  private async receiveFromClient(request: FastifyRequest, reply: FastifyReply) {
    const c = await this.connectionOf(request, reply);
    if (!c) return reply;
    if (c.closed) return reply.status(404).type('text/plain').send('No Connection with that ID');
    const body = typeof request.body === 'string' ? request.body : '';
    const { frames, rest } = splitFrames(c.rest + body);
    c.rest = rest;
    if (c.rest.length > SEND_BODY_LIMIT) {
      this.close(c, { error: 'Message too large.' });
      return reply.status(200).send('');
    }
    for (const text of frames) {
      if (c.closed) break;
      this.handle(c, text);
    }
    return reply.status(200).type('text/plain').send('');
  }

  private handle(c: Connection, text: string) {
    if (!c.handshaken) {
      const hs = parseHandshake(text);
      if (!hs.ok) {
        this.write(c, handshakeErrorFrame(hs.error));
        this.close(c, { silent: true });
        return;
      }
      c.handshaken = true;
      this.write(c, HANDSHAKE_OK);
      return;
    }
    const message = parseMessage(text);
    if (!message) {
      this.close(c, { error: 'Connection closed with an error: invalid message.' });
      return;
    }
    switch (message.type) {
      case MessageType.Ping:
        return;
      case MessageType.Close:
        this.close(c, { silent: true });
        return;
      case MessageType.Invocation:
      case MessageType.StreamInvocation:
        // This hub only pushes; it has no methods a client could call.
        if (message.invocationId)
          this.write(
            c,
            completionErrorFrame(message.invocationId, `Failed to invoke '${message.target ?? ''}' because it does not exist.`),
          );
        return;
      default:
        // Cancel invocation, completions, acks and sequence messages need no action here.
        return;
    }
  }

  private async terminate(request: FastifyRequest, reply: FastifyReply) {
    const c = await this.connectionOf(request, reply);
    if (!c) return reply;
    if (c.transport !== 'lp')
      return reply.status(400).type('text/plain').send('Cannot terminate this connection using the DELETE endpoint.');
    c.queue.length = 0;
    if (!c.closed) this.close(c, { silent: true });
    this.endPoll(c, 204);
    this.forget(c);
    return reply.status(202).type('text/plain').send('');
  }

  private async stats(request: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', NO_STORE);
    const token = bearerOf(request);
    const verified = token ? await this.auth.verify(token) : null;
    if (!verified) return reply.status(401).send({ error: 'Missing, expired or invalid token' });
    if (verified.owner.role !== 1 && verified.owner.role !== 2) return reply.status(403).send({ error: 'Forbidden' });
    // Users' connections: the app instances' own (settings notices) are not counted.
    let sse = 0;
    let longPolling = 0;
    let pending = 0;
    for (const c of this.connections.values()) {
      if (c.owner.service) continue;
      if (c.closed || !c.handshaken) pending++;
      else if (c.transport === 'sse') sse++;
      else longPolling++;
    }
    return { connections: sse + longPolling, sse, longPolling, pending };
  }

  // ── connection state ──────────────────────────────────────────────────────

  private write(c: Connection, text: string) {
    c.lastWrite = Date.now();
    if (c.transport === 'sse' && c.sse) {
      if (c.sse.writableLength > this.options.maxBufferedBytes) this.close(c, { silent: true });
      else c.sse.write(sseEvent(text));
      return;
    }
    c.queue.push(text);
    if (c.queue.length > this.options.maxQueuedFrames) {
      c.queue.length = 0;
      this.close(c, { silent: true });
      return;
    }
    if (c.poll) this.flushPoll(c);
  }

  /**
   * Ends a connection. Unless `silent`, a close message goes out first (with the error and whether the
   * client may reconnect). An event stream ends at once; a long-polling client collects what is queued
   * with its next poll and then gets 204.
   */
  private close(c: Connection, how: { error?: string; allowReconnect?: boolean; silent?: boolean }) {
    if (c.closed) return;
    if (!how.silent && c.handshaken) this.write(c, closeFrame(how.error, how.allowReconnect));
    c.closedAt = Date.now();
    if (c.sse) {
      const res = c.sse;
      c.sse = null;
      res.end();
      this.forget(c);
    } else if (c.transport === 'lp') {
      if (c.poll) this.flushPoll(c);
    } else {
      this.forget(c);
    }
  }

  private forget(c: Connection) {
    if (this.connections.get(c.token) === c) this.connections.delete(c.token);
    if (c.poll) this.endPoll(c, 204);
  }

  private sweep() {
    const now = Date.now();
    const o = this.options;
    for (const c of [...this.connections.values()]) {
      if (c.closed) {
        if (now - c.closedAt > o.transportTimeoutMs) this.forget(c);
        continue;
      }
      if (c.expiresAt <= now) {
        this.close(c, { error: 'The token has expired.', allowReconnect: false });
        continue;
      }
      if (!c.transport) {
        if (now - c.createdAt > o.transportTimeoutMs) this.forget(c);
        continue;
      }
      if (!c.handshaken) {
        if (now - c.transportAt > o.handshakeTimeoutMs) this.close(c, { silent: true });
        continue;
      }
      if (c.transport === 'lp' && !c.poll && now - c.lastPoll > o.transportTimeoutMs) {
        this.close(c, { silent: true });
        this.forget(c);
        continue;
      }
      if (now - c.lastWrite >= o.keepAliveMs) this.write(c, PING_FRAME);
    }
  }
}

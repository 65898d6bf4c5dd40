/**
 * The reference API host: serves every implemented contract call under /api/ and /auth/, verifies the
 * bearer, enforces each call's access and the caller's firm scope, and validates input with the contract.
 */
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import pino, { type Logger } from 'pino';
import type { z } from 'zod';
import type { SessionProfile } from '../lib/contract/auth';
import { TAB_HEADER } from '../lib/push/changes';
import { CLIENT_ADDRESS_HEADER, SERVICE_SECRET_HEADER, type CallDef, type ErrorBody, type ResponseOf } from '../lib/contract/define';
import { tokenStanding } from './auth/sessions';
import type { Db } from './db';
import { REQUEST_ID_HEADER, isRequestId } from '../lib/log/request-id';
import { requestContext } from './log/logger';
import { fromTab } from './hub/changes';
import type { PushSink } from './hub/types';
import type { TokenService } from './tokens';
import { reachOf } from './users/reach';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Record') => new HttpError(404, `${what} not found`);
export const forbidden = (message = 'You do not have permission for this call') => new HttpError(403, message);
/** A change that lost a race or no longer applies (the record changed meanwhile); the message says what happened. */
export const conflict = (message: string) => new HttpError(409, message);
export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) => new HttpError(400, message, fieldErrors);

/** Who is calling: the verified token's profile and the firms that user may access. */
export interface Caller {
  profile: SessionProfile;
  user: number;
  /** The user's main location now, from the database like the role (the token's `firm` may be stale after a move). */
  firm: number;
  /** The user's role now, from the database (a role change applies at once, whatever the token says). */
  role: number | null;
  /** The token's id (jti). */
  tokenId: string;
  /** Firms whose records the caller may read or change: their locations and every firm below them (users/reach.ts). */
  firms: ReadonlySet<number>;
}

export interface HostContext {
  db: Db;
  tokens: TokenService;
  /** Where uploaded files are kept, one folder per firm (api-host/files). */
  filesDir: string;
  /** The shared secret of calls with access 'service' (APP_LOG_SECRET); without it they answer 401. */
  serviceSecret?: string;
  /** The key a firm's ALLDATA tokens are sealed with at rest (API_HOST_ALLDATA_KEY; alldata/token-box.ts). */
  alldataKey?: string;
  /** The host's logger (api-host/log/logger.ts), writing to the application log; silent when absent. */
  log?: Logger;
  /** The app's public origin, for links in mails (APP_PUBLIC_URL). */
  appUrl?: string;
  /** The push hub, once mounted (api-host/hub); calls that cause push messages send through it. */
  push?: PushSink;
}

export interface HandlerInput<C extends CallDef> {
  query: z.output<C['query']>;
  body: z.output<C['body']>;
  caller: C['access'] extends 'anonymous' | 'service' ? Caller | null : Caller;
  ctx: HostContext;
  request: FastifyRequest;
  /** For calls that answer something other than JSON (transport 'binary'). */
  reply: FastifyReply;
}

export interface Implementation {
  call: CallDef;
  handler: (input: HandlerInput<CallDef>) => unknown;
}

export function implement<C extends CallDef>(
  call: C,
  handler: (input: HandlerInput<C>) => Promise<ResponseOf<C>> | ResponseOf<C>,
): Implementation {
  return { call, handler: handler as Implementation['handler'] };
}

/** Roles 1 and 2 administer every firm they can reach. */
export const isAdministrator = (caller: Caller) => caller.role === 1 || caller.role === 2;

/** Throws 404 unless the caller may access the firm: other firms' records are not acknowledged. */
export function assertFirm(caller: Caller, firm: number, what = 'Record'): void {
  if (!caller.firms.has(firm)) throw notFound(what);
}

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) (out[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return out;
}

async function identify(ctx: HostContext, request: FastifyRequest): Promise<Caller | null> {
  const header = request.headers.authorization;
  const match = header && /^Bearer (.+)$/i.exec(header);
  if (!match) return null;
  const token = await ctx.tokens.verify(match[1]);
  if (!token) return null;
  // The user must still exist and be active, and the token must not have been revoked (auth/sessions.ts).
  const standing = tokenStanding(ctx.db, token);
  if (!standing) return null;
  return { profile: token, user: token.user, firm: standing.firm, role: standing.role, tokenId: token.jti, firms: reachOf(ctx.db, token.user) };
}

/** A request of the app's own server: the service secret header equals the configured secret (constant time). */
export function isService(ctx: HostContext, request: FastifyRequest): boolean {
  const sent = request.headers[SERVICE_SECRET_HEADER];
  if (!ctx.serviceSecret || typeof sent !== 'string') return false;
  const a = createHash('sha256').update(sent).digest();
  const b = createHash('sha256').update(ctx.serviceSecret).digest();
  return timingSafeEqual(a, b);
}

/**
 * The address a request stands for. The app server calls on behalf of browsers, all from its own address:
 * with the service secret it names the client (CLIENT_ADDRESS_HEADER: an IP address, or `unknown` when it
 * cannot tell, answered null). Anyone else is their own socket address; a client address they claim is ignored.
 */
export function clientAddressOf(ctx: HostContext, request: FastifyRequest): string | null {
  const named = request.headers[CLIENT_ADDRESS_HEADER];
  if (typeof named !== 'string' || !isService(ctx, request)) return request.ip;
  if (named === 'unknown') return null;
  return isIP(named) ? named : request.ip;
}

/**
 * A database error a request's own text caused (an FTS5 query the text broke, a string it ended early): the
 * request was bad, not the host. SQLite reports them as syntax errors of the statement that ran.
 */
const isInputSyntaxError = (error: Error & { code?: string }) =>
  error.name === 'SqliteError' && error.code === 'SQLITE_ERROR' && /^fts5: |syntax error|unterminated string|unrecognized token/i.test(error.message);

const SILENT = pino({ enabled: false });
/** The host's logger, or a silent one (tests build hosts without one). */
export const hostLog = (ctx: HostContext, area?: string): Logger => (area ? (ctx.log ?? SILENT).child({ area }) : (ctx.log ?? SILENT));

export interface BuildOptions {
  /** Largest accepted body, in bytes. */
  bodyLimit?: number;
}

export function buildServer(ctx: HostContext, implementations: readonly Implementation[], opts: BuildOptions = {}): FastifyInstance {
  // The host's own logger when it has one (errors reach the application log); requests are not logged one by one.
  const app: FastifyInstance = Fastify({
    ...(ctx.log ? { loggerInstance: ctx.log as FastifyBaseLogger, logController: new LogController({ disableRequestLogging: true }) } : { logger: false }),
    bodyLimit: opts.bodyLimit ?? 1024 * 1024,
    // The app's request id (X-Request-Id) when it sent a well-formed one, so both logs name the same request.
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return isRequestId(typeof given === 'string' ? given : undefined) ? (given as string) : randomUUID();
    },
  });
  // One line per request at debug level (API_HOST_LOG_LEVEL=debug), with its id, status and time.
  if (ctx.log?.isLevelEnabled('debug'))
    app.addHook('onResponse', async (request, reply) => {
      request.log.debug({ status: reply.statusCode, ms: Math.round(reply.elapsedTime), title: `${request.method} ${request.url.split('?')[0]}` }, 'request completed');
    });
  // Multipart bodies are read by the calls that take them (transport 'multipart'), part by part.
  void app.register(multipart);

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof HttpError) {
      const body: ErrorBody = { error: error.message, ...(error.fieldErrors && { fieldErrors: error.fieldErrors }) };
      return reply.status(error.status).send(body);
    }
    if (isInputSyntaxError(error)) {
      request.log.warn({ title: `${request.method} ${request.url.split('?')[0]}`, err: error }, 'A request the database could not read: %s', error.message);
      return reply.status(400).send({ error: 'The search text could not be read. Remove unusual characters and try again.' });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error, title: `${request.method} ${request.url.split('?')[0]}` }, error.message);
    return reply.status(status).send({ error: status === 500 ? 'Internal error' : error.message });
  });
  app.setNotFoundHandler((_req, reply) => reply.status(404).send({ error: 'Unknown call' }));

  app.get('/health', () => ({ ok: true }));

  for (const { call, handler } of implementations) {
    app.route({
      method: call.method,
      url: `/${call.host}/${call.path}`,
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (call.access === 'service' && !isService(ctx, request)) throw new HttpError(401, 'Missing or wrong service secret');
        const caller = call.access === 'service' ? null : await identify(ctx, request);
        if (call.access !== 'anonymous' && call.access !== 'service') {
          if (!caller) throw new HttpError(401, 'Missing, expired or invalid token');
          if (Array.isArray(call.access) && (caller.role == null || !call.access.includes(caller.role))) throw forbidden();
        }
        if (call.transport === 'multipart' && !request.isMultipart()) throw badRequest('Send the files as multipart/form-data.');
        const query = call.query.safeParse(request.query ?? {});
        if (!query.success) throw badRequest('Invalid query', fieldErrors(query.error));
        const bodyless = call.method === 'GET' || call.transport === 'multipart';
        const body = call.body.safeParse(bodyless ? {} : (request.body ?? {}));
        if (!body.success) throw badRequest('Invalid body', fieldErrors(body.error));
        return requestContext.run({ reqId: request.id }, () =>
          fromTab(request.headers[TAB_HEADER], () => handler({ query: query.data, body: body.data, caller: caller as Caller, ctx, request, reply })),
        );
      },
    });
  }
  return app;
}

/** The answer of save calls whose shape the specification does not show. */
export const OK = { success: true } as const;

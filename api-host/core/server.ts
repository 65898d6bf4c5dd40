/**
 * The reference API host: serves every implemented contract call under /api/ and /auth/, verifies the
 * bearer, enforces each call's access and the caller's firm scope, and validates input with the contract.
 * Built by the host's entry points (api-host/main.ts, the test host) with every area's calls (api-host/areas.ts).
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { TAB_HEADER } from '../../lib/push/changes';
import type { ErrorBody } from '../../lib/contract/define';
import { REQUEST_ID_HEADER, isRequestId } from '../../lib/log/request-id';
import { tokenStanding } from '../auth/service';
import { fromTab } from '../push/service';
import { requestContext } from '../log/service';
import { isService, type Caller } from './caller';
import type { HostContext } from './context';
import { HttpError, badRequest, forbidden } from './errors';
import type { Implementation } from './implement';
import { reachOf } from './reach';

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) (out[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return out;
}

async function identify(ctx: HostContext, request: FastifyRequest): Promise<Caller | null> {
  const header = request.headers.authorization;
  const [, bearer] = (header && /^Bearer (.+)$/i.exec(header)) || [];
  if (!bearer) return null;
  const token = await ctx.tokens.verify(bearer);
  if (!token) return null;
  // The user must still exist and be active, and the token must not have been revoked (auth/sessions.ts).
  const standing = tokenStanding(ctx.db, token);
  if (!standing) return null;
  return {
    profile: token,
    user: token.user,
    firm: standing.firm,
    role: standing.role,
    tokenId: token.jti,
    firms: reachOf(ctx.db, token.user),
  };
}

/**
 * A database error a request's own text caused (an FTS5 query the text broke, a string it ended early): the
 * request was bad, not the host. SQLite reports them as syntax errors of the statement that ran.
 */
const isInputSyntaxError = (error: Error & { code?: string }) =>
  error.name === 'SqliteError' &&
  error.code === 'SQLITE_ERROR' &&
  /^fts5: |syntax error|unterminated string|unrecognized token/i.test(error.message);

export interface BuildOptions {
  /** Largest accepted body, in bytes. */
  bodyLimit?: number;
}

export function buildServer(ctx: HostContext, implementations: readonly Implementation[], opts: BuildOptions = {}): FastifyInstance {
  // The host's own logger when it has one (errors reach the application log); requests are not logged one by one.
  const app: FastifyInstance = Fastify({
    ...(ctx.log
      ? { loggerInstance: ctx.log as FastifyBaseLogger, logController: new LogController({ disableRequestLogging: true }) }
      : { logger: false }),
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
      request.log.debug(
        { status: reply.statusCode, ms: Math.round(reply.elapsedTime), title: `${request.method} ${request.url.split('?')[0]}` },
        'request completed',
      );
    });
  // Multipart bodies are read by the calls that take them (transport 'multipart'), part by part.
  void app.register(multipart);

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof HttpError) {
      const body: ErrorBody = { error: error.message, ...(error.fieldErrors && { fieldErrors: error.fieldErrors }) };
      return reply.status(error.status).send(body);
    }
    if (isInputSyntaxError(error)) {
      request.log.warn(
        { title: `${request.method} ${request.url.split('?')[0]}`, err: error },
        'A request the database could not read: %s',
        error.message,
      );
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
        // No body reads as an empty one; a JSON null is a body, and not the object every call takes.
        const body = call.body.safeParse(bodyless || request.body === undefined ? {} : request.body);
        if (!body.success) throw badRequest('Invalid body', fieldErrors(body.error));
        return requestContext.run({ reqId: request.id }, () =>
          fromTab(request.headers[TAB_HEADER], () =>
            handler({ query: query.data, body: body.data, caller: caller as Caller, ctx, request, reply }),
          ),
        );
      },
    });
  }
  return app;
}

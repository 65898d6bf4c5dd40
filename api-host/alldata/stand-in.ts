/**
 * The stand-in ALLDATA authorization server, so the product's OAuth client runs against the embedded
 * default and the tests run offline. OAuth 2.0 authorization code grant (RFC 6749 §4.1) with PKCE
 * (RFC 7636, S256 only), for one registered client and its registered redirect URIs:
 *
 *   GET  alldata/oauth/authorize   checks the request, shows the consent page (Allow / Deny)
 *   POST alldata/oauth/authorize   the decision: back to the redirect URI with ?code&state or ?error=access_denied&state
 *   POST alldata/oauth/token       authorization_code (code, redirect_uri, code_verifier) and refresh_token grants,
 *                                  HTTP Basic client authentication → {access_token, token_type, expires_in, refresh_token, scope}
 *   GET  alldata/repair/…?ticket=  a repair document, shown for a valid document ticket (issueDocumentTicket), else 401
 *
 * Codes live 60 seconds and are used once; a second use is refused (invalid_grant), as is a verifier that
 * does not match the challenge. A bad client or redirect URI never redirects (RFC 6749 §4.1.2.1).
 *
 * Document tickets stand in for ALLDATA's single sign-on into a document: the API (holding the firm's
 * access token) gets one for one document path; the browser brings it once, within TICKET_TTL_SECONDS.
 * The API calls these in process because the stand-in is part of the same host; against the real ALLDATA
 * the same two steps (refresh grant, ticket) are HTTP calls with the firm's bearer token.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { EMBEDDED_ALLDATA_CLIENT } from '../../lib/embedded-clients';
import type { Db } from '../core/db';
import { ALLDATA_SCOPE } from '../../lib/alldata/scope';
import { TICKET_TTL_SECONDS } from '../../lib/contract/alldata-account';
import { prepared } from '../core/sql';
import { basicClient, sameText } from '../vehicle-data/service';

export interface AlldataStandInOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: readonly string[];
  /** Access-token lifetime in seconds. */
  tokenTtl: number;
}

const env = z.object({
  API_HOST_ALLDATA_CLIENT_ID: z.string().min(1).default(EMBEDDED_ALLDATA_CLIENT.id),
  API_HOST_ALLDATA_CLIENT_SECRET: z.string().min(8).default(EMBEDDED_ALLDATA_CLIENT.secret),
  API_HOST_ALLDATA_REDIRECT_URIS: z.string().optional(),
  API_HOST_ALLDATA_TOKEN_TTL: z.coerce.number().int().min(1).max(86_400).default(3600),
});

/** The stand-in's settings from the host's environment (index.ts lists them). */
export const standInEnv = () => env.parse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));

/** Where the stand-in serves repair documents (ALLDATA_URL + ALLDATA_DOCUMENT_PATH on the embedded default). */
export const DOCUMENT_PREFIX = '/alldata/repair/';

export const CODE_TTL_MS = 60_000;
const REFRESH_TTL_MS = 30 * 24 * 3600_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;

type Params = Record<string, string | undefined>;

function page(title: string, body: string, nonce: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · ALLDATA</title><style nonce="${nonce}">
body{font:15px system-ui,sans-serif;margin:0;background:#f1f5f9;color:#0f172a}main{max-width:28rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:8px;border:1px solid #cbd5e1}
h1{font-size:1.3rem;margin-top:0}.row{display:flex;gap:.75rem;margin-top:1.25rem}button{padding:.6rem 1.1rem;border-radius:6px;font:inherit;cursor:pointer;border:1px solid #1d4ed8}
.allow{background:#1d4ed8;color:#fff}.deny{background:#fff;color:#1d4ed8}</style></head><body><main>${body}</main></body></html>`;
}

/** An HTML page; `returnTo` is the registered redirect URI a form may lead back to (CSP form-action covers redirects). */
function html(reply: FastifyReply, status: number, title: string, body: string, returnTo?: string) {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'${returnTo ? ` ${new URL(returnTo).origin}` : ''}; frame-ancestors 'none'`,
    )
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(page(title, body, nonce));
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  if (status === 401) reply.header('www-authenticate', 'Basic realm="ALLDATA"');
  return reply.status(status).header('cache-control', 'no-store').send({ error, error_description: description });
}

function back(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  return url.href;
}

function issueToken(db: Db, clientId: string, kind: 'access' | 'refresh', scope: string, ttlMs: number): string {
  const token = randomBytes(32).toString('base64url');
  prepared(db, 'INSERT INTO alldata_oauth_token (token_hash, kind, client_id, scope, expires_at) VALUES (?, ?, ?, ?, ?)').run(
    sha256(token),
    kind,
    clientId,
    scope,
    Date.now() + ttlMs,
  );
  return token;
}

function tokenSet(db: Db, opts: Pick<AlldataStandInOptions, 'clientId' | 'tokenTtl'>, scope: string) {
  return {
    access_token: issueToken(db, opts.clientId, 'access', scope, opts.tokenTtl * 1000),
    token_type: 'Bearer',
    expires_in: opts.tokenTtl,
    refresh_token: issueToken(db, opts.clientId, 'refresh', scope, REFRESH_TTL_MS),
    scope,
  };
}

/** The refresh_token grant: new tokens for an unused, unexpired refresh token (which is used up), else null. */
export function refreshGrant(db: Db, opts: Pick<AlldataStandInOptions, 'clientId' | 'tokenTtl'>, refreshToken: string) {
  const hash = sha256(refreshToken);
  const row = prepared<{ scope: string; expires_at: number; used_at: number | null }>(
    db,
    "SELECT scope, expires_at, used_at FROM alldata_oauth_token WHERE token_hash = ? AND kind = 'refresh'",
  ).get(hash);
  const now = Date.now();
  if (!row || row.used_at || row.expires_at <= now) return null;
  prepared(db, 'UPDATE alldata_oauth_token SET used_at = ? WHERE token_hash = ?').run(now, hash);
  return tokenSet(db, opts, row.scope);
}

/** A single-use ticket for one document path, made with a live access token; null when the token is unknown or expired. */
export function issueDocumentTicket(db: Db, accessToken: string, documentPath: string): { ticket: string; expiresAt: number } | null {
  const now = Date.now();
  const live = prepared(db, "SELECT 1 FROM alldata_oauth_token WHERE token_hash = ? AND kind = 'access' AND expires_at > ?")
    .pluck()
    .get(sha256(accessToken), now);
  if (!live) return null;
  prepared(db, 'DELETE FROM alldata_document_ticket WHERE expires_at < ?').run(now - 3600_000);
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = now + TICKET_TTL_SECONDS * 1000;
  prepared(db, 'INSERT INTO alldata_document_ticket (ticket_hash, path, expires_at) VALUES (?, ?, ?)').run(
    sha256(ticket),
    documentPath,
    expiresAt,
  );
  return { ticket, expiresAt };
}

/** Claims a ticket for a path: true once for a valid one (it is used up), false when missing, used, expired or for another path. */
function claimTicket(db: Db, ticket: string, path: string): boolean {
  const now = Date.now();
  const claimed = prepared(
    db,
    'UPDATE alldata_document_ticket SET used_at = ? WHERE ticket_hash = ? AND path = ? AND used_at IS NULL AND expires_at > ?',
  ).run(now, sha256(ticket), path, now);
  return claimed.changes === 1;
}

export function mountAlldataStandIn(app: FastifyInstance, db: Db, opts: AlldataStandInOptions): void {
  /** The request's problem that must not redirect (unknown client or redirect URI), else null. */
  const clientProblem = (p: Params) =>
    p.client_id !== opts.clientId
      ? 'Unknown client.'
      : !p.redirect_uri || !opts.redirectUris.includes(p.redirect_uri)
        ? 'This redirect URI is not registered for the client.'
        : null;
  /** The request's problem that goes back to the client (RFC 6749 §4.1.2.1), else null. */
  const requestProblem = (p: Params) =>
    p.response_type !== 'code'
      ? 'unsupported_response_type'
      : !p.code_challenge || !PKCE_VALUE.test(p.code_challenge) || p.code_challenge_method !== 'S256'
        ? 'invalid_request'
        : p.scope && p.scope.split(' ').some((s) => s !== ALLDATA_SCOPE)
          ? 'invalid_scope'
          : null;

  const tokens = (scope: string) => tokenSet(db, opts, scope);

  void app.register(
    async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );

      scope.get('/oauth/authorize', async (request, reply) => {
        const p = request.query as Params;
        const bad = clientProblem(p);
        if (bad) return html(reply, 400, 'Authorization request refused', `<h1>Authorization request refused</h1><p>${esc(bad)}</p>`);
        const error = requestProblem(p);
        if (error) return reply.redirect(back(p.redirect_uri!, { error, state: p.state }), 303);
        const hidden = ['client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'scope', 'response_type']
          .map((k) => `<input type="hidden" name="${k}" value="${esc(p[k] ?? '')}">`)
          .join('');
        return html(
          reply,
          200,
          'Allow access',
          `<h1>Allow ADAS Desk to use your ALLDATA account?</h1>
<p>ADAS Desk asks to read ALLDATA repair information (OEM procedures) for your shop. You can disconnect it at any time.</p>
<form method="post" action="authorize">${hidden}<div class="row">
<button class="allow" name="decision" value="allow">Allow</button><button class="deny" name="decision" value="deny">Deny</button></div></form>`,
          p.redirect_uri,
        );
      });

      scope.post('/oauth/authorize', async (request, reply) => {
        const p = (request.body ?? {}) as Params;
        const bad = clientProblem(p);
        if (bad) return html(reply, 400, 'Authorization request refused', `<h1>Authorization request refused</h1><p>${esc(bad)}</p>`);
        const error = requestProblem(p) ?? (p.decision === 'allow' ? null : 'access_denied');
        if (error) return reply.redirect(back(p.redirect_uri!, { error, state: p.state }), 303);
        const code = randomBytes(32).toString('base64url');
        prepared(
          db,
          'INSERT INTO alldata_oauth_code (code_hash, client_id, redirect_uri, code_challenge, scope, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
        ).run(sha256(code), opts.clientId, p.redirect_uri!, p.code_challenge!, p.scope || ALLDATA_SCOPE, Date.now() + CODE_TTL_MS);
        return reply.redirect(back(p.redirect_uri!, { code, state: p.state }), 303);
      });

      scope.post('/oauth/token', async (request, reply) => {
        const client = basicClient(request.headers.authorization);
        if (!client || !sameText(client.id, opts.clientId) || !sameText(client.secret, opts.clientSecret))
          return oauthError(reply, 401, 'invalid_client', 'Client authentication failed');
        const form = (request.body ?? {}) as Params;
        const now = Date.now();
        prepared(db, 'DELETE FROM alldata_oauth_token WHERE expires_at < ?').run(now - 24 * 3600_000);
        reply.header('cache-control', 'no-store');

        if (form.grant_type === 'authorization_code') {
          const row = prepared<{ redirect_uri: string; code_challenge: string; scope: string; expires_at: number; used_at: number | null }>(
            db,
            'SELECT redirect_uri, code_challenge, scope, expires_at, used_at FROM alldata_oauth_code WHERE code_hash = ?',
          ).get(sha256(form.code ?? ''));
          if (!row) return oauthError(reply, 400, 'invalid_grant', 'Unknown authorization code');
          if (row.used_at) return oauthError(reply, 400, 'invalid_grant', 'The authorization code was already used');
          // Used from here on, whatever the outcome: a code is worth one attempt.
          prepared(db, 'UPDATE alldata_oauth_code SET used_at = ? WHERE code_hash = ?').run(now, sha256(form.code!));
          if (row.expires_at <= now) return oauthError(reply, 400, 'invalid_grant', 'The authorization code expired');
          if (form.redirect_uri !== row.redirect_uri)
            return oauthError(reply, 400, 'invalid_grant', 'The redirect URI does not match the authorization request');
          if (!form.code_verifier || !PKCE_VALUE.test(form.code_verifier) || s256(form.code_verifier) !== row.code_challenge)
            return oauthError(reply, 400, 'invalid_grant', 'The code verifier does not match the code challenge');
          return tokens(row.scope);
        }

        if (form.grant_type === 'refresh_token') {
          const rotated = refreshGrant(db, opts, form.refresh_token ?? '');
          return rotated ?? oauthError(reply, 400, 'invalid_grant', 'The refresh token is unknown, used or expired');
        }

        return oauthError(reply, 400, 'unsupported_grant_type', 'Only authorization_code and refresh_token are supported');
      });

      scope.get('/repair/*', async (request, reply) => {
        const { ticket } = request.query as Params;
        const path = new URL(request.url, 'http://host').pathname;
        if (!ticket || !claimTicket(db, ticket, path))
          return html(
            reply,
            401,
            'Sign-in required',
            '<h1>This ALLDATA link cannot be opened</h1><p>The document ticket is missing, already used or expired. Open the OEM procedure again from ADAS Desk.</p>',
          );
        const document = decodeURIComponent(path.slice(DOCUMENT_PREFIX.length))
          .replace(/[-_/]+/g, ' ')
          .trim();
        return html(reply, 200, 'ALLDATA document', `<h1>ALLDATA document</h1><p>Repair information: ${esc(document)}</p>`);
      });
    },
    { prefix: '/alldata' },
  );
}

/**
 * Signing in with a username and password, read once. next-auth parses the request and hands the
 * credentials provider's `authorize` the values it parsed; `passwordSignIn` (that step) throttles
 * (lib/auth/throttle.ts), counts and asks the auth host with exactly those values. Whatever shape a request
 * has, a value that reaches the auth host has been counted under that same value.
 *
 * The route (app/api/auth/[...nextauth]) also accepts only the login form's shape, so next-auth never sees
 * another: a POST to exactly callback/credentials (or callback/sso) of `application/x-www-form-urlencoded`
 * (optionally `; charset=utf-8`) with each field once. The answer is dressed here: 429 with Retry-After for
 * a throttled attempt, and the device cookie after a success.
 *
 * The auth host sees every sign-in coming from this server, so the server tells it who the client is: the
 * service secret (APP_LOG_SECRET) and the client's address as determined here (or `unknown`), so the host's
 * own per-address limit counts browsers, never all users at once (api-host/auth/throttle.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { User } from 'next-auth';
import { NextRequest } from 'next/server';
import { UpstreamError } from '../api/errors';
import { callUpstream } from '../api/upstream';
import { config } from '../config';
import { contract } from '../contract';
import { REQUEST_ID_HEADER, isRequestId } from '../log/request-id';
import { CLIENT_ADDRESS_HEADER, SERVICE_SECRET_HEADER } from '../contract/define';
import { profileFromToken } from './jwt';
import { beginAttempt, clientAddress, deviceSetCookie, knownDevice, normalUsername } from './throttle';

/** What the credentials step tells the route about the request it ran in. */
interface Outcome {
  refusal?: { message: string; waitMs: number | null };
  signedIn?: { username: string; device: string | null };
}
const outcomes = new AsyncLocalStorage<Outcome>();

export const WRONG_CREDENTIALS = 'The username or password is incorrect.';
/** The largest sign-in form accepted (the real one is a few hundred bytes). */
const FORM_LIMIT = 16 * 1024;

type TokenAnswer = { success: false; reason: string } | { success?: true; token: string };

/** The next-auth user of an auth host's answer; a failed sign-in passes the host's reason to the form. */
export function userFrom(answer: TokenAnswer): User {
  if (!('token' in answer)) throw new Error(answer.reason);
  const profile = profileFromToken(answer.token);
  return { id: String(profile.user), apiToken: answer.token, profile };
}

/** The service secret and the client's address, for the auth host (nothing without a configured secret). */
function forTheHost(address: string | null): Record<string, string> {
  const secret = config().APP_LOG_SECRET;
  return secret ? { [SERVICE_SECRET_HEADER]: secret, [CLIENT_ADDRESS_HEADER]: address ?? 'unknown' } : {};
}

/**
 * The credentials provider's `authorize`: `credentials` as next-auth parsed them, `headers` the request's.
 * Throttled and counted under the username it sends to the auth host; an empty field is a counted failure.
 */
export async function passwordSignIn(
  credentials: Partial<Record<string, unknown>> | undefined,
  headers: Record<string, unknown> | undefined,
): Promise<User> {
  const outcome = outcomes.getStore() ?? {};
  const header = (name: string) => (typeof headers?.[name] === 'string' ? (headers[name] as string) : null);
  const username = normalUsername(credentials?.username);
  const password = typeof credentials?.password === 'string' ? credentials.password : '';
  const device = knownDevice(header('cookie'), username);
  const address = clientAddress(header('x-forwarded-for'));

  const started = await beginAttempt(username, device, address);
  if ('refused' in started) {
    outcome.refusal = started.refused;
    throw new Error(started.refused.message);
  }
  let answer: TokenAnswer;
  try {
    // The request's id (set by proxy.ts), so the host's lines of this sign-in can be found beside the app's.
    const requestId = header(REQUEST_ID_HEADER) ?? undefined;
    answer =
      username && password
        ? await callUpstream(
            contract.auth.getToken,
            { body: { username, password }, headers: forTheHost(address) },
            undefined,
            isRequestId(requestId) ? requestId : undefined,
          )
        : { success: false, reason: WRONG_CREDENTIALS };
  } catch (e) {
    await started.attempt.failed();
    // The auth host's own limit: said as this server's would be.
    if (e instanceof UpstreamError && e.kind === 'too-many') outcome.refusal = { message: e.message, waitMs: null };
    throw e;
  }
  if (!('token' in answer)) {
    await started.attempt.failed();
    throw new Error(answer.reason);
  }
  await started.attempt.succeeded();
  outcome.signedIn = { username, device };
  return userFrom(answer);
}

// ── the route's request shape and answer ───────────────────────────────────────────────────────────
/** next-auth actions that take a second path segment (the provider, or the error code). */
const TWO_SEGMENT_ACTIONS = new Set(['signin', 'callback', 'error']);
/** Providers whose callback is a form POST (credentials-type). */
const FORM_CALLBACKS = new Set(['credentials', 'sso']);
/**
 * The login form's type: a form, in UTF-8 if a charset is named at all. The media type is matched as
 * next-auth reads it (lower case, as browsers send it), so a type it would not read as a form never reaches it.
 */
function isLoginFormType(type: string | null): boolean {
  const [media = '', charset, ...more] = (type ?? '').split(';');
  return (
    media.trim() === 'application/x-www-form-urlencoded' &&
    (charset === undefined || (more.length === 0 && /^\s*charset\s*=\s*"?utf-8"?\s*$/i.test(charset)))
  );
}

const refuse = (status: number, error: string, headers: Record<string, string> = {}) =>
  Response.json({ error }, { status, headers: { 'Cache-Control': 'private, no-store', ...headers } });

/** The body as text, or null past FORM_LIMIT. */
async function formText(req: Request): Promise<string | null> {
  if (Number(req.headers.get('content-length') ?? 0) > FORM_LIMIT) return null;
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > FORM_LIMIT) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Whether any field appears twice (next-auth would keep the last one). */
function hasRepeatedField(text: string): boolean {
  const keys = [...new URLSearchParams(text).keys()];
  return new Set(keys).size !== keys.length;
}

/**
 * Wraps next-auth's handler: refuses request shapes other than the login form's, runs the callback with
 * the credentials step's outcome at hand, answers a throttled attempt 429, and marks the browser a known
 * device of the user after a successful sign-in.
 */
export async function signInRoute(req: Request, segments: readonly string[], run: (req: Request) => Promise<Response>): Promise<Response> {
  const [action = '', provider = ''] = segments;
  if (segments.length > (TWO_SEGMENT_ACTIONS.has(action) ? 2 : 1)) return refuse(404, 'Not found.');
  if (!(action === 'callback' && FORM_CALLBACKS.has(provider))) return run(req);
  if (req.method !== 'POST') return refuse(405, 'Sign in with a POST of the sign-in form.', { Allow: 'POST' });
  if (!isLoginFormType(req.headers.get('content-type')))
    return refuse(415, 'Sign in with the sign-in form (application/x-www-form-urlencoded).');
  const text = await formText(req);
  if (text === null) return refuse(413, 'The sign-in form is too large.');
  if (hasRepeatedField(text)) return refuse(400, 'Send each field of the sign-in form once.');

  const outcome: Outcome = {};
  const res = await outcomes.run(outcome, () => run(new NextRequest(req.url, { method: 'POST', headers: req.headers, body: text })));
  if (outcome.refusal) {
    const { message, waitMs } = outcome.refusal;
    const url = new URL(`/login?error=${encodeURIComponent(message)}`, req.url).toString();
    return Response.json(
      { url, error: message },
      {
        status: 429,
        headers: { 'Cache-Control': 'private, no-store', ...(waitMs && { 'Retry-After': String(Math.ceil(waitMs / 1000)) }) },
      },
    );
  }
  if (!outcome.signedIn) return res;
  const headers = new Headers(res.headers);
  headers.append('set-cookie', deviceSetCookie(outcome.signedIn.username, outcome.signedIn.device));
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

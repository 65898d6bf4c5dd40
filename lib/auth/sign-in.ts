/**
 * Signing in with a username and password, read once. next-auth parses the request and hands the
 * credentials provider's `authorize` the values it parsed; `passwordSignIn` (that step) throttles
 * (lib/auth/throttle.ts), counts and asks the auth host with exactly those values. Whatever shape a request
 * has, a value that reaches the auth host has been counted under that same value.
 *
 * The route (app/api/auth/[...nextauth]) also accepts only the login form's shape, so next-auth never sees
 * another: a POST to exactly callback/credentials (or callback/sso) of `application/x-www-form-urlencoded`
 * (optionally `; charset=utf-8`) with each field once. Every other next-auth POST (sign-out, the CSRF and
 * session reads, _log…) is a form too, as next-auth's own forms and lib/auth/client.ts send it: any other
 * type is refused (415) before next-auth reads the body. The answer is dressed here: 429 with Retry-After
 * and the user's text for a throttled attempt, and the device cookie after a success. The credentials step
 * throws only texts meant for the user: anything else that goes wrong is logged and said as SIGN_IN_FAILED.
 *
 * An attempt with an empty field is counted like any other and answered no sooner than the auth host
 * answers one (its recent average), so it costs a client what a real attempt costs.
 *
 * The auth host sees every sign-in coming from this server, so the server tells it who the client is: the
 * service secret (APP_LOG_SECRET, lib/api/upstream.ts), the client's address as determined here, and whether
 * the browser is a known device of the user, so the host's own limits count browsers, never all users at
 * once, and never hold a user's own browser to what strangers did (api-host/auth/throttle.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { User } from 'next-auth';
import { NextRequest } from 'next/server';
import { UpstreamError } from '../api/errors';
import { callUpstream } from '../api/upstream';
import { contract } from '../contract';
import { log } from '../log/logger';
import { REQUEST_ID_HEADER, isRequestId } from '../log/request-id';
import { CLIENT_ADDRESS_HEADER, CLIENT_DEVICE_HEADER, KNOWN_DEVICE } from '../contract/define';
import { profileFromToken } from './jwt';
import { beginAttempt, clientAddress, deviceSetCookie, knownDevice, normalUsername } from './throttle';

/** What the credentials step tells the route about the request it ran in. */
interface Outcome {
  refusal?: { message: string; waitMs: number | null };
  signedIn?: { username: string; device: string | null };
}
const outcomes = new AsyncLocalStorage<Outcome>();

export const WRONG_CREDENTIALS = 'The username or password is incorrect.';
/** What the sign-in form says when something other than the credentials failed (logged with its cause). */
export const SIGN_IN_FAILED = 'Signing in is not possible right now. Please try again in a moment.';
/** The largest sign-in form accepted (the real one is a few hundred bytes). */
const FORM_LIMIT = 16 * 1024;

type TokenAnswer = { success: false; reason: string } | { success?: true; token: string };

/** The next-auth user of an auth host's answer; a failed sign-in passes the host's reason to the form. */
export function userFrom(answer: TokenAnswer): User {
  if (!('token' in answer)) throw new Error(answer.reason);
  const profile = profileFromToken(answer.token);
  return { id: String(profile.user), apiToken: answer.token, profile };
}

/** Who the client is, for the auth host (believed there only beside the service secret). */
function forTheHost(address: string | null, device: string | null): Record<string, string> {
  return { [CLIENT_ADDRESS_HEADER]: address ?? 'unknown', ...(device && { [CLIENT_DEVICE_HEADER]: KNOWN_DEVICE }) };
}

/** How long the auth host takes to answer a sign-in: a moving average of its recent answers. */
let hostAnswerMs = 0;
function timed<T>(work: Promise<T>): Promise<T> {
  const started = performance.now();
  return work.finally(() => {
    const ms = performance.now() - started;
    hostAnswerMs = hostAnswerMs ? hostAnswerMs * 0.8 + ms * 0.2 : ms;
  });
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An error whose message is meant for the user (the form shows it): the host's reasons and this module's texts. */
class ForTheUser extends Error {}

/**
 * The credentials provider's `authorize`: `credentials` as next-auth parsed them, `headers` the request's.
 * Throttled and counted under the username it sends to the auth host; an empty field is a counted failure.
 * Throws only texts meant for the user: next-auth shows a thrown message on the form.
 */
export async function passwordSignIn(
  credentials: Partial<Record<string, unknown>> | undefined,
  headers: Record<string, unknown> | undefined,
): Promise<User> {
  const outcome = outcomes.getStore() ?? {};
  const header = (name: string) => (typeof headers?.[name] === 'string' ? (headers[name] as string) : null);
  try {
    return await checkPassword(credentials, header, outcome);
  } catch (e) {
    if (e instanceof ForTheUser) throw e;
    if (e instanceof UpstreamError) {
      // The auth host's own limit: said as this server's would be.
      if (e.kind === 'too-many') outcome.refusal = { message: e.message, waitMs: e.retryAfterMs ?? null };
      throw new ForTheUser(e.message);
    }
    log().error({ err: e, reqId: header(REQUEST_ID_HEADER) ?? undefined, area: 'auth' }, 'Sign-in failed: %s', (e as Error)?.message);
    throw new ForTheUser(SIGN_IN_FAILED);
  }
}

async function checkPassword(
  credentials: Partial<Record<string, unknown>> | undefined,
  header: (name: string) => string | null,
  outcome: Outcome,
): Promise<User> {
  const username = normalUsername(credentials?.username);
  const password = typeof credentials?.password === 'string' ? credentials.password : '';
  const device = knownDevice(header('cookie'), username);
  const address = clientAddress(header('x-forwarded-for'));

  const started = await beginAttempt(username, device, address);
  if ('refused' in started) {
    outcome.refusal = started.refused;
    throw new ForTheUser(started.refused.message);
  }
  let answer: TokenAnswer;
  try {
    // The request's id (set by proxy.ts), so the host's lines of this sign-in can be found beside the app's.
    const requestId = header(REQUEST_ID_HEADER) ?? undefined;
    if (username && password)
      answer = await timed(
        callUpstream(
          contract.auth.getToken,
          { body: { username, password }, headers: forTheHost(address, device) },
          undefined,
          isRequestId(requestId) ? requestId : undefined,
        ),
      );
    else {
      await sleep(hostAnswerMs);
      answer = { success: false, reason: WRONG_CREDENTIALS };
    }
  } catch (e) {
    await started.attempt.failed();
    throw e;
  }
  if (!('token' in answer)) {
    await started.attempt.failed();
    throw new ForTheUser(answer.reason);
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
 * The type of every next-auth form (the login form among them): a form, in UTF-8 if a charset is named at all. The media type is matched as
 * next-auth reads it (lower case, as browsers send it), so a type it would not read as a form never reaches it.
 */
function isFormType(type: string | null): boolean {
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
 * Wraps next-auth's handler: refuses request shapes other than the login form's on the sign-in callbacks
 * and any POST but a form elsewhere, runs the callback with the credentials step's outcome at hand, answers
 * a throttled attempt 429, and marks the browser a known device of the user after a successful sign-in.
 */
export async function signInRoute(req: Request, segments: readonly string[], run: (req: Request) => Promise<Response>): Promise<Response> {
  const [action = '', provider = ''] = segments;
  if (segments.length > (TWO_SEGMENT_ACTIONS.has(action) ? 2 : 1)) return refuse(404, 'Not found.');
  const signingIn = action === 'callback' && FORM_CALLBACKS.has(provider);
  if (signingIn && req.method !== 'POST') return refuse(405, 'Sign in with a POST of the sign-in form.', { Allow: 'POST' });
  if (req.method !== 'POST') return run(req);
  if (!isFormType(req.headers.get('content-type')))
    return refuse(
      415,
      signingIn ? 'Sign in with the sign-in form (application/x-www-form-urlencoded).' : 'Send a form (application/x-www-form-urlencoded).',
    );
  const text = await formText(req);
  if (text === null) return refuse(413, signingIn ? 'The sign-in form is too large.' : 'The form is too large.');
  const read = new NextRequest(req.url, { method: 'POST', headers: req.headers, body: text });
  if (!signingIn) return run(read);
  if (hasRepeatedField(text)) return refuse(400, 'Send each field of the sign-in form once.');

  const outcome: Outcome = {};
  const res = await outcomes.run(outcome, () => run(read));
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

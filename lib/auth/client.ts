/**
 * Signing in and out from the browser through next-auth's endpoints (/api/auth/*), without shipping
 * next-auth's React client (about 12 kB gzip of first-load JS for two fetches).
 */
import { forgetKeptPages } from '../offline/pages';
import { announceSignOut } from './sign-out-notice';

export interface SignInResult {
  ok: boolean;
  status: number;
  /** The auth host's reason text, the throttle's message, or null on success. */
  error: string | null;
}

async function csrfToken(): Promise<string> {
  const res = await fetch('/api/auth/csrf', { credentials: 'same-origin' });
  const body = (await res.json()) as { csrfToken?: string };
  if (!body.csrfToken) throw new Error('No CSRF token');
  return body.csrfToken;
}

async function post(path: string, fields: Record<string, string>): Promise<{ res: Response; url: string | null; error: string | null }> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, csrfToken: await csrfToken(), json: 'true' }),
  });
  const body = (await res.json().catch(() => ({}))) as { url?: string; error?: string };
  const url = body.url ?? null;
  const error = body.error ?? (url ? new URL(url, window.location.origin).searchParams.get('error') : null);
  return { res, url, error };
}

/** Signs in with a next-auth credentials provider ('credentials' or 'sso'). */
export async function signInWith(provider: 'credentials' | 'sso', fields: Record<string, string>): Promise<SignInResult> {
  // Whoever signs in never sees the pages the device kept for the one before (docs/shell.md#offline).
  await forgetKeptPages();
  const { res, error } = await post(`/api/auth/callback/${provider}`, fields);
  return { ok: res.ok && !error, status: res.status, error };
}

/** Clears the session cookie and tells the other tabs (next-auth's localStorage message, as its client does). */
export async function signOutSession(): Promise<void> {
  await forgetKeptPages();
  await post('/api/auth/signout', {});
  announceSignOut();
}

/** Logout clears the session and reloads the root (docs/shell.md#states). */
export async function logout() {
  await signOutSession().catch(() => undefined);
  // A full reload on purpose: no client state of the signed-out user survives.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign('/');
}

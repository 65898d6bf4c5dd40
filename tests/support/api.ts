/** Direct calls to the reference host, for setting up test conditions (as another system would). */
import { API_ORIGIN, DEMO_PASSWORD, userOf } from '../../testkit/env';

export async function hostToken(who: number | string, password = DEMO_PASSWORD): Promise<string> {
  const username = typeof who === 'number' ? userOf(who) : who;
  const res = await fetch(`${API_ORIGIN}/auth/getToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { token?: string; reason?: string };
  if (!body.token) throw new Error(`getToken failed for ${username}: ${body.reason}`);
  return body.token;
}

export async function hostCall<T = unknown>(
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${API_ORIGIN}/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

/** A single-use SSO temp token for the user. */
export async function tempToken(who: number): Promise<string> {
  const { body } = await hostCall<{ token: string }>(await hostToken(who), 'POST', 'auth/user/createTempToken', {});
  return body.token;
}

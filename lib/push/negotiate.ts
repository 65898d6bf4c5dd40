/**
 * Rewriting the hub's negotiate answer for the browser (pure, unit-tested). Only what the SignalR client
 * needs passes: the connection id, the connection token sealed by the app (the browser never holds the
 * hub's own token), negotiate version 1, and the transports the BFF can forward (Server-Sent Events and
 * long polling; WebSockets cannot pass through a route handler). A redirect answer (`url`, `accessToken`)
 * is refused: following it would hand a foreign token to the browser.
 */

export interface NegotiateAnswer {
  negotiateVersion: 1;
  connectionId: string;
  connectionToken: string;
  availableTransports: { transport: 'ServerSentEvents' | 'LongPolling'; transferFormats: string[] }[];
}

export type NegotiateResult =
  { ok: true; answer: NegotiateAnswer } | { ok: true; answer: { error: string } } | { ok: false; reason: string };

const FORWARDED = new Set(['ServerSentEvents', 'LongPolling']);
/** Connection ids and tokens are short opaque strings; anything else is not forwarded. */
const OPAQUE = /^[A-Za-z0-9._~+/=-]{1,200}$/;

export function rewriteNegotiate(upstream: unknown, seal: (hubToken: string) => string): NegotiateResult {
  if (typeof upstream !== 'object' || upstream === null) return { ok: false, reason: 'not a JSON object' };
  const u = upstream as Record<string, unknown>;
  if (typeof u.error === 'string') return { ok: true, answer: { error: u.error } };
  if (u.url !== undefined || u.accessToken !== undefined) return { ok: false, reason: 'redirect answers are not supported' };
  const connectionId = u.connectionId;
  if (typeof connectionId !== 'string' || !OPAQUE.test(connectionId)) return { ok: false, reason: 'no connectionId' };
  // Negotiate version 0 has no separate token: the connection id is the id of every request.
  const hubToken = Number(u.negotiateVersion ?? 0) >= 1 ? u.connectionToken : connectionId;
  if (typeof hubToken !== 'string' || !OPAQUE.test(hubToken)) return { ok: false, reason: 'no connectionToken' };
  const transports = Array.isArray(u.availableTransports) ? u.availableTransports : [];
  const availableTransports = transports
    .filter((t): t is { transport: 'ServerSentEvents' | 'LongPolling'; transferFormats: unknown } => {
      return typeof t === 'object' && t !== null && FORWARDED.has((t as { transport?: unknown }).transport as string);
    })
    .map((t) => ({
      transport: t.transport,
      transferFormats: Array.isArray(t.transferFormats)
        ? t.transferFormats.filter((f): f is string => f === 'Text' || f === 'Binary')
        : ['Text'],
    }));
  if (!availableTransports.length) return { ok: false, reason: 'the hub offers neither Server-Sent Events nor long polling' };
  return { ok: true, answer: { negotiateVersion: 1, connectionId, connectionToken: seal(hubToken), availableTransports } };
}

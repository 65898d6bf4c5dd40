/**
 * Server-action posts that cannot be ours, refused before Next.js handles them (proxy.ts), with 403 or 400
 * instead of the 500 and error record Next answers each with, and one log line per kind (not per request):
 * - another site's: Sec-Fetch-Site other than same-origin, or an Origin whose host is not this request's
 *   (the Host, or X-Forwarded-Host behind a trusted proxy: lib/http-guard.ts drops it otherwise) — Next's
 *   own origin check, done first;
 * - unreadable transport: a fetch action (Next-Action header) whose id is not an action id, whose body is
 *   neither text nor multipart, is empty, or does not parse (JSON, multipart). A text body is one part (React's
 *   encodeReply writes a string only when nothing else is needed), so it must be a JSON array whose `$`
 *   strings stand for themselves (an escaped `$$…`, undefined, NaN, ±Infinity, -0, a date, a bigint, a
 *   temporary reference), never for a part it does not have.
 * What passes is decoded by Next as before; this only refuses what no page of this app sends.
 */
export interface ActionRefusal {
  status: 400 | 403;
  kind: string;
  message: string;
}

/** Next's server-action ids: 42 hex characters. */
const ACTION_ID = /^[0-9a-f]{42}$/i;
/** `$` strings of a one-part reply that need no other part. */
const SELF_CONTAINED = /^\$(\$|undefined$|NaN$|Infinity$|-Infinity$|-0$|D|n-?\d+$|T$)/;
/** Next's own body limit for actions; larger bodies are left to it (413). */
const CHECKED_BYTES = 1024 * 1024;

const crossSite: ActionRefusal = { status: 403, kind: 'cross-site', message: 'Cross-site requests are not allowed.' };
const malformed = (why: string): ActionRefusal => ({ status: 400, kind: 'malformed', message: `The request could not be read (${why}).` });

function sameHost(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin') return false;
  const origin = request.headers.get('origin');
  if (!origin) return true; // not a browser's cross-site request (browsers send Origin with every POST)
  const host = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host');
  return URL.canParse(origin) && new URL(origin).host === host;
}

function selfContained(value: unknown): boolean {
  if (typeof value === 'string') return !value.startsWith('$') || SELF_CONTAINED.test(value);
  if (Array.isArray(value)) return value.every(selfContained);
  if (value && typeof value === 'object') return Object.values(value).every(selfContained);
  return true;
}

/** Why a page POST that would reach Next's server actions is refused, or null to let Next handle it. */
export async function refuseActionPost(request: Request): Promise<ActionRefusal | null> {
  if (request.method !== 'POST') return null;
  const actionId = request.headers.get('next-action');
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const multipart = type.startsWith('multipart/form-data');
  if (actionId === null && !multipart) return null; // not an action: the page answers it
  if (!sameHost(request)) return crossSite;
  if (Number(request.headers.get('content-length') ?? 0) > CHECKED_BYTES) return null;
  if (multipart)
    return (await request.formData().then(
      () => true,
      () => false,
    ))
      ? null
      : malformed('not multipart/form-data');
  if (!ACTION_ID.test(actionId ?? '')) return malformed('not an action id');
  if (!type.startsWith('text/plain')) return malformed('not text or multipart');
  const text = await request.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return malformed('not JSON');
  }
  return Array.isArray(value) && selfContained(value) ? null : malformed('not a list of arguments');
}

const said = new Set<string>();
/** One line per kind of refusal in this process's log, however many requests there are. */
export function logRefusalOnce(refusal: ActionRefusal, path: string): void {
  if (said.has(refusal.kind)) return;
  said.add(refusal.kind);
  console.warn(
    `[actions] Refused a ${refusal.kind} server-action request to ${path} (${refusal.status}); further ones are refused without a log line.`,
  );
}

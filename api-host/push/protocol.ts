/**
 * The ASP.NET Core SignalR wire format the reference hub speaks (JSON hub protocol over the SSE and
 * long-polling transports). Pure functions, no I/O: the framing is unit-tested on its own.
 *
 * Hub protocol: every message is a JSON object followed by the record separator 0x1E. A connection starts
 * with the client's handshake request `{"protocol":"json","version":N}` and the server's answer `{}` (or
 * `{"error":"…"}` and then nothing). Message types: 1 invocation, 2 stream item, 3 completion, 4 stream
 * invocation, 5 cancel invocation, 6 ping, 7 close, 8 ack, 9 sequence.
 */

/** The record separator that ends every hub-protocol message. */
export const RS = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** JSON hub protocol versions this hub accepts (the JS client 10 asks for 2, older clients for 1). */
export const SUPPORTED_JSON_VERSIONS: readonly number[] = [1, 2];

export const frame = (message: object): string => JSON.stringify(message) + RS;

/** A non-blocking invocation of a client method (no invocationId: the server expects no answer). */
export const invocationFrame = (target: string, args: readonly unknown[]): string =>
  frame({ type: MessageType.Invocation, target, arguments: args });

export const PING_FRAME = frame({ type: MessageType.Ping });

export const closeFrame = (error?: string, allowReconnect?: boolean): string =>
  frame({ type: MessageType.Close, ...(error && { error }), ...(allowReconnect && { allowReconnect: true }) });

export const completionErrorFrame = (invocationId: string, error: string): string =>
  frame({ type: MessageType.Completion, invocationId, error });

export const HANDSHAKE_OK = frame({});
export const handshakeErrorFrame = (error: string): string => frame({ error });

/**
 * Splits received text into complete messages; a trailing partial message is returned as `rest` so the
 * caller can prepend it to the next chunk.
 */
export function splitFrames(text: string): { frames: string[]; rest: string } {
  const parts = text.split(RS);
  const rest = parts.pop() ?? '';
  return { frames: parts, rest };
}

export type HandshakeResult = { ok: true; protocol: 'json'; version: number } | { ok: false; error: string };

/** Checks a handshake request (one frame, without its separator). */
export function parseHandshake(text: string): HandshakeResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'Handshake request is not valid JSON.' };
  }
  if (typeof json !== 'object' || json === null) return { ok: false, error: 'Handshake request is not an object.' };
  const { protocol, version } = json as { protocol?: unknown; version?: unknown };
  if (typeof protocol !== 'string' || typeof version !== 'number')
    return { ok: false, error: 'Handshake request lacks protocol or version.' };
  if (protocol !== 'json') return { ok: false, error: `The protocol '${protocol}' is not supported.` };
  if (!SUPPORTED_JSON_VERSIONS.includes(version))
    return { ok: false, error: `The server does not support version ${version} of the 'json' protocol.` };
  return { ok: true, protocol: 'json', version };
}

export interface HubMessage {
  type: number;
  invocationId?: string;
  target?: string;
  arguments?: unknown[];
  error?: string;
  allowReconnect?: boolean;
}

/** Parses one hub message; null for anything that is not an object with a numeric type. */
export function parseMessage(text: string): HubMessage | null {
  try {
    const json = JSON.parse(text) as unknown;
    if (typeof json !== 'object' || json === null || typeof (json as HubMessage).type !== 'number') return null;
    return json as HubMessage;
  } catch {
    return null;
  }
}

/**
 * One server-sent event carrying a payload. The transport uses unnamed events, so only `data:` lines;
 * a payload with line breaks is split over several `data:` lines, which the receiver joins with `\n`.
 */
export function sseEvent(payload: string): string {
  return `${payload
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}`)
    .join('\r\n')}\r\n\r\n`;
}

/** The first bytes of an event stream: a comment line, so the response headers and `open` reach the client at once. */
export const SSE_PREAMBLE = ':\r\n';

/** The availableTransports entries of the negotiate answer. */
export const TRANSPORTS = {
  ServerSentEvents: { transport: 'ServerSentEvents', transferFormats: ['Text'] },
  LongPolling: { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
} as const;

/**
 * Requests Next.js cannot represent: the Fetch standard forbids the methods TRACE, TRACK and CONNECT, so
 * Next fails to build a Request object for them and answers 500 before any route or the proxy runs.
 * They are answered 405 at the HTTP server instead, before Next sees them (installed at start-up by
 * instrumentation.ts).
 */
import http from 'node:http';

const FORBIDDEN = new Set(['TRACE', 'TRACK', 'CONNECT']);
const INSTALLED = Symbol.for('adas.http-guard');

type Emit = (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;

export function refuseForbiddenMethods(): void {
  const proto = http.Server.prototype as unknown as { emit: Emit; [INSTALLED]?: true };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const emit = proto.emit;
  proto.emit = function (event, ...args) {
    if (event === 'request') {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      if (req.method && FORBIDDEN.has(req.method)) {
        res.writeHead(405, { Allow: 'GET, HEAD, POST', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end('Method not allowed.');
        return true;
      }
    }
    return emit.call(this, event, ...args);
  };
}

/**
 * The bench's floor (scripts/bench.mjs): a raw Node proxy that forwards every request to UPSTREAM with a
 * keep-alive agent and checks nothing. What any pass-through costs at the least on this machine.
 * Usage: node raw-proxy.mjs PORT UPSTREAM_ORIGIN
 */
import http from 'node:http';

const [port, upstream] = [Number(process.argv[2]), new URL(process.argv[3])];
const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

http
  .createServer((req, res) => {
    const out = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstream.host },
        agent,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  })
  .listen(port, '127.0.0.1', () => console.log(`raw proxy on ${port} → ${upstream.origin}`));

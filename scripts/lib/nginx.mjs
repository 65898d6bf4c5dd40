/**
 * nginx as the load balancer of the several-instance setup (Debian's package, installed when missing:
 * lib/system.mjs), configured by deploy/nginx/adas.conf.template. It runs as the current user with its own
 * prefix under .data (configuration, pid, temp folders, access log): no root, no system paths.
 *
 * The configuration is tested first (`nginx -t`): a broken one stops the start with nginx's own message,
 * which names the file, the line and the problem. `served()` counts, from the access log, the requests each
 * instance answered (the tests and the benchmark show how the balancer spread them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { ROOT, startProcess } from './process.mjs';
import { ensureNginx } from './system.mjs';
import { fillTemplate } from './template.mjs';

export const NGINX_TEMPLATE = join(ROOT, 'deploy', 'nginx', 'adas.conf.template');
/** The payment form's server (compose.yaml mounts it beside the app's). */
export const PAYMENT_TEMPLATE = join(ROOT, 'deploy', 'nginx', 'payment.conf.template');
/** An instance is left out for FAIL_TIMEOUT after MAX_FAILS failed connections or answers, then tried again. */
export const MAX_FAILS = 1;
export const FAIL_TIMEOUT = '5s';

/** The app servers of the upstream block, one `server` directive each. */
export const appServers = (upstreams) =>
  upstreams.map((u) => `server ${new URL(u).host} max_fails=${MAX_FAILS} fail_timeout=${FAIL_TIMEOUT};`).join('\n    ');

/** The main configuration around the template: this prefix's pid, logs and temp folders, no daemon. */
function mainConf({ dir, port, upstreams, template, payment }) {
  const temp = (name) => join(dir, 'temp', name);
  for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(temp(name), { recursive: true });
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};\n` : '';
  const access = join(dir, 'access.log');
  const site = [
    fillTemplate(template, { NGINX_LISTEN: `127.0.0.1:${port}`, NGINX_APP_SERVERS: appServers(upstreams), NGINX_ACCESS_LOG: access }),
    ...(payment
      ? [
          fillTemplate(PAYMENT_TEMPLATE, {
            NGINX_PAYMENT_LISTEN: `127.0.0.1:${payment.port}`,
            NGINX_PAYMENT_UPSTREAM: new URL(payment.upstream).host,
            NGINX_ACCESS_LOG: access,
          }),
        ]
      : []),
  ].join('\n');
  return `# Written by scripts/lib/nginx.mjs from ${template}; do not edit.
${user}daemon off;
master_process on;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log stderr warn;
events {
    worker_connections 8192;
}
http {
    default_type application/octet-stream;
    client_body_temp_path ${temp('body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
${site}
}
`;
}

/** True when something accepts connections on the loopback port (without sending a request through). */
function listening(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Requests each upstream answered, by origin (http://127.0.0.1:3001), read from the access log. */
function servedFrom(log, upstreams) {
  const served = Object.fromEntries(upstreams.map((u) => [new URL(u).origin, 0]));
  if (!existsSync(log)) return served;
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    if (!line) continue;
    // A request tried on several instances lists them all ("a, b"); the last one answered.
    const last = /"upstream":"([^"]*)"/
      .exec(line)?.[1]
      .split(/,\s*|\s*:\s(?=\d)/)
      .pop();
    const origin = last && `http://${last.trim()}`;
    if (origin && origin in served) served[origin]++;
  }
  return served;
}

/**
 * Starts nginx on 127.0.0.1:`port` in front of `upstreams` (origins such as http://127.0.0.1:3001), with its
 * prefix in `dir`; with `payment` ({ port, upstream: the host's origin }) also the payment form's server.
 * Answers the child with `url`, `served()` and `stop()`.
 */
export async function startNginx({
  port,
  upstreams,
  dir = join(ROOT, '.data', `nginx-${port}`),
  template = NGINX_TEMPLATE,
  payment = undefined,
  quiet = false,
}) {
  const nginx = ensureNginx();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, mainConf({ dir, port, upstreams, template, payment }));
  const args = ['-p', dir, '-c', conf, '-e', 'stderr'];
  const test = spawnSync(nginx, [...args, '-t', '-q'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refused the configuration made from ${template}:\n${(test.stderr || test.stdout).trim()}`);
  const child = startProcess('nginx', nginx, args, {}, { quiet });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode} before it was ready:\n${child.output().trim()}`);
    if (existsSync(join(dir, 'nginx.pid')) && (await listening(port))) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer on port ${port} within 10 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  child.url = `http://localhost:${port}`;
  child.served = () => servedFrom(join(dir, 'access.log'), upstreams);
  return child;
}

/**
 * `npm run dev`: the development setup — `next dev` (Turbopack, hot reload) and the reference host in watch
 * mode (tsx watch: restarted when one of its files changes), on the same demo data as `npm start`
 * (.data/reference.db, seeded on first use). Nothing is built first. Ctrl-C stops both.
 * PORT (3000) and API_HOST_PORT (4010) as for `npm start`; with API_URL and AUTH_URL set, the embedded host
 * is not started. Variables in .env.local are read by next dev (.env.example lists them).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, appEnv, ensureInstalled, startApiHost, waitFor } from './lib/stack.mjs';

const port = Number(process.env.PORT || 3000);
const apiPort = Number(process.env.API_HOST_PORT || 4010);
const external = Boolean(process.env.API_URL && process.env.AUTH_URL);
const children = [];

async function stopAll(code = 0) {
  await Promise.all(children.map((c) => c.stop?.() ?? (c.kill('SIGTERM'), undefined)));
  process.exit(code);
}
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));

try {
  ensureInstalled();
  if (!external) children.push(await startApiHost({ port: apiPort, appUrl: `http://localhost:${port}`, watch: true }));
  const env = {
    ...appEnv({ port, apiOrigin: `http://127.0.0.1:${apiPort}` }),
    ...(external ? { API_URL: process.env.API_URL, AUTH_URL: process.env.AUTH_URL, PUSH_URL: process.env.PUSH_URL ?? '' } : {}),
  };
  const next = spawn(join(ROOT, 'node_modules', '.bin', 'next'), ['dev', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  next.stop = async () => {
    if (next.exitCode === null) next.kill('SIGTERM');
    await new Promise((r) => (next.exitCode === null ? next.once('exit', r) : r()));
  };
  children.push(next);
  next.once('exit', (code) => void stopAll(code ?? 1));
  // next dev compiles a route on its first request: the health route answers once the server is up.
  await waitFor(`http://127.0.0.1:${port}/api/health`, next, 'next dev', 180_000);
} catch (e) {
  console.error(`[dev] ${e.message}`);
  await stopAll(1);
}

console.log(`
  ADAS back-office (development) at http://localhost:${port} — pages reload as you edit
  ${external ? `API ${process.env.API_URL}` : `reference host http://127.0.0.1:${apiPort} (restarts when api-host/ changes; demo sign-ins as for npm start, password Demo#2026)`}

  Press Ctrl-C to stop.
`);

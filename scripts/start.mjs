/**
 * `npm start`: installs and builds when needed, starts the reference API host and the production
 * Next.js server together, prints the URL and the demo sign-ins. Ctrl-C stops both.
 * With API_URL and AUTH_URL set, the embedded host is not started (the customer's hosts are used).
 */
import { ensureBuilt, ensureInstalled, startApiHost, startApp } from './lib/stack.mjs';

const port = Number(process.env.PORT || 3000);
const apiPort = Number(process.env.API_HOST_PORT || 4010);
const external = Boolean(process.env.API_URL && process.env.AUTH_URL);
const children = [];

async function stopAll(code = 0) {
  await Promise.all(children.map((c) => c.stop()));
  process.exit(code);
}
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));

try {
  ensureInstalled();
  ensureBuilt();
  if (!external) children.push(await startApiHost({ port: apiPort, appUrl: `http://localhost:${port}` }));
  const env = external ? { API_URL: process.env.API_URL, AUTH_URL: process.env.AUTH_URL, PUSH_URL: process.env.PUSH_URL ?? '' } : {};
  children.push(await startApp({ port, apiOrigin: `http://127.0.0.1:${apiPort}`, env }));
} catch (e) {
  console.error(`[start] ${e.message}`);
  await stopAll(1);
}

for (const c of children) c.once('exit', (code) => void stopAll(code ?? 1));

const roles = Array.from({ length: 17 }, (_, i) => `role${i + 1}@example.com`);
console.log(`
  ADAS back-office is running at http://localhost:${port}
${
  external
    ? ''
    : `
  Demo sign-ins (password Demo#2026), one per role id:
    ${roles.slice(0, 6).join('  ')}
    ${roles.slice(6, 12).join('  ')}
    ${roles.slice(12).join('  ')}
  role1@example.com is the super user; inactive@example.com shows the inactive-account message.
  Calibration providers: precision.admin@example.com (accepts work), precision.tech@example.com
    (calibrates), precision.office@example.com (the dashboard); bayarea., lonestar., sunshine.admin@example.com.
`
}
  Press Ctrl-C to stop.
`);

/**
 * The bench's peers (issue 29): what the product's figures are printed as ratios to, measured beside it in
 * the same run. The minimal Next.js app of scripts/bench-peer (same next, react and next-auth as the
 * product, built with the project's node_modules into its own distDir) and the raw Node proxy beside it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startProcess } from './process.mjs';
import { appEnv, waitFor } from './stack.mjs';

export const PEER_DIR = join(ROOT, 'scripts', 'bench-peer');
const PEER_DIST = process.env.PEER_DIST_DIR || '.next';
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path)
    .filter((name) => name !== PEER_DIST && name !== 'node_modules')
    .reduce((max, name) => Math.max(max, newestMtime(join(path, name))), st.mtimeMs);
}

/** Builds the peer app when it has no build or its sources (or the lockfile: the framework's version) are newer. */
export function ensurePeerBuilt() {
  const buildId = join(PEER_DIR, PEER_DIST, 'BUILD_ID');
  const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  const sources = Math.max(newestMtime(PEER_DIR), statSync(join(ROOT, 'package-lock.json')).mtimeMs);
  if (built && sources <= built) return;
  console.log('[bench] building the peer app (next build scripts/bench-peer)…');
  const r = spawnSync(bin('next'), ['build', PEER_DIR], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', PEER_DIST_DIR: PEER_DIST },
  });
  if (r.status !== 0) throw new Error('next build of the peer app failed');
}

/** The peer app's production server (`next start`) against the host at apiOrigin, with the product's session secret. */
export async function startPeer({ port, apiOrigin, quiet = true }) {
  const { AUTH_SECRET, API_URL } = appEnv({ port, apiOrigin });
  const child = startProcess(
    'peer',
    bin('next'),
    ['start', PEER_DIR, '-p', String(port), '-H', '127.0.0.1'],
    {
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PEER_DIST_DIR: PEER_DIST,
      AUTH_SECRET,
      API_URL,
    },
    { quiet },
  );
  await waitFor(`http://127.0.0.1:${port}/`, child, 'The peer app');
  return child;
}

/** The raw Node proxy (scripts/bench-peer/raw-proxy.mjs) in front of `upstreamOrigin`. */
export async function startRawProxy({ port, upstreamOrigin, quiet = true }) {
  const child = startProcess('raw-proxy', process.execPath, [join(PEER_DIR, 'raw-proxy.mjs'), String(port), upstreamOrigin], {}, { quiet });
  await waitFor(`http://127.0.0.1:${port}/health`, child, 'The raw proxy');
  return child;
}

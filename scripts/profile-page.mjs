/**
 * Where a page's server time goes (issue 29): starts the reference host and the production app (the existing
 * build; `next build` first) with the app under V8's CPU profiler, signs in as role 1, requests the page
 * PROFILE_REQUESTS times one at a time, stops the app (which writes the profile) and prints the busy time
 * per source file — self and inclusive — mapped back to the project's sources through the build's server
 * source maps, and with PROFILE_MATCH=<text> the functions of the files whose path contains it.
 *
 *   node --import tsx scripts/profile-page.mjs [/contacts]
 *
 * Environment: PROFILE_REQUESTS (300), PROFILE_API_PORT (4480), PROFILE_APP_PORT (3480), PROFILE_MATCH.
 * The profile (.cpuprofile, readable by Chrome's DevTools) stays in .bench/profile-…/. Shares are of the
 * busy samples (idle left out); the first requests load modules, so a few hundred requests are needed for
 * the render itself to dominate.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMap } from 'node:module';
import { ROOT, appEnv, standaloneServer, startApiHost, startProcess, waitFor } from './lib/stack.mjs';
import { signInHttp } from '../testkit/http.ts';

const path = process.argv[2] || '/contacts';
const REQUESTS = Number(process.env.PROFILE_REQUESTS || 300);
const API_PORT = Number(process.env.PROFILE_API_PORT || 4480);
const APP_PORT = Number(process.env.PROFILE_APP_PORT || 3480);
const dir = join(ROOT, '.bench', `profile-${new Date().toISOString().replace(/[:.]/g, '-')}`);
mkdirSync(dir, { recursive: true });

const host = await startApiHost({
  port: API_PORT,
  db: join(ROOT, '.data', `profile-${API_PORT}`, 'reference.db'),
  reset: true,
  quiet: true,
  appUrl: `http://localhost:${APP_PORT}`,
});
const env = { ...appEnv({ port: APP_PORT, apiOrigin: `http://127.0.0.1:${API_PORT}` }), NODE_ENV: 'production', HOSTNAME: '127.0.0.1' };
const app = startProcess('app', process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, standaloneServer()], env, { quiet: true });
try {
  await waitFor(`http://127.0.0.1:${APP_PORT}/api/health`, app, 'The app server');
  const origin = `http://localhost:${APP_PORT}`;
  const { cookie } = await signInHttp(origin, 'role1@example.com');
  if (!cookie) throw new Error('sign-in failed');
  let status = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const res = await fetch(origin + path, { headers: { cookie, 'accept-encoding': 'identity' }, redirect: 'manual' });
    await res.arrayBuffer();
    status = res.status;
  }
  console.log(`${REQUESTS} × ${path} → ${status}`);
} finally {
  await app.stop();
  await host.stop();
}

const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile was written to ${dir}`);
summarize(JSON.parse(readFileSync(join(dir, file), 'utf8')));
console.log(`\nprofile: ${join(dir, file)}`);

function summarize(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const consumers = new Map();
  const sourceOf = new Map();
  // The original source of a frame: through the chunk's source map when the frame is in the build's output.
  const source = (id) => {
    if (sourceOf.has(id)) return sourceOf.get(id);
    const frame = byId.get(id).callFrame;
    let out = frame.url.replace('file://', '') || `(${frame.functionName})`;
    if (out.includes('/.next/')) {
      const map = `${out.replace('/.next/standalone/.next/', '/.next/')}.map`;
      if (!consumers.has(map)) consumers.set(map, existsSync(map) ? new SourceMap(JSON.parse(readFileSync(map, 'utf8'))) : null);
      // Node's own source-map reader; positions are zero-based on both sides.
      const original = consumers.get(map)?.findEntry(frame.lineNumber, frame.columnNumber);
      if (original?.originalSource)
        out = decodeURIComponent(original.originalSource)
          .replace(/^(\.\.\/)+/, '')
          .replace(/^turbopack:\/+/, '');
    }
    out = out
      .replace(ROOT + '/', '')
      .replace(/^(.*node_modules\/(@[^/]+\/)?[^/]+).*/, '$1')
      .replace(/^.*node_modules\//, 'node_modules/');
    sourceOf.set(id, out);
    return out;
  };
  const counts = new Map();
  for (const s of profile.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
  const self = new Map();
  const inclusive = new Map();
  const functions = new Map();
  let busy = 0;
  for (const [id, n] of counts) {
    if (byId.get(id).callFrame.functionName === '(idle)') continue;
    busy += n;
    self.set(source(id), (self.get(source(id)) ?? 0) + n);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const src = source(at);
      const fn = `${src} ${byId.get(at).callFrame.functionName || '(anonymous)'}`;
      for (const [map, key] of [
        [inclusive, src],
        [functions, fn],
      ]) {
        if (seen.has(key)) continue;
        seen.add(key);
        map.set(key, (map.get(key) ?? 0) + n);
      }
    }
  }
  const ms = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;
  const print = (title, map, keep, n) => {
    console.log(`\n${title}`);
    for (const [k, v] of [...map]
      .filter(([k]) => keep(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n))
      console.log(`${((100 * v) / busy).toFixed(1).padStart(6)} %  ${k}`);
  };
  console.log(`busy ${((busy * ms) / 1000).toFixed(1)} s of ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`);
  print('self, by source file', self, () => true, 25);
  print('inclusive, the project’s own files', inclusive, (k) => /^(app|components|lib|proxy|instrumentation)/.test(k), 25);
  if (process.env.PROFILE_MATCH)
    print(
      `inclusive, functions of files matching "${process.env.PROFILE_MATCH}"`,
      functions,
      (k) => k.includes(process.env.PROFILE_MATCH),
      30,
    );
}

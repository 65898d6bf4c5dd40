import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { defineConfig, globalIgnores } from 'eslint/config';
import ts from 'typescript';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const root = import.meta.dirname;

/** The reference host's areas: every folder of api-host/ but its shared core. */
const hostAreas = readdirSync(join(root, 'api-host'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'core')
  .map((d) => d.name);

/** The folders of components/ shared by every area (the layer below them); the rest are areas. */
const sharedComponents = ['ui', 'data-table', 'shell'];
const componentAreas = readdirSync(join(root, 'components'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !sharedComponents.includes(d.name))
  .map((d) => d.name);
/** An area's public module: what other areas and the shared folders may import of it. */
const publicModule = '**/components/*/index.ts';

/**
 * The contract modules client code may import values from: those that import no zod, directly or through
 * another contract module (the *-constants modules, lookup-groups). The rest are types only in the browser.
 */
const zodFreeContract = (() => {
  const dir = join(root, 'lib/contract');
  const sources = new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => [f.slice(0, -3), readFileSync(join(dir, f), 'utf8')]),
  );
  const free = new Map();
  const isFree = (name) => {
    if (free.has(name)) return free.get(name);
    free.set(name, false);
    const src = sources.get(name) ?? '';
    const imports = [...src.matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]);
    const ok = !imports.some((s) => s === 'zod' || (s.startsWith('./') && !isFree(s.slice(2))));
    free.set(name, ok);
    return ok;
  };
  return new Set([...sources.keys()].filter(isFree));
})();

/** The project's modules marked `import 'server-only'` (the app's server side), relative to the root. */
const serverOnlyModules = (() => {
  const out = [];
  const walk = (dir) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(e.name) && /^import 'server-only';/m.test(readFileSync(join(root, rel), 'utf8'))) out.push(rel);
    }
  };
  for (const dir of ['lib', 'components', 'app']) walk(dir);
  return out;
})();

/** The file an import specifier names (`@/…` or relative), or null for a package. */
function importedFile(fromFile, spec) {
  const base = spec.startsWith('@/') ? join(root, spec.slice(2)) : spec.startsWith('.') ? resolve(dirname(fromFile), spec) : null;
  if (!base) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => /\.tsx?$/.test(c) && existsSync(c) && statSync(c).isFile()) ?? null;
}

const isTypeOnly = (node) =>
  node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
const isClientModule = (context) =>
  context.sourceCode.ast.body.some((n) => n.type === 'ExpressionStatement' && n.directive === 'use client');

/**
 * A local rule: a 'use client' module imports no server-only module (Next's build fails on it too, but
 * only once the whole app is built; this says it in the editor, on the import).
 */
const clientNoServerOnly = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      server:
        'Client code cannot import {{module}}: it is server-only (\'import "server-only"\'). Reach it through a server component, a server action or the BFF.',
    },
  },
  create(context) {
    if (!isClientModule(context)) return {};
    const serverOnly = new Set(serverOnlyModules.map((m) => join(root, m)));
    return {
      ImportDeclaration(node) {
        if (isTypeOnly(node)) return;
        const file = importedFile(context.filename, node.source.value);
        if (file && serverOnly.has(file)) context.report({ node, messageId: 'server', data: { module: relative(root, file) } });
      },
    };
  },
};

/** A local rule: 'use client' modules import lib/contract as types only, except its zod-free modules. */
const clientContractTypes = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      value:
        "Client code imports lib/contract/{{module}} as types only ('import type'): it loads zod into the browser. Move the constants it needs into a zod-free constants module.",
    },
  },
  create(context) {
    if (!isClientModule(context)) return {};
    const contractDir = join(root, 'lib/contract');
    return {
      ImportDeclaration(node) {
        const spec = node.source.value;
        if (isTypeOnly(node)) return;
        const target = spec.startsWith('@/')
          ? join(root, spec.slice(2))
          : spec.startsWith('.')
            ? resolve(dirname(context.filename), spec)
            : null;
        if (!target) return;
        const rel = relative(contractDir, target);
        if (rel.startsWith('..')) return;
        const name = rel === '' ? 'index' : rel.replace(/\.ts$/, '');
        if (!zodFreeContract.has(name)) context.report({ node, messageId: 'value', data: { module: name } });
      },
    };
  },
};

/**
 * A local rule: no import cycle, type imports included (import/no-cycle skips `import type`, so a cycle held
 * by a type import alone would pass it, and it re-resolves the graph per file: it took three quarters of the
 * lint's time, so this rule, a superset of it, is the only cycle check). The project's module graph is read once per run with TypeScript's
 * parser and resolver (tsconfig paths included); an import is reported when it leads back to the importing
 * module, with the way back. A lazy `import()` is no edge: it runs once both modules are loaded (the app
 * logger loads lib/server-log.ts on its first error line that way, and server-log logs through the logger).
 */
const moduleGraph = (() => {
  let graph;
  return () => {
    if (graph) return graph;
    const config = ts.getParsedCommandLineOfConfigFile(
      join(root, 'tsconfig.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    );
    const options = config?.options ?? {};
    const files = (config?.fileNames ?? []).filter((f) => !f.includes('/node_modules/') && !f.endsWith('.d.ts'));
    const edges = new Map();
    for (const file of files) {
      // Static imports and re-exports (top-level statements); a lazy import() runs after both modules are loaded.
      const source = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest);
      const specifiers = source.statements
        .filter(
          (n) => (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier),
        )
        .map((n) => n.moduleSpecifier.text);
      const to = new Map();
      for (const fileName of specifiers) {
        const target = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
        if (target && !target.isExternalLibraryImport && !target.resolvedFileName.endsWith('.d.ts'))
          to.set(fileName, resolve(target.resolvedFileName));
      }
      edges.set(resolve(file), to);
    }
    graph = edges;
    return graph;
  };
})();

/** The way from `from` back to `to` in the module graph (breadth first), or null. */
function wayBack(graph, from, to) {
  const before = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift();
    if (at === to) {
      const way = [];
      for (let step = at; step; step = before.get(step)) way.unshift(relative(root, step));
      return way;
    }
    for (const next of graph.get(at)?.values() ?? []) {
      if (before.has(next)) continue;
      before.set(next, at);
      queue.push(next);
    }
  }
  return null;
}

const noTypeCycle = {
  meta: { type: 'problem', schema: [], messages: { cycle: 'Import cycle (type imports included): {{way}}.' } },
  create(context) {
    const graph = moduleGraph();
    const self = resolve(context.filename);
    const mine = graph.get(self);
    if (!mine) return {};
    const check = (node) => {
      const target = node.source && mine.get(node.source.value);
      const way = target && wayBack(graph, target, self);
      if (way) context.report({ node, messageId: 'cycle', data: { way: [relative(root, self), ...way].join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/**
 * Module boundaries (README "Areas"): no import cycles; a host area reaches another only through its
 * service.ts and the shared core (api-host/core) only through service.ts; a components/ area reaches another
 * only through its index.ts; only the entry points
 * (api-host/main.ts, areas.ts) list the areas; the product never imports tests or the testkit; scripts never
 * import tests, and the testkit (what both use) imports neither.
 */
const boundaries = {
  files: ['**/*.{ts,tsx,mts,js,mjs}'],
  plugins: {
    local: {
      rules: { 'client-contract-types': clientContractTypes, 'client-no-server-only': clientNoServerOnly, 'no-type-cycle': noTypeCycle },
    },
  },
  rules: {
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          ...hostAreas.map((area) => ({
            target: `./api-host/${area}/**`,
            from: [`./api-host/!(${area}|core)/**`],
            except: ['**/api-host/*/service.ts'],
            message: `api-host/${area} reaches other areas only through their service.ts.`,
          })),
          {
            target: './api-host/*/**',
            from: ['./api-host/*.ts'],
            message: 'Only the entry points (api-host/main.ts, the test host) use the list of areas (api-host/areas.ts).',
          },
          {
            target: './api-host/core/**',
            from: ['./api-host/!(core)/**'],
            except: ['**/api-host/*/service.ts'],
            message: 'The host core reaches areas only through their service.ts.',
          },
          // components/: an area reaches another only through its index.ts (the /admin frame also places its
          // sections' screens, as app/ places every area's), and the shared folders reach areas the same way.
          ...componentAreas.map((area) => ({
            target: `./components/${area}/**`,
            from: [`./components/!(${area}|${sharedComponents.join('|')})/**`],
            except: area === 'admin' ? [publicModule, '**/components/*/*-screen.tsx'] : [publicModule],
            message:
              area === 'admin'
                ? 'The /admin frame imports an area only through its index.ts, or places its *-screen.tsx.'
                : `components/${area} reaches other areas only through their index.ts (their public module).`,
          })),
          {
            target: `./components/{${sharedComponents.join(',')}}/**`,
            from: [`./components/!(${sharedComponents.join('|')})/**`],
            except: [publicModule],
            message: 'The shared components (ui, data-table, shell) reach an area only through its index.ts.',
          },
          // The layers (docs/architecture.md "Layers"): app → components → lib, one way; the reference host is
          // another process that shares lib's pure modules and the contract, never the app's.
          {
            target: './lib',
            from: ['./components', './app'],
            message: 'lib is the bottom layer: it imports neither components/ nor app/ (docs/architecture.md "Layers").',
          },
          {
            target: './components',
            from: './app',
            message: 'components/ sit below app/: a page imports its area, never the other way (docs/architecture.md "Layers").',
          },
          {
            target: ['./app', './components', './lib', './proxy.ts', './instrumentation.ts'],
            from: './api-host',
            message: 'The app reaches the reference host over HTTP only, through lib/api (docs/architecture.md "Layers").',
          },
          {
            target: './api-host',
            from: [
              './app',
              './components',
              './proxy.ts',
              './instrumentation.ts',
              './lib/config.ts',
              ...serverOnlyModules.map((m) => `./${m}`),
            ],
            message:
              'The reference host imports lib\'s pure modules and the contract only: never the app\'s pages, components, configuration or server-only modules (docs/architecture.md "Layers").',
          },
          {
            target: ['./app', './components', './lib', './api-host', './proxy.ts', './instrumentation.ts'],
            from: ['./tests', './testkit'],
            message: 'The product never imports tests or the testkit.',
          },
          {
            target: './scripts',
            from: './tests',
            message: 'Scripts never import tests: what both use is in testkit/ (README "Tests, scripts and the testkit").',
          },
          {
            target: './testkit',
            from: ['./tests', './scripts'],
            message: 'The testkit is shared by tests and scripts, so it imports neither.',
          },
        ],
      },
    ],
    'local/client-contract-types': 'error',
    'local/client-no-server-only': 'error',
    'local/no-type-cycle': 'error',
  },
};

/**
 * The BFF is called only from the areas' api.ts modules (docs/architecture.md "Layers"): each area's calls in
 * one module of named, typed functions, so a screen, hook or shared component reaches the API only through
 * them (BffError and the client's types stay importable anywhere). lib/bff itself and the tests that try the
 * client are exempt. `group` holds gitignore-style patterns of the import's text, so the alias and any
 * relative path to lib/bff/client are both caught.
 */
const bffOnlyInApiModules = {
  files: ['**/*.{ts,tsx,mts,js,mjs}'],
  ignores: ['components/*/api.ts', 'components/*/*/api.ts', 'lib/bff/**', 'tests/**', 'testkit/**'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/lib/bff/client', '**/bff/client'],
            importNames: ['bff', 'bffUpload'],
            message:
              'Call the BFF from your area\'s api.ts (components/<area>/api.ts): add a named, typed function there and use it (docs/architecture.md "Layers").',
          },
        ],
      },
    ],
  },
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // The bench's peer app builds into its own folder (scripts/lib/peers.mjs).
  globalIgnores(['scripts/bench-peer/.next/**']),
  boundaries,
  bffOnlyInApiModules,
  globalIgnores([
    '.next/**',
    '.next-*/**',
    '.data/**',
    '.bench/**',
    'node_modules/**',
    'test-results/**',
    'playwright-report/**',
    // Mutation testing's sandbox copies and reports (stryker.config.mjs).
    '.stryker-tmp/**',
    'reports/**',
    'next-env.d.ts',
  ]),
]);

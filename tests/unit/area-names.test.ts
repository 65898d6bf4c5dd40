/**
 * One name per area (docs/architecture.md "Names"): each contract key is its module's name, and an area has
 * the same name in `components/<area>/`, `lib/contract/<area>.ts` (its parts `<area>-<part>.ts`) and
 * `api-host/<area>/`. What differs on purpose is listed below, each with why; a new difference fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contract } from '@/lib/contract';
import { AREAS } from '@/api-host/areas';

const dirs = (dir: string) => readdirSync(dir).filter((d) => statSync(join(dir, d)).isDirectory());
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
const camel = (file: string) => file.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Folders of components/ shared by every area rather than being one. */
const SHARED_COMPONENTS = ['ui', 'shell', 'data-table'];
const HOST_AREAS = dirs('api-host').filter((d) => d !== 'core');
const COMPONENT_AREAS = dirs('components').filter((d) => !SHARED_COMPONENTS.includes(d));

/** Component folders with no host area of their own. */
const COMPONENTS_ONLY: Record<string, string> = {
  admin: 'the /admin frame, holding the blog, insurance, log, lookups and mail sections of those areas',
  'contact-info': "a contact's addresses, phones and emails (contacts calls), shared by the contacts and users editors",
};
/** Host areas with no component folder of their own. */
const HOST_ONLY: Record<string, string> = {
  evidence: 'its screens are part of the ADAS inspection (components/adas)',
  vehicles: 'the vehicle editor is part of the ADAS screens (components/adas)',
  'vehicle-data': 'the stand-in of an outside service: no screen, no contract call',
};
/** Host area folders that are not an `Area` of api-host/areas.ts. */
const NOT_IN_AREAS: Record<string, string> = {
  push: 'the SignalR hub, which main.ts mounts beside the areas; it has no calls, tables or seed',
};
/** Host areas with no contract module named after them. */
const NO_CONTRACT_MODULE: Record<string, string> = {
  configuration: 'its calls live in the modules of their wire groups (WIRE_GROUPS)',
  mail: 'its calls are admin/…, in admin.ts (WIRE_GROUPS)',
  push: 'a SignalR hub (lib/push/), not request and answer calls',
  'vehicle-data': 'an outside service the host stands in for, reached through lib/vehicle-data/',
};
/**
 * Contract modules named after the wire path group of their calls, which the specification fixes, rather than
 * after an area: the host areas that implement them. `alldata.ts` is the OEM procedure links of the
 * configuration (alldata/getLinkManage, …); the alldata area's own calls are alldata-account.ts.
 */
const WIRE_GROUPS: Record<string, readonly string[]> = {
  adasmatrix: ['configuration'],
  admin: ['configuration', 'mail', 'adas'],
  alldata: ['configuration'],
  decode: ['adas', 'vehicles'],
  estimateterms: ['configuration'],
  language: ['configuration'],
  report: ['configuration'],
  scanpro: ['configuration'],
  testdrive: ['configuration'],
};
/** Modules every area shares: the call definitions, paging, the knowledge base's common fields. */
const SHARED_MODULES = ['index', 'define', 'list', 'config-fields'];
/**
 * Screens whose path the specification fixes (and the offline fallback) and which another area shows (the
 * route table, lib/routes.ts). Every other screen's first path segment is its area.
 */
const ROUTE_AREAS: Record<string, string> = {
  '/': 'blog', // Home shows the posts
  '/add-inspection': 'adas',
  '/view': 'adas',
  '/choose': 'adas',
  '/insurance': 'locations', // a location's insurance opt-in programs (components/locations/partners)
  '/providers': 'locations', // a location's providers (components/locations/partners)
  '/storage': 'locations', // a location's storage (components/locations/storage)
  '/alldataApproval': 'alldata',
  '/alldataAuthorize': 'alldata',
  '/alldataSetToken': 'alldata',
  '/login': 'auth',
  '/reset': 'auth',
  '/sso': 'auth',
  '/offline': 'shell', // the offline fallback page
};

/** The area a contract module belongs to: the longest area name it starts with (`locations-storage` → locations). */
function areaOf(module: string): string | undefined {
  const parts = module.split('-');
  for (let n = parts.length; n > 0; n--) {
    const name = parts.slice(0, n).join('-');
    if (HOST_AREAS.includes(name) || COMPONENT_AREAS.includes(name)) return name;
  }
  return undefined;
}

/** Whether a file of api-host/<area>/ names the contract key (`contract.key…` or `const { key… } = contract`). */
function hostUses(area: string, key: string): boolean {
  const uses = new RegExp(`\\bcontract\\.${key}\\b|\\{[^}]*\\b${key}\\b[^}]*\\}\\s*=\\s*contract\\b`);
  return files(join('api-host', area)).some((f) => uses.test(readFileSync(f, 'utf8')));
}

const MODULES = readdirSync('lib/contract')
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''));

describe('contract keys', () => {
  it.each(Object.keys(contract))('contract.%s is the module of its name', async (key) => {
    expect(MODULES).toContain(kebab(key));
    const loaded: unknown = await import(`@/lib/contract/${kebab(key)}`);
    expect(contract[key as keyof typeof contract]).toBe(loaded);
  });

  it('holds every module that defines calls', () => {
    const defining = MODULES.filter((m) => /\bdefineCall\(/.test(readFileSync(`lib/contract/${m}.ts`, 'utf8')));
    expect(defining.filter((m) => !(camel(m) in contract))).toEqual([]);
  });

  it.each(Object.keys(contract))('contract.%s belongs to an area whose host implements it', (key) => {
    const file = kebab(key);
    const areas = WIRE_GROUPS[file] ?? [areaOf(file)];
    for (const area of areas) {
      expect(HOST_AREAS, `${file}.ts names no area`).toContain(area);
      expect(hostUses(area!, key), `api-host/${area}/ implements no call of contract.${key}`).toBe(true);
    }
  });

  it('lists every other module as a part of an area or shared', () => {
    const stray = MODULES.filter((m) => !SHARED_MODULES.includes(m) && !WIRE_GROUPS[m.replace(/-constants$/, '')] && !areaOf(m));
    expect(stray).toEqual([]);
  });
});

describe('an area has one name', () => {
  it('api-host/areas.ts names each area after its folder', () => {
    expect(AREAS.map((a) => a.name).sort()).toEqual(HOST_AREAS.filter((a) => !NOT_IN_AREAS[a]).sort());
  });

  it.each(HOST_AREAS)('api-host/%s/ has its components and contract module (or says why not)', (area) => {
    if (!HOST_ONLY[area]) expect(COMPONENT_AREAS).toContain(area);
    if (!NO_CONTRACT_MODULE[area]) expect(MODULES.filter((m) => areaOf(m) === area && !m.endsWith('-constants'))).not.toEqual([]);
  });

  it.each(COMPONENT_AREAS)('components/%s/ has its host area (or says why not)', (area) => {
    if (!COMPONENTS_ONLY[area]) expect(HOST_AREAS).toContain(area);
  });

  it('lists exceptions that still exist', () => {
    for (const area of [...Object.keys(HOST_ONLY), ...Object.keys(NO_CONTRACT_MODULE), ...Object.keys(NOT_IN_AREAS)])
      expect(HOST_AREAS).toContain(area);
    for (const area of Object.keys(COMPONENTS_ONLY)) expect(COMPONENT_AREAS).toContain(area);
    for (const wireGroup of Object.keys(WIRE_GROUPS)) expect(MODULES).toContain(wireGroup);
  });
});

describe('screens', () => {
  const pages = files('app')
    .filter((f) => f.endsWith('page.tsx'))
    .map((f) => ({
      file: f,
      route: `/${relative('app', f)
        .split('/')
        .slice(0, -1)
        .filter((s) => !/^\(.*\)$/.test(s))
        .join('/')}`,
    }));

  it.each(pages)('$route is shown by the area of its name', ({ file, route }) => {
    const area = ROUTE_AREAS[route] ?? route.split('/')[1];
    expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`from '@/components/${area}/`));
  });

  it('lists exceptions that are screens', () => {
    expect(Object.keys(ROUTE_AREAS).filter((r) => !pages.some((p) => p.route === r))).toEqual([]);
  });
});

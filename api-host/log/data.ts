/**
 * Demo application log records, deterministic: what a week of a calibration back-office writes, at every
 * level, from the host, the app servers and the browser. Shared by the demo seed (about 2,000 records)
 * and the benchmark seed (scripts/seed-bench.ts, a million).
 */
import type { LogLevel } from '../../lib/contract/log';
import type { AppLogRecord } from './store';
import { nth, picker } from '../core/random';

/** A small deterministic random number generator (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MACHINES = ['api-host-01', 'api-host-02', 'web-01', 'web-02', 'worker-01'];
const USERS = [
  'role1@example.com',
  'role3@example.com',
  'role5@example.com',
  'role9@example.com',
  'role12@example.com',
  'role15@example.com',
];
const PATHS = [
  'contact/contacts',
  'adas/adass',
  'blog/blogs',
  'dashboard/dashboard',
  'firm/getFirms',
  'lookup/ByKeys',
  'user/users',
  'adas/adasInspection',
];
/**
 * Each VIN with the make its manufacturer code (WMI) names and one count of ADAS systems: a decoded VIN's
 * log entries say the true make, and the same count every time the VIN is decoded.
 */
const VINS: readonly (readonly [vin: string, make: string, systems: number])[] = [
  ['1HGCM82633A004352', 'Honda', 6],
  ['5YJ3E1EA7KF317000', 'Tesla', 9],
  ['1FTFW1ET5DFC10312', 'Ford', 4],
  ['JTDKN3DU0A0123456', 'Toyota', 7],
  ['3N1AB7AP5KY250312', 'Nissan', 5],
  ['KM8J3CA46LU123987', 'Hyundai', 8],
];

interface Template {
  level: LogLevel;
  weight: number;
  name: string;
  layout: string;
  fill: (pick: <T>(xs: readonly T[]) => T, n: () => number) => string[];
  title?: (args: string[]) => string;
  exception?: (args: string[]) => [string, string | null];
}

const stack = (type: string, message: string, frames: string[]) => `${type}: ${message}\n${frames.map((f) => `    at ${f}`).join('\n')}`;

const TEMPLATES: readonly Template[] = [
  { level: 'Trace', weight: 6, name: 'api-host.sql', layout: 'Statement prepared for %s', fill: (p) => [p(PATHS)] },
  {
    level: 'Debug',
    weight: 10,
    name: 'api-host.cache',
    layout: 'Lookup cache refreshed: %s groups',
    fill: (_, n) => [String(8 + (n() % 5))],
  },
  {
    level: 'Debug',
    weight: 6,
    name: 'app.upstream',
    layout: 'GET %s answered in %s ms',
    fill: (p, n) => [p(PATHS), String(3 + (n() % 40))],
  },
  { level: 'Info', weight: 22, name: 'api-host.auth', layout: 'Sign-in succeeded for %s', fill: (p) => [p(USERS)] },
  {
    level: 'Info',
    weight: 10,
    name: 'api-host.mail',
    layout: 'Mail sent to %s: %s',
    fill: (p) => [p(USERS), p(['Reset your password', 'Calibration report', 'Welcome to ADAS Desk'])],
  },
  {
    level: 'Info',
    weight: 12,
    name: 'api-host.adas',
    layout: 'VIN %s decoded: %s with %s ADAS systems',
    fill: (p) => {
      const [vin, make, systems] = p(VINS);
      return [vin, make, String(systems)];
    },
  },
  {
    level: 'Info',
    weight: 6,
    name: 'api-host.report',
    layout: 'Calibration report built for inspection %s in %s ms',
    fill: (_, n) => [String(1000 + (n() % 9000)), String(120 + (n() % 900))],
  },
  { level: 'Warn', weight: 7, name: 'api-host.auth', layout: 'Sign-in failed for %s: wrong password', fill: (p) => [p(USERS)] },
  {
    level: 'Warn',
    weight: 6,
    name: 'api-host.http',
    layout: 'Slow request: GET /api/%s took %s ms',
    fill: (p, n) => [p(PATHS), String(800 + (n() % 4000))],
    title: (a) => `GET /api/${a[0]}`,
  },
  {
    level: 'Warn',
    weight: 3,
    name: 'app.push',
    layout: 'Push connection lost, reconnecting in %s s',
    fill: (p) => [p(['0', '3', '5', '10', '15', '30', '60'])],
  },
  {
    level: 'Error',
    weight: 5,
    name: 'api-host.vehicle',
    layout: 'Vehicle-data service timeout decoding VIN %s',
    fill: (p) => [p(VINS)[0]],
    title: (a) => `POST /api/adas/decode (${a[0]})`,
    exception: (a) => [
      stack('TimeoutError', `The vehicle-data service did not answer within 10000 ms (VIN ${a[0]})`, [
        'decodeVin (api-host/vehicle/client.ts:88:11)',
        'async handler (api-host/adas/calls.ts:214:20)',
      ]),
      stack('Error', 'connect ETIMEDOUT 10.20.0.14:443', ['TCPConnectWrap.afterConnect [as oncomplete] (node:net:1611:16)']),
    ],
  },
  {
    level: 'Error',
    weight: 3,
    name: 'app.server',
    layout: 'Request failed: %s',
    fill: (p) => [p(['/adas', '/dashboard', '/contacts', '/admin'])],
    title: (a) => `GET ${a[0]}`,
    exception: (a) => [
      stack('UpstreamError', `The service could not complete the request for ${a[0]}.`, [
        'callUpstream (lib/api/upstream.ts:131:11)',
        'async Page (app/(default)/page.tsx:22:16)',
      ]),
      null,
    ],
  },
  {
    level: 'Error',
    weight: 2,
    name: 'browser.client-error',
    layout: '{"path":"%s","message":"%s"}',
    fill: (p) => [
      p(['/adas', '/view', '/dashboard']),
      p(["Cannot read properties of undefined (reading 'items')", 'Failed to fetch dynamically imported module']),
    ],
  },
  {
    level: 'Fatal',
    weight: 1,
    name: 'api-host',
    layout: 'Database is locked after %s retries; request abandoned',
    fill: (_, n) => [String(3 + (n() % 3))],
    exception: () => [
      stack('SqliteError', 'database is locked', [
        'Statement.run (node_modules/better-sqlite3/lib/methods/statement.js:23:9)',
        'saveAdas (api-host/adas/calls.ts:301:7)',
      ]),
      null,
    ],
  },
];
const TOTAL_WEIGHT = TEMPLATES.reduce((s, t) => s + t.weight, 0);

/** `count` records spread evenly (with jitter) over the `days` before `end`, in time order. */
export function* logRecords(
  count: number,
  { seed = 7, end = Date.now(), days = 7 }: { seed?: number; end?: number; days?: number } = {},
): Generator<AppLogRecord> {
  const random = rng(seed);
  const pick = picker(random);
  const n = () => Math.floor(random() * 1_000_000);
  const span = days * 86_400_000;
  const step = span / Math.max(1, count);
  for (let i = 0; i < count; i++) {
    let w = random() * TOTAL_WEIGHT;
    const t = TEMPLATES.find((x) => (w -= x.weight) < 0) ?? nth(TEMPLATES, 0);
    const args = t.fill(pick, n);
    let k = 0;
    const message = t.layout.replace(/%s/g, () => args[k++] ?? '');
    const [exception, innerException] = t.exception?.(args) ?? [null, null];
    yield {
      timestamp: new Date(Math.floor(end - span + i * step + random() * step)).toISOString(),
      level: t.level,
      name: t.name,
      message,
      title: t.title?.(args) ?? null,
      exception,
      innerException,
      messageLayout: t.layout,
      machineName: t.name.startsWith('browser')
        ? 'browser'
        : t.name.startsWith('app')
          ? pick(MACHINES.slice(2, 4))
          : pick(t.name === 'api-host.report' ? MACHINES.slice(4) : MACHINES.slice(0, 2)),
    };
  }
}

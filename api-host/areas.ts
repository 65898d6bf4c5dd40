/**
 * The reference host's areas, in order. Each area is one folder (`api-host/<area>/`) holding its schema
 * migrations, queries, calls and seed, and exports an `Area` (core/area.ts) from its index.ts; what other
 * areas may use of it is in its service.ts. Adding an area is one line here. Migrations of every area run
 * first (in this order, each once, by name: main.ts and the test host pass MIGRATIONS to openDb), then the seeds.
 */
import { oneRow } from './core/sql';
import type { FastifyInstance } from 'fastify';
import { adas } from './adas';
import { alldata } from './alldata';
import { auth } from './auth';
import { blog } from './blog';
import { calibrations } from './calibrations';
import { configuration } from './configuration';
import { contacts } from './contacts';
import { dashboard } from './dashboard';
import { data } from './data';
import { dispatch } from './dispatch';
import { evidence } from './evidence';
import { files } from './files';
import { history } from './history';
import { locations } from './locations';
import { insurance } from './insurance';
import { intake } from './intake';
import { links } from './links';
import { log } from './log';
import { lookups } from './lookups';
import { mail } from './mail';
import { onboard } from './onboard';
import { search } from './search';
import { users } from './users';
import { vehicleData } from './vehicle-data';
import { vehicles } from './vehicles';
import type { Area } from './core/area';
import type { HostContext } from './core/context';
import type { Db, Migration } from './core/db';
import type { Implementation } from './core/implement';

// Users before contacts: the contacts seed gives the users' own contacts their emails and phones.
// Calibrations after ADAS jobs: its seed scrubs and requests their inspections.
export const AREAS: readonly Area[] = [
  locations,
  lookups,
  users,
  contacts,
  auth,
  log,
  configuration,
  files,
  insurance,
  blog,
  mail,
  vehicles,
  adas,
  evidence,
  calibrations,
  intake,
  dispatch, // after calibrations (a dispatch belongs to a request), before the dashboard (whose seed rebuilds the numbers)
  dashboard,
  vehicleData,
  data,
  onboard,
  alldata,
  links,
  search,
  history, // written by the areas above through its service.ts (the ADAS seed's demo history too)
];

/** Every call the reference host implements. */
export const IMPLEMENTATIONS: readonly Implementation[] = AREAS.flatMap((a) => a.calls);

/** Every migration, named `{area}/{n}`, in the order they apply. */
export const MIGRATIONS: readonly Migration[] = AREAS.flatMap((a) =>
  a.migrations.map((sql, i) => ({ name: `${a.recordedAs ?? a.name}/${i + 1}`, sql })),
);

/** Mounts every area's routes outside the contract. */
export function mountAreaRoutes(app: FastifyInstance, ctx: HostContext): void {
  for (const area of AREAS) area.routes?.(app, ctx);
}

export async function seed(db: Db, filesDir: string): Promise<void> {
  for (const area of AREAS) await area.seed?.(db, filesDir);
}

export function isSeeded(db: Db): boolean {
  return oneRow(db.prepare<unknown[], { n: number }>('SELECT COUNT(*) AS n FROM firm').get()).n > 0;
}

/** Every call of the contract, by area. The BFF's allow-list and the reference host's routes come from here. */
import * as adas from './adas';
import * as adasmatrix from './adasmatrix';
import * as admin from './admin';
import * as alldata from './alldata';
import * as alldataAccount from './alldata-account';
import * as auth from './auth';
import * as blog from './blog';
import * as calibrations from './calibrations';
import * as contacts from './contacts';
import * as dashboard from './dashboard';
import * as data from './data';
import * as decode from './decode';
import * as dispatch from './dispatch';
import * as estimateterms from './estimateterms';
import * as evidence from './evidence';
import * as files from './files';
import * as history from './history';
import * as insurance from './insurance';
import * as intake from './intake';
import * as language from './language';
import * as links from './links';
import * as locations from './locations';
import * as locationsPartners from './locations-partners';
import * as locationsStorage from './locations-storage';
import * as log from './log';
import * as lookups from './lookups';
import * as onboard from './onboard';
import * as report from './report';
import * as scanpro from './scanpro';
import * as search from './search';
import * as testdrive from './testdrive';
import * as users from './users';
import * as vehicles from './vehicles';
import type { CallDef } from './define';

export const contract = {
  adas,
  adasmatrix,
  admin,
  alldata,
  alldataAccount,
  auth,
  blog,
  calibrations,
  contacts,
  dashboard,
  data,
  decode,
  dispatch,
  estimateterms,
  evidence,
  files,
  history,
  insurance,
  intake,
  language,
  links,
  locations,
  locationsPartners,
  locationsStorage,
  log,
  lookups,
  onboard,
  report,
  scanpro,
  search,
  testdrive,
  users,
  vehicles,
};

function isCall(v: unknown): v is CallDef {
  return typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'response' in v;
}

/** All calls, flattened. */
export const ALL_CALLS: readonly CallDef[] = Object.values(contract).flatMap((area) => Object.values(area).filter(isCall));

/**
 * The BFF allow-list key of a call: "METHOD path" without a trailing slash. Next.js redirects a trailing
 * slash away, so contract paths that end in one (contact/contactSearch/, …) arrive without it.
 */
export const bffKey = (method: string, path: string) => `${method} ${path.replace(/\/$/, '')}`;

/** Calls a client component may make through the BFF, keyed by bffKey. */
export const BFF_CALLS: ReadonlyMap<string, CallDef> = new Map(
  ALL_CALLS.filter((c) => c.bff && c.host === 'api').map((c) => [bffKey(c.method, c.path), c]),
);

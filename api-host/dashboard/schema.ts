/**
 * Schema of the dashboard's facts and daily roll-ups (pre-aggregated, kept in step by the writes:
 * docs/dashboard.md#dashboard-numbers-what-a-sale-is).
 *
 * - dashboard_inspection: one row per Complete inspection, what it counts for: its location, the day it was
 *   completed (YYYY-MM-DD in the location's time zone), the vehicle's make, the technician, and the sums of
 *   its billable calibrations. Frozen when the inspection is completed (a later price change does not
 *   rewrite past sales), removed when it is reopened or deleted.
 * - dashboard_calibration: one row per billable calibration of those inspections (billable.ts says which):
 *   the line it comes from (calibrate_request_line, else adas_inspection_result), the service (the
 *   system), its price, book minutes and labor cost.
 * - dashboard_daily: the sums per (node, kind, day, key) where node is the location and every firm above it,
 *   so a franchiser's year is one index range of at most 366 × keys rows whatever the size of its network.
 *   kind: total (key ''), service (the system), make, tech (the user id), and own (key ''): the location's own
 *   inspections only, on its own node (the invoicing list's per-location rows). Rows are added to and subtracted
 *   from by rollup.ts, in the transaction that changes the inspection. When a location moves in the network,
 *   the trigger dashboard_firm_moved takes its rows from the firms above its old place and adds them to those
 *   above its new one (the network is at most four levels deep: platform, franchiser, franchisee, shop; a
 *   trigger cannot use a recursive query, so the ancestors are spelled out).
 */
/** The sums of a roll-up row when DASHBOARD_SCHEMA was applied (DASHBOARD_SCHEMA_3 adds unrated_minutes). */
const SUMS_1 = ['inspections', 'calibrations', 'sales_cents', 'minutes', 'cost_cents'];
/** The sums of a roll-up row now (rollup.ts keeps the same list). */
export const SUMS = [...SUMS_1, 'unrated_minutes'] as const;

/** The firm `p` and the (up to three) firms above it. */
const chain = (p: string) => `
  SELECT ${p} AS node
  UNION SELECT parent FROM firm WHERE firm = ${p}
  UNION SELECT parent FROM firm WHERE firm = (SELECT parent FROM firm WHERE firm = ${p})
  UNION SELECT parent FROM firm WHERE firm = (SELECT parent FROM firm WHERE firm = (SELECT parent FROM firm WHERE firm = ${p}))`;

const moveRows = (parent: string, sign: '+' | '-', sums: readonly string[]) => `
  INSERT INTO dashboard_daily (node, kind, day, key, ${sums.join(', ')})
  SELECT up.node, d.kind, d.day, d.key, ${sums.map((c) => `${sign}d.${c}`).join(', ')}
  FROM (${chain(parent)}) up JOIN dashboard_daily d ON d.node = NEW.firm AND d.kind <> 'own' WHERE up.node IS NOT NULL
  ON CONFLICT (node, kind, day, key) DO UPDATE SET ${sums.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')};`;

const firmMovedTrigger = (sums: readonly string[]) => `
CREATE TRIGGER dashboard_firm_moved AFTER UPDATE OF parent ON firm WHEN OLD.parent IS NOT NEW.parent BEGIN
  ${moveRows('OLD.parent', '-', sums)}
  ${moveRows('NEW.parent', '+', sums)}
  DELETE FROM dashboard_daily WHERE node IN (${chain('OLD.parent')}) AND inspections = 0 AND calibrations = 0;
END;`;
export const DASHBOARD_SCHEMA = /* sql */ `
CREATE TABLE dashboard_inspection (
  adas_inspection INTEGER PRIMARY KEY,
  adas            INTEGER NOT NULL,
  firm            INTEGER NOT NULL,
  day             TEXT NOT NULL,
  make            TEXT NOT NULL,
  tech            INTEGER,
  calibrations    INTEGER NOT NULL,
  sales_cents     INTEGER NOT NULL,
  minutes         INTEGER NOT NULL,
  cost_cents      INTEGER NOT NULL
);
CREATE INDEX dashboard_inspection_adas ON dashboard_inspection(adas);
CREATE INDEX dashboard_inspection_day ON dashboard_inspection(day);

CREATE TABLE dashboard_calibration (
  billable_line          INTEGER PRIMARY KEY, -- renamed dashboard_calibration by DASHBOARD_SCHEMA_2
  adas_inspection        INTEGER NOT NULL,
  firm                   INTEGER NOT NULL,
  day                    TEXT NOT NULL,
  system                 TEXT NOT NULL,
  calibration_type       TEXT NOT NULL,
  sales_cents            INTEGER NOT NULL,
  minutes                INTEGER NOT NULL,
  cost_cents             INTEGER NOT NULL
);
CREATE INDEX dashboard_calibration_inspection ON dashboard_calibration(adas_inspection);
CREATE INDEX dashboard_calibration_day ON dashboard_calibration(day);

CREATE TABLE dashboard_daily (
  node         INTEGER NOT NULL,
  kind         TEXT NOT NULL,
  day          TEXT NOT NULL,
  key          TEXT NOT NULL,
  inspections  INTEGER NOT NULL DEFAULT 0,
  calibrations INTEGER NOT NULL DEFAULT 0,
  sales_cents  INTEGER NOT NULL DEFAULT 0,
  minutes      INTEGER NOT NULL DEFAULT 0,
  cost_cents   INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (node, kind, day, key)
) WITHOUT ROWID;

${firmMovedTrigger(SUMS_1)}

-- Queries the host logged as slow, with their plan (admin/getMissingIndexes).
CREATE TABLE slow_query (
  sql      TEXT PRIMARY KEY,
  plan     TEXT NOT NULL,
  count    INTEGER NOT NULL,
  total_ms REAL NOT NULL,
  max_ms   REAL NOT NULL,
  last_at  TEXT NOT NULL
);
`;

/**
 * The billable lines come from calibration request lines or inspection results (billable.ts): the row gets
 * its own id and says which. Rows kept from before were inspection results; a database with requests is
 * brought to the new pricing by rebuildDashboard (the seed runs it).
 */
export const DASHBOARD_SCHEMA_2 = /* sql */ `
ALTER TABLE dashboard_calibration RENAME COLUMN billable_line TO dashboard_calibration;
ALTER TABLE dashboard_calibration ADD COLUMN calibrate_request_line INTEGER;
ALTER TABLE dashboard_calibration ADD COLUMN adas_inspection_result INTEGER;
UPDATE dashboard_calibration SET adas_inspection_result = dashboard_calibration;
`;

/**
 * Why a cost is missing (docs/dashboard.md#cost): the book minutes worked by technicians without a labor rate (or by
 * nobody: Unassigned), kept beside the cost so that a cost cell can say how many hours it does not cover
 * instead of showing $0.00 or a partial sum as if it were whole. One technician is credited with an
 * inspection, so an inspection's minutes are all rated or all not: the facts kept from before are filled
 * from their cost; a day's roll-up row exactly when none of its minutes had a rate (a mixed row keeps 0
 * until rebuildDashboard, which `npm run reset-data` runs). The trigger carrying a moved location's rows
 * carries the new sum too.
 */
export const DASHBOARD_SCHEMA_3 = /* sql */ `
ALTER TABLE dashboard_inspection ADD COLUMN unrated_minutes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE dashboard_calibration ADD COLUMN unrated_minutes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE dashboard_daily ADD COLUMN unrated_minutes INTEGER NOT NULL DEFAULT 0;
UPDATE dashboard_inspection SET unrated_minutes = minutes WHERE cost_cents = 0;
UPDATE dashboard_calibration SET unrated_minutes = minutes WHERE cost_cents = 0;
UPDATE dashboard_daily SET unrated_minutes = minutes WHERE cost_cents = 0;
DROP TRIGGER dashboard_firm_moved;
${firmMovedTrigger(SUMS)}
`;

/**
 * Dispatch (docs/dispatch.md#numbers): the facts say who performed the work — `provider`, the calibration
 * provider whose accepted dispatch the inspection was (NULL: in house) — and, per calibration, `technician`:
 * who recorded its result. Rolled up as kind 'provider' on the shop's nodes (key: the provider, '' in house)
 * and kinds 'workShop', 'workService', 'workTech' on the provider's nodes (key: the shop, the system, the
 * technician): the work it did for other shops. Facts kept from before have no dispatch, so NULL is right.
 */
export const DASHBOARD_SCHEMA_4 = /* sql */ `
ALTER TABLE dashboard_inspection ADD COLUMN provider INTEGER;
ALTER TABLE dashboard_calibration ADD COLUMN provider INTEGER;
ALTER TABLE dashboard_calibration ADD COLUMN technician INTEGER;
CREATE INDEX dashboard_calibration_provider ON dashboard_calibration(provider) WHERE provider IS NOT NULL;
`;

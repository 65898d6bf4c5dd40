/**
 * The dashboard part of the benchmark seed (scripts/seed-bench.ts), issue 16's size: `--dashboard-jobs`
 * more ADAS jobs (1,000,000 for the target) over three years across every shop of the network (grown to
 * 5,000 locations with --firms), then the dashboard's facts and daily roll-ups rebuilt from all inspections
 * (bulk inserts bypass the write hook). `measureDashboard` times every analysis of "past year" over the
 * largest franchiser as the page asks for it (the analysis table and the headline), target median ≤ 300 ms.
 */
import { bulkInsertJobs, jobGenerator, seedContext, type GenJob } from '../api-host/adas/seed';
import { analysis, headline } from '../api-host/dashboard/query';
import { rebuildDashboard } from '../api-host/dashboard/rollup';
import type { Db } from '../api-host/core/db';
import type { Caller } from '../api-host/core/caller';
import { dashboardQuery } from '../lib/contract/dashboard';
import { presetRange } from '../lib/dashboard/periods';
import { ANALYSIS_IDS } from '../lib/dashboard/rules';
import { time } from './lib/timing';

const THREE_YEARS = 1095;
const CHUNK = 100_000;

function* take(n: number, next: () => GenJob): Generator<GenJob> {
  for (let i = 0; i < n; i++) yield next();
}

export function growDashboard(db: Db, jobs: number): void {
  const started = performance.now();
  if (jobs > 0) {
    const shops = db.prepare("SELECT firm FROM firm WHERE firm_type = 'shop' AND is_inactive = 0 ORDER BY firm").pluck().all() as number[];
    const next = jobGenerator(db, 160_016, shops, seedContext(db), THREE_YEARS);
    // In transactions of 100,000 jobs: the write-ahead log stays small.
    for (let done = 0; done < jobs; done += CHUNK) bulkInsertJobs(db, take(Math.min(CHUNK, jobs - done), next));
    console.log(
      `[seed-bench] dashboard: ${jobs} more jobs over ${THREE_YEARS} days across ${shops.length} shops in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const t = performance.now();
  rebuildDashboard(db);
  const n = db
    .prepare('SELECT (SELECT count(*) FROM dashboard_inspection) AS inspections, (SELECT count(*) FROM dashboard_daily) AS daily')
    .get() as Record<string, number>;
  console.log(
    `[seed-bench] dashboard: ${n.inspections} completed inspections, ${n.daily} daily roll-up rows (rebuilt in ${((performance.now() - t) / 1000).toFixed(1)} s)`,
  );
}

/** The franchiser with the most locations under it. */
export function largestFranchiser(db: Db): number {
  return db
    .prepare(
      `WITH RECURSIVE t(firm, top) AS (SELECT firm, firm FROM firm WHERE firm_type = 'franchiser' UNION SELECT f.firm, t.top FROM firm f JOIN t ON f.parent = t.firm)
       SELECT top FROM t GROUP BY top ORDER BY count(*) DESC LIMIT 1`,
    )
    .pluck()
    .get() as number;
}

export function measureDashboard(db: Db): void {
  const franchiser = largestFranchiser(db);
  const firms = new Set(db.prepare('SELECT firm FROM firm').pluck().all() as number[]);
  const caller = { user: 1, firm: 1, role: 1, tokenId: 'bench', firms, profile: { timezone: 12 } } as unknown as Caller;
  const range = presetRange(6, new Date(), 12);
  const jobs = db.prepare('SELECT count(*) FROM adas').pluck().get() as number;
  const locations = db
    .prepare(`WITH RECURSIVE t(firm) AS (SELECT ? UNION SELECT f.firm FROM firm f JOIN t ON f.parent = t.firm) SELECT count(*) FROM t`)
    .pluck()
    .get(franchiser) as number;
  console.log(
    `\n[measure] dashboard: ${jobs} jobs; "past year" over franchiser ${franchiser} (${locations} locations); table + headline, median / max of 15 runs, ms (target ≤ 300)`,
  );
  for (const id of ANALYSIS_IDS) {
    const q = dashboardQuery.parse({ firm: franchiser, ...range, analysis: id });
    let rows = 0;
    const t = time(() => {
      rows = analysis(db, caller, q).count;
      headline(db, caller, { firm: franchiser, ...range });
    });
    console.log(`  ${id.padEnd(20)} ${t.median.toFixed(2).padStart(8)} ${t.max.toFixed(2).padStart(8)}   rows ${rows}`);
  }
}

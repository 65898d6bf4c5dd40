/**
 * The dispatch part of the benchmark seed (scripts/seed-bench.ts --dispatches N, default 20,000): requests of
 * the bench's jobs sent to their shops' providers, in every status, written in one transaction with prepared
 * statements; and (--measure) the queue's list query for a provider's and a shop's view, sorted, filtered and
 * searched, beside the provider's access check of one call. Figures are printed, never asserted.
 */
import type { Db } from '../api-host/core/db';
import type { Caller } from '../api-host/core/caller';
import { listDispatches } from '../api-host/dispatch/read';
import { reachInspection } from '../api-host/dispatch/access';
import { providersOf } from '../api-host/locations/partners';
import { contract } from '../lib/contract';
import { DISPATCH_STATUSES } from '../lib/dispatch/rules';
import { line, time } from './lib/timing';

const DAY = 86_400_000;

export function growDispatches(db: Db, target: number): void {
  const have = db.prepare('SELECT count(*) FROM dispatch').pluck().get() as number;
  const add = target - have;
  if (add <= 0) return;
  const started = performance.now();
  const providers = new Map<number, number[]>();
  const providersAt = (firm: number) => {
    let list = providers.get(firm);
    if (!list) providers.set(firm, (list = [...providersOf(db, firm).keys()].sort((a, b) => a - b)));
    return list;
  };
  const candidates = db
    .prepare(
      `SELECT i.adas_inspection AS inspection, i.adas, j.firm, v.year, v.make, v.model, v.vin, j.created_by AS user
       FROM adas_inspection i JOIN adas j ON j.adas = i.adas JOIN vehicle v ON v.vehicle = j.vehicle
       WHERE NOT EXISTS (SELECT 1 FROM calibrate_request r WHERE r.adas_inspection = i.adas_inspection)
       ORDER BY i.adas_inspection DESC`,
    )
    .iterate() as IterableIterator<{
    inspection: number;
    adas: number;
    firm: number;
    year: number;
    make: string;
    model: string;
    vin: string;
    user: number;
  }>;
  const request = db.prepare(
    `INSERT INTO calibrate_request (firm, adas, adas_inspection, vin, year, make, model, reason, total_cents, created_by, status_name)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'Estimate triggers calibrations', ?, ?, ?)`,
  );
  const requestLine = db.prepare(
    `INSERT INTO calibrate_request_line (calibrate_request, adas_checklist_matrix, system, calibration_type, price_cents)
     SELECT ?, adas_checklist_matrix, system, calibration_type, 25000 FROM adas_inspection_result WHERE adas_inspection = ? AND calibration_type <> '' LIMIT 3`,
  );
  const dispatch = db.prepare(
    `INSERT INTO dispatch (calibrate_request, adas_inspection, adas, firm, provider, status, mode, requested_date, scheduled_date,
       window_start, window_end, created_by, status_changed_by, created_at, status_changed_at, version, notified_version)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 1)`,
  );
  let n = 0;
  const now = Date.now();
  db.transaction(() => {
    for (const c of candidates) {
      if (n >= add) break;
      const list = providersAt(c.firm);
      const provider = list[n % Math.max(1, list.length)];
      if (provider === undefined) continue;
      const status = DISPATCH_STATUSES[n % DISPATCH_STATUSES.length]!;
      const when = new Date(now - (n % 400) * DAY);
      const day = new Date(now + ((n % 60) - 20) * DAY).toISOString().slice(0, 10);
      const scheduled = ['Accepted', 'Completed', 'Closed'].includes(status) ? day : null;
      const id = Number(
        request.run(
          c.firm,
          c.adas,
          c.inspection,
          c.vin || null,
          c.year,
          c.make,
          c.model,
          75000,
          c.user,
          status === 'Accepted' ? 'Scheduled' : 'New',
        ).lastInsertRowid,
      );
      requestLine.run(id, c.inspection);
      const at = when.toISOString().replace(/\.\d{3}Z$/, 'Z');
      dispatch.run(
        id,
        c.inspection,
        c.adas,
        c.firm,
        provider,
        status,
        n % 2 ? 'on-site' : 'in-bay',
        day,
        scheduled,
        scheduled ? '08:00' : null,
        scheduled ? '12:00' : null,
        c.user,
        c.user,
        at,
        at,
      );
      n++;
    }
  })();
  console.log(`[seed-bench] dispatch: ${have + n} dispatches (${n} generated in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

export function measureDispatch(db: Db): void {
  const total = db.prepare('SELECT count(*) FROM dispatch').pluck().get() as number;
  const busiest = db.prepare('SELECT provider, count(*) AS n FROM dispatch GROUP BY provider ORDER BY n DESC LIMIT 1').get() as
    { provider: number; n: number } | undefined;
  const shop = db.prepare('SELECT firm, count(*) AS n FROM dispatch GROUP BY firm ORDER BY n DESC LIMIT 1').get() as
    { firm: number; n: number } | undefined;
  if (!busiest || !shop) return;
  console.log(
    `\n[measure] dispatch: ${total.toLocaleString('en-US')} dispatches; the busiest provider (${busiest.provider}) has ${busiest.n.toLocaleString('en-US')}, the busiest shop (${shop.firm}) sent ${shop.n.toLocaleString('en-US')}; list query median / max, ms`,
  );
  const as = (firms: number[]) => ({ firms: new Set(firms) }) as unknown as Caller;
  const q = (raw: Record<string, unknown>) => contract.dispatch.dispatches.query.parse(raw);
  const provider = as([busiest.provider]);
  const cases: [string, Caller, Record<string, unknown>][] = [
    ['received, newest first', provider, {}],
    ['received, open only', provider, { status: 'open' }],
    ['received, Requested, by date asked for', provider, { status: 'Requested', orderBy: 'requested', direction: 'asc' }],
    ['received, by shop', provider, { orderBy: 'shop' }],
    ['received, page 50', provider, { page: 50 }],
    ['received, search "toyota"', provider, { searchTerm: 'toyota' }],
    ['received, search "zzzz" (nothing)', provider, { searchTerm: 'zzzz' }],
    ['sent (the busiest shop), newest first', as([shop.firm]), { view: 'sent' }],
    ['sent, by provider', as([shop.firm]), { view: 'sent', orderBy: 'provider' }],
  ];
  for (const [name, caller, raw] of cases) {
    let count = 0;
    line(
      name,
      time(() => (count = listDispatches(db, caller, q(raw)).count)),
      `count ${count}`,
    );
  }
  const accepted = db.prepare("SELECT adas_inspection, firm, provider FROM dispatch WHERE status = 'Accepted' LIMIT 1").get() as
    { adas_inspection: number; firm: number; provider: number } | undefined;
  if (accepted)
    line(
      "a provider's access check of one call (reachInspection)",
      time(() => reachInspection(db, as([accepted.provider]), accepted.firm, accepted.adas_inspection, 'work'), 200),
    );
}

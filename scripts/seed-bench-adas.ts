/**
 * The ADAS part of the benchmark seed (scripts/seed-bench.ts): grows the jobs to `--jobs` (100,000) with
 * `--inspections` (250,000) inspections in all, spread over the shops like the demo seed, and measures the
 * job list's queries, whole list calls and VIN decodes at that size.
 */
import { seedContext, jobGenerator, shopFirms, bulkInsertJobs, type GenJob } from '../api-host/adas/seed';
import { explainAdasList, listAdas } from '../api-host/adas/query';
import { IMPLEMENTATIONS } from '../api-host/areas';
import type { Db } from '../api-host/core/db';
import { buildServer } from '../api-host/core/server';
import { tokenService } from '../api-host/core/tokens';
import { sessionProfileOf } from '../api-host/auth/calls';
import { decodeValidVin } from '../api-host/vehicles/decode';
import { ADAS_SORTS, adassQuery } from '../lib/contract/adas';
import { time, line, summary } from './lib/timing';

export function growAdas(db: Db, jobs: number, inspections: number): void {
  const have = db.prepare('SELECT count(*) FROM adas').pluck().get() as number;
  const haveInspections = db.prepare('SELECT count(*) FROM adas_inspection').pluck().get() as number;
  const add = jobs - have;
  if (add <= 0) return;
  const perJob = (inspections - haveInspections) / add;
  const next = jobGenerator(db, 100_013, shopFirms(db), seedContext(db));
  const started = performance.now();
  function* generated(): Generator<GenJob> {
    for (let i = 0; i < add; i++) {
      const j = next();
      // Exactly the inspections asked for: this job's share of them, as a running quota.
      const want = Math.max(1, Math.floor((i + 1) * perJob) - Math.floor(i * perJob));
      const last = j.inspections.at(-1);
      if (!last) throw new Error('A generated job has no inspection to repeat');
      while (j.inspections.length < want) j.inspections.push({ ...last, status: 2, type: 3 });
      j.inspections.length = want;
      yield j;
    }
  }
  bulkInsertJobs(db, generated());
  const counts = db
    .prepare(
      'SELECT (SELECT count(*) FROM adas) AS jobs, (SELECT count(*) FROM adas_inspection) AS inspections, (SELECT count(*) FROM adas_inspection_result) AS results',
    )
    .get() as Record<string, number>;
  console.log(
    `[seed-bench] ADAS: ${counts.jobs} jobs, ${counts.inspections} inspections, ${counts.results} system results (${add} jobs generated in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}

export async function measureAdas(db: Db, plans: boolean): Promise<void> {
  const all = new Set(db.prepare('SELECT firm FROM firm').pluck().all() as number[]);
  const network = new Set(db.prepare('SELECT firm FROM user_firm WHERE user = 9').pluck().all() as number[]);
  const shop = new Set([6]);
  const sample = db.prepare('SELECT vin, ronumber FROM adas ORDER BY adas DESC LIMIT 1 OFFSET 5000').get() as {
    vin: string;
    ronumber: string;
  };
  const total = db.prepare('SELECT count(*) FROM adas').pluck().get() as number;
  console.log(`\n[measure] ${total} ADAS jobs; list query (count + page) median / max of 15 runs, ms`);
  const cases: [string, Record<string, unknown>, ReadonlySet<number>][] = [];
  for (const orderBy of ADAS_SORTS)
    for (const direction of ['asc', 'desc']) cases.push([`every firm, sort ${orderBy} ${direction}`, { orderBy, direction }, all]);
  for (const orderBy of ADAS_SORTS) cases.push([`network (role 9), sort ${orderBy} desc`, { orderBy, direction: 'desc' }, network]);
  for (const orderBy of ADAS_SORTS) cases.push([`one shop (6), sort ${orderBy} asc`, { orderBy }, shop]);
  cases.push(
    ['every firm, status Open', { filterBy: 1 }, all],
    ['every firm, status Complete, sort vehicle', { filterBy: 2, orderBy: 'vehicle' }, all],
    ['network, status In Progress, sort created desc', { filterBy: 3, orderBy: 'created', direction: 'desc' }, network],
    ['one shop, status On Hold', { filterBy: 4 }, shop],
    [`every firm, partial VIN "${sample.vin.slice(-6)}"`, { searchTerm: sample.vin.slice(-6) }, all],
    [`every firm, partial VIN "${sample.vin.slice(3, 11)}"`, { searchTerm: sample.vin.slice(3, 11) }, all],
    [`network, partial VIN "${sample.vin.slice(-8)}"`, { searchTerm: sample.vin.slice(-8) }, network],
    [`every firm, RO number "${sample.ronumber}"`, { searchTerm: sample.ronumber }, all],
    ['every firm, last 30 days', { createdFrom: new Date(Date.now() - 30 * 86_400_000).toISOString() }, all],
    ['every firm, page 2000', { page: 2000 }, all],
  );
  for (const [name, raw, firms] of cases) {
    const q = adassQuery.parse(raw);
    let count = 0;
    line(
      name,
      time(() => (count = listAdas(db, q, { firms }).count)),
      `count ${count}`,
    );
    if (plans) for (const p of explainAdasList(db, q, { firms })) console.log(`      ${p}`);
  }

  console.log('\n[measure] VIN decode at the host (decoder only), ms');
  line(
    `decode ${sample.vin}`,
    time(() => decodeValidVin(db, sample.vin), 200),
  );

  const tokens = tokenService(new TextEncoder().encode('bench-secret-0123456789abcdef0123456789'), 3600);
  const app = buildServer({ db, tokens, filesDir: '.data/bench/files' }, IMPLEMENTATIONS);
  await app.ready();
  const tokenOf = async (username: string) => {
    return tokens.issue(sessionProfileOf(db, username));
  };
  console.log('\n[measure] whole calls through the host (fastify inject), median / max of 25 runs, ms');
  for (const [who, url] of [
    ['role1@example.com', '/api/adas/adass'],
    ['role1@example.com', '/api/adas/adass?orderBy=vehicle&direction=asc'],
    ['role1@example.com', '/api/adas/adass?filterBy=2&orderBy=insurance'],
    ['role1@example.com', `/api/adas/adass?searchTerm=${sample.vin.slice(-6)}`],
    ['role9@example.com', '/api/adas/adass?orderBy=location'],
    ['role5@example.com', '/api/adas/adass?orderBy=inspections&direction=desc'],
    ['role5@example.com', `/api/decode/adas?vin=${sample.vin}`],
  ] as const) {
    const token = await tokenOf(who);
    const t = await (async () => {
      const ms: number[] = [];
      for (let i = 0; i < 26; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        if (i > 0) ms.push(performance.now() - t0);
      }
      return summary(ms);
    })();
    line(`${who.split('@')[0]} ${url}`, t);
  }
  await app.close();
}

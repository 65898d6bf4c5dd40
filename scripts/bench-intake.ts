/**
 * npm run bench:intake — how well and how fast intake reads estimate files (docs/intake.md#measured).
 *
 * Reading: every fixture of testkit/intake (each estimate of the scrub's own sets and of the outside sets
 * beside the repository printed in its vendor's layout and exported as EMS, and scanned copies of some at
 * 200 dpi, turned, speckled and softened), read through the host's worker pool as an upload is. Per source
 * and layout: the share of lines read exactly (operation, description and section), of VINs and of header
 * fields (RO, claim number, insurer, supplement number) found, and the time per page; for scanned files
 * also the lines under the confidence floor, and whether every line read wrong was among them.
 * Targets: text PDFs ≥ 99 % of lines in every layout, VIN and header ≥ 99 %; EMS 100 %; scanned ≥ 95 %.
 *
 * Speed: a 20-page text printout (target ≤ 2 s) and the seconds per scanned page (target ≤ 10 s).
 *
 * Fairness (another user's calls while three 5 MB BMS uploads are read): another user's calls timed
 * alone, during three uploads read by intake's worker pool, and during the same three files parsed on the
 * host's own thread as before (the peer), side by side in one run; the ratios are printed, never asserted.
 *
 *   npm run bench:intake [-- --scanned=6] [--no-scan] [--scan-only] [--no-fairness]
 */
import { availableParallelism } from 'node:os';
import { readBms } from '../lib/intake/bms';
import type { ReadEstimate } from '../lib/intake/estimate';
import { READ_LIMITS } from '../api-host/intake/calls';
import { closeIntakePool, readInWorker } from '../api-host/intake/pool';
import { contract } from '../lib/contract';
import { startTestHost } from '../testkit/host';
import { multipart } from '../testkit/images';
import { fixtures, longEstimate, type Fixture } from '../testkit/intake/fixtures';
import { printEstimate } from '../testkit/intake/print';
import { bigBms } from '../testkit/intake/bms';

const args = process.argv.slice(2);
const scanned = Number(args.find((a) => a.startsWith('--scanned='))?.split('=')[1] ?? 6);
const noScan = args.includes('--no-scan');
const noFairness = args.includes('--no-fairness');
const scanOnly = args.includes('--scan-only');

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : '—');
const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

interface Row {
  key: string;
  files: number;
  lines: number;
  exact: number;
  vins: number;
  header: number;
  headerOf: number;
  pages: number;
  ms: number;
  flagged: number;
  wrong: number;
  wrongFlagged: number;
  failures: string[];
}

async function read(f: Fixture): Promise<{ estimate: ReadEstimate | null; ms: number; error: string | null }> {
  const bytes = await f.bytes();
  const t = performance.now();
  const out = await readInWorker([{ name: f.name, bytes }], READ_LIMITS, () => undefined);
  return { estimate: out.ok ? out.estimate : null, ms: performance.now() - t, error: out.ok ? null : out.message };
}

async function reading(): Promise<void> {
  const list = fixtures({ scanned: noScan ? 0 : scanned }).filter((f) => !scanOnly || f.kind === 'scan');
  console.log(
    `\n${list.length} estimate files: ${list.filter((f) => f.kind === 'pdf').length} text PDFs, ${list.filter((f) => f.kind === 'ems').length} EMS zips, ${list.filter((f) => f.kind === 'scan').length} scanned PDFs (${availableParallelism()} cores)\n`,
  );
  const rows = new Map<string, Row>();
  for (const f of list) {
    const key = `${f.kind === 'ems' ? 'EMS' : f.kind === 'scan' ? 'scanned PDF' : 'text PDF'} ${f.kind === 'ems' ? '(from ' + f.layout + ' estimates)' : f.layout}`;
    const row = rows.get(key) ?? {
      key,
      files: 0,
      lines: 0,
      exact: 0,
      vins: 0,
      header: 0,
      headerOf: 0,
      pages: 0,
      ms: 0,
      flagged: 0,
      wrong: 0,
      wrongFlagged: 0,
      failures: [],
    };
    rows.set(key, row);
    const { estimate: e, ms, error } = await read(f);
    row.files++;
    row.lines += f.expected.lines.length;
    row.headerOf += 4;
    row.ms += ms;
    row.pages += e?.pages ?? 1;
    if (!e) {
      row.failures.push(`${f.name}: ${error}`);
      row.wrong += f.expected.lines.length;
      continue;
    }
    const floor = e.confidenceFloor;
    f.expected.lines.forEach((x, i) => {
      const got = e.lines[i];
      const exact =
        !!got &&
        norm(got.operation) === norm(x.operation) &&
        norm(got.description) === norm(x.description) &&
        norm(got.section) === norm(x.section);
      const flagged = !!got && floor != null && got.confidence != null && got.confidence < floor;
      if (flagged) row.flagged++;
      if (exact) row.exact++;
      else {
        row.wrong++;
        if (flagged) row.wrongFlagged++;
        if (row.failures.length < 12)
          row.failures.push(
            `${f.name} line ${x.lineNum}: ${JSON.stringify([x.operation, x.description, x.section])} read ${JSON.stringify(got && [got.operation, got.description, got.section])}`,
          );
      }
    });
    if (e.lines.length > f.expected.lines.length)
      row.failures.push(`${f.name}: ${e.lines.length - f.expected.lines.length} lines too many`);
    if (e.vehicle.vin === f.expected.vin) row.vins++;
    const h = e.header;
    row.header +=
      +(h.roNumber === f.expected.roNumber) +
      +(h.claimNumber === f.expected.claimNumber) +
      +(h.insurer === f.expected.insurer) +
      +(h.supplement === f.expected.supplement);
  }
  console.log(
    '| source and layout | files | lines | read exactly | VIN found | header fields found | time per page | flagged for checking | wrong lines flagged |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows.values())
    console.log(
      `| ${r.key} | ${r.files} | ${r.lines} | ${pct(r.exact, r.lines)} | ${pct(r.vins, r.files)} | ${pct(r.header, r.headerOf)} | ${(r.ms / r.pages / 1000).toFixed(2)} s | ${r.key.startsWith('scanned') ? pct(r.flagged, r.lines) : '—'} | ${r.key.startsWith('scanned') ? `${r.wrongFlagged} of ${r.wrong}` : '—'} |`,
    );
  for (const r of rows.values()) if (r.failures.length) console.log(`\n${r.key}, not read exactly:\n  ${r.failures.join('\n  ')}`);
}

async function twentyPages(): Promise<void> {
  const bytes = await printEstimate(longEstimate(20), { noNotes: true });
  const runs: number[] = [];
  let pages = 0;
  for (let i = 0; i < 4; i++) {
    const t = performance.now();
    const out = await readInWorker([{ name: 'long.pdf', bytes }], READ_LIMITS, () => undefined);
    runs.push(performance.now() - t);
    if (out.ok) pages = out.estimate.pages ?? 0;
    else console.log(`20-page PDF: ${out.message}`);
  }
  runs.sort((a, b) => a - b);
  console.log(
    `\n${pages}-page text PDF, read through the worker pool: median ${(runs[1]! / 1000).toFixed(2)} s, first (worker starting) ${(Math.max(...runs) / 1000).toFixed(2)} s (target ≤ 2 s)`,
  );
}

async function fairness(): Promise<void> {
  const host = await startTestHost();
  // Three users upload at once (each may have two reads going); a fourth lists contacts.
  const [uploaders, other] = await Promise.all([Promise.all([host.token(1), host.token(4), host.token(5)]), host.token(17)]);
  const job = host.db.prepare('SELECT adas FROM adas WHERE firm = 6 ORDER BY adas LIMIT 1').pluck().get() as number;
  const file = bigBms();
  const form = await multipart([{ name: 'big.xml', bytes: file, type: 'text/xml' }]);
  const call = async () => {
    const t = performance.now();
    await host.api(other, contract.contacts.contacts, { query: { pageSize: 10 } });
    return performance.now() - t;
  };
  const during = async (load: () => Promise<unknown>[]) => {
    const times: number[] = [];
    const loads = load();
    let busy = true;
    void Promise.allSettled(loads).then(() => (busy = false));
    while (busy || times.length < 5) times.push(await call());
    await Promise.allSettled(loads);
    times.sort((a, b) => a - b);
    return { p50: times[Math.floor(times.length / 2)]!, max: times.at(-1)! };
  };
  const alone: number[] = [];
  for (let i = 0; i < 30; i++) alone.push(await call());
  alone.sort((a, b) => a - b);
  const base = { p50: alone[15]!, max: alone.at(-1)! };
  const uploads = () =>
    uploaders.map((uploader) =>
      host.app.inject({
        method: 'POST',
        url: `/api/bms/upload?adas=${job}`,
        headers: { 'content-type': form.contentType, authorization: `Bearer ${uploader}` },
        payload: form.body,
      }),
    );
  // The peer: the same three files parsed on the host's own thread, as the host did before intake.
  const onThread = () => [0, 1, 2].map((i) => new Promise((resolve) => setTimeout(() => resolve(readBms(file.toString('utf8'))), i * 5)));
  const worker = await during(uploads);
  const thread = await during(onThread);
  console.log(`\nAnother user's call (contact/contacts) while three ${(file.length / 1024 / 1024).toFixed(1)} MB BMS files are read:`);
  console.log('| | median | slowest | median vs alone | slowest vs alone |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [name, t] of [
    ['alone', base],
    ['during 3 uploads read by intake (worker pool)', worker],
    ['during 3 parses on the host thread (peer: before intake)', thread],
  ] as const)
    console.log(
      `| ${name} | ${t.p50.toFixed(1)} ms | ${t.max.toFixed(1)} ms | x${(t.p50 / base.p50).toFixed(2)} | x${(t.max / base.max).toFixed(2)} |`,
    );
  await host.close();
}

await reading();
if (!scanOnly) await twentyPages();
if (!noFairness && !scanOnly) await fairness();
await closeIntakePool();
process.exit(0);

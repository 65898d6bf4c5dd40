/**
 * The labelled set held at its figures (issue 32; npm run bench:scrub prints them in full): every line of
 * the tuning and probe parts right on both bench vehicles, each style read from its own source (BMS XML, CSV, pasted
 * text) against the demo knowledge base; the held-out part no worse than when it was first measured, its
 * known misses the only ones. A change to the rules, the vocabulary or the knowledge base that loses a
 * calibration, or raises one the set says is not required, fails here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../api-host/areas';
import { openDb, type Db } from '../../api-host/core/db';
import { seedConfiguration } from '../../api-host/configuration/seed';
import { SYSTEM_CODES, type SystemCode } from '../../testkit/scrub-corpus/labels';
import { figures, scrubSet, type LineResult } from '../../testkit/scrub-corpus/evaluate';
import { HOLDOUT_SET } from '../../testkit/scrub-corpus/holdout-set';
import { TUNING_SET } from '../../testkit/scrub-corpus/tuning-set';
import { PROBE_SET } from '../../testkit/scrub-corpus/probe-set';

/**
 * The held-out lines the scrub gets wrong (docs/scrub.md "Measured"): no others may join them. First measured
 * wrong: hmit-018, hsh-002, hsub-009; the probe set's OEM names fixed the first and the last.
 */
const HELD_OUT_KNOWN_WRONG = ['hsh-002'];

let db: Db;
beforeAll(() => {
  db = openDb(':memory:', MIGRATIONS);
  // The knowledge base alone: its price rows name demo firms that are not seeded here.
  db.pragma('foreign_keys = OFF');
  seedConfiguration(db);
});

const wrong = (results: readonly LineResult[]) =>
  results
    .filter((r) => r.missed.length || r.falseAlarms.length)
    .map(
      (r) =>
        `${r.line.id} [${r.vehicle}] ${r.line.operation} | ${r.line.description}: missed ${r.missed.join(',') || '-'}, false alarm ${r.falseAlarms.join(',') || '-'}`,
    );

describe('the labelled set', () => {
  it('has at least 300 lines, a third of them requiring nothing, in every style', () => {
    const all = [...TUNING_SET, ...HOLDOUT_SET];
    expect(all.length).toBeGreaterThanOrEqual(300);
    expect(all.filter((l) => !l.expect.length).length * 3).toBeGreaterThanOrEqual(all.length);
    expect(new Set(all.map((l) => l.id)).size).toBe(all.length);
    for (const style of ['ccc', 'mitchell', 'audatex', 'shorthand', 'sublet'])
      expect(all.filter((l) => l.style === style).length).toBeGreaterThan(30);
  });

  it('the tuning part: every calibration found and none raised that is not required', () => {
    const results = scrubSet(db, TUNING_SET);
    expect(wrong(results)).toEqual([]);
    for (const code of Object.keys(SYSTEM_CODES) as SystemCode[]) expect(figures(results, code).recall, code).toBe(1);
  });

  it('the held-out part: no worse than last measured (recall 99.3 %, precision 100 %), no new miss or false alarm', () => {
    const results = scrubSet(db, HOLDOUT_SET);
    const f = figures(results);
    expect(f.recall).toBeGreaterThanOrEqual(0.992);
    expect(f.precision).toBe(1);
    const ids = [...new Set(results.filter((r) => r.missed.length || r.falseAlarms.length).map((r) => r.line.id))];
    expect(
      ids.filter((id) => !HELD_OUT_KNOWN_WRONG.includes(id)),
      wrong(results).join('\n'),
    ).toEqual([]);
  });

  it('the probe part (tuned on since it was measured): every calibration found and none raised that is not required', () => {
    expect(PROBE_SET.length).toBeGreaterThanOrEqual(200);
    expect(PROBE_SET.filter((l) => !l.expect.length).length * 10).toBeGreaterThanOrEqual(PROBE_SET.length * 4);
    expect(new Set([...TUNING_SET, ...HOLDOUT_SET, ...PROBE_SET].map((l) => l.id)).size).toBe(
      TUNING_SET.length + HOLDOUT_SET.length + PROBE_SET.length,
    );
    const results = scrubSet(db, PROBE_SET);
    expect(wrong(results)).toEqual([]);
    for (const code of Object.keys(SYSTEM_CODES) as SystemCode[]) expect(figures(results, code).recall, code).toBe(1);
  });
});

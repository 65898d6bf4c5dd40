/**
 * The scrub's calls at the reference host, through its routes with real tokens: pasted estimates read and
 * stored (bms/readEstimate, bms/saveEstimate, bms/estimate), the scrub answering every line once with its
 * reason, kept with who and when (bms/lastScrub) and saying what changed after a configuration change, the
 * estimator's decisions on the scrub's checks (bms/decideCheck), the firms' estimate terms (list, save,
 * delete, read a line; inherited by the locations below), and the evaluation of a typed line; 400, 403 and
 * 404 across firms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../lib/contract';
import type { CallDef } from '../../lib/contract/define';
import { startTestHost, type CallInput, type ContractInput, type TestHost } from '../../testkit/host';
import { must } from '../../testkit/must';

const c = contract.calibrations;
const t = contract.estimateterms;
let host: TestHost;
/** role5: shop user of firm 6; role17: shop user of firm 9; role1: super user; role2: administrator. */
let shop: string;
let otherShop: string;
let admin: string;
let adas: number;
let inspection: number;
let parentOf6: number;

const ok = <C extends CallDef>(call: C, input?: ContractInput<C>, token = shop) => host.ok(token, call, input);
const status = async (call: CallDef, input: CallInput, token = shop) => (await host.api(token, call, input)).status;

const ESTIMATE = [
  'Line Oper Description Part Number Qty Price Labor Paint',
  '1 FRONT BUMPER & GRILLE',
  '2 Repl Bumper cover 52119-0R903 1 389.00 2.5 3.2',
  '3 Refn Bumper cover 2.6',
  '4 ZZ9 Grille assy 0.4',
  '5 WINDSHIELD',
  '6 R&I Windsheild 1.2',
  '7 Repl *** 12.00',
  '8 MISCELLANEOUS OPERATIONS',
  '9 Subl Four wheel alignment 1 139.95',
  '10 Subl FBC 1 10.00',
].join('\n');

beforeAll(async () => {
  host = await startTestHost();
  [shop, otherShop, admin] = await Promise.all([host.token(5), host.token(17), host.token(1)]);
  const created = await ok(contract.adas.createAdas, {
    body: { firm: 6, ronumber: 'RO-SCRUB-1', vehicle: { vehicle: -1, year: 2022, make: 'Honda', model: 'Odyssey' }, inspection: {} },
  });
  adas = created.id;
  inspection = must(created.adasInspection, 'the new inspection');
  parentOf6 = host.db.prepare('SELECT parent FROM firm WHERE firm = 6').pluck().get() as number;
});
afterAll(() => host?.close());

describe('pasted estimates', () => {
  it('previews pasted lines as read, with their sections and what could not be read, storing nothing', async () => {
    const before = host.db.prepare('SELECT count(*) FROM adas_repair_line WHERE adas = ?').pluck().get(adas);
    const preview = await ok(c.readEstimate, { body: { adas, text: ESTIMATE } });
    expect(preview.lines.map((l: { lineNum: number }) => l.lineNum)).toEqual([2, 3, 4, 6, 7, 9, 10]);
    expect(preview.lines[0]).toMatchObject({
      operation: 'Repl',
      operationRead: 'replace',
      section: 'FRONT BUMPER & GRILLE',
      description: 'Bumper cover',
      partNumber: '52119-0R903',
      read: ['front bumper cover'],
    });
    expect(preview.lines[2]).toMatchObject({
      operation: 'ZZ9',
      operationRead: null,
      notes: ['The operation “ZZ9” is not one the scrub knows.'],
    });
    expect(preview.lines[3]).toMatchObject({
      section: 'WINDSHIELD',
      read: ['windshield'],
      notes: ['windsheild → windshield'],
    });
    expect(must(preview.lines[4], 'lines[4]').unread).toMatch(/no words/);
    expect(host.db.prepare('SELECT count(*) FROM adas_repair_line WHERE adas = ?').pluck().get(adas)).toBe(before);
  });

  it("stores them as the job's estimate, which reads back with its sections and source", async () => {
    const saved = await ok(c.saveEstimate, { body: { adas, text: ESTIMATE } });
    expect(saved).toMatchObject({ adas, source: 'paste', uploadedByName: expect.any(String) });
    expect(saved.lines).toHaveLength(7);
    const back = await ok(c.getEstimate, { query: { adas } });
    expect(back.lines.map((l: { section: string }) => l.section)).toEqual([
      'FRONT BUMPER & GRILLE',
      'FRONT BUMPER & GRILLE',
      'FRONT BUMPER & GRILLE',
      'WINDSHIELD',
      'WINDSHIELD',
      'MISCELLANEOUS OPERATIONS',
      'MISCELLANEOUS OPERATIONS',
    ]);
    expect(back.uploadedAt).toEqual(expect.any(String));
  });

  it("refuses empty text, too many lines and other firms' jobs", async () => {
    expect(await status(c.readEstimate, { body: { adas, text: '   ' } })).toBe(400);
    expect(await status(c.saveEstimate, { body: { adas, text: '----\n\n' } })).toBe(400);
    expect(
      await status(c.saveEstimate, { body: { adas, text: Array.from({ length: 2001 }, (_, i) => `Repl Part ${i}`).join('\n') } }),
    ).toBe(400);
    expect(await status(c.readEstimate, { body: { adas, text: 'Repl Windshield' } }, otherShop)).toBe(404);
    expect(await status(c.getEstimate, { query: { adas } }, otherShop)).toBe(404);
    expect(await status(c.readEstimate, { body: { adas: 'x', text: 'a' } })).toBe(400);
  });
});

describe('the scrub', () => {
  it('answers nothing before the first scrub, then every line once with its reason, kept with who and when', async () => {
    expect(await ok(c.lastScrub, { query: { adasInspection: inspection } })).toBeNull();
    const s = await ok(c.scrub, { query: { adas, adasInspection: inspection } });
    expect(s.source).toBe('paste');
    expect(s.scrubbedByName).not.toBe('');
    expect(s.changes).toBeNull();
    const line = (n: number) => s.lines.find((l: { lineNum: number }) => l.lineNum === n);
    expect(must(line(2), 'line 2').triggers.map((x: { system: string }) => x.system)).toEqual(['Front Radar', 'Park Assist']);
    expect(must(line(2), 'line 2').triggers[0]).toMatchObject({
      keyword: 'in front of the front radar',
      kind: 'part',
      why: 'front bumper cover: replaced → Front Radar (in front of the front radar)',
    });
    // The park sensors come out of a bumper cover to paint it.
    expect(must(line(3), 'line 3').triggers.map((x: { system: string }) => x.system)).toEqual(['Park Assist']);
    expect(must(line(4), 'line 4').triggers.map((x: { system: string }) => x.system)).toEqual(['Front Radar', 'Surround View Camera']);
    expect(must(must(line(4), 'line 4').triggers[0], 'triggers[0]').why).toMatch(
      /operation “ZZ9” \(not known; read as removed or replaced\)/,
    );
    expect(must(line(6), 'line 6').triggers.map((x: { system: string }) => x.system)).toEqual(['Forward Camera']);
    expect(must(line(7), 'line 7').unread).toMatch(/no words/);
    expect(must(line(9), 'line 9').triggers.map((x: { system: string }) => x.system)).toEqual(['Steering Angle Sensor']);
    expect(must(line(10), 'line 10').unread).toBe('No word of it is one the scrub knows: fbc.');
    // One place each: triggering or to check (under its calibrations, or its checks), nothing, or not read.
    for (const l of s.lines)
      expect([l.triggers.length > 0 || l.checks.length > 0, l.nothing != null, l.unread != null].filter(Boolean)).toHaveLength(1);
    expect(s.untriggered.map((l: { lineNum: number }) => l.lineNum)).toEqual([]);
    expect(s.unread.map((l: { lineNum: number }) => l.lineNum)).toEqual([7, 10]);
    expect(
      must(
        s.calibrations.find((x: { system: string }) => x.system === 'Front Radar'),
        'the calibration',
      ).lines.map((l: { lineNum: number }) => l.lineNum),
    ).toEqual([2, 4]);

    const kept = must(await ok(c.lastScrub, { query: { adasInspection: inspection } }), 'kept');
    expect(kept.uniqueId).toBe(s.uniqueId);
    expect(kept.lines).toEqual(s.lines);
    expect(await status(c.lastScrub, { query: { adasInspection: inspection } }, otherShop)).toBe(404);
  });

  it('says what changed after the configuration changed: a firm term read the line anew', async () => {
    // "FBC" means the front bumper cover at the shop's parent location, and so at the shop.
    const term = await ok(
      t.saveEstimateTerm,
      { body: { estimateTerm: -1, firm: parentOf6, written: 'FBC', meaning: 'front bumper cover', kind: 'term' } },
      admin,
    );
    const s = await ok(c.scrub, { query: { adas, adasInspection: inspection } });
    expect(s.changes).toMatchObject({ estimateChanged: false, added: [], removed: [] });
    const changes = must(s.changes, 'the changes');
    expect(changes.lines).toEqual([
      expect.objectContaining({ lineNum: 10, before: expect.stringMatching(/^not read/), after: 'Front Radar, Park Assist' }),
    ]);
    expect(changes.summary).toMatch(/1 line read differently\. The estimate is the same: the change comes from the configuration/);
    await ok(t.deleteEstimateTerm, { body: { estimateTerm: term.id } }, admin);
    const again = await ok(c.scrub, { query: { adas, adasInspection: inspection } });
    expect(must(again.changes, 'the changes').lines).toEqual([
      expect.objectContaining({ lineNum: 10, before: 'Front Radar, Park Assist', after: expect.stringMatching(/^not read/) }),
    ]);
  });

  it('says which calibrations a changed estimate adds and removes', async () => {
    await ok(c.saveEstimate, { body: { adas, text: 'Repl Liftgate\nRefn Hood' } });
    const s = await ok(c.scrub, { query: { adas, adasInspection: inspection } });
    const changes = must(s.changes, 'the changes');
    expect(changes.estimateChanged).toBe(true);
    // The grille line already required the surround-view calibration; the liftgate adds the rear camera's.
    expect(changes.added.map((a: { system: string }) => a.system)).toEqual(['Rear Camera']);
    expect(changes.removed.map((r: { system: string }) => r.system)).toEqual(
      expect.arrayContaining(['Forward Camera', 'Front Radar', 'Park Assist', 'Steering Angle Sensor']),
    );
  });

  it('evaluates a typed line with its operation and section for an administrator', async () => {
    const e = await ok(c.evaluateRecords, { query: { adas, repair: 'Cover', operation: 'Repl', section: 'REAR BUMPER' } }, admin);
    expect(e.triggered).toEqual(['Blind Spot Monitoring', 'Park Assist']);
    expect(e.lines[0]).toMatchObject({ section: 'REAR BUMPER', read: ['rear bumper cover'] });
    expect(e.steps.filter((x: { outcome: string }) => x.outcome === 'triggered').map((x: { system: string }) => x.system)).toEqual([
      'Blind Spot Monitoring',
      'Park Assist',
    ]);
  });
});

describe("the estimator's decisions on checks", () => {
  let job: number;
  let insp: number;
  const decide = (lineNum: number, adasChecklistMatrix: number, decision: string, token = shop) =>
    host.api(token, c.decideCheck, { body: { adasInspection: insp, lineNum, adasChecklistMatrix, decision } });
  const systemId = (name: string) =>
    host.db.prepare('SELECT adas_checklist_matrix FROM adas_checklist_matrix WHERE matrix_item = ?').pluck().get(name) as number;

  beforeAll(async () => {
    const created = await ok(contract.adas.createAdas, {
      body: { firm: 6, ronumber: 'RO-CHECKS-1', vehicle: { vehicle: -1, year: 2022, make: 'Honda', model: 'Odyssey' }, inspection: {} },
    });
    job = created.id;
    insp = must(created.adasInspection, 'the new inspection');
    // "Front view camera" is the windshield camera of some makes and the grille's surround camera of others.
    await ok(c.saveEstimate, { body: { adas: job, text: 'Repl Frt bumper cover\nR&I Front view camera' } });
  });

  it('lists the systems a line may require, with why, undecided; a scrub before them is a 400', async () => {
    expect((await decide(2, systemId('Forward Camera'), 'confirmed')).status).toBe(400);
    const s = await ok(c.scrub, { query: { adas: job, adasInspection: insp } });
    const line = must(
      s.lines.find((l: { lineNum: number }) => l.lineNum === 2),
      'line 2',
    );
    expect(line.triggers).toEqual([]);
    expect(line.nothing).toBeNull();
    expect(line.checks.map((x: { system: string }) => x.system)).toEqual(['Forward Camera', 'Surround View Camera']);
    expect(line.checks[0]).toMatchObject({ decision: null, why: expect.stringMatching(/front view camera.*may be/i) });
    expect(s.checks).toHaveLength(2);
    expect(s.calibrations.map((x: { system: string }) => x.system)).toEqual(['Front Radar', 'Park Assist']);
  });

  it('keeps a confirmation with who and when; the confirmed system joins the calibrations; a dismissal and a reopening too', async () => {
    const confirmed = await decide(2, systemId('Surround View Camera'), 'confirmed');
    expect(confirmed.status).toBe(200);
    const line = must(
      confirmed.body.lines.find((l: { lineNum: number }) => l.lineNum === 2),
      'line 2',
    );
    const sv = must(
      line.checks.find((x: { system: string }) => x.system === 'Surround View Camera'),
      'the check',
    );
    expect(sv.decision).toMatchObject({
      decision: 'confirmed',
      by: expect.any(Number),
      byName: expect.any(String),
      at: expect.any(String),
    });
    const calibration = must(
      confirmed.body.calibrations.find((x: { system: string }) => x.system === 'Surround View Camera'),
      'the confirmed calibration',
    );
    expect(calibration.lines).toEqual([
      expect.objectContaining({ lineNum: 2, keyword: 'confirmed check', why: expect.stringMatching(/^Confirmed by /) }),
    ]);
    expect(calibration.price).not.toBeUndefined();
    // Kept: the inspection shows it again.
    const kept = must(await ok(c.lastScrub, { query: { adasInspection: insp } }), 'kept');
    expect(kept.checks.find((x: { system: string }) => x.system === 'Surround View Camera')?.decision?.decision).toBe('confirmed');

    const dismissed = await decide(2, systemId('Forward Camera'), 'dismissed');
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.calibrations.map((x: { system: string }) => x.system)).not.toContain('Forward Camera');
    expect(dismissed.body.checks.map((x: { decision: { decision: string } | null }) => x.decision?.decision)).toEqual([
      'dismissed',
      'confirmed',
    ]);

    const reopened = await decide(2, systemId('Surround View Camera'), 'open');
    expect(reopened.body.checks.map((x: { decision: { decision: string } | null }) => x.decision?.decision ?? null)).toEqual([
      'dismissed',
      null,
    ]);
    expect(reopened.body.calibrations.map((x: { system: string }) => x.system)).not.toContain('Surround View Camera');
  });

  it('a new scrub keeps the decisions of unchanged lines and drops those of a changed line', async () => {
    await decide(2, systemId('Surround View Camera'), 'confirmed');
    const again = await ok(c.scrub, { query: { adas: job, adasInspection: insp } });
    expect(again.calibrations.map((x: { system: string }) => x.system)).toContain('Surround View Camera');
    await ok(c.saveEstimate, { body: { adas: job, text: 'Repl Frt bumper cover\nRepl Front view camera' } });
    const changed = await ok(c.scrub, { query: { adas: job, adasInspection: insp } });
    expect(changed.checks.map((x: { decision: unknown }) => x.decision)).toEqual([null, null]);
    expect(changed.calibrations.map((x: { system: string }) => x.system)).not.toContain('Surround View Camera');
  });

  it('refuses a bad decision, a line or system that is no check (400), the technician and read-only roles (403), other firms (404)', async () => {
    expect((await decide(2, systemId('Forward Camera'), 'maybe')).status).toBe(400);
    expect(
      (await host.api(shop, c.decideCheck, { body: { adasInspection: insp, lineNum: 'two', adasChecklistMatrix: 1, decision: 'open' } }))
        .status,
    ).toBe(400);
    expect((await decide(9, systemId('Forward Camera'), 'confirmed')).status).toBe(400);
    expect((await decide(1, systemId('Front Radar'), 'confirmed')).status).toBe(400);
    const [technician, readOnly, otherEstimator] = await Promise.all([host.token(15), host.token(17), host.token(16)]);
    expect((await decide(2, systemId('Forward Camera'), 'confirmed', technician)).status).toBe(403);
    expect((await decide(2, systemId('Forward Camera'), 'confirmed', readOnly)).status).toBe(403);
    expect((await decide(2, systemId('Forward Camera'), 'confirmed', otherEstimator)).status).toBe(404);
    expect((await decide(2, systemId('Forward Camera'), 'confirmed', otherShop)).status).toBe(403);
    expect(
      host.db.prepare('SELECT count(*) FROM adas_scrub_check WHERE adas_inspection = ? AND decided_by IN (15, 16, 17)').pluck().get(insp),
    ).toBe(0);
  });
});

describe('estimate terms', () => {
  it("lists a location's terms and the built-in ones; saves, refuses duplicates and bad operations, deletes", async () => {
    const saved = await ok(
      t.saveEstimateTerm,
      { body: { estimateTerm: -1, firm: 6, written: 'RMV/INST', meaning: 'remove', kind: 'operation' } },
      admin,
    );
    const list = await ok(t.getEstimateTerms, { query: { firm: 6 } }, admin);
    expect(list.items).toEqual([
      expect.objectContaining({
        estimateTerm: saved.id,
        written: 'RMV/INST',
        meaning: 'remove',
        kind: 'operation',
        builtIn: false,
        firm: 6,
      }),
    ]);
    const builtIn = await ok(t.getEstimateTerms, { query: { firm: 6, source: 'built-in', searchTerm: 'fascia', pageSize: 50 } }, admin);
    expect(builtIn.items.some((r: { written: string; meaning: string }) => r.written === 'fascia' && r.meaning === 'bumper cover')).toBe(
      true,
    );
    expect(builtIn.items.every((r: { builtIn: boolean; estimateTerm: number }) => r.builtIn && r.estimateTerm < 0)).toBe(true);

    const dup = await host.api(admin, t.saveEstimateTerm, {
      body: { estimateTerm: -1, firm: 6, written: 'rmv/inst', meaning: 'replace', kind: 'operation' },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.fieldErrors.written[0]).toMatch(/already a term/);
    const badOp = await host.api(admin, t.saveEstimateTerm, {
      body: { estimateTerm: -1, firm: 6, written: 'XX', meaning: 'paint it', kind: 'operation' },
    });
    expect(badOp.body.fieldErrors.meaning[0]).toMatch(/One of the scrub's operations/);
    expect(
      await status(t.saveEstimateTerm, { body: { estimateTerm: -1, firm: 6, written: '  ', meaning: 'x', kind: 'term' } }, admin),
    ).toBe(400);

    const read = await ok(
      t.readEstimateLine,
      { query: { firm: 6, operation: 'RMV/INST', description: 'COVER, FRONT BUMPER', section: 'FRONT BUMPER' } },
      admin,
    );
    expect(read).toMatchObject({ operationRead: 'remove', read: ['front bumper cover'], section: ['front bumper'] });
    await ok(t.deleteEstimateTerm, { body: { estimateTerm: saved.id } }, admin);
    expect((await ok(t.getEstimateTerms, { query: { firm: 6 } }, admin)).count).toBe(0);
  });

  it('is for administrators of reachable locations: 403 for other roles, 404 across firms', async () => {
    expect(await status(t.getEstimateTerms, { query: { firm: 6 } }, shop)).toBe(403);
    expect(await status(t.saveEstimateTerm, { body: { estimateTerm: -1, firm: 6, written: 'A', meaning: 'b', kind: 'term' } }, shop)).toBe(
      403,
    );
    const limited = await host.token(await host.addUser({ role: 2, firm: 9 }));
    expect(await status(t.getEstimateTerms, { query: { firm: 6 } }, limited)).toBe(404);
    const saved = await ok(
      t.saveEstimateTerm,
      { body: { estimateTerm: -1, firm: 6, written: 'QP', meaning: 'quarter panel', kind: 'term' } },
      admin,
    );
    expect(await status(t.deleteEstimateTerm, { body: { estimateTerm: saved.id } }, limited)).toBe(404);
    expect(
      await status(
        t.saveEstimateTerm,
        { body: { estimateTerm: saved.id, firm: 9, written: 'QP', meaning: 'quarter panel', kind: 'term' } },
        limited,
      ),
    ).toBe(404);
    expect(await status(t.readEstimateLine, { query: { firm: 6, description: 'x' } }, limited)).toBe(404);
    expect(await status(t.readEstimateLine, { query: { firm: 9, description: '' } }, limited)).toBe(400);
  });
});

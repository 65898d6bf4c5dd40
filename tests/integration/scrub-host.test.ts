/**
 * The scrub's calls at the reference host (issue 32), through its routes with real tokens: pasted
 * estimates read and stored (bms/readEstimate, bms/saveEstimate, bms/estimate), the scrub answering every
 * line once with its reason, kept with who and when (bms/lastScrub) and saying what changed after a
 * configuration change, the firms' estimate terms (list, save, delete, read a line; inherited by the
 * locations below), and the evaluation of a typed line; 400, 403 and 404 across firms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../lib/contract';
import type { CallDef } from '../../lib/contract/define';
import { startTestHost, type CallInput, type ContractInput, type TestHost } from '../../testkit/host';
import { must } from '../../testkit/must';

const c = contract.calibration;
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
      read: ['bumper cover'],
    });
    expect(preview.lines[2]).toMatchObject({
      operation: 'ZZ9',
      operationRead: null,
      notes: ['The operation “ZZ9” is not one the scrub knows.'],
    });
    expect(preview.lines[3]).toMatchObject({
      section: 'WINDSHIELD',
      read: ['windshield'],
      notes: ['“windsheild” is read as “windshield”.'],
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
      keyword: 'front bumper cover',
      kind: 'part',
      why: expect.stringContaining('replaces it'),
    });
    expect(must(line(3), 'line 3').nothing).toMatch(/Refinish is paint work/);
    expect(must(line(4), 'line 4').triggers.map((x: { system: string }) => x.system)).toEqual(['Front Radar', 'Surround View Camera']);
    expect(must(must(line(4), 'line 4').triggers[0], 'triggers[0]').why).toMatch(/“ZZ9”, which the scrub does not know/);
    expect(must(line(6), 'line 6').triggers.map((x: { system: string }) => x.system)).toEqual(['Forward Camera']);
    expect(must(line(7), 'line 7').unread).toMatch(/no words/);
    expect(must(line(9), 'line 9').triggers.map((x: { system: string }) => x.system)).toEqual(['Steering Angle Sensor']);
    expect(must(line(10), 'line 10').nothing).toMatch(/no part or sensor/);
    // One place each: triggering (under its calibrations), nothing, or not read.
    for (const l of s.lines) expect([l.triggers.length > 0, l.nothing != null, l.unread != null].filter(Boolean)).toHaveLength(1);
    expect(s.untriggered.map((l: { lineNum: number }) => l.lineNum)).toEqual([3, 10]);
    expect(s.unread.map((l: { lineNum: number }) => l.lineNum)).toEqual([7]);
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
    expect(changes.lines).toEqual([expect.objectContaining({ lineNum: 10, before: 'nothing', after: 'Front Radar, Park Assist' })]);
    expect(changes.summary).toMatch(/1 line read differently\. The estimate is the same: the change comes from the configuration/);
    await ok(t.deleteEstimateTerm, { body: { estimateTerm: term.id } }, admin);
    const again = await ok(c.scrub, { query: { adas, adasInspection: inspection } });
    expect(must(again.changes, 'the changes').lines).toEqual([
      expect.objectContaining({ lineNum: 10, before: 'Front Radar, Park Assist', after: 'nothing' }),
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

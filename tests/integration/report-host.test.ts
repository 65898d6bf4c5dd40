/**
 * The calibration report states only what was recorded (issue 31 §2), read back from the PDF's text: the
 * technician and date of a system are who set its result and when (not who pressed Save results later);
 * Not equipped and Not applicable systems print no calibration, technician or date; recommendations are
 * advice, never work done; the firm is named once in the header; Failed and not-calibrated systems stand
 * out; a Spanish report has every label in Spanish and marks English fallbacks.
 */
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT } from '../../lib/adas/rules';
import { contract } from '../../lib/contract';
import { startTestHost, type TestHost } from '../../testkit/host';
import { must, three } from '../../testkit/must';

const a = contract.adas;
let host: TestHost;
let shop: string;
let manager: string;
let inspection: number;
let systems: { adasChecklistMatrix: number; system: string }[];

async function reportText(language?: 'es'): Promise<string> {
  const query = new URLSearchParams({ adasInspection: String(inspection), ...(language ? { language } : {}) });
  const res = await host.app.inject({
    method: 'GET',
    url: `/api/${contract.calibrations.calibrationReport.path}?${query}`,
    headers: { authorization: `Bearer ${shop}` },
  });
  expect(res.statusCode).toBe(200);
  const text = (await new PDFParse({ data: new Uint8Array(res.rawPayload) }).getText()).text;
  return text.replace(/[ \t]+/g, ' ');
}
/** The report's lines from `system`'s line up to the next system's. */
function block(text: string, system: string): string {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.startsWith(system));
  expect(at, `${system} in the report`).toBeGreaterThanOrEqual(0);
  const names = systems.map((s) => s.system);
  const end = lines.findIndex(
    (l, i) => i > at && (names.some((n) => l.startsWith(n)) || /^(Repair lines|OEM procedures|Recommendations)/.test(l)),
  );
  return lines.slice(at, end === -1 ? undefined : end).join('\n');
}
const nameOf = (username: string) =>
  host.db
    .prepare("SELECT trim(c.first_name || ' ' || c.last_name) FROM user u JOIN contact c ON c.contact = u.contact WHERE u.username = ?")
    .pluck()
    .get(username) as string;

beforeAll(async () => {
  host = await startTestHost();
  [shop, manager] = await Promise.all([host.token(5), host.token(4)]);
  const created = await host.ok(shop, a.createAdas, {
    body: { firm: 6, ronumber: 'RO-TRUE-1', vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' }, inspection: {} },
  });
  inspection = must(created.adasInspection, 'the new inspection');
  systems = (await host.ok(shop, a.adasInspectionItems, { query: { adasInspection: inspection } })) as typeof systems;
  expect(systems.length).toBeGreaterThanOrEqual(4);
});
afterAll(() => host?.close());

describe('the report of an inspection', () => {
  it('prints per system only what was recorded, with who set each result', async () => {
    const [calibrated, notEquipped, failed] = three(systems, 'the systems');
    const notApplicable = must(systems[3], 'a fourth system');
    const results = systems.map((s) => ({
      adasChecklistMatrix: s.adasChecklistMatrix,
      result: null as number | null,
      isNotEquipped: false,
      notes: '',
    }));
    must(results[0], 'results[0]').result = RESULT.calibrated;
    must(results[1], 'results[1]').isNotEquipped = true;
    must(results[2], 'results[2]').result = RESULT.failed;
    must(results[3], 'results[3]').result = RESULT.notApplicable;
    // The shop user records the results; later the manager saves the list again unchanged, with a note on another system.
    await host.ok(shop, a.saveAdasInspectionResults, { body: { adasInspection: inspection, results } });
    const again = results.map((r, i) => (i === results.length - 1 ? { ...r, notes: 'Checked by the manager' } : r));
    await host.ok(manager, a.saveAdasInspectionResults, { body: { adasInspection: inspection, results: again } });

    const recorded = await host.ok(shop, a.adasInspectionResults, { query: { adasInspection: inspection } });
    const shopName = nameOf('role5@example.com');
    const managerName = nameOf('role4@example.com');
    expect(shopName).not.toBe(managerName);
    expect(recorded.find((r: { adasChecklistMatrix: number }) => r.adasChecklistMatrix === calibrated.adasChecklistMatrix)).toMatchObject({
      resultByName: shopName,
    });

    const text = await reportText();
    expect(block(text, calibrated.system)).toContain(`Technician: ${shopName}`);
    expect(text).not.toContain(`Technician: ${managerName}`);
    for (const s of [notEquipped, notApplicable]) {
      const b = block(text, s.system);
      expect(b).not.toMatch(/Technician|Calibration:|Date:/);
    }
    expect(block(text, notEquipped.system)).toContain('Not equipped');
    expect(block(text, failed.system)).toContain('! Failed');
    // The job names no insurer: the report says so rather than printing a bare dash.
    expect(text).toContain('Insurer: not recorded');
    expect(text).toMatch(/Needs attention - Failed: 1, No result recorded: \d+/);
    // A system without a result prints no technician or date.
    if (systems.length > 4) expect(block(text, must(systems[4], 'systems[4]').system)).not.toMatch(/Technician|Date:/);

    // The shared link's page states the systems as the report does.
    const link = await host.ok(shop, contract.links.createShareLink, { body: { adasInspection: inspection, days: 1 } });
    const shared = await host.ok(null, contract.links.sharedInspection, { query: { token: link.token } });
    const seen = (name: string) =>
      must(
        shared.systems.find((x) => x.system === name),
        name,
      );
    expect(seen(calibrated.system)).toMatchObject({ result: 'Calibrated', attention: null, recorded: { technician: shopName } });
    expect(seen(calibrated.system).calibrationType).not.toBe('');
    for (const [s, result] of [
      [notEquipped, 'Not equipped'],
      [notApplicable, 'Not applicable'],
    ] as const)
      expect(seen(s.system)).toMatchObject({ result, attention: null, calibrationType: '', recorded: null });
    expect(seen(failed.system)).toMatchObject({ result: 'Failed', attention: 'failed', recorded: { technician: shopName } });
    if (systems.length > 4)
      expect(seen(must(systems[4], 'systems[4]').system)).toMatchObject({
        result: 'No result recorded',
        attention: 'pending',
        recorded: null,
      });
  });

  it('clears who set a result with the result', async () => {
    const first = must(systems[0], 'first');
    // Each save names the version of the row it was made against (the screens do).
    const version = () =>
      (
        host.db
          .prepare('SELECT version FROM adas_inspection_result WHERE adas_inspection = ? AND adas_checklist_matrix = ?')
          .get(inspection, first.adasChecklistMatrix) as { version: number }
      ).version;
    await host.ok(shop, a.saveAdasInspectionResults, {
      body: {
        adasInspection: inspection,
        results: [{ adasChecklistMatrix: first.adasChecklistMatrix, result: null, baseVersion: version() }],
      },
    });
    const row = host.db
      .prepare('SELECT result_by, result_at FROM adas_inspection_result WHERE adas_inspection = ? AND adas_checklist_matrix = ?')
      .get(inspection, first.adasChecklistMatrix);
    expect(row).toEqual({ result_by: null, result_at: null });
    await host.ok(manager, a.saveAdasInspectionResults, {
      body: {
        adasInspection: inspection,
        results: [{ adasChecklistMatrix: first.adasChecklistMatrix, result: RESULT.calibrated, baseVersion: version() }],
      },
    });
    expect(block(await reportText(), first.system)).toContain(`Technician: ${nameOf('role4@example.com')}`);
  });

  it('says who set a result was not recorded for a result set before that was kept, and invents nobody', async () => {
    const first = must(systems[0], 'first');
    // As a row written before adas migration 2 holds it: a result, and who last saved the row, but no result_by/result_at.
    host.db
      .prepare(
        'UPDATE adas_inspection_result SET result_by = NULL, result_at = NULL WHERE adas_inspection = ? AND adas_checklist_matrix = ?',
      )
      .run(inspection, first.adasChecklistMatrix);
    const b = block(await reportText(), first.system);
    expect(b).toContain('Technician: not recorded');
    expect(b).toContain('Date: not recorded');
  });

  it('states no work nobody recorded, and names the firm once', async () => {
    const text = await reportText();
    expect(text).not.toMatch(/was measured|was calibrated|was used/);
    const firm = host.db.prepare('SELECT name FROM firm WHERE firm = 6').pluck().get() as string;
    expect(text).not.toContain(`${firm} - ${firm}`);
    expect(text.split(firm).length - 1).toBe(1);
  });

  it('prints a Spanish report with Spanish labels and marks what has no translation', async () => {
    const text = await reportText('es');
    for (const label of [
      'Vehículo',
      'Aseguradora',
      'Fecha de inspección',
      'Sistemas',
      'No equipado',
      'No aplica',
      'Fallido',
      'Técnico',
      'Requiere atención - Fallido: 1',
    ])
      expect(text).toContain(label);
    for (const english of [
      'Vehicle:',
      'Insurer:',
      'Inspection date:',
      'Technician:',
      'Not equipped',
      'Not applicable',
      'Systems\n',
      'Needs attention',
    ])
      expect(text).not.toContain(english);
    // Whatever printed in English carries the mark, and the note says what it means.
    const marked = text.includes('[EN]');
    expect(marked).toBe(text.includes('sin traducción todavía'));
  });
});

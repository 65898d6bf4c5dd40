/**
 * The history of the whole ADAS configuration and the rest of a location (issue 30 §3; docs/history.md):
 * each configuration section's record writes its rows in the transaction of its save (create, update,
 * delete, bulk calls and imports), a failed save writes none, a record that takes a deleted record's id
 * starts its own history, and each kind is read with its record's own access (another firm's record 404, a
 * role that cannot read it 403). A location's storage and own prices are the location's; its partners are
 * their own record; a calibration request's notes are parts of the request.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../lib/contract';
import type { CalibrationMode } from '../../lib/configuration/constants';
import type { HistoryRow } from '../../lib/contract/history';
import type { HistoryKind } from '../../lib/contract/history-constants';
import { CREATED, DELETED } from '../../lib/history/rules';
import { TAB_HEADER } from '../../lib/push/changes';
import { startTestHost, type TestHost } from '../../testkit/host';
import { must } from '../../testkit/must';

const a = contract.admin;
const hc = contract.history;
let host: TestHost;
let admin: string;

const TAB = 'tab-config-history';
const REQUEST = 'req-config-history-1';
const from = { headers: { [TAB_HEADER]: TAB, 'x-request-id': REQUEST } };

const rowsOf = (kind: HistoryKind, id: number) =>
  host.db.prepare('SELECT count(*) FROM history WHERE record_kind = ? AND record_id = ?').pluck().get(kind, id) as number;
const total = () => host.db.prepare('SELECT count(*) FROM history').pluck().get() as number;
const historyOf = async (kind: HistoryKind, id: number, token = admin) =>
  (await host.ok(token, hc.history, { query: { kind, id, pageSize: 100 } })) as { count: number; items: HistoryRow[] };
const systemId = (name: string) =>
  host.db.prepare('SELECT adas_checklist_matrix FROM adas_checklist_matrix WHERE matrix_item = ?').pluck().get(name) as number;

beforeAll(async () => {
  host = await startTestHost();
  admin = await host.token(1);
});
afterAll(() => host?.close());

describe('the knowledge base’s sections', () => {
  it('an exclusion: Created with the tab and request, one row per changed field, a refused save none, Deleted', async () => {
    const { id } = await host.ok(admin, a.saveAdasExclusion, {
      ...from,
      body: { adasExclusion: -1, keyword: 'Wax', adasChecklistMatrix: systemId('Forward Camera'), reason: 'Detail work' },
    });
    let h = await historyOf('exclusion', id);
    expect(h.items).toEqual([
      expect.objectContaining({ part: '', field: CREATED, oldValue: null, tab: TAB, requestId: REQUEST, byName: expect.any(String) }),
    ]);
    expect(h.items[0]?.newValue).toBe('Phrase: Wax\nSystem: Forward Camera\nReason: Detail work\nActive: Yes');

    await host.ok(admin, a.saveAdasExclusion, {
      body: {
        adasExclusion: id,
        keyword: 'Wax',
        adasChecklistMatrix: systemId('Forward Camera'),
        reason: 'Polish and wax',
        isInactive: true,
      },
    });
    h = await historyOf('exclusion', id);
    // Newest first: one change's rows in the record's field order, read back from the last.
    expect(h.items.slice(0, 2)).toEqual([
      expect.objectContaining({ field: 'Active', oldValue: 'Yes', newValue: 'No' }),
      expect.objectContaining({ field: 'Reason', oldValue: 'Detail work', newValue: 'Polish and wax' }),
    ]);
    expect(h.count).toBe(3);

    // A save the database refuses (the unique keyword) rolls its rows back with it.
    const other = await host.ok(admin, a.saveAdasExclusion, { body: { adasExclusion: -1, keyword: 'Clay bar', reason: '' } });
    const before = total();
    const clash = await host.api(admin, a.saveAdasExclusion, {
      body: { adasExclusion: other.id, keyword: 'wax', adasChecklistMatrix: systemId('Forward Camera'), reason: 'changed' },
    });
    expect(clash.status).toBe(400);
    expect(total()).toBe(before);
    // An unknown record: 404, no row.
    expect((await host.api(admin, a.saveAdasExclusion, { body: { adasExclusion: 99_999_999, keyword: 'Nope' } })).status).toBe(404);
    expect(total()).toBe(before);

    await host.ok(admin, a.deleteAdasExclusion, { query: { id: other.id } });
    expect(
      host.db
        .prepare('SELECT field, old_value FROM history WHERE record_kind = ? AND record_id = ? ORDER BY history DESC')
        .get('exclusion', other.id),
    ).toEqual({
      field: DELETED,
      old_value: 'Phrase: Clay bar\nSystem: Every system\nActive: Yes',
    });
    // A deleted record answers 404 like an unknown one, and the exclusion added next (which may take its id) starts afresh.
    expect((await host.api(admin, hc.history, { query: { kind: 'exclusion', id: other.id } })).status).toBe(404);
    const next = await host.ok(admin, a.saveAdasExclusion, { body: { adasExclusion: -1, keyword: 'Buff', reason: '' } });
    expect((await historyOf('exclusion', next.id)).items.map((r) => r.field)).toEqual([CREATED]);
  });

  it('make exceptions, info lookups and the no-scrub list through the one save and delete of their lists', async () => {
    const exception = await host.ok(admin, a.saveAdasMakeExclusion, {
      body: {
        adasMakeExclusion: -1,
        vehicleMake: 'Honda',
        adasChecklistMatrix: systemId('Forward Camera'),
        keywords: 'bumper',
        reason: '',
      },
    });
    await host.ok(admin, a.saveAdasMakeExclusion, {
      body: {
        adasMakeExclusion: exception.id,
        vehicleMake: 'Honda',
        adasChecklistMatrix: systemId('Forward Camera'),
        keywords: 'bumper, grille',
        reason: '',
      },
    });
    expect((await historyOf('makeException', exception.id)).items[0]).toMatchObject({
      field: 'Keywords',
      oldValue: 'bumper',
      newValue: 'bumper, grille',
    });

    const noScrub = await host.ok(admin, a.saveAdasNoScrubList, {
      body: { adasNoScrubList: -1, vehicleMake: 'Tesla', vehicleModel: 'Model 3', yearStart: 2020, yearEnd: 2022, reason: 'OEM only' },
    });
    await host.ok(admin, a.deleteAdasNoScrubList, { query: { id: noScrub.id } });
    expect(
      host.db
        .prepare('SELECT field FROM history WHERE record_kind = ? AND record_id = ? ORDER BY history')
        .pluck()
        .all('noScrub', noScrub.id),
    ).toEqual([CREATED, DELETED]);
    // Deleting it again: 404, nothing written.
    const before = total();
    expect((await host.api(admin, a.deleteAdasNoScrubList, { query: { id: noScrub.id } })).status).toBe(404);
    expect(total()).toBe(before);
  });

  it('links: one save, the bulk calls and a vehicle’s links replaced (the old ones Deleted, the new ones Created)', async () => {
    const vehicle = { make: 'Mazda', model: 'CX-90', yearStart: 2024, yearEnd: 2025, type: 'adas' as const };
    await host.ok(admin, contract.alldata.saveLinksByVehicle, {
      body: { ...vehicle, links: [{ title: 'Camera', url: 'https://m.example/cam' }] },
    });
    const first = must(
      (await host.ok(admin, contract.alldata.getLinkManage, { query: { make: 'Mazda', searchTerm: 'CX-90' } })).items[0],
      'the link',
    ) as { id: number };
    await host.ok(admin, contract.alldata.updateAdasLinks, { body: { ids: [first.id], isNew: false } });
    expect((await historyOf('link', first.id)).items[0]).toMatchObject({ field: 'New', oldValue: 'Yes', newValue: 'No' });

    await host.ok(admin, contract.alldata.saveLinksByVehicle, {
      body: { ...vehicle, links: [{ title: 'Radar', url: 'https://m.example/radar' }] },
    });
    expect(
      host.db
        .prepare("SELECT old_value FROM history WHERE record_kind = 'link' AND record_id = ? AND field = ?")
        .pluck()
        .get(first.id, DELETED),
    ).toContain('Title: Camera');
    const radar = must(
      (await host.ok(admin, contract.alldata.getLinkManage, { query: { make: 'Mazda', searchTerm: 'CX-90' } })).items[0],
      'the new link',
    ) as { id: number; title: string };
    expect(radar.title).toBe('Radar');
    // SQLite may give the new link the old one's id: its history starts at its own Created row either way.
    const h = await historyOf('link', radar.id);
    expect(h.items.map((r) => r.field)).toEqual([CREATED]);
    expect(h.items[0]?.newValue).toContain('Title: Radar');

    await host.ok(admin, contract.alldata.removeLinksManage, { body: { ids: [radar.id, 99_999_999] } });
    expect(rowsOf('link', 99_999_999)).toBe(0);
  });

  it('calibration pricing: a network price is the calibration’s, a firm’s own price the location’s; the import too', async () => {
    const p = contract.adasmatrix;
    const type = host.db
      .prepare(
        "SELECT calibration_type, system_type, name, mode, price_cents FROM adas_calibration_type WHERE name = 'Front radar – static'",
      )
      .get() as { calibration_type: number; system_type: number; name: string; mode: CalibrationMode; price_cents: number };
    const was = `$${(type.price_cents / 100).toFixed(2)}`;
    await host.ok(admin, p.saveCalibrationPricing, {
      body: { calibrationType: type.calibration_type, systemType: type.system_type, name: type.name, mode: type.mode, price: 333 },
    });
    expect((await historyOf('calibrationType', type.calibration_type)).items[0]).toMatchObject({
      field: 'Network price',
      oldValue: was,
      newValue: '$333.00',
    });

    await host.ok(admin, p.saveCalibrationPricing, { body: { calibrationType: type.calibration_type, firm: 9, price: 310 } });
    expect((await historyOf('location', 9)).items[0]).toMatchObject({
      part: 'Price · Front radar · Front radar – static',
      field: CREATED,
      newValue: 'Price: $310.00',
    });
    await host.ok(admin, p.importCalibrationPricing, {
      body: {
        apply: 'all',
        firm: 9,
        rows: [{ line: 2, systemType: 'Front radar', calibration: 'Front radar – static', mode: '', price: '315' }],
      },
    });
    expect((await historyOf('location', 9)).items[0]).toMatchObject({
      part: 'Price · Front radar · Front radar – static',
      field: 'Price',
      oldValue: '$310.00',
      newValue: '$315.00',
    });
    await host.ok(admin, p.importCalibrationPricing, {
      body: {
        apply: 'valid',
        rows: [{ line: 2, systemType: 'Front radar', calibration: 'Front radar – static', mode: 'Static', price: '340' }],
      },
    });
    expect((await historyOf('calibrationType', type.calibration_type)).items[0]).toMatchObject({
      field: 'Network price',
      oldValue: '$333.00',
      newValue: '$340.00',
    });
  });

  it('translations, report recommendations and scan-pro (from the default its editor opens with)', async () => {
    const t = await host.ok(admin, contract.language.addTranslation, {
      body: { translationType: 'System', languageCode: 'es', source: 'Blind Spot', text: 'Punto ciego' },
    });
    await host.ok(admin, contract.language.saveTranslation, {
      body: { translation: t.id, translationType: 'System', languageCode: 'es', source: 'Blind Spot', text: 'Ángulo muerto' },
    });
    expect((await historyOf('translation', t.id)).items[0]).toMatchObject({
      field: 'Text',
      oldValue: 'Punto ciego',
      newValue: 'Ángulo muerto',
    });

    await host.ok(admin, contract.scanpro.SaveScanProConfiguration, {
      body: {
        businessId: 12,
        criteria: { makes: ['Subaru'], yearStart: 2019, yearEnd: 2025, preRepairScan: false, postRepairScan: true },
        checklist: [systemId('Forward Camera')],
      },
    });
    const h = await historyOf('scanPro', 12);
    expect(h.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'Makes', oldValue: 'All makes', newValue: 'Subaru' }),
        expect.objectContaining({ field: 'Pre-repair scan', oldValue: 'Yes', newValue: 'No' }),
        expect.objectContaining({ field: 'Checklist', oldValue: null, newValue: 'Forward Camera' }),
      ]),
    );
    expect(h.items.some((r) => r.field === 'Post-repair scan')).toBe(false);
  });
});

describe('a firm’s own configuration records: scoped like the record', () => {
  it('test drives and estimate terms: rows, another firm’s administrator 404, a role that cannot read them 403', async () => {
    const rec = await host.ok(admin, contract.testdrive.saveTestDriveRecommendation, {
      body: {
        firm: 6,
        testDriveRecommendation: -1,
        recommendation: 'Loop',
        driveType: 1,
        vehicleMake: 'Honda',
        recommendationText: 'Drive it.',
      },
    });
    await host.ok(admin, contract.testdrive.saveTestDriveRecommendation, {
      body: {
        firm: 6,
        testDriveRecommendation: rec.id,
        recommendation: 'Loop',
        driveType: 2,
        vehicleMake: 'Honda',
        recommendationText: 'Drive it.',
      },
    });
    expect((await historyOf('testdriveRecommendation', rec.id)).items[0]).toMatchObject({
      field: 'Drive type',
      oldValue: 'Road test',
      newValue: 'Dynamic calibration drive',
    });

    const term = await host.ok(admin, contract.estimateterms.saveEstimateTerm, {
      body: { estimateTerm: -1, firm: 6, written: 'FRT BPR', meaning: 'front bumper', kind: 'term' },
    });
    await host.ok(admin, contract.estimateterms.deleteEstimateTerm, { body: { estimateTerm: term.id } });
    expect(
      host.db
        .prepare("SELECT field FROM history WHERE record_kind = 'estimateTerm' AND record_id = ? ORDER BY history")
        .pluck()
        .all(term.id),
    ).toEqual([CREATED, DELETED]);

    const elsewhere = await host.token(await host.addUser({ role: 2, firm: 7 }));
    expect((await host.api(elsewhere, hc.history, { query: { kind: 'testdriveRecommendation', id: rec.id } })).status).toBe(404);
    expect((await host.api(elsewhere, hc.historyExport, { query: { kind: 'testdriveRecommendation', id: rec.id } })).status).toBe(404);
    // The knowledge base is the platform firm's: a firm's administrator does not read its history.
    const exclusion = must(
      host.db.prepare("SELECT record_id FROM history WHERE record_kind = 'exclusion' LIMIT 1").pluck().get() as number,
      'an exclusion',
    );
    expect((await host.api(elsewhere, hc.history, { query: { kind: 'exclusion', id: exclusion } })).status).toBe(404);
    const shop = await host.token(5);
    expect((await host.api(shop, hc.history, { query: { kind: 'testdriveRecommendation', id: rec.id } })).status).toBe(403);
  });
});

describe('the rest of a location', () => {
  it('partners are their own record (the roles that keep them read it); storage is the location’s', async () => {
    const shopAdmin = await host.token(4);
    const found = await host.ok(shopAdmin, contract.locationsPartners.searchForOptInPrograms, { query: { firm: 6, search: 'Evergreen' } });
    const evergreen = must(found[0], 'a program') as { firm2: number; firmName: string };
    await host.ok(shopAdmin, contract.locationsPartners.saveOptInPrograms, {
      body: { firm: 6, programs: [{ firm2: evergreen.firm2, isOptIn: true, isAdd: true }] },
    });
    const h = await historyOf('locationPartners', 6, shopAdmin);
    expect(h.items[0]).toMatchObject({ field: 'Opt-in programs', by: expect.any(Number) });
    expect(h.items[0]?.newValue).toContain(evergreen.firmName);
    // A refused save (an unknown program): nothing written.
    const before = total();
    const bad = await host.api(shopAdmin, contract.locationsPartners.saveOptInPrograms, {
      body: { firm: 6, programs: [{ firm2: 99_999, isOptIn: true, isAdd: true }] },
    });
    expect(bad.status).toBe(400);
    expect(total()).toBe(before);

    await host.ok(admin, contract.locationsStorage.createStorage, { query: { firm: 11 } });
    await host.ok(admin, contract.locationsStorage.createBucket, { query: { firm: 11 } });
    const rows = (await historyOf('location', 11)).items;
    expect(rows.slice(0, 2)).toEqual([
      expect.objectContaining({ field: 'Storage bucket', oldValue: null, newValue: expect.any(String) }),
      expect.objectContaining({ field: 'Storage account', oldValue: null, newValue: expect.any(String) }),
    ]);
  });
});

describe('the data import', () => {
  it('a vehicle-matrix upload leaves the make matrices’ rows with the upload’s request id; removing the upload, Deleted rows', async () => {
    const d = contract.data;
    const chunk = (rows: Record<string, string>[], importId = randomUUID()) => ({
      ...from,
      body: { importId, chunk: 0, csvData: rows.map((cells, i) => ({ line: i + 2, cells })) },
    });
    const importId = randomUUID();
    const row = { Make: 'Histomobile', YearStart: '2020', YearEnd: '2023', Models: 'One', System: 'Forward Camera' };
    expect(await host.ok(admin, d.uploadVehicleMatrix, chunk([row], importId))).toMatchObject({ added: 1 });
    const id = host.db.prepare("SELECT make_matrix FROM adas_make_matrix WHERE vehicle_make = 'Histomobile'").pluck().get() as number;
    const created = (await historyOf('makeMatrix', id)).items;
    expect(created).toEqual([expect.objectContaining({ field: CREATED, tab: TAB, requestId: REQUEST })]);
    expect(created[0]?.newValue).toContain('Make: Histomobile');

    await host.ok(admin, d.uploadVehicleMatrix, chunk([{ ...row, MakeMatrix: String(id), Models: 'One, Two' }]));
    expect((await historyOf('makeMatrix', id)).items[0]).toMatchObject({ field: 'Models', oldValue: 'One', newValue: 'One, Two' });

    await host.ok(admin, d.removeVehicleMatrix, { body: { importId } });
    expect(
      host.db.prepare("SELECT field FROM history WHERE record_kind = 'makeMatrix' AND record_id = ? ORDER BY history DESC").pluck().get(id),
    ).toBe(DELETED);
  });
});

describe('a calibration request’s notes', () => {
  it('a note added, changed by its author and deleted: rows of the request’s part "Note {id} · {author}"', async () => {
    const c = contract.calibrations;
    const request = must(host.db.prepare('SELECT calibrate_request FROM calibrate_request LIMIT 1').pluck().get() as number, 'a request');
    const { id } = await host.ok(admin, c.saveRequestNote, { body: { calibrateRequest: request, note: 'Targets at 9' } });
    await host.ok(admin, c.saveRequestNote, { body: { calibrateRequest: request, calibrateRequestNote: id, note: 'Targets at 10' } });
    await host.ok(admin, c.deleteRequestNote, { query: { calibrateRequestNote: id } });
    const rows = (await historyOf('calibrateRequest', request)).items.slice(0, 3);
    expect(rows.map((r) => [r.field, r.oldValue, r.newValue])).toEqual([
      [DELETED, 'Note: Targets at 10', null],
      ['Note', 'Targets at 9', 'Targets at 10'],
      [CREATED, null, 'Note: Targets at 9'],
    ]);
    expect(rows.every((r) => r.part.startsWith(`Note ${id} · `))).toBe(true);
  });
});

/**
 * Dispatch at the reference host (docs/dispatch.md), through its routes with real tokens: the shop's
 * providers with their prices, the quote at a provider's prices, a request created with its dispatch (both or
 * neither), every step (happy path, 400, 403, 404 across firms), two providers and two users racing to
 * accept, the provider's access to the dispatched inspection only (before, during and after the dispatch: what
 * it may read and change, and the clear refusals), completion handing the work back, the report naming the
 * provider, the billing rule pricing what was performed at the agreed prices, the numbers of both sides, the
 * history of every step, the push notices to the other side, and the provider's offering.
 */
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PushOwner } from '../../api-host/push';
import { contract } from '../../lib/contract';
import type { CallDef } from '../../lib/contract/define';
import { RESULT, STATUS } from '../../lib/adas/rules';
import { PUSH_TARGETS, type DispatchNotice } from '../../lib/push/messages';
import { RAV4_LINES } from '../support/estimates';
import { startTestHost, type CallInput, type ContractInput, type TestHost } from '../../testkit/host';
import { PNG_1PX, multipart } from '../../testkit/images';
import { must } from '../../testkit/must';

const d = contract.dispatch;
const a = contract.adas;
const c = contract.calibrations;

let host: TestHost;
/** Brooklyn Collision & Glass (6): role 4 (a manager) and role 5. */
let shopAdmin: string;
let shopUser: string;
/** Oakland Auto Glass (9): a shop of another network. */
let otherShop: string;
/** Precision Calibration Services (37), chosen by shop 6: its manager and its technician. */
let precision: string;
let precisionTech: string;
let precisionTechId: number;
/** Bay Area ADAS Specialists (38): a provider that is not shop 6's. */
let bayArea: string;
/** Newark Precision Repair (8): a provider of shop 6's own network, in its bay only; its manager. */
let newark: string;
let newarkId: number;
/** A second manager at Precision. */
let precisionOther: string;
let admin: string;

interface Sent {
  to: (owner: PushOwner) => boolean;
  target: string;
  args: readonly unknown[];
}
let sent: Sent[] = [];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const ok = <C extends CallDef>(token: string, call: C, input?: ContractInput<C>) => host.ok(token, call, input);
async function status<T = { error: string; fieldErrors?: Record<string, string[]> }>(
  token: string,
  call: CallDef,
  input: CallInput,
  want: number,
): Promise<T> {
  const res = await host.api<T>(token, call, input);
  expect(res.status, `${call.path}: ${JSON.stringify(res.body)}`).toBe(want);
  return res.body;
}
const userOf = (username: string) => host.db.prepare('SELECT user FROM user WHERE username = ?').pluck().get(username) as number;
const row = <T>(sql: string, ...params: unknown[]) => host.db.prepare(sql).get(...params) as T;

/** A new job at shop 6 with an inspection whose estimate (a 2022 Toyota RAV4's) is scrubbed; answers the inspection. */
async function scrubbedInspection(ronumber: string): Promise<{ adas: number; inspection: number }> {
  const created = await ok(shopAdmin, a.createAdas, {
    body: { firm: 6, ronumber, vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' }, inspection: {} },
  });
  const inspection = must(created.adasInspection, 'the new inspection');
  await ok(shopAdmin, c.saveEstimate, {
    body: { adas: created.id, text: RAV4_LINES.map((l, i) => `${i + 1} ${l.op === 'OP11' ? 'Repl' : 'Rpr'} ${l.description}`).join('\n') },
  });
  const scrub = await ok(shopAdmin, c.scrub, { query: { adas: created.id, adasInspection: inspection } });
  expect(scrub.calibrations.length).toBeGreaterThan(0);
  return { adas: created.id, inspection };
}

/** Creates the inspection's request (its scrub's calibrations), sent to `provider` when given; answers the ids. */
async function request(inspection: number, dispatch?: { provider: number; mode?: 'on-site' | 'in-bay'; requestedDate?: string }) {
  const scrub = must(await ok(shopAdmin, c.lastScrub, { query: { adasInspection: inspection } }), 'the scrub');
  const created = await ok(shopAdmin, a.createCalibrate, {
    body: {
      firm: 6,
      adasInspection: inspection,
      year: 2022,
      make: 'Toyota',
      model: 'RAV4',
      reason: 'Estimate triggers calibrations',
      lines: scrub.calibrations.map((x) => ({
        adasChecklistMatrix: x.adasChecklistMatrix,
        system: x.system,
        calibrationType: x.calibrationType,
        calibrationMode: x.calibrationMode,
        price: x.price,
      })),
      dispatch: dispatch
        ? {
            provider: dispatch.provider,
            mode: dispatch.mode ?? 'in-bay',
            requestedDate: dispatch.requestedDate ?? day(3),
            note: 'Car is in bay 2.',
          }
        : null,
    },
  });
  return { request: created.id, dispatch: created.dispatch ?? 0 };
}

/** The dispatch notices sent since the last call, with the users each reaches. */
function notices(): { notice: DispatchNotice; to: number[] }[] {
  const users = host.db.prepare('SELECT user, role, firm FROM user').all() as PushOwner[];
  const out = sent
    .filter((s) => s.target === PUSH_TARGETS.dispatch)
    .map((s) => ({ notice: s.args[0] as DispatchNotice, to: users.filter(s.to).map((u) => u.user) }));
  sent = [];
  return out;
}

/** A day of its own for each acceptance, so that none fills the provider's day for another (its capacity). */
let visitDay = 20;
const accept = (token: string, dispatch: number, extra: Record<string, unknown> = {}) =>
  host.api(token, d.accept, {
    body: { dispatch, scheduledDate: day(visitDay++), windowStart: '08:00', windowEnd: '12:00', technician: precisionTechId, ...extra },
  });

beforeAll(async () => {
  host = await startTestHost();
  host.ctx.push = { send: (to, target, args) => (sent.push({ to, target, args }), 0), disconnect: () => 0 };
  [shopAdmin, shopUser, otherShop, precision, precisionTech, bayArea, admin] = await Promise.all([
    host.token(4),
    host.token(5),
    host.token(17),
    host.token('precision.admin@example.com'),
    host.token('precision.tech@example.com'),
    host.token('bayarea.admin@example.com'),
    host.token(1),
  ]);
  const [newarkName, otherName] = await Promise.all([host.addUser({ role: 4, firm: 8 }), host.addUser({ role: 4, firm: 37 })]);
  [newark, precisionOther] = await Promise.all([host.token(newarkName), host.token(otherName)]);
  newarkId = userOf(newarkName);
  precisionTechId = userOf('precision.tech@example.com');
});
afterAll(() => host?.close());
beforeEach(() => {
  sent = [];
});

describe('choosing a provider', () => {
  it("lists the shop's providers nearest first, each with its prices for the calibrations asked for, how it works and its capacity", async () => {
    const { inspection } = await scrubbedInspection('RO-DSP-1');
    const answer = await ok(shopUser, d.providers, { query: { adasInspection: inspection, date: day(3) } });
    const ids = answer.providers.map((p) => p.provider);
    expect(ids).toEqual(expect.arrayContaining([37, 8, 3]));
    expect(ids).not.toContain(38); // not one of shop 6's providers
    const distances = answer.providers.map((p) => p.distance ?? Infinity);
    expect(distances).toEqual([...distances].sort((x, y) => x - y));
    const precisionChoice = must(
      answer.providers.find((p) => p.provider === 37),
      'Precision',
    );
    expect(precisionChoice).toMatchObject({ relationship: 5, offering: 'both', modes: ['on-site', 'in-bay'], capacity: 4 });
    expect(
      must(
        answer.providers.find((p) => p.provider === 8),
        'Newark',
      ),
    ).toMatchObject({ relationship: 2, modes: ['in-bay'] });
    // Its prices are its own (108 % of the network's in the demo), so they differ from the shop's.
    expect(precisionChoice.lines.map((l) => l.system)).toEqual(answer.inHouse.lines.map((l) => l.system));
    expect(precisionChoice.lines.every((l) => l.priceSource === 'firm' && l.price != null)).toBe(true);
    expect(precisionChoice.total).not.toBe(answer.inHouse.total);
  });

  it("refuses another firm's inspection (404), a provider's user without a dispatch (404) and bad input (400)", async () => {
    const { inspection } = await scrubbedInspection('RO-DSP-2');
    await status(otherShop, d.providers, { query: { adasInspection: inspection } }, 404);
    await status(precision, d.providers, { query: { adasInspection: inspection } }, 404);
    await status(shopUser, d.providers, { query: { adasInspection: 'x' } }, 400);
  });

  it("quotes at the chosen provider's prices, and refuses a provider that is not the shop's", async () => {
    const { inspection } = await scrubbedInspection('RO-DSP-3');
    const [house, chosen] = await Promise.all([
      ok(shopUser, c.quote, { body: { adasInspection: inspection } }),
      ok(shopUser, c.quote, { body: { adasInspection: inspection, provider: 37 } }),
    ]);
    const prices = await ok(shopUser, d.providers, { query: { adasInspection: inspection } });
    const at37 = must(
      prices.providers.find((p) => p.provider === 37),
      'Precision',
    );
    expect(chosen.provider).toEqual({ provider: 37, name: 'Precision Calibration Services' });
    expect(chosen.lines.map((l) => l.price)).toEqual(at37.lines.map((l) => l.price));
    expect(chosen.total).toBe(at37.total);
    expect(house.provider).toBeNull();
    const refused = await status(shopUser, c.quote, { body: { adasInspection: inspection, provider: 38 } }, 400);
    expect(refused.fieldErrors?.provider?.[0]).toMatch(/is not one of Brooklyn Collision & Glass's calibration providers/);
  });
});

describe('sending a request', () => {
  it("creates the request and its dispatch together, its lines at the provider's prices; the provider hears it", async () => {
    const { inspection } = await scrubbedInspection('RO-DSP-4');
    const { request: id, dispatch } = await request(inspection, { provider: 37 });
    const detail = await ok(shopUser, d.dispatch, { query: { dispatch: must(dispatch, 'dispatch') } });
    expect(detail).toMatchObject({ status: 'Requested', side: 'shop', provider: 37, firm: 6, mode: 'in-bay', requestedDate: day(3) });
    const prices = await ok(shopUser, d.providers, { query: { adasInspection: inspection } });
    const at37 = must(
      prices.providers.find((p) => p.provider === 37),
      'Precision',
    );
    const lines = (await ok(shopUser, c.request, { query: { adasInspection: inspection } }))!.lines;
    expect(lines.map((l) => l.price)).toEqual(at37.lines.map((l) => l.price));
    expect(detail.lines.map((l) => l.price)).toEqual(at37.lines.map((l) => l.price));
    const heard = notices();
    expect(heard).toHaveLength(1);
    expect(heard[0]!.notice).toMatchObject({ dispatch, side: 'provider', title: 'Calibration request received' });
    expect(heard[0]!.to).toContain(precisionTechId);
    expect(heard[0]!.to).not.toContain(userOf('role4@example.com'));
    expect(id).toBeGreaterThan(0);
  });

  it('refuses a provider that is not one of the shop’s, a way it does not work, a past date, and writes nothing', async () => {
    const { inspection } = await scrubbedInspection('RO-DSP-5');
    const body = (dispatch: Record<string, unknown>) => ({
      firm: 6,
      adasInspection: inspection,
      year: 2022,
      make: 'Toyota',
      model: 'RAV4',
      reason: 'Estimate triggers calibrations',
      dispatch: { provider: 37, mode: 'in-bay', requestedDate: day(3), ...dispatch },
    });
    const notMine = await status(shopAdmin, a.createCalibrate, { body: body({ provider: 38 }) }, 400);
    expect(notMine.fieldErrors?.provider?.[0]).toMatch(/Bay Area ADAS Specialists is not one of/);
    const unknown = await status(shopAdmin, a.createCalibrate, { body: body({ provider: 99999 }) }, 400);
    expect(unknown.fieldErrors?.provider?.[0]).toMatch(/is not one of/);
    const mode = await status(shopAdmin, a.createCalibrate, { body: body({ provider: 8, mode: 'on-site' }) }, 400);
    expect(mode.fieldErrors?.mode?.[0]).toBe('Newark Precision Repair calibrates in its bay only.');
    const past = await status(shopAdmin, a.createCalibrate, { body: body({ requestedDate: day(-2) }) }, 400);
    expect(past.fieldErrors?.requestedDate?.[0]).toBe('Choose today or a later date.');
    await status(shopAdmin, a.createCalibrate, { body: body({ requestedDate: '2026-02-30' }) }, 400);
    // Nothing half-written: no request, no dispatch.
    expect(row<{ n: number }>('SELECT count(*) AS n FROM calibrate_request WHERE adas_inspection = ?', inspection).n).toBe(0);
    expect(row<{ n: number }>('SELECT count(*) AS n FROM dispatch WHERE adas_inspection = ?', inspection).n).toBe(0);
  });

  it('sends an in-house request later, changes the provider (re-priced, the first told), and refuses a second send to the same one', async () => {
    const { inspection } = await scrubbedInspection('RO-DSP-6');
    const { request: id } = await request(inspection);
    const first = await ok(shopUser, d.send, { body: { calibrateRequest: id, provider: 37, mode: 'on-site', requestedDate: day(4) } });
    expect(first.repriced.length).toBeGreaterThan(0);
    notices();
    const again = await status(
      shopUser,
      d.send,
      { body: { calibrateRequest: id, provider: 37, mode: 'in-bay', requestedDate: day(5) } },
      409,
    );
    expect(again.error).toMatch(/already sent to Precision Calibration Services: change its date instead/);
    // Newark works at its network's prices, Precision at its own: the lines change again.
    const second = await ok(shopUser, d.send, { body: { calibrateRequest: id, provider: 8, mode: 'in-bay', requestedDate: day(4) } });
    expect(second.repriced.map((r) => r.system).length).toBeGreaterThan(0);
    expect(row<{ status: string; reason: string }>('SELECT status, reason FROM dispatch WHERE dispatch = ?', first.dispatch)).toEqual({
      status: 'Cancelled',
      reason: 'Sent to Newark Precision Repair instead',
    });
    const heard = notices().map((n) => [n.notice.dispatch, n.notice.title]);
    expect(heard).toEqual(
      expect.arrayContaining([
        [first.dispatch, 'Calibration cancelled'],
        [second.dispatch, 'Calibration request received'],
      ]),
    );
  });

  it("the job's list of inspections says where each sent its calibrations: the dispatch that stands, else the last ended", async () => {
    const { adas, inspection } = await scrubbedInspection('RO-DSP-6b');
    const other = must(
      (await ok(shopAdmin, a.saveAdasInspection, { body: { adasInspection: -1, adas, adasInspectionType: 2 } })).adasInspection,
      'a second inspection',
    );
    const sentTo = async () =>
      Object.fromEntries((await ok(shopUser, a.adasInspections, { query: { adas } })).map((i) => [i.adasInspection, i.dispatch]));
    expect(await sentTo()).toEqual({ [inspection]: null, [other]: null });

    const { request: id, dispatch: first } = await request(inspection, { provider: 37 });
    expect((await sentTo())[inspection]).toEqual({
      dispatch: first,
      status: 'Requested',
      provider: 37,
      providerName: 'Precision Calibration Services',
      scheduledDate: null,
    });
    // Sent to Newark instead: the dispatch that stands is shown, not the one it cancelled.
    const second = await ok(shopUser, d.send, { body: { calibrateRequest: id, provider: 8, mode: 'in-bay', requestedDate: day(4) } });
    expect((await sentTo())[inspection]).toMatchObject({
      dispatch: second.dispatch,
      status: 'Requested',
      providerName: 'Newark Precision Repair',
    });
    await ok(newark, d.decline, { body: { dispatch: second.dispatch, reason: 'Our bay is full this week.' } });
    expect((await sentTo())[inspection]).toMatchObject({
      dispatch: second.dispatch,
      status: 'Declined',
      providerName: 'Newark Precision Repair',
    });

    const third = await ok(shopUser, d.send, { body: { calibrateRequest: id, provider: 37, mode: 'in-bay', requestedDate: day(5) } });
    const visit = day(visitDay);
    expect((await accept(precision, third.dispatch)).status).toBe(200);
    const all = await sentTo();
    expect(all[inspection]).toEqual({
      dispatch: third.dispatch,
      status: 'Accepted',
      provider: 37,
      providerName: 'Precision Calibration Services',
      scheduledDate: visit,
    });
    expect(all[other]).toBeNull();
    // The list is the shop's: the provider's users do not list the job's inspections.
    await status(precision, a.adasInspections, { query: { adas } }, 403);
  });
});

describe("the provider's steps", () => {
  it('proposes another date (managers only), the shop takes it, the provider accepts with a date, window and technician', async () => {
    const { inspection } = await scrubbedInspection('RO-DSP-7');
    const { request: id, dispatch } = await request(inspection, { provider: 37, requestedDate: day(1) });
    const dsp = must(dispatch, 'dispatch');
    notices();
    const byTech = await status(precisionTech, d.propose, { body: { dispatch: dsp, proposedDate: day(4) } }, 403);
    expect(byTech.error).toBe('Only a manager of the location may propose another date.');
    const same = await status(precision, d.propose, { body: { dispatch: dsp, proposedDate: day(1) } }, 400);
    expect(same.fieldErrors?.proposedDate?.[0]).toBe('That is the date the shop asked for: accept it instead.');
    await ok(precision, d.propose, { body: { dispatch: dsp, proposedDate: day(4), reason: 'Targets booked.' } });
    expect(notices().map((n) => [n.notice.side, n.notice.title])).toEqual([['shop', 'Another date proposed']]);
    // The shop's side only: the provider cannot reschedule, the shop cannot propose.
    await status(precision, d.reschedule, { body: { dispatch: dsp, requestedDate: day(4) } }, 403);
    await status(shopAdmin, d.propose, { body: { dispatch: dsp, proposedDate: day(5) } }, 403);
    await ok(shopUser, d.reschedule, { body: { dispatch: dsp, requestedDate: day(4) } });
    const bad = await status(
      precision,
      d.accept,
      { body: { dispatch: dsp, scheduledDate: day(4), windowStart: '13:00', windowEnd: '09:00', technician: precisionTechId } },
      400,
    );
    expect(bad.fieldErrors?.windowEnd?.[0]).toBe('The window must end after it starts.');
    const stranger = await status(
      precision,
      d.accept,
      { body: { dispatch: dsp, scheduledDate: day(4), windowStart: '08:00', windowEnd: '12:00', technician: userOf('role5@example.com') } },
      400,
    );
    expect(stranger.fieldErrors?.technician?.[0]).toBe('The technician must be an active user of Precision Calibration Services.');
    const stale = await host.api(precision, d.accept, {
      body: { dispatch: dsp, scheduledDate: day(4), windowStart: '08:00', windowEnd: '12:00', technician: precisionTechId, version: 1 },
    });
    expect(stale.status).toBe(409);
    const accepted = await accept(precision, dsp, { scheduledDate: day(4) });
    expect(accepted.status).toBe(200);
    expect((await ok(shopUser, c.request, { query: { adasInspection: inspection } }))!.statusName).toBe('Scheduled');
    expect(await ok(shopUser, d.dispatch, { query: { dispatch: dsp } })).toMatchObject({
      status: 'Accepted',
      scheduledDate: day(4),
      windowStart: '08:00',
      windowEnd: '12:00',
      technicianName: 'Riley Santos',
      acceptedByName: 'Morgan Price',
    });
    expect(notices().map((n) => [n.notice.side, n.notice.title])).toEqual([
      ['provider', 'Date changed'],
      ['shop', 'Calibration accepted'],
    ]);
    expect(id).toBeGreaterThan(0);
  });

  it('two users accepting at once: one wins, the other is told, and one acceptance is written', async () => {
    const { inspection } = await scrubbedInspection('RO-DSP-8');
    const { dispatch } = await request(inspection, { provider: 37 });
    const both = await Promise.all([
      accept(precision, dispatch, { scheduledDate: day(3) }),
      accept(precisionOther, dispatch, { scheduledDate: day(3) }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((both.find((r) => r.status === 409)!.body as { error: string }).error).toMatch(/^This calibration is Accepted since/);
    expect(
      row<{ n: number }>(
        "SELECT count(*) AS n FROM history WHERE record_kind = 'dispatch' AND record_id = ? AND field = 'Status' AND new_value = 'Accepted'",
        dispatch,
      ).n,
    ).toBe(1);
  });

  it('two providers: the one the shop turned away cannot accept; the one it chose can', async () => {
    const { inspection } = await scrubbedInspection('RO-DSP-9');
    const { request: id, dispatch: first } = await request(inspection, { provider: 8 });
    const second = await ok(shopUser, d.send, { body: { calibrateRequest: id, provider: 37, mode: 'in-bay', requestedDate: day(3) } });
    const before = row<{ version: number }>('SELECT version FROM dispatch WHERE dispatch = ?', first);
    const [late, chosen] = await Promise.all([
      host.api(newark, d.accept, {
        body: { dispatch: first, scheduledDate: day(3), windowStart: '08:00', windowEnd: '12:00', technician: newarkId },
      }),
      accept(precision, second.dispatch),
    ]);
    expect(late.status).toBe(409);
    expect((late.body as { error: string }).error).toMatch(
      /This calibration is Cancelled since .* \(Sent to Precision Calibration Services instead\).*You cannot accept it now; nothing was changed\./,
    );
    expect(chosen.status).toBe(200);
    expect(row<{ version: number; status: string }>('SELECT version, status FROM dispatch WHERE dispatch = ?', first)).toEqual({
      ...before,
      status: 'Cancelled',
    });
    expect(
      row<{ n: number }>("SELECT count(*) AS n FROM dispatch WHERE calibrate_request = ? AND status NOT IN ('Declined', 'Cancelled')", id)
        .n,
    ).toBe(1);
  });

  it('declines with a reason (required): the request comes back in house at the shop’s prices', async () => {
    const { inspection } = await scrubbedInspection('RO-DSP-10');
    const { dispatch } = await request(inspection, { provider: 37 });
    await status(precision, d.decline, { body: { dispatch, reason: '' } }, 400);
    await status(shopAdmin, d.decline, { body: { dispatch, reason: 'No' } }, 403);
    const declined = await ok(precision, d.decline, { body: { dispatch: dispatch, reason: 'No targets for this make this week.' } });
    expect(declined.status).toBe('Declined');
    expect(declined.repriced.length).toBeGreaterThan(0);
    const house = await ok(shopUser, d.providers, { query: { adasInspection: inspection } });
    const lines = (await ok(shopUser, c.request, { query: { adasInspection: inspection } }))!.lines;
    expect(lines.map((l) => l.price)).toEqual(house.inHouse.lines.map((l) => l.price));
    // A declined dispatch is accepted by nobody.
    const late = await accept(precision, dispatch);
    expect(late.status).toBe(409);
  });

  it('accepting a cancelled request, or one the shop closed, is refused with a clear message', async () => {
    const { inspection } = await scrubbedInspection('RO-DSP-11');
    const { dispatch } = await request(inspection, { provider: 37 });
    await ok(shopUser, d.cancel, { body: { dispatch: dispatch, reason: 'Customer took the car to the dealer.' } });
    const late = await accept(precision, dispatch);
    expect(late.status).toBe(409);
    expect((late.body as { error: string }).error).toMatch(
      /This calibration is Cancelled since .* \(Customer took the car to the dealer\.\)/,
    );

    const other = await scrubbedInspection('RO-DSP-12');
    const sent2 = await request(other.inspection, { provider: 37 });
    await ok(shopAdmin, c.saveRequestStatus, {
      body: { calibrateRequest: sent2.request, statusName: 'Cancelled', reason: 'Insurer refused' },
    });
    expect(row<{ status: string }>('SELECT status FROM dispatch WHERE dispatch = ?', sent2.dispatch).status).toBe('Cancelled');
    expect(notices().some((n) => n.notice.dispatch === sent2.dispatch && n.notice.side === 'provider')).toBe(true);
    expect((await accept(precision, sent2.dispatch)).status).toBe(409);
  });

  it('another firm learns nothing: 404 on every read and step of a dispatch it is not a side of', async () => {
    const { inspection } = await scrubbedInspection('RO-DSP-13');
    const { dispatch } = await request(inspection, { provider: 37 });
    const body = { dispatch };
    await status(otherShop, d.dispatch, { query: { dispatch } }, 404);
    await status(bayArea, d.dispatch, { query: { dispatch } }, 404);
    await status(otherShop, d.ofInspection, { query: { adasInspection: inspection } }, 404);
    await status(otherShop, contract.history.history, { query: { kind: 'dispatch', id: dispatch } }, 404);
    for (const [call, extra] of [
      [d.reschedule, { requestedDate: day(3) }],
      [d.cancel, { reason: 'x' }],
      [d.accept, { scheduledDate: day(3), windowStart: '08:00', windowEnd: '09:00', technician: precisionTechId }],
      [d.propose, { proposedDate: day(5) }],
      [d.decline, { reason: 'x' }],
      [d.acceptReport, {}],
      [d.redo, { reason: 'x' }],
    ] as const) {
      await status(otherShop, call, { body: { ...body, ...extra } }, 404);
      await status(bayArea, call, { body: { ...body, ...extra } }, 404);
    }
    const sentList = await ok(otherShop, d.dispatches, { query: { view: 'sent', pageSize: 100 } });
    expect(sentList.items.some((r) => r.dispatch === dispatch)).toBe(false);
    const received = await ok(bayArea, d.dispatches, { query: { view: 'received', pageSize: 100 } });
    expect(received.items.every((r) => r.provider === 38)).toBe(true);
  });
});

describe('working on the shop’s job, and nothing else', () => {
  it('before acceptance: the queue and the request, not the job', async () => {
    const { adas, inspection } = await scrubbedInspection('RO-DSP-14');
    const { request: id, dispatch } = await request(inspection, { provider: 37 });
    const queue = await ok(precision, d.dispatches, { query: { view: 'received', status: 'open', searchTerm: 'RO-DSP-14' } });
    expect(queue.items.map((r) => r.dispatch)).toEqual([dispatch]);
    expect(queue.items[0]).toMatchObject({ shopName: 'Brooklyn Collision & Glass', make: 'Toyota', model: 'RAV4', side: 'provider' });
    const early = await status(precisionTech, a.adasInspection, { query: { adasInspection: inspection } }, 403);
    expect(early.error).toMatch(/has not accepted this calibration for Brooklyn Collision & Glass yet/);
    await status(precisionTech, a.adas, { query: { adas } }, 403);
    // The conversation of the request is open to both sides while it stands.
    const user = userOf('precision.tech@example.com');
    await ok(precisionTech, c.saveRequestNote, { body: { calibrateRequest: id, note: 'Is the windshield OEM glass?' } });
    expect((await ok(precisionTech, c.requestNotes, { query: { calibrateRequest: id, readBy: user } })).length).toBeGreaterThan(0);
  });

  it('while accepted: that inspection, its job’s vehicle and estimate, results, notes and evidence; nothing else of the shop', async () => {
    const { adas, inspection } = await scrubbedInspection('RO-DSP-15');
    const { dispatch } = await request(inspection, { provider: 37 });
    expect((await accept(precision, dispatch)).status).toBe(200);
    const other = await scrubbedInspection('RO-DSP-16');

    const read = await ok(precisionTech, a.adasInspection, { query: { adasInspection: inspection } });
    const job = await ok(precisionTech, a.adas, { query: { adas } });
    expect(job.inspectors).toEqual([]); // the shop's users are not listed
    expect(job.vehicle.contactName).toBe('');
    await ok(precisionTech, c.getEstimate, { query: { adas } });
    await ok(precisionTech, c.lastScrub, { query: { adasInspection: inspection } });
    await ok(precisionTech, c.request, { query: { adasInspection: inspection } });
    await ok(precisionTech, contract.evidence.evidence, { query: { adasInspection: inspection } });
    const mine = await ok(precisionTech, d.ofInspection, { query: { adasInspection: inspection } });
    expect(mine.current).toMatchObject({ dispatch, side: 'provider', access: 'work' });

    // Another job of the same shop, other records of the shop: as unknown.
    await status(precisionTech, a.adasInspection, { query: { adasInspection: other.inspection } }, 404);
    await status(precisionTech, a.adas, { query: { adas: other.adas } }, 404);
    await status(precisionTech, c.getEstimate, { query: { adas: other.adas } }, 404);
    await status(precisionTech, a.insurers, { query: { firm: 6 } }, 404);
    const jobs = await ok(precisionTech, a.adass, { query: { pageSize: 100 } });
    expect(jobs.items.every((j) => j.firm !== 6)).toBe(true);
    await status(precisionTech, contract.history.history, { query: { kind: 'adas', id: adas } }, 404);

    // The shop's own business stays the shop's: 403 saying so.
    const own = await status(precisionTech, a.adasInspections, { query: { adas } }, 403);
    expect(own.error).toBe('Only Brooklyn Collision & Glass can do this: your location works on this inspection through its dispatch.');
    await status(precisionTech, c.saveEstimate, { body: { adas, text: '1 Repl Hood' } }, 403);
    await status(precisionTech, c.scrub, { query: { adas, adasInspection: inspection } }, 403);
    await status(precisionTech, a.deleteInspection, { body: { adasInspection: inspection } }, 403);
    await status(precisionTech, c.sendCalibrationReport, { query: { adasInspection: inspection, to: 'x@example.com' } }, 403);
    await status(precision, c.saveRequestStatus, { body: { calibrateRequest: read.adas, statusName: 'Approved' } }, 404);

    // Recording: results with notes per system, evidence.
    const [camera, radar] = read.results;
    await ok(precisionTech, a.saveAdasInspectionResults, {
      body: {
        adasInspection: inspection,
        results: read.results.map((r) => ({
          adasChecklistMatrix: r.adasChecklistMatrix,
          result: r === camera ? RESULT.calibrated : r === radar ? RESULT.failed : RESULT.passed,
          isNotEquipped: false,
          notes: r === radar ? 'Radar bracket bent: replace before calibrating.' : '',
        })),
      },
    });
    const { body, contentType } = await multipart([{ name: `6/target-setup.png`, bytes: PNG_1PX, type: 'image/png' }]);
    const up = await host.app.inject({
      method: 'POST',
      url: `/api/adas/uploadEvidence?adasInspectionResult=${camera!.adasInspectionResult}&caption=Target%20setup`,
      headers: { 'content-type': contentType, authorization: `Bearer ${precisionTech}` },
      payload: body,
    });
    expect(up.statusCode, up.body).toBe(200);
    // Into its own folder only: the shop's other folders stay the shop's.
    const wrong = await multipart([{ name: `37/target-setup.png`, bytes: PNG_1PX, type: 'image/png' }]);
    const elsewhere = await host.app.inject({
      method: 'POST',
      url: `/api/adas/uploadEvidence?adasInspectionResult=${camera!.adasInspectionResult}`,
      headers: { 'content-type': wrong.contentType, authorization: `Bearer ${precisionTech}` },
      payload: wrong.body,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(
      row<{ result_by: number }>(
        'SELECT result_by FROM adas_inspection_result WHERE adas_inspection_result = ?',
        camera!.adasInspectionResult,
      ).result_by,
    ).toBe(precisionTechId);
  });

  it('completing hands the work back: read-only for the provider, the report names it, the shop accepts it and access ends', async () => {
    const { adas, inspection } = await scrubbedInspection('RO-DSP-17');
    const { request: id, dispatch } = await request(inspection, { provider: 37 });
    expect((await accept(precision, dispatch)).status).toBe(200);
    const read = await ok(precisionTech, a.adasInspection, { query: { adasInspection: inspection } });
    const [camera] = read.results;
    const results = read.results.map((r) => ({
      adasChecklistMatrix: r.adasChecklistMatrix,
      result: r === camera ? RESULT.calibrated : r === read.results[1] ? RESULT.failed : RESULT.passed,
      isNotEquipped: false,
      notes: '',
    }));
    await ok(precisionTech, a.saveAdasInspectionResults, { body: { adasInspection: inspection, results } });
    notices();
    await ok(precisionTech, a.updateStatusAdasInspection, { body: { adasInspection: inspection, status: STATUS.complete } });
    expect(row<{ status: string }>('SELECT status FROM dispatch WHERE dispatch = ?', dispatch).status).toBe('Completed');
    expect(notices().map((n) => [n.notice.side, n.notice.title])).toEqual([['shop', 'Calibration completed']]);

    // Read-only now, with a clear refusal.
    await ok(precisionTech, a.adasInspection, { query: { adasInspection: inspection } });
    const late = await status(precisionTech, a.saveAdasInspectionResults, { body: { adasInspection: inspection, results } }, 403);
    expect(late.error).toMatch(
      /handed this work back to Brooklyn Collision & Glass on .*: the inspection is read-only for your location\./,
    );
    await status(precisionTech, a.updateStatusAdasInspection, { body: { adasInspection: inspection, status: STATUS.open } }, 403);

    // The report: the shop's, naming the provider and its technician per system.
    const pdf = await host.request<unknown>(precisionTech, 'GET', `api/report/calibration?adasInspection=${inspection}`);
    expect(pdf.status).toBe(200);
    const shopPdf = await host.app.inject({
      method: 'GET',
      url: `/api/report/calibration?adasInspection=${inspection}`,
      headers: { authorization: `Bearer ${shopUser}` },
    });
    const text = (await new PDFParse({ data: shopPdf.rawPayload }).getText()).text;
    expect(text).toMatch(/Calibrated by: Precision Calibration Services/);
    expect(text).toMatch(/Technician: Riley Santos, Precision Calibration Services/);

    // The numbers: the calibrated system priced at the provider's agreed price, the failed one not billed.
    const lines = (await ok(shopUser, c.request, { query: { adasInspection: inspection } }))!.lines;
    const facts = host.db
      .prepare('SELECT system, sales_cents AS cents, provider, technician FROM dashboard_calibration WHERE adas_inspection = ?')
      .all(inspection) as { system: string; cents: number; provider: number; technician: number }[];
    const cameraLine = must(
      lines.find((l) => l.adasChecklistMatrix === camera!.adasChecklistMatrix),
      'the camera line',
    );
    expect(facts).toEqual([
      { system: camera!.system, cents: Math.round(cameraLine.price! * 100), provider: 37, technician: precisionTechId },
    ]);
    // The hand-back says the same: billed for what was performed, the failed system left out.
    const handedBack = await ok(shopUser, d.dispatch, { query: { dispatch } });
    expect(handedBack.billed).toEqual({
      lines: [{ system: camera!.system, calibrationType: expect.any(String), price: cameraLine.price }],
      total: cameraLine.price,
      leftOut: expect.arrayContaining([{ system: read.results[1]!.system, result: 'Failed' }]),
    });

    // Redo: managers only; the provider works again, reopens and hands it back once more.
    await status(shopUser, d.redo, { body: { dispatch, reason: 'Radar aim off' } }, 403);
    await ok(shopAdmin, d.redo, { body: { dispatch: dispatch, reason: 'Camera aim is off by 1 degree.' } });
    expect(notices().map((n) => [n.notice.side, n.notice.title])).toEqual([['provider', 'Redo asked for']]);
    await ok(precisionTech, a.updateStatusAdasInspection, { body: { adasInspection: inspection, status: STATUS.open } });
    await ok(precisionTech, a.updateStatusAdasInspection, { body: { adasInspection: inspection, status: STATUS.complete } });
    expect(row<{ status: string }>('SELECT status FROM dispatch WHERE dispatch = ?', dispatch).status).toBe('Completed');

    await status(precision, d.acceptReport, { body: { dispatch } }, 403);
    await ok(shopAdmin, d.acceptReport, { body: { dispatch: dispatch } });
    const ended = await status(precisionTech, a.adasInspection, { query: { adasInspection: inspection } }, 403);
    expect(ended.error).toMatch(/accepted the report on .*: your location's access to this job ended\./);
    await status(precisionTech, a.adas, { query: { adas } }, 403);
    // A kept record: neither the inspection nor the request can be deleted.
    await status(shopAdmin, a.deleteInspection, { body: { adasInspection: inspection } }, 409);
    await status(shopAdmin, c.deleteRequest, { query: { calibrateRequest: id } }, 409);
  });

  it('recording results after the dispatch ended is refused with a clear message, and nothing is written', async () => {
    const { inspection } = await scrubbedInspection('RO-DSP-18');
    const { dispatch } = await request(inspection, { provider: 37 });
    expect((await accept(precision, dispatch)).status).toBe(200);
    const read = await ok(precisionTech, a.adasInspection, { query: { adasInspection: inspection } });
    await ok(shopUser, d.cancel, { body: { dispatch: dispatch, reason: 'Customer picked the car up.' } });
    const results = read.results.map((r) => ({
      adasChecklistMatrix: r.adasChecklistMatrix,
      result: RESULT.calibrated,
      isNotEquipped: false,
      notes: '',
    }));
    const refused = await status(precisionTech, a.saveAdasInspectionResults, { body: { adasInspection: inspection, results } }, 403);
    expect(refused.error).toMatch(
      /Brooklyn Collision & Glass cancelled this calibration on .*: your location's access to this job ended\./,
    );
    expect(
      row<{ n: number }>('SELECT count(*) AS n FROM adas_inspection_result WHERE adas_inspection = ? AND result IS NOT NULL', inspection).n,
    ).toBe(0);
    const photo = await multipart([{ name: `6/late.png`, bytes: PNG_1PX, type: 'image/png' }]);
    const late = await host.app.inject({
      method: 'POST',
      url: `/api/adas/uploadEvidence?adasInspectionResult=${read.results[0]!.adasInspectionResult}`,
      headers: { 'content-type': photo.contentType, authorization: `Bearer ${precisionTech}` },
      payload: photo.body,
    });
    expect(late.statusCode).toBe(403);
  });
});

describe('numbers, history and the offering', () => {
  it("both sides' numbers: the shop's by provider, the provider's work by shop, service and technician", async () => {
    const period = { startDate: day(-40), endDate: day(1) };
    const byProvider = await ok(admin, contract.dashboard.dashboard, { query: { firm: 7, analysis: 'providerSales', ...period } });
    expect(byProvider.items.map((r) => r.label)).toContain('Precision Calibration Services');
    const office = await host.token('precision.office@example.com');
    for (const analysis of ['workShop', 'workService', 'workTech'] as const) {
      const work = await ok(office, contract.dashboard.dashboard, { query: { firm: 37, analysis, ...period } });
      expect(work.items.length, analysis).toBeGreaterThan(0);
      expect(work.totals.calibrations).toBe(work.items.reduce((n, r) => n + r.calibrations, 0));
    }
    const shops = await ok(office, contract.dashboard.dashboard, { query: { firm: 37, analysis: 'workShop', ...period } });
    expect(shops.items.map((r) => r.label)).toEqual(expect.arrayContaining(['Queens Auto Body']));
    const techs = await ok(office, contract.dashboard.dashboard, { query: { firm: 37, analysis: 'workTech', ...period } });
    expect(techs.items.map((r) => r.label)).toContain('Riley Santos');
  });

  it('the history records every step with who and when, read by both sides only', async () => {
    const { inspection } = await scrubbedInspection('RO-DSP-19');
    const { dispatch } = await request(inspection, { provider: 37 });
    await ok(precision, d.propose, { body: { dispatch: dispatch, proposedDate: day(5), reason: 'Busy that day.' } });
    await ok(shopUser, d.reschedule, { body: { dispatch: dispatch, requestedDate: day(5) } });
    expect((await accept(precision, dispatch, { scheduledDate: day(5) })).status).toBe(200);
    for (const token of [shopUser, precisionTech]) {
      const h = await ok(token, contract.history.history, { query: { kind: 'dispatch', id: dispatch, pageSize: 100 } });
      const statusRows = h.items.filter((r) => r.field === 'Status').map((r) => [r.newValue, r.byName]);
      expect(statusRows).toEqual([
        ['Accepted', 'Morgan Price'],
        ['Requested', expect.any(String)],
        ['Proposed', 'Morgan Price'],
      ]);
      expect(h.items.at(-1)).toMatchObject({ field: 'Created' });
      expect(h.items.every((r) => !!r.at)).toBe(true);
    }
    await status(bayArea, contract.history.history, { query: { kind: 'dispatch', id: dispatch } }, 404);
  });

  it('the offering: read by the location, changed by its managers, only for a provider', async () => {
    expect(await ok(precisionTech, d.getOffering, { query: { firm: 37 } })).toMatchObject({
      isProvider: true,
      offering: 'both',
      capacity: 4,
    });
    await status(precisionTech, d.saveOffering, { body: { firm: 37, offering: 'on-site', capacity: 3 } }, 403);
    await status(precision, d.saveOffering, { body: { firm: 37, offering: 'on-site', capacity: 0 } }, 400);
    await status(precision, d.saveOffering, { body: { firm: 38, offering: 'on-site', capacity: 3 } }, 404);
    await status(shopAdmin, d.saveOffering, { body: { firm: 6, offering: 'on-site', capacity: 3 } }, 400);
    expect(await ok(precision, d.saveOffering, { body: { firm: 37, offering: 'both', capacity: 4 } })).toMatchObject({ capacity: 4 });
  });

  it('accepting beyond the day’s capacity is refused', async () => {
    await ok(precision, d.saveOffering, { body: { firm: 37, offering: 'both', capacity: 1 } });
    try {
      const one = await scrubbedInspection('RO-DSP-20');
      const two = await scrubbedInspection('RO-DSP-21');
      const first = await request(one.inspection, { provider: 37 });
      const second = await request(two.inspection, { provider: 37 });
      expect((await accept(precision, first.dispatch, { scheduledDate: day(9) })).status).toBe(200);
      const full = await accept(precision, second.dispatch, { scheduledDate: day(9) });
      expect(full.status).toBe(409);
      expect((full.body as { error: string }).error).toMatch(/has 1 vehicle scheduled on .*, as many as it takes a day \(1\)/);
    } finally {
      await ok(precision, d.saveOffering, { body: { firm: 37, offering: 'both', capacity: 4 } });
    }
  });
});

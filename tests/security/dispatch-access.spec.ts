/**
 * Dispatch across firms, through the BFF with real sessions (docs/dispatch.md#states): every dispatch call
 * (read and write) made by a user who is neither side of a dispatch — a shop of another network, a provider it
 * was not sent to — answers 404 and names nothing of it, before, while and after the provider works on it;
 * the provider's users reach the dispatched inspection only while the dispatch allows (403 before
 * acceptance and after it ended, saying why; 404 for the shop's other jobs); a shop never sees another
 * shop's dispatch. Data-driven over the contract's dispatch calls: a new call joins the check or fails it.
 */
import { expect, test } from '@playwright/test';
import { ALL_CALLS } from '../../lib/contract';
import type { CallDef } from '../../lib/contract/define';
import { hostCall, hostToken } from '../support/api';
import { RAV4_LINES } from '../support/estimates';
import { appOrigin, bffCall, sessionCookie } from '../../testkit/http';
import { must } from '../../testkit/must';

const origin = appOrigin();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const DISPATCH_CALLS = ALL_CALLS.filter((c) => c.path.startsWith('dispatch/'));

interface Ids {
  adas: number;
  inspection: number;
  request: number;
  dispatch: number;
  other: number;
}

/** A Brooklyn (firm 6) inspection with a scrubbed RAV4 estimate, its request sent to Precision (37); and another job of the shop. */
async function dispatched(ronumber: string): Promise<Ids> {
  const shop = await hostToken(4);
  const job = async (ro: string) => {
    const created = await hostCall<{ id: number; adasInspection: number }>(shop, 'POST', 'api/adas/createAdas', {
      firm: 6,
      ronumber: ro,
      vehicle: { vehicle: -1, year: 2022, make: 'Toyota', model: 'RAV4' },
      inspection: {},
    });
    expect(created.status).toBe(200);
    return created.body;
  };
  const mine = await job(ronumber);
  const other = await job(`${ronumber}-OTHER`);
  const text = RAV4_LINES.map((l, i) => `${i + 1} ${l.op === 'OP11' ? 'Repl' : 'Rpr'} ${l.description}`).join('\n');
  expect((await hostCall(shop, 'POST', 'api/bms/saveEstimate', { adas: mine.id, text })).status).toBe(200);
  const scrub = await hostCall<{
    calibrations: { adasChecklistMatrix: number; system: string; calibrationType: string; price: number | null }[];
  }>(shop, 'GET', `api/bms/scrub?adas=${mine.id}&adasInspection=${mine.adasInspection}`);
  const request = await hostCall<{ id: number; dispatch: number }>(shop, 'POST', 'api/adas/createCalibrate', {
    firm: 6,
    adasInspection: mine.adasInspection,
    year: 2022,
    make: 'Toyota',
    model: 'RAV4',
    reason: 'Estimate triggers calibrations',
    lines: scrub.body.calibrations.map((c) => ({
      adasChecklistMatrix: c.adasChecklistMatrix,
      system: c.system,
      calibrationType: c.calibrationType,
      price: c.price,
    })),
    dispatch: { provider: 37, mode: 'in-bay', requestedDate: day(3) },
  });
  expect(request.status, JSON.stringify(request.body)).toBe(200);
  return {
    adas: mine.id,
    inspection: mine.adasInspection,
    request: request.body.id,
    dispatch: must(request.body.dispatch, 'dispatch'),
    other: other.adasInspection,
  };
}

/** A request of every dispatch call naming the dispatch (its inspection, request, provider). */
function probe(call: CallDef, ids: Ids): { method: 'GET' | 'POST'; target: string; body?: string } {
  const query = (q: Record<string, string | number>) =>
    `${call.path}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`;
  const body = (b: Record<string, unknown>) => ({ method: 'POST' as const, target: call.path, body: JSON.stringify(b) });
  switch (call.path) {
    case 'dispatch/providers':
    case 'dispatch/ofInspection':
      return { method: 'GET', target: query({ adasInspection: ids.inspection }) };
    case 'dispatch/dispatch':
      return { method: 'GET', target: query({ dispatch: ids.dispatch }) };
    case 'dispatch/dispatches':
      return { method: 'GET', target: query({ view: 'sent', pageSize: 500 }) };
    case 'dispatch/offering':
      return { method: 'GET', target: query({ firm: 37 }) };
    case 'dispatch/saveOffering':
      return body({ firm: 37, offering: 'both', capacity: 4 });
    case 'dispatch/send':
      return body({ calibrateRequest: ids.request, provider: 8, mode: 'in-bay', requestedDate: day(4) });
    case 'dispatch/reschedule':
      return body({ dispatch: ids.dispatch, requestedDate: day(5) });
    case 'dispatch/propose':
      return body({ dispatch: ids.dispatch, proposedDate: day(6) });
    case 'dispatch/accept':
      return body({ dispatch: ids.dispatch, scheduledDate: day(3), windowStart: '08:00', windowEnd: '12:00', technician: 1 });
    default:
      return body({ dispatch: ids.dispatch, reason: 'Probe' });
  }
}

/** Every dispatch call as `who`: 404 and nothing of the dispatch (the list: 200 without it). */
async function strangerGetsNothing(who: string, ids: Ids, phase: string): Promise<void> {
  const cookie = await sessionCookie(who);
  const wrong: string[] = [];
  for (const call of DISPATCH_CALLS) {
    const p = probe(call, ids);
    // The offering is the provider's own setting: a provider's other users are not strangers to it.
    if (call.path.endsWith('ffering') && who.startsWith('precision.')) continue;
    const res = await bffCall(origin, p.method, p.target, cookie, { body: p.body });
    if (call.path === 'dispatch/dispatches') {
      if (res.status !== 200 || res.body.includes(`"dispatch":${ids.dispatch},`))
        wrong.push(`${call.path}: ${res.status} ${res.body.slice(0, 120)}`);
      continue;
    }
    if (res.status !== 404 || res.body.includes('RO-SEC') || res.body.includes('Brooklyn'))
      wrong.push(`${call.path}: ${res.status} ${res.body.slice(0, 160)}`);
  }
  expect(wrong, `${who} ${phase}:\n${wrong.join('\n')}`).toEqual([]);
}

const inspectionRead = (ids: Ids, id = ids.inspection) => `adas/adasInspection?adasInspection=${id}`;

test('dispatch calls across firms, and the provider’s access before, during and after its dispatch', async () => {
  test.setTimeout(120_000);
  const ids = await dispatched(`RO-SEC-${Date.now().toString(36).toUpperCase()}`);
  const [tech, providerAdmin, shop] = await Promise.all([
    sessionCookie('precision.tech@example.com'),
    sessionCookie('precision.admin@example.com'),
    sessionCookie(5),
  ]);
  const strangers = [17 /* Oakland Auto Glass, another network */, 'bayarea.admin@example.com' /* a provider it was not sent to */];

  // Before acceptance: strangers learn nothing; the provider sees the dispatch, not the job.
  for (const who of strangers) await strangerGetsNothing(typeof who === 'number' ? `role${who}@example.com` : who, ids, 'before');
  const early = await bffCall(origin, 'GET', inspectionRead(ids), tech);
  expect(early.status).toBe(403);
  expect(early.body).toContain('has not accepted this calibration for Brooklyn Collision & Glass yet');
  expect((await bffCall(origin, 'GET', `dispatch/dispatch?dispatch=${ids.dispatch}`, tech)).status).toBe(200);

  const detail = JSON.parse((await bffCall(origin, 'GET', `dispatch/dispatch?dispatch=${ids.dispatch}`, providerAdmin)).body) as {
    technicians: { user: number; name: string }[];
  };
  const technician = must(
    detail.technicians.find((t) => t.name === 'Riley Santos'),
    'the technician',
  ).user;
  const accepted = await bffCall(origin, 'POST', 'dispatch/accept', providerAdmin, {
    body: JSON.stringify({
      dispatch: ids.dispatch,
      scheduledDate: day(40 + (Date.now() % 200)),
      windowStart: '08:00',
      windowEnd: '12:00',
      technician,
    }),
  });
  expect(accepted.status, accepted.body).toBe(200);

  // While accepted: the dispatched inspection only.
  const read = await bffCall(origin, 'GET', inspectionRead(ids), tech);
  expect(read.status).toBe(200);
  const firstSystem = (JSON.parse(read.body) as { results: { adasChecklistMatrix: number }[] }).results[0]!.adasChecklistMatrix;
  const results = (inspection: number, result: number) =>
    JSON.stringify({
      adasInspection: inspection,
      results: [{ adasChecklistMatrix: firstSystem, result, isNotEquipped: false, notes: '' }],
    });
  expect((await bffCall(origin, 'POST', 'adas/saveAdasInspectionResults', tech, { body: results(ids.inspection, 3) })).status).toBe(200);
  expect((await bffCall(origin, 'GET', inspectionRead(ids, ids.other), tech)).status).toBe(404);
  expect((await bffCall(origin, 'POST', 'adas/saveAdasInspectionResults', tech, { body: results(ids.other, 3) })).status).toBe(404);
  const jobs = await bffCall(origin, 'GET', 'adas/adass?pageSize=500', tech);
  expect(jobs.body).not.toContain('RO-SEC');
  expect((await bffCall(origin, 'GET', `history/history?kind=adas&id=${ids.adas}`, tech)).status).toBe(404);
  for (const who of strangers) await strangerGetsNothing(typeof who === 'number' ? `role${who}@example.com` : who, ids, 'during');
  const stranger = await sessionCookie(17);
  expect((await bffCall(origin, 'GET', inspectionRead(ids), stranger)).status).toBe(404);

  // A shop never sees another shop's dispatch: Oakland's (seeded, to Bay Area) is unknown to Brooklyn.
  const oakland = await bffCall(origin, 'GET', 'dispatch/dispatches?view=sent&pageSize=500', await sessionCookie(17));
  const theirs = (JSON.parse(oakland.body) as { items: { dispatch: number; firm: number }[] }).items;
  expect(theirs.length).toBeGreaterThan(0);
  expect(theirs.every((d) => d.firm === 9)).toBe(true);
  for (const d of theirs) expect((await bffCall(origin, 'GET', `dispatch/dispatch?dispatch=${d.dispatch}`, shop)).status).toBe(404);

  // After: the shop cancels; the provider can neither record nor accept again, and is told why.
  const cancelled = await bffCall(origin, 'POST', 'dispatch/cancel', shop, {
    body: JSON.stringify({ dispatch: ids.dispatch, reason: 'Customer picked the car up.' }),
  });
  expect(cancelled.status, cancelled.body).toBe(200);
  const late = await bffCall(origin, 'POST', 'adas/saveAdasInspectionResults', tech, { body: results(ids.inspection, 4) });
  expect(late.status).toBe(403);
  expect(late.body).toContain('cancelled this calibration on');
  expect((await bffCall(origin, 'GET', inspectionRead(ids), tech)).status).toBe(403);
  const again = await bffCall(origin, 'POST', 'dispatch/accept', providerAdmin, {
    body: JSON.stringify({ dispatch: ids.dispatch, scheduledDate: day(3), windowStart: '08:00', windowEnd: '12:00', technician: 1 }),
  });
  expect(again.status).toBe(409);
  for (const who of strangers) await strangerGetsNothing(typeof who === 'number' ? `role${who}@example.com` : who, ids, 'after');
});

/**
 * Shared links at the reference host: creating one for a reachable inspection (another firm's: 404; bad
 * days: 400), the owner's list and revocation (another user's link: 404, unless they administer its firm:
 * tests/integration/review-3-host.test.ts), and the anonymous view and
 * report of exactly that inspection until the link expires or is revoked; forged tokens are refused.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '../../lib/contract';
import { SHARE_MESSAGES } from '../../lib/contract/links';
import { startTestHost, type TestHost } from '../../testkit/host';
import { three } from '../../testkit/must';

let host: TestHost;
beforeEach(async () => {
  host = await startTestHost();
});
afterEach(() => host.close());

const s = contract.links;
/** An inspection of firm 6 (where roles 4 and 5 sign in), and its vehicle. */
const inspectionOf6 = () =>
  host.db
    .prepare(
      'SELECT i.adas_inspection AS id, v.make, v.model, v.year FROM adas_inspection i JOIN adas j ON j.adas = i.adas JOIN vehicle v ON v.vehicle = j.vehicle WHERE j.firm = 6 ORDER BY 1 LIMIT 1',
    )
    .get() as { id: number; make: string; model: string; year: number };

async function share(role = 5, days = 7) {
  const res = await host.api(await host.token(role), s.createShareLink, { body: { adasInspection: inspectionOf6().id, days } });
  expect(res.status).toBe(200);
  return res.body as { link: number; token: string; status: string; vehicle: string; expiresAt: string };
}

describe('creating and listing links', () => {
  it('creates a live link that its owner lists, with the same token', async () => {
    const i = inspectionOf6();
    const link = await share();
    expect(link).toMatchObject({ status: 'active', vehicle: `${i.year} ${i.make} ${i.model}` });
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const list = await host.api(await host.token(5), s.shareLinks);
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({ link: link.link, token: link.token });
    // Another user (same firm) sees none of them.
    expect((await host.api(await host.token(4), s.shareLinks)).body.count).toBe(0);
    // Role 5's seeded links are there too, each in its state.
    expect(new Set(list.body.items.map((l: { status: string }) => l.status))).toEqual(new Set(['active', 'revoked', 'expired']));
  });

  it('answers 400 for days out of range and 404 for another firm’s inspection', async () => {
    const bad = await host.api(await host.token(5), s.createShareLink, { body: { adasInspection: inspectionOf6().id, days: 45 } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.days).toEqual(['From 1 to 30 days']);
    // Role 17 signs in at firm 9, which does not reach firm 6.
    const foreign = await host.api(await host.token(17), s.createShareLink, { body: { adasInspection: inspectionOf6().id } });
    expect(foreign.status).toBe(404);
    expect((await host.api(null, s.createShareLink, { body: { adasInspection: inspectionOf6().id } })).status).toBe(401);
  });
});

describe('opening a link anonymously', () => {
  it('answers exactly that inspection and its report PDF', async () => {
    const i = inspectionOf6();
    const { token } = await share();
    const seen = await host.api(null, s.sharedInspection, { query: { token } });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ firmName: 'Brooklyn Collision & Glass', vehicle: { year: i.year, make: i.make, model: i.model } });
    expect(Array.isArray(seen.body.systems)).toBe(true);

    const pdf = await host.app.inject({ method: 'GET', url: '/api/links/sharedReport', query: { token } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a revoked link, with its reason; only the owner (or the firm’s administrators) revokes', async () => {
    const { link, token } = await share();
    // A colleague at the same firm who does not administer it.
    const colleague = await host.token(await host.addUser({ role: 5, firm: 6 }));
    const other = await host.api(colleague, s.revokeShareLink, { body: { link } });
    expect(other.status).toBe(404);
    expect((await host.api(null, s.sharedInspection, { query: { token } })).status).toBe(200);

    expect((await host.api(await host.token(5), s.revokeShareLink, { body: { link } })).status).toBe(200);
    const gone = await host.api(null, s.sharedInspection, { query: { token } });
    expect(gone).toMatchObject({ status: 404, body: { error: SHARE_MESSAGES.revoked } });
    expect((await host.api(null, s.sharedReport, { query: { token } })).status).toBe(404);
    expect((await host.api(await host.token(5), s.shareLinks)).body.items[0].status).toBe('revoked');
  });

  it('refuses an expired link and a forged one', async () => {
    const { link, token } = await share();
    host.db.prepare("UPDATE share_link SET expires_at = '2020-01-01T00:00:00Z' WHERE link = ?").run(link);
    expect((await host.api(null, s.sharedInspection, { query: { token } })).body.error).toBe(SHARE_MESSAGES.expired);

    const { token: live } = await share();
    const [head, payload, sig] = three(live.split('.'), "the token's parts");
    const otherLink = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: String(link) }),
    ).toString('base64url');
    const forged = await host.api(null, s.sharedInspection, { query: { token: `${head}.${otherLink}.${sig}` } });
    expect(forged).toMatchObject({ status: 404, body: { error: SHARE_MESSAGES.unknown } });
    // A login token is no link.
    expect((await host.api(null, s.sharedInspection, { query: { token: await host.token(5) } })).body.error).toBe(SHARE_MESSAGES.unknown);
  });
});

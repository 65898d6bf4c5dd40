/**
 * Onboarding at the reference host: invitations (issue, open; unknown, used, expired), the steps in order
 * (ids kept, update instead of create, replays, another invitation's ids), coupons, the stand-in payment
 * provider (declined, insufficient funds, success), the purchase creating the firm, its first user and the
 * welcome mail in one transaction, and test mode.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '../../lib/contract';
import { ONBOARD_MESSAGES, PRODUCTS } from '../../lib/contract/onboard-constants';
import { stateId } from '../../api-host/contacts/data';
import { DEMO_COUPONS, DEMO_INVITATION } from '../../api-host/onboard/seed';
import { startTestHost, type TestHost } from '../../testkit/host';

let host: TestHost;
beforeEach(async () => {
  host = await startTestHost();
});
afterEach(() => host.close());

const { onboard: o } = contract;

async function invite(extra: Record<string, unknown> = {}, role = 3): Promise<string> {
  const res = await host.api(await host.token(role), o.onboardInvite, {
    body: { parent: 2, products: ['annual', 'monthly', 'pro'], ...extra },
  });
  expect(res.status).toBe(200);
  return res.body.id;
}

const basic = (token: string, extra: Record<string, unknown> = {}) => ({
  token,
  firstName: 'Dana',
  lastName: 'Lopez',
  emailAddress: `dana-${token.slice(0, 6)}@harbor.example.com`,
  consent: true,
  ...extra,
});
const additional = (token: string, extra: Record<string, unknown> = {}) => ({
  token,
  company: 'Harbor Point Auto Glass',
  names: 'Dana Lopez',
  email: 'office@harbor.example.com',
  addressLines: '12 Pier Rd',
  city: 'Brooklyn',
  stateProvince: stateId('NY'),
  postalCode: '11231',
  country: 1,
  phoneCC: '+1',
  phoneNo: '(718) 555-0100',
  languageId: 1,
  timezoneId: 12,
  webaddress: 'https://harbor.example.com',
  companyId: '12-3456789',
  ...extra,
});
const shipping = (token: string, firm: number, extra: Record<string, unknown> = {}) => ({
  token,
  firm,
  sameAsCompany: true,
  addressLines: '12 Pier Rd',
  city: 'Brooklyn',
  stateProvince: stateId('NY'),
  postalCode: '11231',
  country: 1,
  ...extra,
});

async function card(number: string): Promise<{ id: string; brand: string; last4: string }> {
  const res = await host.request<{ id: string; brand: string; last4: string }>(null, 'POST', 'pay/v1/payment_methods', {
    body: { number, exp: '12/39', cvc: '123' },
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** Basic, additional and shipping saved; answers the step ids. */
async function throughShipping(token: string) {
  const marketing = (await host.api(null, o.onboardMarketing, { body: basic(token) })).body.id as number;
  const firm = (await host.api(null, o.onboardFirm, { body: additional(token) })).body.id as number;
  const ship = (await host.api(null, o.onboardShippingSave, { body: shipping(token, firm) })).body.id as number;
  return { marketing, firm, shipping: ship };
}

const purchaseBody = (token: string, firm: number, paymentMethod: object, extra: Record<string, unknown> = {}) => ({
  token,
  firm,
  product: 'monthly',
  paymentMethod,
  company: 'Harbor Point Auto Glass',
  name: 'Dana Lopez',
  email: `dana-${token.slice(0, 6)}@harbor.example.com`,
  address: '12 Pier Rd, Brooklyn 11231',
  phone: '+1 (718) 555-0100',
  coupon: '',
  ...extra,
});

describe('firm/onboardInvite and firm/onboardGet', () => {
  it('issues a single-use invitation that names the parent and the offered products', async () => {
    const id = await invite({ products: ['monthly', 'pro'] });
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await host.api(null, o.onboardGet, { query: { firm: id } });
    expect(res.status).toBe(200);
    expect(res.body.parentName).toBe('Northstar Calibration Network');
    // The inviting franchise's brand, for the wizard to wear (issue 31 §5).
    expect(res.body.brand).toEqual(
      expect.arrayContaining([
        { name: 'BrandTitle', value: 'Northstar Calibration Network' },
        { name: 'BrandLogo', value: '/brands/northstar-logo.svg' },
      ]),
    );
    expect(res.body.products.map((p: { name: string }) => p.name)).toEqual([PRODUCTS.monthly.name, PRODUCTS.pro.name]);
    // Only the hash is stored.
    expect(host.db.prepare('SELECT count(*) FROM onboard_invitation WHERE token_hash = ?').pluck().get(id)).toBe(0);
  });

  it('refuses bad input, other roles, firms out of reach and shops', async () => {
    const t3 = await host.token(3);
    expect((await host.api(t3, o.onboardInvite, { body: { parent: 2, products: [] } })).body.fieldErrors.products).toEqual([
      'Offer at least one product',
    ]);
    expect((await host.api(t3, o.onboardInvite, { body: { parent: 2, products: ['gold'] } })).status).toBe(400);
    expect((await host.api(t3, o.onboardInvite, { body: { parent: 2, products: ['annual'], days: 90 } })).status).toBe(400);
    expect((await host.api(t3, o.onboardInvite, { body: { parent: 6, products: ['annual'] } })).status).toBe(400);
    expect((await host.api(t3, o.onboardInvite, { body: { parent: 2, products: ['annual'], testMode: true } })).status).toBe(403);
    expect((await host.api(await host.token(5), o.onboardInvite, { body: { parent: 6, products: ['annual'] } })).status).toBe(403);
    const west = await host.token(await host.addUser({ role: 3, firm: 4 }));
    expect((await host.api(west, o.onboardInvite, { body: { parent: 3, products: ['annual'] } })).status).toBe(404);
    expect((await host.api(west, o.onboardInvite, { body: { parent: 4, products: ['annual'] } })).status).toBe(200);
  });

  it('answers unknown, used and expired invitations with their reasons', async () => {
    expect((await host.api(null, o.onboardGet, { query: { firm: 'x'.repeat(43) } })).body.error).toBe(ONBOARD_MESSAGES.invitationUnknown);
    expect((await host.api(null, o.onboardGet, { query: { firm: 'short' } })).status).toBe(400);
    const used = await host.api(null, o.onboardGet, { query: { firm: 'demo-invitation-used-000001' } });
    expect([used.status, used.body.error]).toEqual([409, ONBOARD_MESSAGES.invitationUsed]);
    const expired = await host.api(null, o.onboardGet, { query: { firm: 'demo-invitation-expired-0001' } });
    expect([expired.status, expired.body.error]).toEqual([409, ONBOARD_MESSAGES.invitationExpired]);
    expect((await host.api(null, o.onboardGet, { query: { firm: DEMO_INVITATION } })).status).toBe(200);
  });
});

describe('the steps', () => {
  it('save in order, keep their ids, update once an id is set and refuse replays', async () => {
    const token = await invite();
    expect((await host.api(null, o.onboardFirm, { body: additional(token) })).body.error).toBe(ONBOARD_MESSAGES.stepOutOfOrder);
    const m = await host.api(null, o.onboardMarketing, { body: basic(token) });
    expect(m.status).toBe(200);
    expect((await host.api(null, o.onboardMarketing, { body: basic(token) })).status).toBe(409);
    expect((await host.api(null, o.onboardMarketing, { body: basic(token, { marketing: m.body.id, firstName: 'Dani' }) })).body).toEqual({
      id: m.body.id,
    });
    const f = await host.api(null, o.onboardFirm, { body: additional(token) });
    expect(f.status).toBe(200);
    const replay = await host.api(null, o.onboardFirm, { body: additional(token) });
    expect([replay.status, replay.body.error]).toEqual([409, ONBOARD_MESSAGES.stepReplayed]);
    expect(
      (await host.api(null, o.onboardFirmUpdate, { body: additional(token, { firm: f.body.id, company: 'Harbor Point Glass' }) })).body,
    ).toEqual({ id: f.body.id });
    const stored = JSON.parse(host.db.prepare('SELECT data FROM onboard_step WHERE id = ?').pluck().get(f.body.id) as string);
    expect(stored.company).toBe('Harbor Point Glass');
    expect(stored.token).toBeUndefined();
    // No firm exists before the purchase.
    expect(host.db.prepare("SELECT count(*) FROM firm WHERE name = 'Harbor Point Glass'").pluck().get()).toBe(0);
    const s = await host.api(null, o.onboardShippingSave, { body: shipping(token, f.body.id) });
    expect(s.status).toBe(200);
    expect(
      (await host.api(null, o.onboardShippingSave, { body: shipping(token, f.body.id, { id: s.body.id, city: 'Queens' }) })).body,
    ).toEqual({ id: s.body.id });
  });

  it('refuse bad fields, unknown lookups and postal codes with field errors', async () => {
    const token = await invite();
    expect((await host.api(null, o.onboardMarketing, { body: basic(token, { firstName: ' ' }) })).body.fieldErrors.firstName).toEqual([
      'This field is required',
    ]);
    await host.api(null, o.onboardMarketing, { body: basic(token) });
    const bad = await host.api(null, o.onboardFirm, {
      body: additional(token, { phoneNo: '555', webaddress: 'harbor', firmType: 'shop' }),
    });
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['firmType', 'phoneNo', 'webaddress']);
    const lookups = await host.api(null, o.onboardFirm, { body: additional(token, { timezoneId: 9999, postalCode: '00000' }) });
    expect(lookups.body.fieldErrors).toEqual({ timezoneId: ['Unknown time zone'], postalCode: ['Unknown postal code'] });
  });

  it('ask for the state or province of a country that has them, one of that country', async () => {
    const token = await invite();
    await host.api(null, o.onboardMarketing, { body: basic(token) });
    const none = await host.api(null, o.onboardFirm, { body: additional(token, { stateProvince: null }) });
    expect([none.status, none.body.fieldErrors]).toEqual([400, { stateProvince: ['Choose a state or province'] }]);
    const other = await host.api(null, o.onboardFirm, { body: additional(token, { stateProvince: stateId('ON') }) });
    expect(other.body.fieldErrors).toEqual({ stateProvince: ['The state is not in the chosen country'] });
    const firm = (await host.api(null, o.onboardFirm, { body: additional(token) })).body.id as number;
    const ship = await host.api(null, o.onboardShippingSave, { body: shipping(token, firm, { stateProvince: null }) });
    expect(ship.body.fieldErrors).toEqual({ stateProvince: ['Choose a state or province'] });
  });

  it('reach only their own invitation: another invitation’s ids are 404', async () => {
    const a = await invite();
    const b = await invite();
    const ids = await throughShipping(a);
    await host.api(null, o.onboardMarketing, { body: basic(b) });
    await host.api(null, o.onboardFirm, { body: additional(b) });
    expect((await host.api(null, o.onboardFirmUpdate, { body: additional(b, { firm: ids.firm }) })).status).toBe(404);
    expect((await host.api(null, o.onboardMarketing, { body: basic(b, { marketing: ids.marketing }) })).status).toBe(404);
  });
});

describe('firm/onboardResume', () => {
  it('answers the saved steps for the email of step 1 (any case), and nothing for another email', async () => {
    const token = await invite();
    const email = `dana-${token.slice(0, 6)}@harbor.example.com`;
    // Nothing saved yet: no email opens it, and the invitation says it is not started.
    expect((await host.api(null, o.onboardResume, { body: { token, email } })).status).toBe(400);
    expect((await host.api(null, o.onboardGet, { query: { firm: token } })).body.started).toBe(false);
    const m = (await host.api(null, o.onboardMarketing, { body: basic(token) })).body.id as number;
    // Started (in whatever browser): only that, nothing of what was saved.
    const started = await host.api(null, o.onboardGet, { query: { firm: token } });
    expect(started.body.started).toBe(true);
    expect(JSON.stringify(started.body)).not.toContain('Dana');
    const f = (await host.api(null, o.onboardFirm, { body: additional(token) })).body.id as number;

    const wrong = await host.api(null, o.onboardResume, { body: { token, email: 'someone.else@example.com' } });
    expect([wrong.status, wrong.body.error]).toEqual([400, ONBOARD_MESSAGES.resumeRefused]);
    expect(JSON.stringify(wrong.body)).not.toContain('Dana');

    const r = await host.api(null, o.onboardResume, { body: { token, email: email.toUpperCase() } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ids: { marketing: m, firm: f, shipping: 0 },
      basic: { firstName: 'Dana', emailAddress: email },
      shipping: null,
    });
    expect((r.body.additional as Record<string, unknown>).company).toBeTruthy();
  });

  it('waits after a few wrong emails for one invitation (429)', async () => {
    const token = await invite();
    await host.api(null, o.onboardMarketing, { body: basic(token) });
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await host.api(null, o.onboardResume, { body: { token, email: `guess${i}@example.com` } })).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

describe('firm/onboardChangeProduct', () => {
  it('quotes with a coupon the host checks', async () => {
    const token = await invite({ products: ['annual', 'monthly'] });
    const plain = await host.api(null, o.onboardChangeProduct, { body: { token, product: 'annual' } });
    expect(plain.body).toEqual({
      product: 'annual',
      coupon: null,
      listCents: PRODUCTS.annual.priceCents,
      discountCents: 0,
      totalCents: PRODUCTS.annual.priceCents,
    });
    const annual = await host.api(null, o.onboardChangeProduct, {
      body: { token, product: 'annual', coupon: DEMO_COUPONS.annual.toLowerCase() },
    });
    expect(annual.body.totalCents).toBe(PRODUCTS.annual.priceCents * 0.75);
    const cases: [string, string, string][] = [
      ['monthly', DEMO_COUPONS.annual, ONBOARD_MESSAGES.couponNotForProduct],
      ['monthly', DEMO_COUPONS.expired, ONBOARD_MESSAGES.couponExpired],
      ['monthly', 'NOPE', ONBOARD_MESSAGES.couponUnknown],
    ];
    for (const [product, coupon, message] of cases)
      expect((await host.api(null, o.onboardChangeProduct, { body: { token, product, coupon } })).body.fieldErrors).toEqual({
        coupon: [message],
      });
    expect((await host.api(null, o.onboardChangeProduct, { body: { token, product: 'pro' } })).body.fieldErrors).toEqual({
      product: [ONBOARD_MESSAGES.productNotOffered],
    });
  });
});

describe('firm/onboardPurchaseSave', () => {
  it('a declined card changes nothing; a good one creates the firm, its shop admin and the welcome mail together', async () => {
    const token = await invite();
    const ids = await throughShipping(token);
    const firms = host.db.prepare('SELECT count(*) FROM firm').pluck().get() as number;
    for (const [number, message] of [
      ['4000000000000002', ONBOARD_MESSAGES.declined],
      ['4000 0000 0000 9995', ONBOARD_MESSAGES.insufficientFunds],
    ] satisfies [string, string][]) {
      const refused = await host.api(null, o.onboardPurchaseSave, { body: purchaseBody(token, ids.firm, await card(number)) });
      expect([refused.status, refused.body.fieldErrors]).toEqual([400, { paymentMethod: [message] }]);
    }
    expect(host.db.prepare('SELECT count(*) FROM firm').pluck().get()).toBe(firms);
    expect((await host.api(null, o.onboardGet, { query: { firm: token } })).status).toBe(200);

    const good = await card('4242 4242 4242 4242');
    expect(good.brand).toBe('visa');
    expect(good.last4).toBe('4242');
    const bought = await host.api(null, o.onboardPurchaseSave, {
      body: purchaseBody(token, ids.firm, good, { coupon: DEMO_COUPONS.welcome }),
    });
    expect(bought.status).toBe(200);
    expect(bought.body.totalCents).toBe(Math.round(PRODUCTS.monthly.priceCents * 0.9));
    const firm = host.db.prepare('SELECT name, parent, firm_type FROM firm WHERE firm = ?').get(bought.body.firm);
    expect(firm).toEqual({ name: 'Harbor Point Auto Glass', parent: 2, firm_type: 'shop' });
    const email = purchaseBody(token, 0, {}).email;
    expect(host.db.prepare('SELECT firm, role FROM user WHERE user = ?').get(bought.body.user)).toEqual({
      firm: bought.body.firm,
      role: 4,
    });
    const mail = host.db.prepare('SELECT subject, body FROM mail WHERE recipient = ?').get(email) as { subject: string; body: string };
    expect(mail.body).toMatch(/\/reset\?token=/);
    // The card number is kept nowhere: only brand and last four.
    expect(JSON.stringify(host.db.prepare('SELECT * FROM payment_method').all())).not.toContain('4242424242424242');

    // Used up: a replay answers 409 and creates nothing more.
    const replay = await host.api(null, o.onboardPurchaseSave, { body: purchaseBody(token, ids.firm, good) });
    expect([replay.status, replay.body.error]).toEqual([409, ONBOARD_MESSAGES.invitationUsed]);
    expect(host.db.prepare('SELECT count(*) FROM payment_charge').pluck().get()).toBe(1);
  });

  it('refuses a product the invitation does not offer, a missing card and steps of another invitation', async () => {
    const token = await invite({ products: ['annual'] });
    const ids = await throughShipping(token);
    const good = await card('4242424242424242');
    expect((await host.api(null, o.onboardPurchaseSave, { body: purchaseBody(token, ids.firm, good) })).body.fieldErrors).toEqual({
      product: [ONBOARD_MESSAGES.productNotOffered],
    });
    expect(
      (
        await host.api(null, o.onboardPurchaseSave, {
          body: purchaseBody(token, ids.firm, { id: '', brand: '', last4: '' }, { product: 'annual' }),
        })
      ).status,
    ).toBe(400);
    expect(
      (await host.api(null, o.onboardPurchaseSave, { body: purchaseBody(token, ids.firm + 1000, good, { product: 'annual' }) })).status,
    ).toBe(404);
  });

  it('in test mode checks everything but charges and creates nothing', async () => {
    const token = await invite({ testMode: true }, 1);
    const firms = host.db.prepare('SELECT count(*) FROM firm').pluck().get();
    const res = await host.api(null, o.onboardPurchaseSave, {
      body: purchaseBody(token, 0, { id: 'pm_test', brand: 'visa', last4: '4242' }, { testMode: true }),
    });
    expect(res.body).toEqual({ firm: 0, user: 0, totalCents: PRODUCTS.monthly.priceCents });
    expect(host.db.prepare('SELECT count(*) FROM firm').pluck().get()).toBe(firms);
    expect(
      (await host.api(null, o.onboardPurchaseSave, { body: purchaseBody(token, 0, { id: 'pm_test', brand: 'visa', last4: '4242' }) }))
        .status,
    ).toBe(400);
  });
});

describe('the stand-in payment provider', () => {
  it('serves a hosted card form framed only by the given origin, and checks cards', async () => {
    const page = await host.app.inject({ url: '/pay/card?origin=http://localhost:3210' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain('frame-ancestors http://localhost:3210');
    expect((await host.app.inject({ url: '/pay/card?origin=javascript:alert(1)' })).statusCode).toBe(400);
    const bad = await host.request(null, 'POST', 'pay/v1/payment_methods', {
      body: { number: '4242424242424241', exp: '12/39', cvc: '123' },
    });
    expect(bad.status).toBe(400);
    const old = await host.request(null, 'POST', 'pay/v1/payment_methods', {
      body: { number: '4242424242424242', exp: '01/20', cvc: '123' },
    });
    expect(old.body).toEqual({ error: 'Your card has expired.' });
  });
});

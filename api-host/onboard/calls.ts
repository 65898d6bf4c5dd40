/**
 * Onboarding calls (decisions in lib/contract/onboard.ts). Each step call opens the invitation first (an
 * unknown, used or expired one answers as onboardGet does) and reaches only that invitation's steps: a
 * step id of another invitation answers the same 404 as an unknown one.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { contract } from '../../lib/contract';
import type { SessionProfile } from '../../lib/contract/auth';
import { ONBOARD_MESSAGES, type ProductId } from '../../lib/contract/onboard-constants';
import { formatDate } from '../../lib/dates';
import { parseJsonColumn } from '../../lib/json-column';
import { createResetToken, resetLink, WindowCounts, perHost, waitMessage } from '../auth/service';
import type { Db } from '../core/db';
import { type FirmBody, saveFirm, isCheckablePostalCode, resolvePostalCode } from '../locations/service';
import { announceChange } from '../push/service';
import { sendMail } from '../mail/service';
import { hashPassword } from '../core/passwords';
import { type Caller, isAdministrator } from '../core/caller';
import type { HostContext } from '../core/context';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../core/errors';
import { implement } from '../core/implement';
import { prepared } from '../core/sql';
import { insertUser } from '../users/service';
import { invitationView, issueInvitation, openInvitation, type InvitationRow } from './invitations';
import { chargeCard } from './payments';
import { priceOf } from './pricing';

const { onboard: o } = contract;
type Kind = 'basic' | 'additional' | 'shipping';
type Basic = z.output<typeof o.onboardMarketing.body>;
type Additional = z.output<typeof o.onboardFirm.body>;
type Shipping = z.output<typeof o.onboardShippingSave.body>;
/** The shop admin role the first user gets (roles table: 4 = Shop (admin)). */
const FIRST_USER_ROLE = 4;
const DEFAULT_APP_URL = 'http://localhost:3000';

/** A step's values as saveStep kept them (a form's fields by name), for answering a resume. */
const STEP_VALUES = z.record(z.string(), z.unknown());

interface StepRow {
  id: number;
  data: string;
  product: ProductId | null;
}

const stepOf = (db: Db, invitation: number, kind: Kind) =>
  prepared<StepRow>(db, 'SELECT id, data, product FROM onboard_step WHERE invitation = ? AND kind = ?').get(invitation, kind);

/** Saves a step: id 0 creates it (a second create is a replay: 409), another id must be this invitation's step of that kind. */
function saveStep(db: Db, inv: InvitationRow, kind: Kind, id: number, data: object): { id: number } {
  const kept = { ...data, token: undefined };
  const existing = stepOf(db, inv.invitation, kind);
  if (id > 0) {
    if (!existing || existing.id !== id) throw notFound('Step');
    prepared(db, "UPDATE onboard_step SET data = ?, saved_at = strftime('%Y-%m-%dT%H:%M:%SZ','now') WHERE id = ?").run(
      JSON.stringify(kept),
      id,
    );
    return { id };
  }
  if (existing) throw conflict(ONBOARD_MESSAGES.stepReplayed);
  return {
    id: Number(
      prepared(db, 'INSERT INTO onboard_step (invitation, kind, data) VALUES (?, ?, ?)').run(inv.invitation, kind, JSON.stringify(kept))
        .lastInsertRowid,
    ),
  };
}

/** The application's firm step (`firm` = its id), else 400 (earlier steps first) or 404 (not this invitation's). */
function firmStep(db: Db, inv: InvitationRow, firm: number): StepRow {
  const step = stepOf(db, inv.invitation, 'additional');
  if (!step) throw badRequest(ONBOARD_MESSAGES.stepOutOfOrder);
  if (step.id !== firm) throw notFound('Step');
  return step;
}

/**
 * Whether two emails are the same address (any case), compared in constant time: their SHA-256 digests (of
 * equal length whatever the inputs) through timingSafeEqual, so the time of a wrong guess tells nothing of
 * how much of it was right.
 */
function sameEmail(saved: string, given: string): boolean {
  const digest = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest();
  return timingSafeEqual(digest(saved), digest(given));
}

/** Refused addresses per invitation within the window, before the invitation's purchases wait for its rest. */
const REFUSALS_PER_INVITATION = 3;
const refusalsOf = perHost(() => new WindowCounts(60 * 60_000));

/**
 * The purchase's address must be free to become the first user's username. Whether an address has an
 * account is never said: the basic step takes any address, and the purchase refuses a taken one with a
 * neutral message, at most REFUSALS_PER_INVITATION times an hour per invitation (then 429), so an
 * invitation cannot be used to test addresses.
 */
function assertEmailUsable(ctx: HostContext, inv: InvitationRow, email: string): void {
  const refusals = refusalsOf(ctx);
  const key = String(inv.invitation);
  const wait = refusals.wait(key, REFUSALS_PER_INVITATION);
  if (wait > 0) throw new HttpError(429, waitMessage(ONBOARD_MESSAGES.tooManyRefusals, wait));
  if (!prepared(ctx.db, 'SELECT 1 FROM user WHERE username = ?').get(email)) return;
  refusals.add(key);
  throw badRequest(ONBOARD_MESSAGES.emailRefused, { email: [ONBOARD_MESSAGES.emailRefused] });
}

function assertOffered(inv: InvitationRow, product: ProductId): void {
  if (!inv.products.includes(product))
    throw badRequest(ONBOARD_MESSAGES.productNotOffered, { product: [ONBOARD_MESSAGES.productNotOffered] });
}

const LOOKUPS = [
  ['stateProvince', 'StateProvince', 'Unknown state or province'],
  ['country', 'Country', 'Unknown country'],
  ['timezoneId', 'TimeZone', 'Unknown time zone'],
  ['languageId', 'Language', 'Unknown language'],
] as const;

/** 400 for lookups the host does not know, a missing state of a country that has them, and postal codes that do not exist (the Location form's rules). */
function checkAddress(
  db: Db,
  body: Partial<Record<(typeof LOOKUPS)[number][0], number | null>> & { postalCode: string; country: number },
): void {
  const errors: Record<string, string[]> = {};
  for (const [field, key, message] of LOOKUPS) {
    const id = body[field];
    if (id != null && !prepared(db, 'SELECT 1 FROM lookup WHERE key = ? AND id = ?').get(key, id)) errors[field] = [message];
  }
  // A country with states or provinces in the lookups needs one of its own (docs/onboard.md#validation).
  const states = prepared<{ id: number }>(
    db,
    "SELECT s.id FROM lookup s JOIN lookup c ON c.key = 'Country' AND c.id = ? AND s.type3 = c.code WHERE s.key = 'StateProvince' AND s.is_inactive = 0",
  )
    .all(body.country)
    .map((r) => r.id);
  if (!errors.stateProvince && states.length && (body.stateProvince == null || !states.includes(body.stateProvince)))
    errors.stateProvince = [body.stateProvince == null ? 'Choose a state or province' : 'The state is not in the chosen country'];
  if (isCheckablePostalCode(body.postalCode) ? !resolvePostalCode(body.postalCode) : body.country === 1 || body.country === 2)
    errors.postalCode = [body.country === 2 ? 'A Canadian postal code looks like A1A 1A1' : 'Unknown postal code'];
  if (Object.keys(errors).length) throw badRequest('Please correct the highlighted fields.', errors);
}

/** The invitation acts for the firm that issued it: the new firm is created as one of its locations, by the Location form's rules. */
const invitationCaller = (parent: number): Caller => ({
  profile: {} as SessionProfile,
  user: 0,
  firm: parent,
  role: null,
  tokenId: '',
  firms: new Set([parent]),
});

export const onboardLink = (appUrl: string, id: string) => `${appUrl.replace(/\/$/, '')}/onboard/${id}`;

const invitationMail = (from: string, link: string, expiresAt: string, zone: number) => ({
  subject: 'Your invitation to ADAS Desk',
  body: [
    'Hello,',
    '',
    `${from || 'Your network'} invites you to set up your location on ADAS Desk. Start here (the link works once, until ${formatDate(expiresAt, zone)}):`,
    link,
  ].join('\n'),
});

const welcomeMail = (firstName: string, company: string, username: string, link: string) => ({
  subject: 'Welcome to ADAS Desk: choose your password',
  body: [
    `Hello ${firstName},`,
    '',
    `${company} is set up. Your username is ${username}.`,
    'Choose your password with this link (it works once, for an hour; after that, ask for a new one on the sign-in page):',
    link,
  ].join('\n'),
});

async function purchase(
  ctx: HostContext,
  body: z.output<typeof o.onboardPurchaseSave.body>,
): Promise<{ firm: number; user: number; totalCents: number }> {
  const { db } = ctx;
  const appUrl = ctx.appUrl ?? DEFAULT_APP_URL;
  const inv = openInvitation(db, body.token);
  if (body.testMode !== inv.testMode)
    throw badRequest(inv.testMode ? 'This invitation is for a test run: send testMode.' : 'Test mode is only for test invitations.');
  assertOffered(inv, body.product);
  const price = priceOf(db, body.product, body.coupon);
  assertEmailUsable(ctx, inv, body.email);
  // Test mode (docs/onboard.md#states): everything checked, nothing charged or created.
  if (inv.testMode) return { firm: 0, user: 0, totalCents: price.totalCents };

  const basic = stepOf(db, inv.invitation, 'basic');
  const shipping = stepOf(db, inv.invitation, 'shipping');
  const additional = firmStep(db, inv, body.firm);
  if (!basic || !shipping) throw badRequest(ONBOARD_MESSAGES.stepOutOfOrder);
  const who: Omit<Basic, 'token'> = parseJsonColumn(o.onboardMarketing.body.omit({ token: true }), basic.data, 'onboard_step.data (basic)');
  const firm: Omit<Additional, 'token'> = parseJsonColumn(
    o.onboardFirm.body.omit({ token: true }),
    additional.data,
    'onboard_step.data (additional)',
  );
  if (who.emailAddress !== body.email) assertEmailUsable(ctx, inv, who.emailAddress);
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));

  return db.transaction(() => {
    // Used up first: a concurrent purchase of the same invitation finds it used and changes nothing.
    const used = prepared(
      db,
      "UPDATE onboard_invitation SET used_at = strftime('%Y-%m-%dT%H:%M:%SZ','now') WHERE invitation = ? AND used_at IS NULL",
    ).run(inv.invitation);
    if (used.changes !== 1) throw conflict(ONBOARD_MESSAGES.invitationUsed);
    chargeCard(db, body.paymentMethod.id, price.totalCents, `onboard-${inv.invitation}`);
    const firmBody: FirmBody = {
      firm: -1,
      company: firm.company,
      firstName: who.firstName,
      lastName: who.lastName,
      addressLines: firm.addressLines,
      city: firm.city,
      stateProvince: firm.stateProvince,
      postalCode: firm.postalCode,
      country: firm.country,
      phoneNo: firm.phoneNo,
      email: firm.email,
      firmType: 'shop',
      companyId: inv.parent,
      timezoneId: firm.timezoneId,
      languageId: firm.languageId,
      cccId: '',
      firmNumber: firm.companyId,
      cccDiag: false,
    };
    const { id: firmId } = saveFirm(db, invitationCaller(inv.parent), firmBody);
    const { id: user } = insertUser(db, {
      firm: firmId,
      contactType: 1,
      username: who.emailAddress,
      firstName: who.firstName,
      lastName: who.lastName,
      passwordHash,
      role: FIRST_USER_ROLE,
      laborRate: 0,
      timezone: firm.timezoneId,
      language: firm.languageId,
    });
    prepared(db, 'UPDATE onboard_invitation SET firm = ? WHERE invitation = ?').run(firmId, inv.invitation);
    prepared(
      db,
      'INSERT INTO onboard_purchase (invitation, firm, product, coupon, total_cents, payment_method, brand, last4) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      inv.invitation,
      firmId,
      body.product,
      price.coupon,
      price.totalCents,
      body.paymentMethod.id,
      body.paymentMethod.brand,
      body.paymentMethod.last4,
    );
    const link = resetLink(appUrl, createResetToken(db, user));
    sendMail(db, { to: who.emailAddress, firm: firmId, ...welcomeMail(who.firstName, firm.company, who.emailAddress, link) });
    return { firm: firmId, user, totalCents: price.totalCents };
  })();
}

export const onboardCalls = [
  implement(o.onboardInvite, ({ body, caller, ctx }) => {
    const parent = prepared<{ firm: number; firm_type: string }>(
      ctx.db,
      'SELECT firm, firm_type FROM firm WHERE firm = ? AND is_inactive = 0',
    ).get(body.parent);
    if (!parent || !caller.firms.has(parent.firm)) throw notFound('Location');
    if (parent.firm_type === 'shop')
      throw badRequest('A shop cannot have locations under it: invite from its franchise.', { parent: ['Choose a franchise, not a shop'] });
    if (body.testMode && !isAdministrator(caller)) throw forbidden('Only administrators issue test-mode invitations.');
    const issued = issueInvitation(ctx.db, { ...body, createdBy: caller.user });
    if (body.email)
      sendMail(ctx.db, {
        to: body.email,
        firm: parent.firm,
        ...invitationMail(
          caller.profile.firmName,
          onboardLink(ctx.appUrl ?? DEFAULT_APP_URL, issued.id),
          issued.expiresAt,
          caller.profile.timezone,
        ),
      });
    return issued;
  }),

  implement(o.onboardGet, ({ query, ctx }) => invitationView(ctx.db, openInvitation(ctx.db, query.firm))),

  implement(o.onboardChangeProduct, ({ body, ctx }) => {
    const inv = openInvitation(ctx.db, body.token);
    assertOffered(inv, body.product);
    const price = priceOf(ctx.db, body.product, body.coupon);
    if (body.firm > 0)
      prepared(ctx.db, 'UPDATE onboard_step SET product = ? WHERE id = ?').run(body.product, firmStep(ctx.db, inv, body.firm).id);
    return price;
  }),

  implement(o.onboardMarketing, ({ body, ctx }) => {
    const inv = openInvitation(ctx.db, body.token);
    // Any address is taken here: whether it has an account is said nowhere (assertEmailUsable at the purchase).
    return saveStep(ctx.db, inv, 'basic', body.marketing, body);
  }),

  implement(o.onboardFirm, ({ body, ctx }) => {
    const inv = openInvitation(ctx.db, body.token);
    if (!stepOf(ctx.db, inv.invitation, 'basic')) throw badRequest(ONBOARD_MESSAGES.stepOutOfOrder);
    if (body.firm > 0) throw badRequest('The firm is saved already: update it with onboardFirmUpdate.');
    checkAddress(ctx.db, body);
    return saveStep(ctx.db, inv, 'additional', 0, body);
  }),

  implement(o.onboardFirmUpdate, ({ body, ctx }) => {
    const inv = openInvitation(ctx.db, body.token);
    firmStep(ctx.db, inv, body.firm);
    checkAddress(ctx.db, body);
    return saveStep(ctx.db, inv, 'additional', body.firm, body);
  }),

  implement(o.onboardShippingSave, ({ body, ctx }) => {
    const inv = openInvitation(ctx.db, body.token);
    firmStep(ctx.db, inv, body.firm);
    checkAddress(ctx.db, body);
    return saveStep(ctx.db, inv, 'shipping', body.id, body satisfies Shipping);
  }),

  implement(o.onboardResume, ({ body, ctx }) => {
    const inv = openInvitation(ctx.db, body.token);
    // As with the purchase's address check: a few wrong emails an hour per invitation, then a wait.
    const refusals = refusalsOf(ctx);
    const key = `resume:${inv.invitation}`;
    const wait = refusals.wait(key, REFUSALS_PER_INVITATION);
    if (wait > 0) throw new HttpError(429, waitMessage(ONBOARD_MESSAGES.tooManyRefusals, wait));
    const basic = stepOf(ctx.db, inv.invitation, 'basic');
    const values = (row: StepRow | undefined) => (row ? parseJsonColumn(STEP_VALUES, row.data, 'onboard_step.data') : null);
    const who = values(basic);
    if (!basic || !who || !sameEmail(String(who.emailAddress ?? ''), body.email)) {
      refusals.add(key);
      throw badRequest(ONBOARD_MESSAGES.resumeRefused, { email: [ONBOARD_MESSAGES.resumeRefused] });
    }
    const additional = stepOf(ctx.db, inv.invitation, 'additional');
    const shipping = stepOf(ctx.db, inv.invitation, 'shipping');
    return {
      ids: { marketing: basic.id, firm: additional?.id ?? 0, shipping: shipping?.id ?? 0 },
      basic: who,
      additional: values(additional),
      shipping: values(shipping),
      product: additional?.product ? { product: additional.product, coupon: '' } : null,
    };
  }),

  implement(o.onboardPurchaseSave, async ({ body, ctx }) => {
    const done = await purchase(ctx, body);
    // The new location and its first user (who made the change) join the lists of whoever reaches it.
    announceChange(ctx, done.user, 'location', [done.firm]);
    announceChange(ctx, done.user, 'user', [done.user]);
    return done;
  }),
];

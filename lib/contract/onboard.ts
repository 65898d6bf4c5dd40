/**
 * Onboarding with purchase (docs/onboard.md#screens, #fields, #states, #calls, #limits; docs/onboard.md#screens `/onboard/{id}`). The wizard runs
 * before anyone has an account, so its calls are anonymous; what authorises them is the invitation id
 * (`token`), which a franchiser (or an administrator) issues from the locations screen. Decisions where the
 * specification shows no shape:
 * - firm/onboardInvite {parent, products, email, days, testMode} issues an invitation: a random id (only
 *   its hash is stored), single-use, expiring after `days` (1–30, default 14), naming the parent firm the
 *   new firm will belong to and the products it may buy. With an email, the invitation is mailed. Roles 1,
 *   2, 3 for a parent they reach that is not a shop; test-mode invitations (a dry run, below) roles 1 and 2.
 * - firm/onboardGet?firm answers the invitation named by `firm` (the invitation id: the firm-to-be): its
 *   parent's name, the offered products with prices and what each includes, the expiry, test mode. An
 *   unknown id answers 404, a used or expired one 409 with the reason (ONBOARD_MESSAGES).
 * - The steps save in order, each answering {id}: onboardMarketing (basic) the marketing id,
 *   onboardFirm (additional) the firm id, onboardShippingSave the shipping id. The firm id names the
 *   application's firm record, which becomes a firm of the network only when the purchase succeeds (the
 *   purchase and the firm's creation succeed or fail together; nothing half-created is left). Sending a
 *   step again with its id updates it (`marketing`, onboardFirmUpdate's `firm`, shipping's `id`); creating
 *   one that exists already is a replay (409). A step before its predecessor is 400.
 * - `marketing` in onboardMarketing is the marketing id (0 for a new one); the consent is `consent`.
 * - `companyId` of the additional step is the company's own registration number (EIN or similar), text;
 *   `names` the contact's full name; firmType is always "Corporate" (docs/onboard.md#limits): the new firm is a location
 *   (shop) directly under the inviting parent.
 * - firm/onboardChangeProduct {token, firm, product, coupon} quotes a product with an optional coupon
 *   (checked by the host: unknown, expired, or not for that product is 400 on `coupon`) and, with a firm
 *   id, records the choice on the application.
 * - firm/onboardPurchaseSave charges the payment method (the provider's id, brand and last4: card numbers
 *   never reach the app or the API), creates the firm under the parent, its first user (role 4, Shop
 *   (admin), username = the email given, no password yet), uses the invitation up and mails a welcome with
 *   a link to choose a password, all in one transaction. A declined card is 400 on `paymentMethod` and
 *   changes nothing. Answers {firm, user, totalCents}.
 * - Test mode (docs/onboard.md#states: "the network is skipped and 0 is used as the id"): the wizard keeps the steps
 *   in its own sealed state without calling the API, each id is 0, and the purchase (testMode true, only
 *   for a test-mode invitation) checks everything but charges and creates nothing, answering firm 0, user 0.
 */
import { z } from 'zod';
import { MESSAGES } from '../validation/messages';
import { PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '../validation/phone';
import { defineCall, optionalText, requiredText, savedId } from './define';
import { INVITATION_DAYS, INVITER_ROLES, ONBOARD_MESSAGES, PRODUCT_IDS, type ProductId } from './onboard-constants';

export const invitationId = () =>
  z
    .string({ error: ONBOARD_MESSAGES.invitationUnknown })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, ONBOARD_MESSAGES.invitationUnknown);
const product = z.enum(PRODUCT_IDS as [ProductId, ...ProductId[]], { error: 'Choose a product' });
const stepId = z.number().int().min(0);
const lookupId = (message: string) => z.number({ error: message }).int().positive(message);
const coupon = z.string().trim().max(40, 'At most 40 characters').toUpperCase().default('');

// ── invitations ─────────────────────────────────────────────────────────────────────────────────
export const invitationInput = z.object({
  parent: z.number({ error: MESSAGES.required }).int().positive(MESSAGES.required),
  products: z.array(product).min(1, 'Offer at least one product').max(PRODUCT_IDS.length),
  email: z.union([z.literal(''), z.email(MESSAGES.email).max(200)]).default(''),
  days: z
    .number()
    .int()
    .min(INVITATION_DAYS.min, `From ${INVITATION_DAYS.min} to ${INVITATION_DAYS.max} days`)
    .max(INVITATION_DAYS.max, `From ${INVITATION_DAYS.min} to ${INVITATION_DAYS.max} days`)
    .default(INVITATION_DAYS.default),
  testMode: z.boolean().default(false),
});
export type InvitationInput = z.input<typeof invitationInput>;

export const issuedInvitation = z.object({ id: z.string(), expiresAt: z.string() });

export const offeredProduct = z.object({
  product,
  name: z.string(),
  priceCents: z.number().int(),
  interval: z.enum(['month', 'year']),
  includes: z.array(z.string()),
});
export type OfferedProduct = z.infer<typeof offeredProduct>;

export const invitation = z.object({
  parentName: z.string(),
  /**
   * The inviting firm's Brand preferences as in effect for it (firm/firmPreference category Brand: its own,
   * else its network's), so the wizard wears the inviting franchise's brand (docs/onboard.md#states). Anonymous: only
   * the names and values of the Brand category, nothing else of the firm.
   */
  brand: z.array(z.object({ name: z.string(), value: z.string().nullable() })),
  products: z.array(offeredProduct),
  expiresAt: z.string(),
  testMode: z.boolean(),
  /**
   * Whether step 1 was saved for the invitation (in any browser): a browser without the wizard's cookie then
   * asks for the email of step 1 (onboardResume) instead of offering a step 1 the host would refuse as a
   * replay. Only this yes or no: what was saved is answered by onboardResume, after the email.
   */
  started: z.boolean(),
});
export type Invitation = z.infer<typeof invitation>;

// ── steps ───────────────────────────────────────────────────────────────────────────────────────
export const basicInput = z.object({
  token: invitationId(),
  marketing: stepId.default(0),
  firstName: requiredText(100),
  lastName: requiredText(100),
  emailAddress: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).pipe(z.email(MESSAGES.email).max(200)),
  consent: z.boolean().default(false),
});

const PHONE_CC = /^\+?\d{1,3}$/;
export const firmInput = z.object({
  token: invitationId(),
  firm: stepId.default(0),
  company: requiredText(200),
  names: requiredText(200),
  jobTitle: optionalText(100),
  email: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).pipe(z.email(MESSAGES.email).max(200)),
  addressLines: requiredText(300),
  city: requiredText(100),
  stateProvince: lookupId('Choose a state or province').nullable().default(null),
  postalCode: requiredText(10),
  country: lookupId('Choose a country'),
  phoneCC: z.string({ error: MESSAGES.required }).trim().regex(PHONE_CC, 'A country code such as +1'),
  phoneNo: z.string({ error: MESSAGES.required }).trim().regex(PHONE_PATTERN, PHONE_FORMAT_MESSAGE),
  languageId: lookupId('Choose a language'),
  timezoneId: lookupId('Choose a time zone'),
  webaddress: z.union([z.literal(''), z.url('A web address such as https://example.com').max(200)]).default(''),
  companyId: optionalText(40),
  firmType: z.literal('Corporate', { error: 'The firm type of onboarding is Corporate' }).default('Corporate'),
});
export type OnboardFirmInput = z.input<typeof firmInput>;

export const shippingInput = z.object({
  token: invitationId(),
  id: stepId.default(0),
  firm: stepId,
  sameAsCompany: z.boolean().default(false),
  addressLines: requiredText(300),
  city: requiredText(100),
  stateProvince: lookupId('Choose a state or province').nullable().default(null),
  postalCode: requiredText(10),
  country: lookupId('Choose a country'),
});

export const quoteInput = z.object({ token: invitationId(), firm: stepId.default(0), product, coupon });
export const quote = z.object({
  product,
  coupon: z.string().nullable(),
  listCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
});
export type Quote = z.infer<typeof quote>;

export const paymentMethod = z.object({
  id: z.string({ error: ONBOARD_MESSAGES.paymentMissing }).trim().min(1, ONBOARD_MESSAGES.paymentMissing).max(100),
  brand: z.string().trim().max(30),
  last4: z.string().regex(/^\d{4}$/, ONBOARD_MESSAGES.paymentMissing),
});
export const purchaseInput = z.object({
  token: invitationId(),
  firm: stepId,
  product,
  paymentMethod: paymentMethod,
  company: requiredText(200),
  name: requiredText(200),
  email: z.email(MESSAGES.email).max(200),
  address: requiredText(500),
  phone: requiredText(30),
  coupon,
  testMode: z.boolean().default(false),
});
export type PurchaseInput = z.input<typeof purchaseInput>;
export const purchased = z.object({ firm: z.number().int(), user: z.number().int(), totalCents: z.number().int() });

/**
 * onboardResume {token, email}: what the host saved for an invitation, for whoever gives the email of its
 * first step (so the wizard resumes in any browser, and a forwarded link shows nobody else's answers).
 * Another email is 400 on `email`, a few times an hour per invitation (then 429). Values are the steps'
 * bodies as saved; a step not saved yet is null.
 */
export const resumeInput = z.object({ token: invitationId(), email: z.email(MESSAGES.email).max(200) });
const savedValues = z.record(z.string(), z.unknown());
export const resumed = z.object({
  ids: z.object({ marketing: z.number().int(), firm: z.number().int(), shipping: z.number().int() }),
  basic: savedValues,
  additional: savedValues.nullable(),
  shipping: savedValues.nullable(),
  product: z.object({ product, coupon: z.string() }).nullable(),
});

// ── calls ───────────────────────────────────────────────────────────────────────────────────────
const anonymous = { access: 'anonymous', bff: false } as const;

export const onboardInvite = defineCall({
  method: 'POST',
  path: 'firm/onboardInvite',
  body: invitationInput,
  response: issuedInvitation,
  access: INVITER_ROLES,
  bff: true,
});
export const onboardGet = defineCall({
  refuses: [409],
  ...anonymous,
  method: 'GET',
  path: 'firm/onboardGet',
  query: z.object({ firm: invitationId() }),
  response: invitation,
});
export const onboardChangeProduct = defineCall({
  refuses: [409],
  ...anonymous,
  method: 'POST',
  path: 'firm/onboardChangeProduct',
  body: quoteInput,
  response: quote,
});
export const onboardMarketing = defineCall({
  refuses: [409],
  ...anonymous,
  method: 'POST',
  path: 'firm/onboardMarketing',
  body: basicInput,
  response: savedId,
});
export const onboardFirm = defineCall({
  refuses: [409],
  ...anonymous,
  method: 'POST',
  path: 'firm/onboardFirm',
  body: firmInput,
  response: savedId,
});
export const onboardFirmUpdate = defineCall({
  refuses: [409],
  ...anonymous,
  method: 'POST',
  path: 'firm/onboardFirmUpdate',
  body: firmInput,
  response: savedId,
});
export const onboardShippingSave = defineCall({
  refuses: [409],
  ...anonymous,
  method: 'POST',
  path: 'firm/onboardShippingSave',
  body: shippingInput,
  response: savedId,
});
export const onboardResume = defineCall({
  refuses: [409, 429],
  ...anonymous,
  method: 'POST',
  path: 'firm/onboardResume',
  body: resumeInput,
  response: resumed,
});
export const onboardPurchaseSave = defineCall({
  refuses: [409, 429],
  ...anonymous,
  method: 'POST',
  path: 'firm/onboardPurchaseSave',
  body: purchaseInput,
  response: purchased,
});

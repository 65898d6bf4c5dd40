/**
 * Onboarding constants that client components need too (no zod here): the products (docs/onboard.md#limits), the
 * wizard's steps (docs/onboard.md#screens) and the stand-in payment provider's published test cards.
 */

/** docs/onboard.md#limits: annual (Annual Pro), monthly (Monthly Pro), pro (Monthly Pro w/ALLDATA). */
export const PRODUCTS = {
  annual: {
    name: 'Annual Pro',
    priceCents: 149_900,
    interval: 'year',
    includes: [
      'ADAS jobs, inspections and calibration requests',
      'Unlimited users at your location',
      'Calibration reports and shared links',
    ],
  },
  monthly: {
    name: 'Monthly Pro',
    priceCents: 14_900,
    interval: 'month',
    includes: [
      'ADAS jobs, inspections and calibration requests',
      'Unlimited users at your location',
      'Calibration reports and shared links',
    ],
  },
  pro: {
    name: 'Monthly Pro w/ALLDATA',
    priceCents: 24_900,
    interval: 'month',
    includes: ['Everything in Monthly Pro', 'ALLDATA repair information: OEM procedures open through your ALLDATA account'],
  },
} as const;
export type ProductId = keyof typeof PRODUCTS;
export const PRODUCT_IDS = Object.keys(PRODUCTS) as ProductId[];
/** The product that connects an ALLDATA account (/alldataAuthorize). */
export const ALLDATA_PRODUCT: ProductId = 'pro';

export const STEPS = ['basic', 'additional', 'shipping', 'purchase'] as const;
export type StepName = (typeof STEPS)[number];
export const STEP_LABELS: Readonly<Record<StepName, string>> = {
  basic: 'Basic',
  additional: 'Additional',
  shipping: 'Shipping',
  purchase: 'Purchase',
};

/** How long a new invitation stays usable, in days (the issuer may choose 1 to 30). */
export const INVITATION_DAYS = { default: 14, min: 1, max: 30 } as const;
/** The roles that issue invitations from the locations screen: administrators and franchiser admins. */
export const INVITER_ROLES = [1, 2, 3] as const;

/** The stand-in provider's published test numbers (any future expiry, any 3-digit CVC). */
export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

export const ONBOARD_MESSAGES = {
  invitationUnknown: 'This invitation link is not valid. Please check the link, or ask whoever invited you for a new one.',
  invitationUsed: 'This invitation has already been used. If you set up your account with it, sign in instead.',
  invitationExpired: 'This invitation has expired. Please ask whoever invited you for a new one.',
  /** The purchase refuses an address it cannot register, with the same words whatever the reason (no account probing). */
  emailRefused:
    'We cannot set up an account with this email address. Go back to Basic and use another address (if you already have an account, sign in instead).',
  tooManyRefusals: 'Too many addresses were refused with this invitation.',
  couponUnknown: 'This coupon does not exist.',
  couponExpired: 'This coupon has expired.',
  couponNotForProduct: 'This coupon does not apply to the chosen product.',
  productNotOffered: 'This product is not offered by your invitation.',
  stepReplayed: 'This step was already saved. Your earlier answers are kept; continue from where you were.',
  stepOutOfOrder: 'Please complete the earlier steps first.',
  resumeAsk: 'To continue where you left off, enter the email you gave at the first step.',
  resumeRefused: 'This is not the email given at the first step of this invitation.',
  resumed: 'Welcome back: your saved answers are restored. Continue from here.',
  declined: 'Your card was declined. Please try another card.',
  insufficientFunds: 'Your card has insufficient funds. Please try another card.',
  paymentMissing: 'Enter your card details and press "Use this card" first.',
  sessionUnreadable: 'Your onboarding session could not be read, so it was started again. Please enter your details once more.',
} as const;

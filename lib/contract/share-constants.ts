/** Shared-link constants that client components need too (no zod here); decisions in ./share.ts. */
export const SHARE_DAYS = { default: 7, min: 1, max: 30 } as const;

export const SHARE_MESSAGES = {
  unknown: 'This link is not valid. Please check it, or ask whoever shared it for a new one.',
  expired: 'This link has expired. Please ask whoever shared it for a new one.',
  revoked: 'This link was withdrawn by whoever shared it.',
} as const;

export const SHARE_STATUSES = ['active', 'expired', 'revoked'] as const;
export const SHARE_STATUS_LABELS = { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as const;

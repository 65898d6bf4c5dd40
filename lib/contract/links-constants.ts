/** Shared-link constants that client components need too (no zod here); decisions in ./links.ts. */
export const SHARE_DAYS = { default: 7, min: 1, max: 30 } as const;

export const SHARE_MESSAGES = {
  unknown: 'This link is not valid. Please check it, or ask whoever shared it for a new one.',
  expired: 'This link has expired. Please ask whoever shared it for a new one.',
  revoked: 'This link was withdrawn. Please ask whoever shared it for a new one.',
} as const;

/** Who sees and revokes every link of the firms they reach (not only their own): the firms' administrators. */
export const LINK_ADMIN_ROLES = [1, 2, 3, 4, 8] as const;
/** Whose links a list shows: the caller's own, or (administrators) every link of the firms they reach. */
export const SHARE_SCOPES = ['mine', 'firm'] as const;

export const SHARE_STATUSES = ['active', 'expired', 'revoked'] as const;
export const SHARE_STATUS_LABELS = { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as const;

/** Firm calls needed by the shell: the Brand preferences. */
import { z } from 'zod';
import { defineCall, q } from './define';

export const BRAND_KEYS = ['BrandLogo', 'BrandIcon', 'BrandTitle', 'MainLogo'] as const;

export const firmPreferenceRow = z.object({
  firm: z.number().int(),
  name: z.string(),
  value: z.string().nullable(),
  /** The category, e.g. Brand. */
  type: z.string(),
});

export const firmPreference = defineCall({
  method: 'GET',
  path: 'firm/firmPreference',
  query: z.object({
    firm: q.id(),
    category: z.string().trim().min(1).max(50).default('Brand'),
    refresh: q.flag().optional(),
  }),
  response: z.array(firmPreferenceRow),
  access: 'signed-in',
  bff: true,
});

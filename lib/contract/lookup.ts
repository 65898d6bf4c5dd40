/** Lookups (operations §3, §7): values of named groups such as ContactType or Country. */
import { z } from 'zod';
import { defineCall } from './define';
import { LOOKUP_GROUPS } from './lookup-groups';

export { LOOKUP_GROUPS, type LookupGroup } from './lookup-groups';

export const lookupItem = z.object({
  /** The group, e.g. ContactType. */
  key: z.string(),
  id: z.number().int(),
  value: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  type3: z.string().nullable(),
  isInactive: z.boolean(),
});
export type LookupItem = z.infer<typeof lookupItem>;

/** Answer (not shown in the specification): a flat list; each item names its group in `key`. */
export const byKeys = defineCall({
  method: 'POST',
  path: 'lookup/ByKeys',
  body: z.object({
    keys: z.array(z.enum(LOOKUP_GROUPS, { error: 'Unknown lookup group' })).min(1, 'This field is required').max(20),
    firm: z.number().int().optional(),
    showInactive: z.boolean().optional(),
  }),
  response: z.array(lookupItem),
  access: 'signed-in',
  bff: true,
});


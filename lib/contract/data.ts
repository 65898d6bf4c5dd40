/** Import/export calls; this issue needs only the usage record. */
import { z } from 'zod';
import { defineCall, ok } from './define';

/** Usage record (shape not shown in the specification): what was used, where. */
export const saveUsage = defineCall({
  method: 'POST',
  path: 'data/saveUsage',
  body: z.object({
    area: z.string().trim().min(1, 'This field is required').max(100),
    action: z.string().trim().min(1, 'This field is required').max(100),
    detail: z.string().max(1000).optional(),
  }),
  response: ok,
  access: 'signed-in',
  bff: true,
});

/** Import/export calls; this issue needs only the usage record. */
import { z } from 'zod';
import { defineCall, ok, requiredText } from './define';

/** Usage record (shape not shown in the specification): what was used, where. */
export const saveUsage = defineCall({
  method: 'POST',
  path: 'data/saveUsage',
  body: z.object({
    area: requiredText(100),
    action: requiredText(100),
    detail: z.string().max(1000).optional(),
  }),
  response: ok,
  access: 'signed-in',
  bff: true,
});

/** Log and usage calls. */
import { z } from 'zod';
import { defineCall, ok, requiredText } from './define';

/** Log entry: name and value (overview §3). */
export const saveEntry = defineCall({
  method: 'POST',
  path: 'log/saveEntry',
  body: z.object({
    name: requiredText(200),
    value: z.string().max(4000),
  }),
  response: ok,
  access: 'signed-in',
  bff: true,
});

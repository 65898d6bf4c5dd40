/**
 * A firm's ALLDATA account (docs/shell.md#screens /alldataAuthorize,
 * /alldataApproval, /alldataSetToken). The specification names the pages but shows no call, so these are
 * decisions:
 * - alldata/setToken stores the tokens the app obtained by the authorization code grant (with PKCE) for
 *   the caller's own firm, replacing earlier ones. Only the app's server makes it (bff false): the browser
 *   never sees a token, and no call ever answers one.
 * - alldata/account answers whether the caller's firm may connect (its plan is the ALLDATA product,
 *   onboard-constants ALLDATA_PRODUCT) and whether it is connected: who connected it, when, the scope and
 *   when the access token expires. Never the tokens.
 * - Connecting is the firm's administrators' business: CONNECT_ROLES. A firm whose plan lacks ALLDATA
 *   answers 403 with ALLDATA_MESSAGES.notInPlan.
 * - alldata/documentTicket (OEM links open through the firm's ALLDATA access: docs/adas.md#decisions) answers a
 *   single-use ticket, good for TICKET_TTL_SECONDS, for one ALLDATA document. The host makes it with the
 *   firm's stored access token (refreshed first when expired), so no token reaches the app's browser. Any
 *   signed-in user of a connected firm may open documents; only the app's server asks (bff false). A URL
 *   that is not an ALLDATA document (a path under ALLDATA_DOCUMENT_PATH) answers 400; a firm without a
 *   connection answers 404 with ALLDATA_MESSAGES.notConnected.
 */
import { z } from 'zod';
import { CONNECT_ROLES } from './alldata-constants';
import { defineCall } from './define';

export { CONNECT_ROLES };

export const ALLDATA_MESSAGES = {
  notInPlan: "Your firm's plan does not include ALLDATA. Monthly Pro w/ALLDATA connects an ALLDATA account.",
  notConnected: "Your firm's ALLDATA account is not connected",
  notADocument: 'Not an ALLDATA document link',
} as const;

export const setToken = defineCall({
  access: CONNECT_ROLES,
  method: 'POST',
  path: 'alldata/setToken',
  body: z.object({
    accessToken: z
      .string({ error: 'An access token is required' })
      .min(1, 'An access token is required')
      .max(4000, 'At most 4000 characters'),
    refreshToken: z.string().max(4000, 'At most 4000 characters').default(''),
    /** Seconds the access token lives. */
    expiresIn: z
      .number({ error: 'Seconds, as a whole number' })
      .int('Seconds, as a whole number')
      .min(1, 'At least 1 second')
      .max(31_536_000, 'At most a year'),
    scope: z.string().trim().max(200, 'At most 200 characters').default(''),
  }),
  response: z.object({ connected: z.literal(true), expiresAt: z.string() }),
});

export const alldataAccount = z.object({
  /** The firm's plan includes ALLDATA. */
  eligible: z.boolean(),
  connected: z.boolean(),
  firmName: z.string(),
  connectedAt: z.string().nullable(),
  connectedBy: z.string().nullable(),
  expiresAt: z.string().nullable(),
  scope: z.string().nullable(),
});
export type AlldataAccount = z.infer<typeof alldataAccount>;

export const account = defineCall({ access: CONNECT_ROLES, method: 'GET', path: 'alldata/account', response: alldataAccount });

/** ALLDATA's repair documents live under this path of its base URL (ALLDATA_URL + 'repair/'). */
export const ALLDATA_DOCUMENT_PATH = 'repair/';
export const TICKET_TTL_SECONDS = 60;

export const documentTicket = defineCall({
  refuses: [409],
  access: 'signed-in',
  method: 'POST',
  path: 'alldata/documentTicket',
  body: z.object({ url: z.url({ error: 'A link is required' }).max(2000, 'At most 2000 characters') }),
  response: z.object({ ticket: z.string(), expiresAt: z.string() }),
});

/**
 * A firm's ALLDATA account (decisions in lib/contract/alldata-account.ts). The firm is always the
 * caller's own: connecting is done by its administrators, signed in at it. Its tokens are kept sealed
 * (token-box.ts) and opened only to ask ALLDATA for a document ticket.
 */
import { contract } from '../../lib/contract';
import { ALLDATA_MESSAGES } from '../../lib/contract/alldata-account';
import { ALLDATA_PRODUCT } from '../../lib/contract/onboard-constants';
import type { Db } from '../core/db';
import { badRequest, conflict, forbidden, HttpError } from '../core/errors';
import { implement } from '../core/implement';
import { oneRow, prepared, preparedValue } from '../core/sql';
import { DOCUMENT_PREFIX, issueDocumentTicket, refreshGrant, standInEnv } from './stand-in';
import { tokenBoxOf } from './token-box';
import { isoSeconds as isoSecond } from '../core/time';

const a = contract.alldataAccount;
const RECONNECT = "Your firm's ALLDATA connection has expired. An administrator must connect ALLDATA again.";

/** Whether the firm's plan (its latest purchase) includes ALLDATA. */
export function firmHasAlldata(db: Db, firm: number): boolean {
  const product = prepared(db, 'SELECT product FROM onboard_purchase WHERE firm = ? ORDER BY purchase DESC LIMIT 1').pluck().get(firm);
  return product === ALLDATA_PRODUCT;
}

interface ConnectionRow {
  connected_at: string;
  connected_by: string | null;
  expires_at: string;
  scope: string;
}

export const alldataCalls = [
  implement(a.account, ({ caller, ctx }) => {
    const firmName = oneRow(preparedValue<string>(ctx.db, 'SELECT name FROM firm WHERE firm = ?').get(caller.firm));
    const row = prepared<ConnectionRow>(
      ctx.db,
      `SELECT c.connected_at, trim(coalesce(ct.first_name, '') || ' ' || coalesce(ct.last_name, '')) AS connected_by, c.expires_at, c.scope
       FROM alldata_connection c LEFT JOIN user u ON u.user = c.connected_by LEFT JOIN contact ct ON ct.contact = u.contact WHERE c.firm = ?`,
    ).get(caller.firm);
    return {
      eligible: firmHasAlldata(ctx.db, caller.firm),
      connected: !!row,
      firmName,
      connectedAt: row?.connected_at ?? null,
      connectedBy: row?.connected_by || null,
      expiresAt: row?.expires_at ?? null,
      scope: row?.scope ?? null,
    };
  }),

  implement(a.setToken, ({ body, caller, ctx }) => {
    if (!firmHasAlldata(ctx.db, caller.firm)) throw forbidden(ALLDATA_MESSAGES.notInPlan);
    const expiresAt = isoSecond(Date.now() + body.expiresIn * 1000);
    const box = tokenBoxOf(ctx);
    prepared(
      ctx.db,
      `INSERT INTO alldata_connection (firm, access_token, refresh_token, scope, expires_at, connected_by) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (firm) DO UPDATE SET access_token = excluded.access_token, refresh_token = excluded.refresh_token, scope = excluded.scope,
         expires_at = excluded.expires_at, connected_by = excluded.connected_by, connected_at = strftime('%Y-%m-%dT%H:%M:%SZ','now')`,
    ).run(caller.firm, box.seal(body.accessToken), box.seal(body.refreshToken), body.scope, expiresAt, caller.user);
    return { connected: true as const, expiresAt };
  }),

  implement(a.documentTicket, ({ body, caller, ctx }) => {
    const url = new URL(body.url);
    if (!/^https?:$/.test(url.protocol) || !url.pathname.startsWith(DOCUMENT_PREFIX) || url.pathname.length === DOCUMENT_PREFIX.length)
      throw badRequest('Invalid body', { url: [ALLDATA_MESSAGES.notADocument] });
    const row = prepared<{ access_token: string; refresh_token: string; expires_at: string }>(
      ctx.db,
      'SELECT access_token, refresh_token, expires_at FROM alldata_connection WHERE firm = ?',
    ).get(caller.firm);
    if (!row) throw new HttpError(404, ALLDATA_MESSAGES.notConnected);
    const box = tokenBoxOf(ctx);
    let accessToken = box.open(row.access_token);
    const refreshToken = box.open(row.refresh_token);
    // Sealed under another key (or altered): as good as no connection.
    if (accessToken === null || refreshToken === null) throw conflict(RECONNECT);
    if (Date.parse(row.expires_at) <= Date.now()) {
      const rotated = refreshToken
        ? refreshGrant(
            ctx.db,
            { clientId: standInEnv().API_HOST_ALLDATA_CLIENT_ID, tokenTtl: standInEnv().API_HOST_ALLDATA_TOKEN_TTL },
            refreshToken,
          )
        : null;
      if (!rotated) throw conflict(RECONNECT);
      accessToken = rotated.access_token;
      prepared(ctx.db, 'UPDATE alldata_connection SET access_token = ?, refresh_token = ?, expires_at = ? WHERE firm = ?').run(
        box.seal(rotated.access_token),
        box.seal(rotated.refresh_token),
        isoSecond(Date.now() + rotated.expires_in * 1000),
        caller.firm,
      );
    }
    const issued = issueDocumentTicket(ctx.db, accessToken, url.pathname);
    if (!issued) throw conflict(RECONNECT);
    return { ticket: issued.ticket, expiresAt: isoSecond(issued.expiresAt) };
  }),
];

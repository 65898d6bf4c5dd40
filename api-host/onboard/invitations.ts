/** Invitations: a random id handed out once (only its hash is kept), single-use and expiring. */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ONBOARD_MESSAGES, PRODUCT_IDS, PRODUCTS, type ProductId } from '../../lib/contract/onboard-constants';
import { parseJsonColumn } from '../../lib/json-column';
import type { Invitation } from '../../lib/contract/onboard';
import type { Db } from '../core/db';
import { HttpError, conflict } from '../core/errors';
import { prepared } from '../core/sql';
import { effectivePreferences } from '../locations/service';

export const invitationHash = (id: string) => createHash('sha256').update(id).digest('hex');

export interface InvitationRow {
  invitation: number;
  parent: number;
  parentName: string;
  products: ProductId[];
  testMode: boolean;
  expiresAt: string;
  usedAt: string | null;
}

/** Issues an invitation; answers its id (shown once) and expiry. */
export function issueInvitation(
  db: Db,
  input: { parent: number; products: readonly ProductId[]; email: string; days: number; testMode: boolean; createdBy: number },
  now = Date.now(),
): { id: string; expiresAt: string } {
  const id = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + input.days * 86_400_000).toISOString();
  prepared(
    db,
    'INSERT INTO onboard_invitation (token_hash, parent, products, email, test_mode, created_by, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(
    invitationHash(id),
    input.parent,
    JSON.stringify([...new Set(input.products)]),
    input.email,
    input.testMode ? 1 : 0,
    input.createdBy,
    expiresAt,
  );
  return { id, expiresAt };
}

/** The products an invitation offers, as issueInvitation stored them. */
const OFFERED_PRODUCTS = z.array(z.enum(PRODUCT_IDS));

/** The invitation whatever its state, or null when unknown. */
export function findInvitation(db: Db, id: string): InvitationRow | null {
  const row = prepared<Omit<InvitationRow, 'products' | 'testMode'> & { products: string; testMode: number }>(
    db,
    `SELECT i.invitation, i.parent, f.name AS parentName, i.products, i.test_mode AS testMode, i.expires_at AS expiresAt, i.used_at AS usedAt
     FROM onboard_invitation i JOIN firm f ON f.firm = i.parent WHERE i.token_hash = ?`,
  ).get(invitationHash(id));
  return row
    ? { ...row, products: parseJsonColumn(OFFERED_PRODUCTS, row.products, 'onboard_invitation.products'), testMode: !!row.testMode }
    : null;
}

/** A usable invitation: unknown is 404, used or expired 409 (each with its message). */
export function openInvitation(db: Db, id: string, now = Date.now()): InvitationRow {
  const row = findInvitation(db, id);
  if (!row) throw new HttpError(404, ONBOARD_MESSAGES.invitationUnknown);
  if (row.usedAt) throw conflict(ONBOARD_MESSAGES.invitationUsed);
  if (Date.parse(row.expiresAt) <= now) throw conflict(ONBOARD_MESSAGES.invitationExpired);
  return row;
}

/** What the wizard shows of an invitation: the offer, and the inviting firm's brand to wear. */
export const invitationView = (db: Db, row: InvitationRow): Invitation => ({
  parentName: row.parentName,
  brand: effectivePreferences(db, row.parent, 'Brand').map(({ name, value }) => ({ name, value })),
  products: row.products.map((product) => ({ product, ...PRODUCTS[product], includes: [...PRODUCTS[product].includes] })),
  expiresAt: row.expiresAt,
  testMode: row.testMode,
  started: !!prepared(db, "SELECT 1 FROM onboard_step WHERE invitation = ? AND kind = 'basic'").get(row.invitation),
});

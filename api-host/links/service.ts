/**
 * What other areas do to shared links: a link stands for its owner (lib/contract/links.ts), so when a user
 * is deactivated, deleted or loses a firm, the links they can no longer stand for are revoked (users/calls.ts
 * calls this in the same transaction as the change). openLink checks the same rule again when a link is used.
 */
import type { Db } from '../core/db';
import { prepared } from '../core/sql';
import { reachOf } from '../core/reach';

const nowIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Whether `owner` may still stand for a link to `firm`'s inspection: active, not deleted, reaching the firm. */
export function ownerStands(db: Db, owner: number, firm: number): boolean {
  const active = prepared(db, 'SELECT 1 FROM user WHERE user = ? AND is_inactive = 0 AND deleted_at IS NULL').get(owner);
  return !!active && reachOf(db, owner).has(firm);
}

/** Revokes the user's live links they no longer stand for (all of them once inactive or deleted); answers how many. */
export function revokeLinksBeyond(db: Db, owner: number): number {
  const links = prepared<{
    link: number;
    firm: number;
  }>(db, 'SELECT link, firm FROM share_link WHERE owner = ? AND revoked_at IS NULL').all(owner);
  if (links.length === 0) return 0;
  const revoke = prepared(db, 'UPDATE share_link SET revoked_at = ? WHERE link = ? AND revoked_at IS NULL');
  const at = nowIso();
  let n = 0;
  for (const l of links) if (!ownerStands(db, owner, l.firm)) n += revoke.run(at, l.link).changes;
  return n;
}

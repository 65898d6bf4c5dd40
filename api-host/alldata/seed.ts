/**
 * Demo ALLDATA subscriber: Brooklyn Collision & Glass (firm 6, where role4@example.com, a shop admin,
 * signs in) bought Monthly Pro w/ALLDATA through an invitation of its parent (firm 3), so /alldataAuthorize
 * can be tried on the demo data. Not connected yet.
 */
import { ALLDATA_PRODUCT, PRODUCTS } from '../../lib/contract/onboard-constants';
import type { Db } from '../core/db';
import { invitationHash } from '../onboard/service';

export const ALLDATA_DEMO_FIRM = 6;

export function seedAlldata(db: Db): void {
  const invitation = db
    .prepare(
      "INSERT INTO onboard_invitation (token_hash, parent, products, expires_at, used_at, firm) VALUES (?, 3, ?, '2026-02-28T23:59:59Z', '2026-02-01T09:00:00Z', ?)",
    )
    .run(invitationHash('demo-invitation-brooklyn-pro'), JSON.stringify([ALLDATA_PRODUCT]), ALLDATA_DEMO_FIRM).lastInsertRowid;
  db.prepare(
    "INSERT INTO onboard_purchase (invitation, firm, product, total_cents, payment_method, brand, last4) VALUES (?, ?, ?, ?, 'pm_demo_brooklyn', 'visa', '4242')",
  ).run(invitation, ALLDATA_DEMO_FIRM, ALLDATA_PRODUCT, PRODUCTS[ALLDATA_PRODUCT].priceCents);
}

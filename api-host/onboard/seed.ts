/**
 * Demo onboarding data: coupons (one for every product, one for the annual plan only, one expired) and,
 * issued by the Northstar franchiser (firm 2), one open invitation, one used and one expired, so each page
 * of /onboard can be seen. The open demo invitation's id is fixed (DEMO_INVITATION) so the README can name it.
 */
import type { Db } from '../core/db';
import { invitationHash } from './invitations';

export const DEMO_INVITATION = 'demo-invitation-northstar-2026';
export const DEMO_COUPONS = { welcome: 'WELCOME10', annual: 'ANNUAL25', expired: 'SPRING2024' } as const;

export function seedOnboard(db: Db): void {
  const coupon = db.prepare('INSERT INTO onboard_coupon (code, percent_off, products, expires_at) VALUES (?, ?, ?, ?)');
  coupon.run(DEMO_COUPONS.welcome, 10, null, null);
  coupon.run(DEMO_COUPONS.annual, 25, JSON.stringify(['annual']), null);
  coupon.run(DEMO_COUPONS.expired, 20, null, '2024-06-30T23:59:59Z');

  const creator = db.prepare<unknown[], number>("SELECT user FROM user WHERE username = 'role3@example.com'").pluck().get();
  const invite = db.prepare(
    'INSERT INTO onboard_invitation (token_hash, parent, products, email, created_by, expires_at, used_at) VALUES (?, 2, ?, ?, ?, ?, ?)',
  );
  const all = JSON.stringify(['annual', 'monthly', 'pro']);
  invite.run(invitationHash(DEMO_INVITATION), all, '', creator ?? null, '2099-12-31T23:59:59Z', null);
  invite.run(invitationHash('demo-invitation-used-000001'), all, '', creator ?? null, '2099-12-31T23:59:59Z', '2026-01-15T10:00:00Z');
  invite.run(invitationHash('demo-invitation-expired-0001'), all, '', creator ?? null, '2025-01-31T23:59:59Z', null);
}

/** Prices: the product's list price less a coupon the host knows, is still valid and applies to the product. */
import { ONBOARD_MESSAGES, PRODUCTS, type ProductId } from '../../lib/contract/onboard-constants';
import type { Quote } from '../../lib/contract/onboard';
import { z } from 'zod';
import { parseJsonColumn } from '../../lib/json-column';
import type { Db } from '../core/db';
import { badRequest } from '../core/errors';
import { prepared } from '../core/sql';

/** The products a coupon is limited to, as the coupon's seed or its administrator stored them. */
const COUPON_PRODUCTS = z.array(z.string());

const couponError = (message: string) => badRequest(message, { coupon: [message] });

export function priceOf(db: Db, product: ProductId, code: string, now = Date.now()): Quote {
  const listCents = PRODUCTS[product].priceCents;
  if (!code) return { product, coupon: null, listCents, discountCents: 0, totalCents: listCents };
  const coupon = prepared<{ code: string; percent_off: number; products: string | null; expires_at: string | null }>(
    db,
    'SELECT code, percent_off, products, expires_at FROM onboard_coupon WHERE code = ?',
  ).get(code);
  if (!coupon) throw couponError(ONBOARD_MESSAGES.couponUnknown);
  if (coupon.expires_at && Date.parse(coupon.expires_at) <= now) throw couponError(ONBOARD_MESSAGES.couponExpired);
  if (coupon.products && !parseJsonColumn(COUPON_PRODUCTS, coupon.products, 'onboard_coupon.products').includes(product))
    throw couponError(ONBOARD_MESSAGES.couponNotForProduct);
  const discountCents = Math.round((listCents * coupon.percent_off) / 100);
  return { product, coupon: coupon.code, listCents, discountCents, totalCents: listCents - discountCents };
}

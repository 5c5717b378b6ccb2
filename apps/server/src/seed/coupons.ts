import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { CouponTemplatesTable } from '../db/schema';
import { TEMPLATE_BASE } from '../modules/coupons/defaults';

/** Seed and test factory for a coupon template: every rule can be given; the rest is a $10 coupon of the coupon centre. */
export async function buildCouponTemplate(db: Db, over: Partial<Insertable<CouponTemplatesTable>> = {}): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('coupon_templates')
    .values({
      ...TEMPLATE_BASE,
      code: `T${randomBytes(6).toString('hex')}`,
      name: 'Test coupon',
      kind: 'fixed',
      amount_cents: 1000,
      valid_days: 30,
      source: 'center',
      created_at: now,
      updated_at: now,
      ...over,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Seed and test factory for a coupon held by a shopper, as a row: no count against the template's
 * total, no event (a grant through the coupons module does both).
 */
export async function buildUserCoupon(
  db: Db,
  userId: number,
  templateId: number,
  dates: { start_at?: number; end_at?: number } = {},
): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('user_coupons')
    .values({
      template_id: templateId,
      user_id: userId,
      slot: null,
      source: 'staff',
      status: 'unused',
      start_at: dates.start_at ?? now - 60_000,
      end_at: dates.end_at ?? now + 30 * 86_400_000,
      received_at: now,
      used_at: null,
      order_id: null,
      expiry_notified_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

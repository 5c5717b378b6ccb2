import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { CouponTemplatesTable } from '../../db/schema';

/** Test factories for coupons: a template written as a row, and a coupon held by a shopper. */

export async function makeTemplate(db: Db, over: Partial<Insertable<CouponTemplatesTable>> = {}): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('coupon_templates')
    .values({
      code: `T${randomBytes(6).toString('hex')}`,
      name: 'Test coupon',
      description: '',
      kind: 'fixed',
      amount_cents: 1000,
      percent: 0,
      max_discount_cents: null,
      min_spend_cents: 0,
      scope: 'all',
      category_ids: '[]',
      goods_ids: '[]',
      validity: 'days',
      start_at: null,
      end_at: null,
      valid_days: 30,
      total: null,
      per_user_limit: 1,
      source: 'center',
      points_cost: 0,
      first_order_only: 0,
      paused: 0,
      created_at: now,
      updated_at: now,
      ...over,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A coupon of the template held by the shopper, as a row (no count, no event). */
export async function giveCoupon(
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

export const templateByCode = (db: Db, code: string) =>
  db.selectFrom('coupon_templates').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

export const couponsOfUser = (db: Db, userId: number) =>
  db.selectFrom('user_coupons').selectAll().where('user_id', '=', userId).orderBy('id').execute();

import type { Kysely } from 'kysely';

/**
 * Each order line's share of the order's coupon and points discounts, in cents (decision 0029):
 * the two discounts are spread over the lines by largest remainder, so the shares of each sum to
 * the order's figure exactly and a later partial refund knows what each line was really paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('order_items')
    .addColumn('coupon_share', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('points_share', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_items').dropColumn('points_share').execute();
  await db.schema.alterTable('order_items').dropColumn('coupon_share').execute();
}

import { type Kysely, sql } from 'kysely';
import { idColumn, time } from './columns';

/**
 * Coupons (decision 0029). `coupon_templates`: what a coupon takes off (a fixed amount, or a
 * percentage with an optional cap), from which spend, on which goods, how long it runs, how many
 * there are (`issued` counts up to `total` by a conditional update, and a check keeps it there),
 * how many one shopper may hold, and how it is obtained. `user_coupons`: a shopper's coupon; `slot`
 * numbers the shopper's coupons of a template up to its per-shopper limit, and a unique key on
 * (template, shopper, slot) makes the limit hold under concurrency (a staff grant has no slot).
 * `status` is 'unused' or 'used' (expiry is worked out from `end_at`); `order_id` is the order
 * that used it. `coupon_claims`: the once-per-person keys of the welcome offers, one row per
 * offer and hashed e-mail address or phone number, so a second claim breaks a unique key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('coupon_templates'))
    .addColumn('code', 'varchar(32)', (c) => c.unique())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_discount_cents', 'integer')
    .addColumn('min_spend_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scope', 'varchar(16)', (c) => c.notNull().defaultTo('all'))
    .addColumn('category_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('goods_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('validity', 'varchar(8)', (c) => c.notNull())
    .addColumn('start_at', time)
    .addColumn('end_at', time)
    .addColumn('valid_days', 'integer')
    .addColumn('total', 'integer')
    .addColumn('issued', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('per_user_limit', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('points_cost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_order_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addCheckConstraint('coupon_templates_issued', sql`issued >= 0 and (total is null or issued <= total)`)
    .execute();
  await db.schema.createIndex('coupon_templates_source').on('coupon_templates').columns(['source', 'paused']).execute();

  await idColumn(db, db.schema.createTable('user_coupons'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('coupon_templates.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('slot', 'integer')
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('unused'))
    .addColumn('start_at', time, (c) => c.notNull())
    .addColumn('end_at', time, (c) => c.notNull())
    .addColumn('received_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('expiry_notified_at', time)
    .addUniqueConstraint('user_coupons_slot', ['template_id', 'user_id', 'slot'])
    .execute();
  await db.schema.createIndex('user_coupons_user').on('user_coupons').columns(['user_id', 'status', 'end_at']).execute();
  await db.schema.createIndex('user_coupons_due').on('user_coupons').columns(['status', 'end_at']).execute();
  await db.schema.createIndex('user_coupons_order').on('user_coupons').column('order_id').execute();

  await db.schema
    .createTable('coupon_claims')
    .addColumn('offer', 'varchar(16)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('value_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('coupon_claims_pk', ['offer', 'kind', 'value_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('coupon_claims').execute();
  await db.schema.dropTable('user_coupons').execute();
  await db.schema.dropTable('coupon_templates').execute();
}

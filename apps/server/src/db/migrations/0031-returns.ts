import { type Kysely, sql } from 'kysely';
import { idColumn, time } from './columns';

/**
 * Returns, refunds and exchanges (decision 0047).
 * - The orders module keeps what was refunded: the money and the goods' share in all on the order,
 *   the units on each line (never more than were bought: a CHECK).
 * - The returns module keeps each request, its lines, its timeline, and the units it claims:
 *   `return_units` holds one row per unit of a line that a request has asked for, so two requests
 *   can never claim the same unit (its primary key), and each unit's share of the money is fixed.
 * - The payments module keeps each refund of money, at most one in flight or done per request (a
 *   partial unique index), and the test provider's record of what it refunded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('refunded_goods', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('refunded_num', 'integer', (c) => c.notNull().defaultTo(0).check(sql`refunded_num >= 0`))
    .execute();

  await idColumn(db, db.schema.createTable('returns'))
    .addColumn('return_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    /** 1: asked before shipping, so the order is cancelled and refunded whole */
    .addColumn('cancels_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'varchar(40)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('photos_json', 'text', (c) => c.notNull())
    .addColumn('exchange_sku_id', 'integer')
    /** the quote as executed (refunded), or as asked */
    .addColumn('quote_json', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reject_reason', 'varchar(240)', (c) => c.notNull().defaultTo(''))
    .addColumn('parcel_company_id', 'integer')
    .addColumn('parcel_tracking_no', 'varchar(64)')
    .addColumn('replacement_company_id', 'integer')
    .addColumn('replacement_tracking_no', 'varchar(64)')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('refunded_at', time)
    .execute();
  await db.schema.createIndex('returns_user').on('returns').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('returns_order').on('returns').columns(['order_id']).execute();
  await db.schema.createIndex('returns_status').on('returns').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('return_lines')
    .addColumn('return_id', 'integer', (c) => c.notNull().references('returns.id'))
    .addColumn('order_item_id', 'integer', (c) => c.notNull().references('order_items.id'))
    .addColumn('num', 'integer', (c) => c.notNull().check(sql`num > 0`))
    .addColumn('received_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('restocked_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('return_lines_pk', ['return_id', 'order_item_id'])
    .execute();

  await db.schema
    .createTable('return_units')
    .addColumn('order_item_id', 'integer', (c) => c.notNull().references('order_items.id'))
    .addColumn('unit_index', 'integer', (c) => c.notNull().check(sql`unit_index >= 0`))
    .addColumn('return_id', 'integer', (c) => c.notNull().references('returns.id'))
    .addPrimaryKeyConstraint('return_units_pk', ['order_item_id', 'unit_index'])
    .execute();
  await db.schema.createIndex('return_units_return').on('return_units').columns(['return_id']).execute();

  await idColumn(db, db.schema.createTable('return_events'))
    .addColumn('return_id', 'integer', (c) => c.notNull().references('returns.id'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('actor', 'varchar(40)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('return_events_return').on('return_events').columns(['return_id', 'id']).execute();

  await idColumn(db, db.schema.createTable('order_refunds'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('return_id', 'integer', (c) => c.references('returns.id'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('goods_amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(240)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'varchar(240)', (c) => c.notNull().defaultTo(''))
    .addColumn('actor', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('settled_at', time)
    .execute();
  await db.schema.createIndex('order_refunds_order').on('order_refunds').columns(['order_id']).execute();
  await sql`create unique index order_refunds_one_per_return on order_refunds (return_id) where status <> 'failed'`.execute(db);

  await db.schema
    .createTable('test_payment_refunds')
    .addColumn('idempotency_key', 'varchar(120)', (c) => c.primaryKey())
    .addColumn('charge_ref', 'varchar(120)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(120)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('test_payment_refunds_charge').on('test_payment_refunds').columns(['charge_ref']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('test_payment_refunds').execute();
  await db.schema.dropTable('order_refunds').execute();
  await db.schema.dropTable('return_events').execute();
  await db.schema.dropTable('return_units').execute();
  await db.schema.dropTable('return_lines').execute();
  await db.schema.dropTable('returns').execute();
  await db.schema.alterTable('order_items').dropColumn('refunded_num').execute();
  await db.schema.alterTable('orders').dropColumn('refunded_goods').execute();
  await db.schema.alterTable('orders').dropColumn('refunded_amount').execute();
}

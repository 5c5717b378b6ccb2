import { type Kysely, sql } from 'kysely';
import { idColumn, time } from './columns';

/** Carriers an order can ship with (GET /shop/delivery/company); reference data, like currencies. */
export const DELIVERY_COMPANIES = [
  { code: 'ups', name: 'UPS', tracking_url: 'https://www.ups.com/track?tracknum={no}' },
  { code: 'fedex', name: 'FedEx', tracking_url: 'https://www.fedex.com/fedextrack/?trknbr={no}' },
  { code: 'usps', name: 'USPS', tracking_url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={no}' },
  { code: 'dhl', name: 'DHL Express', tracking_url: 'https://www.dhl.com/en/express/tracking.html?AWB={no}' },
  { code: 'yunexpress', name: 'YunExpress', tracking_url: 'https://www.yuntrack.com/parcelTracking?id={no}' },
] as const;

const nonNegative = (column: string) => sql`${sql.ref(column)} >= 0`;

/**
 * The money path: carts, wishlists, addresses, orders with their lines, payments, status history
 * and tracking, and the carriers. Amounts are integer cents (USD); an order keeps a snapshot of
 * everything it was sold with (lines, address, currency rate), so later catalogue edits never
 * change it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('cart_items'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id').onDelete('cascade'))
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('skus.id').onDelete('cascade'))
    .addColumn('num', 'integer', (c) => c.notNull().check(sql`num > 0`))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addUniqueConstraint('cart_items_user_sku', ['user_id', 'sku_id'])
    .execute();

  await idColumn(db, db.schema.createTable('favorites'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('favorites_user_goods', ['user_id', 'goods_id'])
    .execute();

  await idColumn(db, db.schema.createTable('addresses'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('first_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('state', 'varchar(80)', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'varchar(80)', (c) => c.notNull())
    .addColumn('address1', 'varchar(200)', (c) => c.notNull())
    .addColumn('address2', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('postcode', 'varchar(16)', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addresses_user').on('addresses').column('user_id').execute();
  // at most one default address per shopper, whatever races
  await sql`create unique index addresses_one_default on addresses (user_id) where is_default = 1`.execute(db);

  await idColumn(db, db.schema.createTable('delivery_companies'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('tracking_url', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await idColumn(db, db.schema.createTable('orders'))
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('currency_code', 'varchar(3)', (c) => c.notNull().defaultTo('USD'))
    .addColumn('exchange_rate', 'varchar(24)', (c) => c.notNull().defaultTo('1'))
    .addColumn('goods_amount', 'integer', (c) => c.notNull().check(nonNegative('goods_amount')))
    .addColumn('discount_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coupon_id', 'integer')
    .addColumn('coupon_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shipping_method', 'varchar(32)', (c) => c.notNull())
    .addColumn('shipping_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('surcharge_amount', 'integer', (c) => c.notNull().defaultTo(0))
    // the surcharge lines as sold (JSON: [{code, label, amount}])
    .addColumn('surcharges_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('insurance_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('customs_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pay_price', 'integer', (c) => c.notNull().check(nonNegative('pay_price')))
    .addColumn('total_num', 'integer', (c) => c.notNull())
    .addColumn('address_json', 'text', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('idempotency_key', 'varchar(100)')
    .addColumn('request_fingerprint', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('pay_expires_at', time, (c) => c.notNull())
    .addColumn('paid_at', time)
    .addColumn('shipped_at', time)
    .addColumn('completed_at', time)
    .addColumn('cancelled_at', time)
    .addColumn('cancel_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('delivery_company_id', 'integer', (c) => c.references('delivery_companies.id'))
    .addColumn('tracking_no', 'varchar(64)')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addUniqueConstraint('orders_user_idempotency', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('orders_user_status').on('orders').columns(['user_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('orders_status_expiry').on('orders').columns(['status', 'pay_expires_at']).execute();

  await idColumn(db, db.schema.createTable('order_items'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('goods_id', 'integer', (c) => c.notNull())
    .addColumn('sku_id', 'integer', (c) => c.notNull())
    .addColumn('goods_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('goods_url', 'varchar(200)', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sku_text', 'varchar(120)', (c) => c.notNull())
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addColumn('origin_price', 'integer', (c) => c.notNull())
    .addColumn('num', 'integer', (c) => c.notNull().check(sql`num > 0`))
    .addColumn('total', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();

  await idColumn(db, db.schema.createTable('order_payments'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('message', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('card_last4', 'varchar(4)', (c) => c.notNull().defaultTo(''))
    .addColumn('idempotency_key', 'varchar(100)')
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('order_payments_idempotency', ['order_id', 'idempotency_key'])
    .execute();
  // at most one successful payment per order, whatever races
  await sql`create unique index order_payments_one_success on order_payments (order_id) where status = 'succeeded'`.execute(db);
  // and at most one attempt in flight with the provider, so two different attempts cannot both charge
  await sql`create unique index order_payments_one_pending on order_payments (order_id) where status = 'pending'`.execute(db);

  await idColumn(db, db.schema.createTable('order_status_history'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('from_status', 'integer')
    .addColumn('to_status', 'integer', (c) => c.notNull())
    .addColumn('actor', 'varchar(40)', (c) => c.notNull())
    .addColumn('note', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_status_history_order').on('order_status_history').column('order_id').execute();

  await idColumn(db, db.schema.createTable('order_tracking_events'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('event_time', time, (c) => c.notNull())
    .addColumn('status', 'varchar(60)', (c) => c.notNull())
    .addColumn('location', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_tracking_events_order').on('order_tracking_events').column('order_id').execute();

  const companies = db as unknown as Kysely<{
    delivery_companies: { code: string; name: string; tracking_url: string; sort: number; enabled: number };
  }>;
  await companies
    .insertInto('delivery_companies')
    .values(DELIVERY_COMPANIES.map((company, sort) => ({ ...company, sort, enabled: 1 })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'order_tracking_events',
    'order_status_history',
    'order_payments',
    'order_items',
    'orders',
    'delivery_companies',
    'addresses',
    'favorites',
    'cart_items',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

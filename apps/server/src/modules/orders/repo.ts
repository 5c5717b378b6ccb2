import { OrderStatus } from '@shop/contracts/orders';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import { jsonRows, jsonRowsFrom } from '../../db/engine';
import { pageOf } from '../../db/paging';
import type {
  OrderItemsTable,
  OrderPaymentsTable,
  OrderStatusHistoryTable,
  OrdersTable,
  OrderTrackingEventsTable,
} from '../../db/schema';
import type { CompanyRow, OrderItemRow, OrderParts, OrderRow } from './presenter';

/** Every column of each table an order's detail reads in one statement (SQLite's JSON rows need them named). */
const ITEM_COLUMNS = [
  'id',
  'order_id',
  'goods_id',
  'sku_id',
  'goods_name',
  'goods_url',
  'image',
  'sku_text',
  'unit_price',
  'origin_price',
  'num',
  'total',
  'coupon_share',
  'points_share',
  'refunded_num',
] as const satisfies readonly (keyof OrderItemsTable)[];
const PAYMENT_COLUMNS = [
  'id',
  'order_id',
  'provider',
  'provider_ref',
  'amount',
  'status',
  'message',
  'card_last4',
  'idempotency_key',
  'created_at',
] as const satisfies readonly (keyof OrderPaymentsTable)[];
const HISTORY_COLUMNS = [
  'id',
  'order_id',
  'from_status',
  'to_status',
  'actor',
  'note',
  'created_at',
] as const satisfies readonly (keyof OrderStatusHistoryTable)[];
/** A column added to one of these tables and not to its list fails the type check here. */
type Unlisted<T, L extends readonly PropertyKey[]> = [Exclude<keyof T, L[number]>] extends [never] ? true : false;
const listsComplete: [
  Unlisted<OrderItemsTable, typeof ITEM_COLUMNS>,
  Unlisted<OrderPaymentsTable, typeof PAYMENT_COLUMNS>,
  Unlisted<OrderStatusHistoryTable, typeof HISTORY_COLUMNS>,
] = [true, true, true];
void listsComplete;

const byId = <T extends { id: number }>(rows: T[]) => rows.sort((a, b) => a.id - b.id);

/** The statuses a list filter stands for: 4 and 5 are both Completed. */
export function statusesOf(status: number): number[] | undefined {
  if (status === 0) return undefined;
  if (status === OrderStatus.Completed || status === OrderStatus.CompletedEvaluated) {
    return [OrderStatus.Completed, OrderStatus.CompletedEvaluated];
  }
  return [status];
}

export type OrderFilter = {
  userId?: number;
  status: number;
  orderNo?: string;
  email?: string;
  /** placed at or after (epoch ms) */
  placedFrom?: number;
  /** placed before (epoch ms) */
  placedBefore?: number;
  /** pay_price at least / at most (cents) */
  amountMin?: number;
  amountMax?: number;
  /** keyset paging of an export: only orders with a smaller id */
  idBelow?: number;
};

/** The orders' SQL. Every query that reads one shopper's order names the shopper. */
export function ordersRepo(db: Db) {
  function filtered(filter: OrderFilter) {
    let query = db.selectFrom('orders');
    if (filter.userId !== undefined) query = query.where('orders.user_id', '=', filter.userId);
    const statuses = statusesOf(filter.status);
    if (statuses) query = query.where('orders.status', 'in', statuses);
    if (filter.orderNo) query = query.where('orders.order_no', '=', filter.orderNo);
    if (filter.email) {
      const email = filter.email;
      query = query.where((eb) =>
        eb('orders.user_id', 'in', eb.selectFrom('users').select('users.id').where('users.email', '=', email)),
      );
    }
    if (filter.placedFrom !== undefined) query = query.where('orders.created_at', '>=', filter.placedFrom);
    if (filter.placedBefore !== undefined) query = query.where('orders.created_at', '<', filter.placedBefore);
    if (filter.amountMin !== undefined) query = query.where('orders.pay_price', '>=', filter.amountMin);
    if (filter.amountMax !== undefined) query = query.where('orders.pay_price', '<=', filter.amountMax);
    if (filter.idBelow !== undefined) query = query.where('orders.id', '<', filter.idBelow);
    return query;
  }

  return {
    async insertOrder(order: Insertable<OrdersTable>): Promise<number> {
      const row = await db.insertInto('orders').values(order).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async insertItems(items: Insertable<OrderItemsTable>[]): Promise<void> {
      if (items.length) await db.insertInto('order_items').values(items).execute();
    },

    stockLines(orderId: number) {
      return db.selectFrom('order_items').select(['sku_id', 'goods_id', 'num']).where('order_id', '=', orderId).execute();
    },

    /** What a notice about the order says: its shopper, number, amount, pieces and parcel. */
    noticeFacts(orderId: number) {
      return db
        .selectFrom('orders')
        .leftJoin('delivery_companies', 'delivery_companies.id', 'orders.delivery_company_id')
        .select([
          'orders.id',
          'orders.user_id',
          'orders.order_no',
          'orders.pay_price',
          'orders.total_num',
          'orders.tracking_no',
          'delivery_companies.name as carrier',
        ])
        .where('orders.id', '=', orderId)
        .executeTakeFirst();
    },

    /** What an order's points are worked out from: its shopper, status and amounts of goods. */
    earning(orderId: number) {
      return db
        .selectFrom('orders')
        .select([
          'id',
          'user_id',
          'status',
          'goods_amount',
          'discount_amount',
          'coupon_amount',
          'points_amount',
          'completed_at',
          'refunded_goods',
        ])
        .where('id', '=', orderId)
        .executeTakeFirst();
    },

    /** The amounts of goods of the shopper's paid orders not yet completed. */
    pendingEarnings(userId: number) {
      return db
        .selectFrom('orders')
        .select(['goods_amount', 'discount_amount', 'coupon_amount', 'points_amount'])
        .where('user_id', '=', userId)
        .where('status', 'in', [OrderStatus.PendingShipment, OrderStatus.Shipped])
        .execute();
    },

    pointsUsed(orderId: number) {
      return db.selectFrom('orders').select(['user_id', 'points_used']).where('id', '=', orderId).executeTakeFirstOrThrow();
    },

    /** What these orders took off by coupon, in cents, cancelled ones left out. */
    async couponAmountOf(orderIds: number[]): Promise<number> {
      if (orderIds.length === 0) return 0;
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.sum<number | string | null>('coupon_amount').as('cents'))
        .where('id', 'in', orderIds)
        .where('status', '<>', OrderStatus.Cancelled)
        .executeTakeFirstOrThrow();
      return Number(row.cents ?? 0);
    },

    /** Whether the shopper has an order that was not cancelled (a coupon's "first order only"). */
    async hasUncancelledOrder(userId: number, exceptOrderId?: number): Promise<boolean> {
      const row = await db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '<>', OrderStatus.Cancelled)
        .$if(exceptOrderId !== undefined, (qb) => qb.where('id', '<>', exceptOrderId as number))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertTrackingEvents(events: Insertable<OrderTrackingEventsTable>[]): Promise<void> {
      if (events.length) await db.insertInto('order_tracking_events').values(events).execute();
    },

    async page(filter: OrderFilter, page: number, pageSize: number): Promise<{ rows: OrderRow[]; total: number }> {
      return pageOf(
        filtered(filter).selectAll('orders').orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc'),
        filtered(filter).select((eb) => eb.fn.countAll<number>().as('n')),
        page,
        pageSize,
      );
    },

    /** The filter's orders by id, newest first, `limit` at a time (an export's keyset pages). */
    chunk(filter: OrderFilter, limit: number): Promise<OrderRow[]> {
      return filtered(filter).selectAll('orders').orderBy('orders.id', 'desc').limit(limit).execute();
    },

    /** One order; with `userId`, only if it is that shopper's. */
    find(id: number, userId?: number): Promise<OrderRow | undefined> {
      let query = db.selectFrom('orders').selectAll().where('id', '=', id);
      if (userId !== undefined) query = query.where('user_id', '=', userId);
      return query.executeTakeFirst();
    },

    /**
     * One order with its lines, payment attempts and status history, in one statement (each child
     * table as a JSON array column); with `userId`, only if it is that shopper's.
     */
    async withParts(id: number, userId?: number): Promise<(OrderParts & { row: OrderRow }) | undefined> {
      let query = db
        .selectFrom('orders')
        .selectAll('orders')
        .select((eb) => [
          jsonRowsFrom(
            db,
            eb.selectFrom('order_items').select(ITEM_COLUMNS).whereRef('order_items.order_id', '=', 'orders.id'),
          ).as('items'),
          jsonRowsFrom(
            db,
            eb.selectFrom('order_payments').select(PAYMENT_COLUMNS).whereRef('order_payments.order_id', '=', 'orders.id'),
          ).as('payments'),
          jsonRowsFrom(
            db,
            eb
              .selectFrom('order_status_history')
              .select(HISTORY_COLUMNS)
              .whereRef('order_status_history.order_id', '=', 'orders.id'),
          ).as('history'),
        ])
        .where('orders.id', '=', id);
      if (userId !== undefined) query = query.where('orders.user_id', '=', userId);
      const found = await query.executeTakeFirst();
      if (!found) return undefined;
      const { items, payments, history, ...row } = found;
      return {
        row: row as OrderRow,
        items: byId(jsonRows(items as OrderParts['items'] | string)),
        payments: byId(jsonRows(payments as OrderParts['payments'] | string)),
        history: byId(jsonRows(history as OrderParts['history'] | string)),
      };
    },

    findByKey(userId: number, key: string): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    },

    async itemsOf(orderIds: number[]): Promise<Map<number, OrderItemRow[]>> {
      const byOrder = new Map<number, OrderItemRow[]>();
      if (orderIds.length === 0) return byOrder;
      const rows = await db.selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
      for (const row of rows) {
        const list = byOrder.get(row.order_id) ?? [];
        list.push(row);
        byOrder.set(row.order_id, list);
      }
      return byOrder;
    },

    /** The shopper's lines of delivered orders (Completed or reviewed), newest order first. */
    deliveredLines(userId: number) {
      return db
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .selectAll('order_items')
        .select(['orders.order_no', 'orders.completed_at'])
        .where('orders.user_id', '=', userId)
        .where('orders.status', 'in', [OrderStatus.Completed, OrderStatus.CompletedEvaluated])
        .orderBy('orders.id', 'desc')
        .orderBy('order_items.id')
        .execute();
    },

    /** Holds the order's row for the rest of the transaction (a write queues others behind it); its status now. */
    async hold(orderId: number, at: number): Promise<number | undefined> {
      await db.updateTable('orders').set({ updated_at: at }).where('id', '=', orderId).execute();
      const row = await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
      return row?.status;
    },

    /** Tracking events, newest first. */
    trackingEvents(orderId: number) {
      return db
        .selectFrom('order_tracking_events')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('event_time', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The carrier and tracking number of each order of the shopper's among `orderIds`. */
    trackingOf(userId: number, orderIds: number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('orders')
        .leftJoin('delivery_companies', 'delivery_companies.id', 'orders.delivery_company_id')
        .select(['orders.id', 'orders.tracking_no', 'delivery_companies.name', 'delivery_companies.tracking_url'])
        .where('orders.user_id', '=', userId)
        .where('orders.id', 'in', orderIds)
        .execute();
    },

    companies(): Promise<CompanyRow[]> {
      return db.selectFrom('delivery_companies').selectAll().where('enabled', '=', 1).orderBy('sort').orderBy('id').execute();
    },

    company(id: number | null): Promise<CompanyRow | undefined> {
      if (id === null) return Promise.resolve(undefined);
      return db.selectFrom('delivery_companies').selectAll().where('id', '=', id).executeTakeFirst();
    },

    companyByCode(code: string): Promise<CompanyRow | undefined> {
      return db
        .selectFrom('delivery_companies')
        .selectAll()
        .where('code', '=', code.toLowerCase())
        .where('enabled', '=', 1)
        .executeTakeFirst();
    },

    async emailsOf(userIds: number[]): Promise<Map<number, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).execute();
      return new Map(rows.map((row) => [row.id, row.email]));
    },

    /** Unpaid orders whose time to pay has run out, oldest first. */
    expiredUnpaid(now: number, limit: number) {
      return db
        .selectFrom('orders')
        .select(['id', 'status'])
        .where('status', '=', OrderStatus.PendingPayment)
        .where('pay_expires_at', '<', now)
        .orderBy('pay_expires_at')
        .limit(limit)
        .execute();
    },

    /** Shipped orders left unconfirmed since before `shippedBefore`. */
    shippedBefore(shippedBefore: number, limit: number) {
      return db
        .selectFrom('orders')
        .select(['id', 'status'])
        .where('status', '=', OrderStatus.Shipped)
        .where('shipped_at', '<', shippedBefore)
        .orderBy('shipped_at')
        .limit(limit)
        .execute();
    },

    /** Whether a payment attempt is in flight with the provider (started after `since`). */
    async paymentInFlight(orderId: number, since: number): Promise<boolean> {
      const row = await db
        .selectFrom('order_payments')
        .select('id')
        .where('order_id', '=', orderId)
        .where('status', '=', 'pending')
        .where('created_at', '>=', since)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

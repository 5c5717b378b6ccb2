import { orderFlags } from '@shop/contracts/order-states';
import {
  OrderStatus,
  orderStatusLabel,
  type TAdminOrderFilter,
  type TAdminOrderListItem,
  type TDeliveryCompany,
  type TOrderDelivery,
  type TOrderDetail,
  type TOrderListItem,
  type TTrackingEvent,
} from '@shop/contracts/orders';
import { priceToCents } from '@shop/contracts/pricing';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { OrderItemsTable, OrdersTable } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { emit } from '../../infra/events';
import { recordAudit } from '../audit';
import type { StockLine } from '../catalog';
import {
  presentAddress,
  presentAdminListItem,
  presentDetail,
  presentListItem,
  presentOrderHeadline,
  trackingUrlOf,
} from './presenter';
import { type OrderFilter, ordersRepo } from './repo';
import { moveOrder, type OrderActor, recordPlaced } from './status';

export const ORDER_NOT_FOUND = 'Order not found';
/** A payment started this recently is still in flight: the expiry job leaves its order alone. */
export const PAYMENT_IN_FLIGHT_MS = 10 * 60_000;
/** A shipped order the shopper has not confirmed is completed this long after shipping. */
export const AUTO_COMPLETE_AFTER_MS = 30 * 86_400_000;
const JOB_BATCH = 200;

type Deps = { db: Db; clock?: () => number };

type Paging = { page: number; pagesize: number };

/** A new order as checkout made it: the order row with its snapshots, and its lines. */
export type NewOrder = {
  order: Omit<Insertable<OrdersTable>, 'status'>;
  items: Array<Omit<Insertable<OrderItemsTable>, 'order_id'>>;
};

/** What an order holds of each SKU: the stock a cancellation gives back. */
export function orderStockLines(db: Db, orderId: number): Promise<StockLine[]> {
  return ordersRepo(db).stockLines(orderId);
}

/** What these orders took off by coupon, in cents (a coupon template's usage figures). */
export function couponAmountOf(db: Db, orderIds: number[]): Promise<number> {
  return ordersRepo(db).couponAmountOf(orderIds);
}

/**
 * Whether the order being placed is the shopper's first: no other order that was not cancelled
 * (`placedOrderId`, once the order is written, is the order itself and does not count).
 */
export async function isFirstOrder(db: Db, userId: number, placedOrderId?: number): Promise<boolean> {
  return !(await ordersRepo(db).hasUncancelledOrder(userId, placedOrderId));
}

/** The shopper of an order and the points it used: what a cancellation gives back. */
export function orderPointsUsed(db: Db, orderId: number): Promise<{ user_id: number; points_used: number }> {
  return ordersRepo(db).pointsUsed(orderId);
}

/** An order's shopper, status, completion time and amounts of goods (what its points are worked out from). */
export function orderEarning(db: Db, orderId: number) {
  return ordersRepo(db).earning(orderId);
}

/** What a notice about the order says (the inbox's): its shopper, number, amount in cents, pieces, carrier and tracking number. */
export function orderNoticeFacts(db: Db, orderId: number) {
  return ordersRepo(db).noticeFacts(orderId);
}

/** The amounts of goods of the shopper's paid orders that have not completed yet (their pending points). */
export function pendingOrderEarnings(db: Db, userId: number) {
  return ordersRepo(db).pendingEarnings(userId);
}

/** The id of the shopper who placed the order numbered `orderNo`, or null (the back office's customer search). */
export async function orderOwnerOf(db: Db, orderNo: string): Promise<number | null> {
  const row = await db.selectFrom('orders').select('user_id').where('order_no', '=', orderNo).executeTakeFirst();
  return row?.user_id ?? null;
}

/** How many orders each of the shoppers placed. */
/** The numbers of these orders, by id (the back office names a return's order). */
export async function orderNumbersOf(db: Db, orderIds: number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.selectFrom('orders').select(['id', 'order_no']).where('id', 'in', orderIds).execute();
  return new Map(rows.map((row) => [row.id, row.order_no]));
}

export async function orderCountsOf(db: Db, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select(['user_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.n)]));
}

/** The shopper's newest orders with their status and total (the back office's customer profile). */
export async function orderSummariesOf(db: Db, userId: number, limit: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['id', 'order_no', 'status', 'pay_price', 'total_num', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    orderCountsOf(db, [userId]),
  ]);
  return {
    total: count.get(userId) ?? 0,
    data: rows.map((row) => ({ ...presentOrderHeadline(row), created_at: row.created_at })),
  };
}

/**
 * The carrier, tracking number and the carrier's page for it, of each of the shopper's orders among
 * `orderIds` (the console's contact panel): nulls and '' before shipping.
 */
export async function orderTrackingOf(db: Db, userId: number, orderIds: number[]) {
  const rows = await ordersRepo(db).trackingOf(userId, orderIds);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        carrier: row.name ?? null,
        tracking_no: row.tracking_no,
        tracking_url: trackingUrlOf(row.tracking_url === null ? undefined : { tracking_url: row.tracking_url }, row.tracking_no),
      },
    ]),
  );
}

/** The shopper's order with its lines (undefined when it is not theirs): what a review is checked against. */
export async function orderWithLines(db: Db, userId: number, orderId: number) {
  const repo = ordersRepo(db);
  const order = await repo.find(orderId, userId);
  if (!order) return undefined;
  return { order, items: (await repo.itemsOf([order.id])).get(order.id) ?? [] };
}

/** The shopper's lines of delivered orders, newest order first (those a review may be written for). */
export function deliveredLines(db: Db, userId: number) {
  return ordersRepo(db).deliveredLines(userId);
}

/** Within `trx`: holds the order's row, so that changes to it queue one behind another; answers its status now. */
export function holdOrder(trx: Db, orderId: number, at: number): Promise<number | undefined> {
  return ordersRepo(trx).hold(orderId, at);
}

/** Within `trx`: a completed order whose every line has its review becomes Completed, reviewed (status 5). */
export function markOrderReviewed(trx: Db, order: { id: number; status: number }, at: number) {
  return moveOrder(trx, order, 'review', { actor: 'shopper', at, note: 'Every item reviewed' });
}

/** Whether the order was kept: completed (reviewed or not), not refunded or cancelled. */
export const isKeptOrder = (status: number) => status === OrderStatus.Completed || status === OrderStatus.CompletedEvaluated;

/** Unpaid orders whose time to pay ran out before `now`, oldest first. */
export function expiredUnpaidOrders(db: Db, now: number, limit: number) {
  return ordersRepo(db).expiredUnpaid(now, limit);
}

/** Whether a payment attempt for the order is in flight with the provider (started after `since`). */
export function paymentInFlight(db: Db, orderId: number, since: number): Promise<boolean> {
  return ordersRepo(db).paymentInFlight(orderId, since);
}

/** The shopper's order placed with this Idempotency-Key, if any (in `db` or the caller's transaction). */
export function findOrderByKey(db: Db, userId: number, key: string) {
  return ordersRepo(db).findByKey(userId, key);
}

/** The shopper's order row in `db` (a connection a workflow holds), or undefined when it is not theirs. */
export function findOrder(db: Db, userId: number, id: number) {
  return ordersRepo(db).find(id, userId);
}

/** An order's detail as its shopper (with `userId`) or staff see it, read in `db` in one statement (a company aside). */
export async function orderDetail(db: Db, id: number, userId: number | undefined, now: number): Promise<TOrderDetail> {
  const repo = ordersRepo(db);
  const found = await repo.withParts(id, userId);
  if (!found) throw AppError.notFound(ORDER_NOT_FOUND);
  const { row, ...parts } = found;
  return presentDetail(row, { ...parts, company: await repo.company(row.delivery_company_id), now });
}

/**
 * Records a placed order within the caller's transaction: the order in Pending Payment, its lines,
 * and the first row of its history. Answers the order's id.
 */
export async function recordPlacedOrder(trx: Db, placed: NewOrder, actor: OrderActor): Promise<number> {
  const repo = ordersRepo(trx);
  const id = await repo.insertOrder({ ...placed.order, status: OrderStatus.PendingPayment });
  await repo.insertItems(placed.items.map((item) => ({ ...item, order_id: id })));
  await recordPlaced(trx, id, { actor, at: placed.order.created_at });
  await emit(
    trx,
    'order.placed',
    { order_id: id, user_id: placed.order.user_id, pay_price: placed.order.pay_price },
    placed.order.created_at,
  );
  return id;
}

const DAY_MS = 86_400_000;

/** The back office's filters as the repo's: UTC days as a range of times (the last day included), dollars as cents. */
export function orderFilterOf(query: TAdminOrderFilter): OrderFilter {
  const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);
  return {
    status: query.status,
    orderNo: query.order_no || undefined,
    email: query.email || undefined,
    placedFrom: query.placed_from ? dayStart(query.placed_from) : undefined,
    placedBefore: query.placed_to ? dayStart(query.placed_to) + DAY_MS : undefined,
    amountMin: query.amount_min === undefined ? undefined : priceToCents(query.amount_min),
    amountMax: query.amount_max === undefined ? undefined : priceToCents(query.amount_max),
  };
}

/** Orders after checkout: the shopper's list, detail, receive and tracking; staff shipping; completing shipped orders. */
export function createOrderService({ db, clock = Date.now }: Deps) {
  const repo = ordersRepo(db);

  async function ownOrder(userId: number, id: number) {
    const row = await repo.find(id, userId);
    if (!row) throw AppError.notFound(ORDER_NOT_FOUND);
    return row;
  }

  const detailOf = (id: number, userId?: number) => orderDetail(db, id, userId, clock());

  return {
    async list(userId: number, query: Paging & { status: number }): Promise<{ data: TOrderListItem[]; total: number }> {
      const { rows, total } = await repo.page({ userId, status: query.status }, query.page, query.pagesize);
      const items = await repo.itemsOf(rows.map((row) => row.id));
      const now = clock();
      return { data: rows.map((row) => presentListItem(row, items.get(row.id) ?? [], now)), total };
    },

    detail: (userId: number, id: number) => detailOf(id, userId),

    /** The shopper's order row, or undefined when it is not theirs. */
    find: (userId: number, id: number) => repo.find(id, userId),

    async receive(userId: number, id: number): Promise<TOrderDetail> {
      const order = await ownOrder(userId, id);
      const at = clock();
      await inTransaction(db, (trx) =>
        moveOrder(trx, order, 'receive', { actor: 'shopper', at, note: 'Received', changes: { completed_at: at } }),
      );
      return detailOf(id, userId);
    },

    async delivery(userId: number, id: number): Promise<TOrderDelivery> {
      const order = await ownOrder(userId, id);
      const [company, events] = await Promise.all([repo.company(order.delivery_company_id), repo.trackingEvents(order.id)]);
      return {
        id: order.id,
        order_no: order.order_no,
        status: order.status,
        status_text: orderStatusLabel(order.status),
        company: company ? { code: company.code, name: company.name } : null,
        tracking_no: order.tracking_no,
        tracking_url: trackingUrlOf(company, order.tracking_no),
        shipped_at: order.shipped_at,
        address: presentAddress(order),
        events: events.map(
          (event): TTrackingEvent => ({
            time: event.event_time,
            status: event.status,
            location: event.location,
            description: event.description,
          }),
        ),
        ...orderFlags(order, clock()),
      };
    },

    async companies(): Promise<{ data: TDeliveryCompany[]; total: number }> {
      const rows = await repo.companies();
      return {
        data: rows.map((row) => ({ id: row.id, code: row.code, name: row.name, tracking_url: row.tracking_url })),
        total: rows.length,
      };
    },

    /** Within a payment's transaction: Pending Payment → Pending Shipment, with paid_at. */
    markPaid(trx: Db, order: { id: number; status: number }, at: number, note: string) {
      return moveOrder(trx, order, 'pay', { actor: 'payment', at, note, changes: { paid_at: at } });
    },

    // ------------------------------------------------------------ staff

    async adminList(query: Paging & TAdminOrderFilter): Promise<{ data: TAdminOrderListItem[]; total: number }> {
      const { rows, total } = await repo.page(orderFilterOf(query), query.page, query.pagesize);
      const [items, emails, companies] = await Promise.all([
        repo.itemsOf(rows.map((row) => row.id)),
        repo.emailsOf([...new Set(rows.map((row) => row.user_id))]),
        repo.companies(),
      ]);
      const companyById = new Map(companies.map((company) => [company.id, company]));
      const now = clock();
      return {
        data: rows.map((row) =>
          presentAdminListItem(
            row,
            items.get(row.id) ?? [],
            emails.get(row.user_id) ?? '',
            row.delivery_company_id === null ? undefined : companyById.get(row.delivery_company_id),
            now,
          ),
        ),
        total,
      };
    },

    adminDetail: (id: number) => detailOf(id),

    /** Any shopper's order row, or undefined. */
    adminFind: (id: number) => repo.find(id),

    /** The back office's order: the detail, with its shopper, the money refunded (cents) and the carrier's events. */
    async officeDetail(id: number) {
      const row = await repo.find(id);
      if (!row) throw AppError.notFound(ORDER_NOT_FOUND);
      const [detail, events] = await Promise.all([detailOf(id), repo.trackingEvents(id)]);
      return {
        detail,
        userId: row.user_id,
        refundedCents: row.refunded_amount,
        payPriceCents: row.pay_price,
        tracking: events.map(
          (event): TTrackingEvent => ({
            time: event.event_time,
            status: event.status,
            location: event.location,
            description: event.description,
          }),
        ),
      };
    },

    /** Pending Shipment → Shipped, with the carrier and the tracking number (administrators only). */
    async ship(staffId: number, input: { id: number; company_code: string; tracking_no: string }): Promise<TOrderDetail> {
      const order = await repo.find(input.id);
      if (!order) throw AppError.notFound(ORDER_NOT_FOUND);
      const company = await repo.companyByCode(input.company_code);
      if (!company) throw AppError.field('company_code', `Unknown carrier: ${input.company_code}`);
      const at = clock();
      await inTransaction(db, async (trx) => {
        await moveOrder(trx, order, 'ship', {
          actor: `staff:${staffId}`,
          at,
          note: `${company.name} ${input.tracking_no}`,
          changes: { shipped_at: at, delivery_company_id: company.id, tracking_no: input.tracking_no },
        });
        await recordAudit(trx, {
          staffId,
          action: 'order.ship',
          object: { type: 'order', id: order.id },
          before: { status: order.status },
          after: { status: OrderStatus.Shipped, carrier: company.code, tracking_no: input.tracking_no },
          at,
        });
      });
      return detailOf(order.id);
    },

    /** Adds carrier events to a shipped (or since completed) order (administrators only). */
    async addTracking(
      staffId: number,
      input: { id: number; events: Array<{ time: number; status: string; location: string; description: string }> },
    ): Promise<TOrderDetail> {
      const order = await repo.find(input.id);
      if (!order) throw AppError.notFound(ORDER_NOT_FOUND);
      const trackable: number[] = [OrderStatus.Shipped, OrderStatus.Completed, OrderStatus.CompletedEvaluated];
      if (!trackable.includes(order.status)) {
        throw AppError.field('id', `Tracking can be added once the order has shipped; it is ${orderStatusLabel(order.status)}`);
      }
      const at = clock();
      await inTransaction(db, async (trx) => {
        await ordersRepo(trx).insertTrackingEvents(
          input.events.map((event) => ({
            order_id: order.id,
            event_time: event.time,
            status: event.status,
            location: event.location,
            description: event.description,
            created_at: at,
          })),
        );
        await recordAudit(trx, {
          staffId,
          action: 'order.tracking_add',
          object: { type: 'order', id: order.id },
          after: { events: input.events },
          at,
        });
      });
      return detailOf(order.id);
    },

    // ------------------------------------------------------------ background work

    /** Completes orders shipped more than AUTO_COMPLETE_AFTER_MS ago that the shopper never confirmed. */
    async completeShipped(now: number): Promise<number> {
      let completed = 0;
      const seen = new Set<number>();
      for (;;) {
        const batch = (await repo.shippedBefore(now - AUTO_COMPLETE_AFTER_MS, JOB_BATCH)).filter((row) => !seen.has(row.id));
        if (batch.length === 0) return completed;
        for (const order of batch) {
          seen.add(order.id);
          try {
            await inTransaction(db, (trx) =>
              moveOrder(trx, order, 'receive', {
                actor: 'system',
                at: now,
                note: 'Completed automatically after delivery',
                changes: { completed_at: now },
              }),
            );
            completed += 1;
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
          }
        }
      }
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;

/** Paid orders by UTC day from `fromMs` (a day's start) for `days` days: how many, and what they brought in (cents). */
export async function paidOrdersByDay(
  db: Db,
  fromMs: number,
  days: number,
): Promise<Array<{ day: string; orders: number; cents: number }>> {
  const rows = await db
    .selectFrom('orders')
    .select(['paid_at', 'pay_price'])
    .where('paid_at', '>=', fromMs)
    .where('paid_at', '<', fromMs + days * 86_400_000)
    .execute();
  const byDay = new Map<string, { orders: number; cents: number }>();
  for (let i = 0; i < days; i++) byDay.set(new Date(fromMs + i * 86_400_000).toISOString().slice(0, 10), { orders: 0, cents: 0 });
  for (const row of rows) {
    const entry = byDay.get(new Date(Number(row.paid_at)).toISOString().slice(0, 10));
    if (!entry) continue;
    entry.orders += 1;
    entry.cents += Number(row.pay_price);
  }
  return [...byDay].map(([day, entry]) => ({ day, ...entry }));
}

/** How many orders are in each of the given statuses. */
export async function orderCountsByStatus(db: Db, statuses: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('orders')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('status', 'in', statuses)
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}

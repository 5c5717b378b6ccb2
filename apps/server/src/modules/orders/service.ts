import {
  OrderStatus,
  orderStatusLabel,
  type TAdminOrderListItem,
  type TDeliveryCompany,
  type TOrderDelivery,
  type TOrderDetail,
  type TOrderListItem,
  type TTrackingEvent,
} from '@shop/contracts/orders';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { OrderItemsTable, OrdersTable } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { releaseStock, type StockChange } from '../catalog/stock';
import { creditPoints } from '../users/points';
import { presentAddress, presentAdminListItem, presentDetail, presentListItem, trackingUrlOf } from './presenter';
import { ordersRepo } from './repo';
import { moveOrder, type OrderActor, recordPlaced } from './status';

export const ORDER_NOT_FOUND = 'Order not found';
/** A payment started this recently is still in flight: the expiry job leaves its order alone. */
export const PAYMENT_IN_FLIGHT_MS = 10 * 60_000;
/** A shipped order the shopper has not confirmed is completed this long after shipping. */
export const AUTO_COMPLETE_AFTER_MS = 30 * 86_400_000;
const JOB_BATCH = 200;

type Deps = {
  db: Db;
  clock?: () => number;
  /** called after a commit that moved these goods' stock (the catalogue drops its cached copies) */
  onStockChange?: (changes: StockChange[]) => Promise<void> | void;
};

type Paging = { page: number; pagesize: number };

/** A new order as checkout made it: the order row with its snapshots, and its lines. */
export type NewOrder = {
  order: Omit<Insertable<OrdersTable>, 'status'>;
  items: Array<Omit<Insertable<OrderItemsTable>, 'order_id'>>;
};

/** The shopper's order placed with this Idempotency-Key, if any (in `db` or the caller's transaction). */
export function findOrderByKey(db: Db, userId: number, key: string) {
  return ordersRepo(db).findByKey(userId, key);
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
  return id;
}

/** Orders after checkout: the shopper's list, detail, cancel, receive and tracking; staff shipping; the expiry job. */
export function createOrderService({ db, clock = Date.now, onStockChange }: Deps) {
  const repo = ordersRepo(db);

  async function stockChanged(changes: StockChange[]) {
    if (changes.length && onStockChange) await onStockChange(changes);
  }

  async function ownOrder(userId: number, id: number) {
    const row = await repo.find(id, userId);
    if (!row) throw AppError.notFound(ORDER_NOT_FOUND);
    return row;
  }

  async function detailOf(id: number, userId?: number): Promise<TOrderDetail> {
    const row = await repo.find(id, userId);
    if (!row) throw AppError.notFound(ORDER_NOT_FOUND);
    const [items, payments, history, company] = await Promise.all([
      repo.itemsOf([row.id]),
      repo.payments(row.id),
      repo.history(row.id),
      repo.company(row.delivery_company_id),
    ]);
    return presentDetail(row, { items: items.get(row.id) ?? [], payments, history, company, now: clock() });
  }

  /**
   * Cancels an unpaid order within `trx`: the status moves (only from Pending Payment, only
   * once), the stock goes back to each SKU (in SKU id order, like checkout takes it) and the
   * points to the shopper. Returns how each product's stock moved.
   */
  async function release(trx: Db, order: { id: number; status: number }, actor: OrderActor, reason: string, at: number) {
    await moveOrder(trx, order, 'cancel', { actor, at, note: reason, changes: { cancelled_at: at, cancel_reason: reason } });
    const row = await trx
      .selectFrom('orders')
      .select(['user_id', 'points_used'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const items = await trx
      .selectFrom('order_items')
      .select(['sku_id', 'goods_id', 'num'])
      .where('order_id', '=', order.id)
      .execute();
    const changes = await releaseStock(trx, items);
    if (row.points_used > 0) {
      await creditPoints(trx, {
        userId: row.user_id,
        points: row.points_used,
        reason: 'order_cancelled',
        source: { type: 'order', id: order.id },
        at,
      });
    }
    return changes;
  }

  return {
    async list(userId: number, query: Paging & { status: number }): Promise<{ data: TOrderListItem[]; total: number }> {
      const { rows, total } = await repo.page({ userId, status: query.status }, query.page, query.pagesize);
      const items = await repo.itemsOf(rows.map((row) => row.id));
      return { data: rows.map((row) => presentListItem(row, items.get(row.id) ?? [])), total };
    },

    detail: (userId: number, id: number) => detailOf(id, userId),

    async cancel(userId: number, id: number): Promise<TOrderDetail> {
      const order = await ownOrder(userId, id);
      const changes = await inTransaction(db, (trx) => release(trx, order, 'shopper', 'Cancelled by the shopper', clock()));
      await stockChanged(changes);
      return detailOf(id, userId);
    },

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

    async adminList(
      query: Paging & { status: number; order_no?: string; email?: string },
    ): Promise<{ data: TAdminOrderListItem[]; total: number }> {
      const { rows, total } = await repo.page(
        { status: query.status, orderNo: query.order_no || undefined, email: query.email || undefined },
        query.page,
        query.pagesize,
      );
      const [items, emails, companies] = await Promise.all([
        repo.itemsOf(rows.map((row) => row.id)),
        repo.emailsOf([...new Set(rows.map((row) => row.user_id))]),
        repo.companies(),
      ]);
      const companyById = new Map(companies.map((company) => [company.id, company]));
      return {
        data: rows.map((row) =>
          presentAdminListItem(
            row,
            items.get(row.id) ?? [],
            emails.get(row.user_id) ?? '',
            row.delivery_company_id === null ? undefined : companyById.get(row.delivery_company_id),
          ),
        ),
        total,
      };
    },

    adminDetail: (id: number) => detailOf(id),

    /** Pending Shipment → Shipped, with the carrier and the tracking number (administrators only). */
    async ship(staffId: number, input: { id: number; company_code: string; tracking_no: string }): Promise<TOrderDetail> {
      const order = await repo.find(input.id);
      if (!order) throw AppError.notFound(ORDER_NOT_FOUND);
      const company = await repo.companyByCode(input.company_code);
      if (!company) throw AppError.field('company_code', `Unknown carrier: ${input.company_code}`);
      const at = clock();
      await inTransaction(db, (trx) =>
        moveOrder(trx, order, 'ship', {
          actor: `staff:${staffId}`,
          at,
          note: `${company.name} ${input.tracking_no}`,
          changes: { shipped_at: at, delivery_company_id: company.id, tracking_no: input.tracking_no },
        }),
      );
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
      await repo.insertTrackingEvents(
        input.events.map((event) => ({
          order_id: order.id,
          event_time: event.time,
          status: event.status,
          location: event.location,
          description: event.description,
          created_at: at,
        })),
      );
      return detailOf(order.id);
    },

    // ------------------------------------------------------------ background work

    /**
     * Cancels every unpaid order whose time to pay ran out before `now`, releasing its stock and
     * points. Safe to run on several instances at once: each order's move is conditional, so it
     * is cancelled once. An order with a payment in flight is left for the next pass.
     */
    async expireUnpaid(now: number): Promise<number> {
      let cancelled = 0;
      const seen = new Set<number>();
      for (;;) {
        const batch = (await repo.expiredUnpaid(now, JOB_BATCH)).filter((row) => !seen.has(row.id));
        if (batch.length === 0) return cancelled;
        const changes: StockChange[] = [];
        for (const order of batch) {
          seen.add(order.id);
          if (await repo.paymentInFlight(order.id, now - PAYMENT_IN_FLIGHT_MS)) continue;
          try {
            changes.push(...(await inTransaction(db, (trx) => release(trx, order, 'system', 'Not paid in time', now))));
            cancelled += 1;
          } catch (error) {
            // Paid or cancelled meanwhile (by the shopper, or another instance): nothing to do.
            if (!(error instanceof AppError)) throw error;
          }
        }
        await stockChanged(changes);
      }
    },

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

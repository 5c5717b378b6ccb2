import type { TOrderDetail } from '@shop/contracts/orders';
import { OrderStatus } from '@shop/contracts/orders-rules';
import type { Db } from '../db/database';
import { inTransaction } from '../db/transaction';
import { AppError } from '../http/errors';
import { recordAudit } from '../modules/audit';
import { releaseStock, type StockChange } from '../modules/catalog';
import { releaseOrderCoupon } from '../modules/coupons';
import {
  expiredUnpaidOrders,
  moveOrder,
  ORDER_NOT_FOUND,
  type OrderActor,
  type OrderService,
  orderPointsUsed,
  orderStockLines,
  PAYMENT_IN_FLIGHT_MS,
  paymentInFlight,
} from '../modules/orders';
import { creditPoints } from '../modules/users';

/**
 * Cancelling an unpaid order, by the shopper or by the expiry job: the order moves to Cancelled
 * (only from Pending Payment, only once), its stock goes back to each SKU, its coupon and its
 * points to the shopper, in one transaction. Each step is the owning module's (decision 0023).
 */

const JOB_BATCH = 200;

type UnpaidOrder = { id: number; status: number };

/** Step: the order moves to Cancelled with the reason; a second cancellation is a 400. */
export function markCancelled(trx: Db, order: UnpaidOrder, actor: OrderActor, reason: string, at: number) {
  return moveOrder(trx, order, 'cancel', { actor, at, note: reason, changes: { cancelled_at: at, cancel_reason: reason } });
}

/** Step: the order's pieces go back to their SKUs; answers how each product's stock moved. */
export async function returnStock(trx: Db, orderId: number): Promise<StockChange[]> {
  return releaseStock(trx, await orderStockLines(trx, orderId));
}

/** Step: the points the order used go back to the shopper, once (the ledger's source is the order). */
export async function returnPoints(trx: Db, orderId: number, at: number): Promise<void> {
  const { user_id: userId, points_used: points } = await orderPointsUsed(trx, orderId);
  if (points <= 0) return;
  await creditPoints(trx, { userId, points, reason: 'order_cancelled', source: { type: 'order', id: orderId }, at });
}

/** Step: the coupon the order used is the shopper's again (one past its end shows as expired). */
export async function returnCoupon(trx: Db, orderId: number): Promise<void> {
  await releaseOrderCoupon(trx, orderId);
}

/** The whole cancellation within `trx`: the steps in the lock order (the order, its SKUs by id, its coupon, the shopper). */
export async function cancelUnpaidOrder(
  trx: Db,
  order: UnpaidOrder,
  move: { actor: OrderActor; reason: string; at: number },
): Promise<StockChange[]> {
  await markCancelled(trx, order, move.actor, move.reason, move.at);
  const changes = await returnStock(trx, order.id);
  await returnCoupon(trx, order.id);
  await returnPoints(trx, order.id, move.at);
  return changes;
}

type Deps = {
  db: Db;
  orders: OrderService;
  clock?: () => number;
  /** called after a commit that moved these goods' stock (the catalogue drops its cached copies) */
  onStockChange?: (changes: StockChange[]) => Promise<void> | void;
};

export function createOrderCancellation({ db, orders, clock = Date.now, onStockChange }: Deps) {
  const stockChanged = async (changes: StockChange[]) => {
    if (changes.length && onStockChange) await onStockChange(changes);
  };

  /** One expired order, unless a payment is in flight; false when it was paid or cancelled meanwhile. */
  async function expire(order: UnpaidOrder, now: number, changes: StockChange[]): Promise<boolean> {
    if (await paymentInFlight(db, order.id, now - PAYMENT_IN_FLIGHT_MS)) return false;
    try {
      const move = { actor: 'system' as const, reason: 'Not paid in time', at: now };
      changes.push(...(await inTransaction(db, (trx) => cancelUnpaidOrder(trx, order, move))));
      return true;
    } catch (error) {
      // Paid or cancelled meanwhile (by the shopper, or another instance): nothing to do.
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  return {
    /** POST /shop/order/cancel: the shopper cancels their unpaid order. */
    async cancel(userId: number, id: number): Promise<TOrderDetail> {
      const order = await orders.find(userId, id);
      if (!order) throw AppError.notFound(ORDER_NOT_FOUND);
      const move = { actor: 'shopper' as const, reason: 'Cancelled by the shopper', at: clock() };
      await stockChanged(await inTransaction(db, (trx) => cancelUnpaidOrder(trx, order, move)));
      return orders.detail(userId, id);
    },

    /** Staff cancel an unpaid order with a reason (POST /admin/order/cancel): the same steps, audited in their transaction. */
    async staffCancel(staffId: number, order: UnpaidOrder, reason: string): Promise<void> {
      const at = clock();
      const changes = await inTransaction(db, async (trx) => {
        const moved = await cancelUnpaidOrder(trx, order, { actor: `staff:${staffId}`, reason, at });
        await recordAudit(trx, {
          staffId,
          action: 'order.cancel',
          object: { type: 'order', id: order.id },
          before: { status: order.status },
          after: { status: OrderStatus.Cancelled },
          reason,
          at,
        });
        return moved;
      });
      await stockChanged(changes);
    },

    /**
     * Cancels every unpaid order whose time to pay ran out before `now`. Safe to run on several
     * instances at once: each order's move is conditional, so it is cancelled once. An order with
     * a payment in flight is left for the next pass.
     */
    async expireUnpaid(now: number): Promise<number> {
      let cancelled = 0;
      const seen = new Set<number>();
      for (;;) {
        const batch = (await expiredUnpaidOrders(db, now, JOB_BATCH)).filter((row) => !seen.has(row.id));
        if (batch.length === 0) return cancelled;
        const changes: StockChange[] = [];
        for (const order of batch) {
          seen.add(order.id);
          if (await expire(order, now, changes)) cancelled += 1;
        }
        await stockChanged(changes);
      }
    },
  };
}

export type OrderCancellation = ReturnType<typeof createOrderCancellation>;

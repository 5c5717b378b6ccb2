import { OrderStatus, type TOrderStatus } from '@shop/contracts/orders';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { OrdersTable } from '../../db/schema';
import { AppError } from '../../http/errors';

/**
 * The order's state machine (spec 4 status codes). Every status change goes through `moveOrder`:
 * it checks the move is legal, changes the row only if it is still in the status it was read in
 * (so of two concurrent moves exactly one wins), and writes the history row, in the caller's
 * transaction.
 */

export type OrderAction = 'pay' | 'cancel' | 'ship' | 'receive' | 'review' | 'refund';

/** Each action's legal moves: from → to. */
export const ORDER_MOVES: Record<OrderAction, Partial<Record<TOrderStatus, TOrderStatus>>> = {
  pay: { [OrderStatus.PendingPayment]: OrderStatus.PendingShipment },
  cancel: { [OrderStatus.PendingPayment]: OrderStatus.Cancelled },
  ship: { [OrderStatus.PendingShipment]: OrderStatus.Shipped },
  receive: { [OrderStatus.Shipped]: OrderStatus.Completed },
  review: { [OrderStatus.Completed]: OrderStatus.CompletedEvaluated },
  refund: {
    [OrderStatus.PendingShipment]: OrderStatus.Refunded,
    [OrderStatus.Shipped]: OrderStatus.Refunded,
    [OrderStatus.Completed]: OrderStatus.Refunded,
    [OrderStatus.CompletedEvaluated]: OrderStatus.Refunded,
  },
};

const VERB: Record<OrderAction, string> = {
  pay: 'paid',
  cancel: 'cancelled',
  ship: 'shipped',
  receive: 'received',
  review: 'reviewed',
  refund: 'refunded',
};

const WHERE_IT_IS: Record<TOrderStatus, string> = {
  1: 'it is waiting for payment',
  2: 'it has been paid and is waiting to be shipped',
  3: 'it has been shipped',
  4: 'it has been completed',
  5: 'it has been completed',
  6: 'it has been cancelled',
  7: 'it has been refunded',
};

/** The target status of `action` from `status`, or undefined when the move is not allowed. */
export const nextStatus = (status: number, action: OrderAction): TOrderStatus | undefined =>
  ORDER_MOVES[action][status as TOrderStatus];

export const canMove = (status: number, action: OrderAction) => nextStatus(status, action) !== undefined;

/** 'This order cannot be cancelled: it has been shipped'. */
export function illegalMoveMessage(status: number, action: OrderAction): string {
  const where = WHERE_IT_IS[status as TOrderStatus] ?? 'its status does not allow it';
  return `This order cannot be ${VERB[action]}: ${where}`;
}

/** Who moved an order, as the history records it: 'shopper', 'payment', 'system' or 'staff:<id>'. */
export type OrderActor = 'shopper' | 'payment' | 'system' | `staff:${number}`;

/** The first row of a new order's history, within the transaction that placed it: into Pending Payment. */
export async function recordPlaced(trx: Db, orderId: number, move: { actor: OrderActor; at: number }): Promise<void> {
  await trx
    .insertInto('order_status_history')
    .values({
      order_id: orderId,
      from_status: null,
      to_status: OrderStatus.PendingPayment,
      actor: move.actor,
      note: 'Order placed',
      created_at: move.at,
    })
    .execute();
}

/**
 * Within a payment attempt's claim: holds the order's row while it still waits for payment, so the
 * claim queues behind a payment or a cancellation completing at the same time. Throws the 400 of
 * an illegal 'pay' when the order has left Pending Payment.
 */
export async function holdForPayment(trx: Db, orderId: number, at: number): Promise<void> {
  const held = await trx
    .updateTable('orders')
    .set({ updated_at: at })
    .where('id', '=', orderId)
    .where('status', '=', OrderStatus.PendingPayment)
    .executeTakeFirst();
  if (Number(held.numUpdatedRows) === 1) return;
  const now = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
  throw AppError.field('id', illegalMoveMessage(now.status, 'pay'));
}

/**
 * Moves an order by `action` within `trx`: legal from `from` only, and only if the row is still
 * in `from`. `changes` are written in the same update (paid_at, tracking, …). Throws a 400 with
 * the reason when the move is illegal or another change got there first.
 */
export async function moveOrder(
  trx: Db,
  order: { id: number; status: number },
  action: OrderAction,
  move: { actor: OrderActor; at: number; note?: string; changes?: Updateable<OrdersTable> },
): Promise<TOrderStatus> {
  const to = nextStatus(order.status, action);
  if (to === undefined) throw AppError.field('id', illegalMoveMessage(order.status, action));
  const updated = await trx
    .updateTable('orders')
    .set({ ...move.changes, status: to, updated_at: move.at })
    .where('id', '=', order.id)
    .where('status', '=', order.status)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    // Someone else moved it since it was read: report where it is now.
    const now = await trx.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirst();
    throw AppError.field('id', illegalMoveMessage(now?.status ?? order.status, action));
  }
  await trx
    .insertInto('order_status_history')
    .values({
      order_id: order.id,
      from_status: order.status,
      to_status: to,
      actor: move.actor,
      note: move.note ?? '',
      created_at: move.at,
    })
    .execute();
  return to;
}

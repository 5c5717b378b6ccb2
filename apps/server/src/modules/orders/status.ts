import { ORDER_STATUS_EVENTS } from '@shop/contracts/events';
import { illegalMoveMessage, nextOrderStatus, type OrderAction } from '@shop/contracts/order-states';
import { OrderStatus, type TOrderStatus } from '@shop/contracts/orders';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { OrdersTable } from '../../db/schema';
import { AppError } from '../../http/errors';
import { emit } from '../../infra/events';

export { illegalMoveMessage, type OrderAction };

/**
 * The order's state machine (spec 4 status codes; its table lives in `@shop/contracts/order-states`).
 * Every status change goes through `moveOrder`: it checks the move is legal, changes the row only
 * if it is still in the status it was read in (so of two concurrent moves exactly one wins), and
 * writes the history row, in the caller's transaction.
 */

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
  const to = nextOrderStatus(order.status, action);
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
  for (const type of ORDER_STATUS_EVENTS[to])
    await emit(trx, type, { order_id: order.id, from_status: order.status, to_status: to, actor: move.actor }, move.at);
  return to;
}

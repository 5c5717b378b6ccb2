import { OrderStatus } from '@shop/contracts/orders';
import type { Db } from '../../db/database';
import { trackingUrlOf } from './presenter';
import { ordersRepo } from './repo';

/**
 * The orders module's part of returns and refunds (decision 0047): the order and its lines as a
 * request reads them, and what was refunded, kept on the order (money and the goods' share) and on
 * each line (units, never more than bought: a conditional update).
 */

/** An order with its lines, only the shopper's when `userId` is given. */
export async function orderForReturns(db: Db, orderId: number, userId?: number) {
  const repo = ordersRepo(db);
  const order = await repo.find(orderId, userId);
  if (!order) return undefined;
  return { order, items: (await repo.itemsOf([order.id])).get(order.id) ?? [] };
}

/** The shopper's orders that a request may concern (paid and not refunded or cancelled), newest first. */
export function ordersForReturns(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', [
      OrderStatus.PendingShipment,
      OrderStatus.Shipped,
      OrderStatus.Completed,
      OrderStatus.CompletedEvaluated,
    ])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function linesOfOrders(db: Db, orderIds: number[]) {
  return ordersRepo(db).itemsOf(orderIds);
}

/** Order numbers and shoppers, by order id (lists of requests). */
export async function orderNumbers(db: Db, orderIds: number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.selectFrom('orders').select(['id', 'order_no']).where('id', 'in', orderIds).execute();
  return new Map(rows.map((row) => [row.id, row.order_no]));
}

/** Order ids by number (the staff search). */
export async function orderIdsByNumber(db: Db, orderNo: string): Promise<number[]> {
  const rows = await db.selectFrom('orders').select('id').where('order_no', '=', orderNo).execute();
  return rows.map((row) => row.id);
}

/**
 * Step: records a refund on the order and its lines, in the caller's transaction. Each line's
 * refunded units grow only while they stay within what was bought; answers whether every unit of
 * the order is now refunded (the order then moves to Refunded).
 */
export async function recordRefund(
  trx: Db,
  refund: { orderId: number; amount: number; goods: number; units: ReadonlyMap<number, number> },
): Promise<boolean> {
  await trx
    .updateTable('orders')
    .set((eb) => ({
      refunded_amount: eb('refunded_amount', '+', refund.amount),
      refunded_goods: eb('refunded_goods', '+', refund.goods),
    }))
    .where('id', '=', refund.orderId)
    .execute();
  for (const [lineId, units] of refund.units) {
    if (units <= 0) continue;
    const updated = await trx
      .updateTable('order_items')
      .set((eb) => ({ refunded_num: eb('refunded_num', '+', units) }))
      .where('id', '=', lineId)
      .where('order_id', '=', refund.orderId)
      .where((eb) => eb(eb('refunded_num', '+', units), '<=', eb.ref('num')))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new Error(`line ${lineId} cannot take ${units} more refunded units`);
  }
  const left = await trx
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', refund.orderId)
    .whereRef('refunded_num', '<', 'num')
    .executeTakeFirst();
  return left === undefined;
}

/** A carrier by its code (enabled ones), or by id. */
export function carrierByCode(db: Db, code: string) {
  return ordersRepo(db).companyByCode(code);
}

export async function carrierView(db: Db, id: number | null, trackingNo: string | null) {
  if (id === null || trackingNo === null) return null;
  const company = await ordersRepo(db).company(id);
  if (!company) return null;
  return {
    company_code: company.code,
    company: company.name,
    tracking_no: trackingNo,
    tracking_url: trackingUrlOf(company, trackingNo),
  };
}

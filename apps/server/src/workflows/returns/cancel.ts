import { OfficeOrderMessages } from '@shop/contracts/office-order-rules';
import { OrderStatus, orderStatusLabel } from '@shop/contracts/orders-rules';
import { ReturnMessages, ReturnStatus } from '@shop/contracts/returns';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { recordAudit } from '../../modules/audit';
import { releaseStock, type StockChange } from '../../modules/catalog';
import { moveOrder, type OrderActor } from '../../modules/orders';
import { findRefund } from '../../modules/payments';
import { returnRequests } from '../../modules/returns';
import { type Loaded, type ReturnsDeps, stockChanged } from './context';
import { openReturnRefund } from './refund';
import { payRefund } from './settle-refund';
import { insertRequest, loadHeldOrder, quoteOf } from './steps';
import { allUnits } from './units';

/**
 * A paid order not yet shipped, cancelled whole — by the shopper (a refund request before
 * shipping) or by staff — and its whole amount refunded at once.
 */

/**
 * Step: a paid order not yet shipped is cancelled whole, in `trx` holding the order: a refund
 * request for every unit (on the shopper's behalf when staff cancel it), the order Refunded, its
 * pieces back on the shelf and its refund opened (pending) — all in the one transaction, so a
 * crash after it leaves a refund the reconcile job settles, never a cancelled order unpaid back.
 * Once, since the order's move is conditional.
 */
export async function cancelBeforeShipping(
  deps: ReturnsDeps,
  trx: Db,
  loaded: Loaded,
  request: { actor: OrderActor; reason: string; description: string; photos: string[]; at: number },
): Promise<{ returnId: number; refundId: number; changes: StockChange[] }> {
  const take = allUnits(loaded);
  if (!loaded.items.every((item) => (take.get(item.id)?.length ?? 0) === item.num))
    throw AppError.field('items', ReturnMessages.beforeShipping);
  const quote = await quoteOf(trx, loaded, 'refund', take, { cancelsOrder: true });
  const returnId = await insertRequest(trx, loaded, {
    userId: loaded.order.user_id,
    kind: 'refund',
    status: ReturnStatus.Requested,
    cancelsOrder: true,
    reason: request.reason,
    description: request.description,
    photos: request.photos,
    exchangeSkuId: null,
    take,
    quote,
    at: request.at,
    actor: request.actor,
  });
  // nothing has left the warehouse: the order is cancelled and its pieces go back on the shelf
  await moveOrder(trx, loaded.order, 'refund', {
    actor: request.actor,
    at: request.at,
    note: `Cancelled before shipping: ${request.reason}`,
    changes: { cancelled_at: request.at, cancel_reason: request.reason },
  });
  const changes = await releaseStock(
    trx,
    loaded.items.map((item) => ({ sku_id: item.sku_id, goods_id: item.goods_id, num: item.num })),
  );
  const row = await returnRequests(trx).find(returnId);
  if (!row) throw AppError.notFound(ReturnMessages.requestNotFound);
  const refundId = await openReturnRefund(deps, trx, row, request.actor, request.at);
  return { returnId, refundId, changes };
}

/** Pays a cancelled order's opened refund: asks the provider and settles the answer once; answers the refund as settled. */
export async function refundCancelled(deps: ReturnsDeps, refundId: number, staffId: number | null) {
  const pending = await findRefund(deps.db, refundId);
  return pending ? payRefund(deps, pending, staffId) : undefined;
}

/**
 * Staff cancel a paid order not yet shipped (POST /admin/order/cancel): the same as the
 * shopper's cancellation before shipping — a refund request for every unit, the order
 * Refunded, stock, coupon and points back, the whole amount refunded once — with the staff
 * member as actor, their reason and an audit entry. Answers the refund as settled.
 */
export async function staffCancel(deps: ReturnsDeps, staffId: number, orderId: number, reason: string) {
  const at = deps.clock();
  const actor: OrderActor = `staff:${staffId}`;
  const { refundId, changes } = await inTransaction(deps.db, async (trx) => {
    const loaded = await loadHeldOrder(trx, orderId, at);
    if (loaded.order.status !== OrderStatus.PendingShipment)
      throw AppError.field('id', OfficeOrderMessages.notCancellable(orderStatusLabel(loaded.order.status)));
    const cancelled = await cancelBeforeShipping(deps, trx, loaded, { actor, reason, description: '', photos: [], at });
    await recordAudit(trx, {
      staffId,
      action: 'order.cancel',
      object: { type: 'order', id: orderId },
      before: { status: loaded.order.status },
      after: { status: OrderStatus.Refunded, return_id: cancelled.returnId },
      reason,
      at,
    });
    return cancelled;
  });
  await stockChanged(deps, changes);
  return refundCancelled(deps, refundId, staffId);
}

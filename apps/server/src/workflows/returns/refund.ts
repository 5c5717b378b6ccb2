import {
  illegalReturnMoveMessage,
  nextReturnStatus,
  type ReturnKind,
  ReturnMessages,
  type TAdminReturnDetail,
} from '@shop/contracts/returns';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { openRefund, pendingRefunds, refundAttempts } from '../../modules/payments';
import { type ReturnRow, returnRequests } from '../../modules/returns';
import { loadOrder, type ReturnsDeps } from './context';
import { payRefund, refundById } from './settle-refund';
import { adminDetail } from './staff-views';
import { holdRequest, noOrderRefundInFlight, quoteOf } from './steps';

/**
 * A request's money paid back (a return received, or a refund without a return): the refund is
 * written pending with its idempotency key, the provider asked outside the transaction, and the
 * answer settled once. One refund per request pending or done, one refund in flight per order.
 */

/** A refund pending this long is asked about again (a crash between asking and settling). */
export const REFUND_RECONCILE_AFTER_MS = 60_000;

/**
 * Step 1 of a refund, in `trx` holding the order: the request may be refunded now, nothing else
 * of the order is in flight; the quote is worked out and stored, the refund written pending.
 */
export async function openReturnRefund(deps: ReturnsDeps, trx: Db, row: ReturnRow, actor: string, at: number): Promise<number> {
  const repo = returnRequests(trx);
  if (nextReturnStatus(row.kind as ReturnKind, row.status, 'refund') === undefined)
    throw AppError.field('id', illegalReturnMoveMessage(row.kind as ReturnKind, row.status, 'refund'));
  const loaded = await loadOrder(trx, row.order_id);
  const units = await repo.unitsOf(row.id);
  const quote = await quoteOf(trx, loaded, row.kind as ReturnKind, units, { cancelsOrder: row.cancels_order === 1 });
  await noOrderRefundInFlight(trx, row.order_id, 'id');
  await repo.update(row.id, { quote_json: JSON.stringify(quote), amount: quote.amount, updated_at: at });
  const attempt = (await refundAttempts(trx, row.id)) + 1;
  const refundId = await openRefund(trx, {
    orderId: row.order_id,
    returnId: row.id,
    amount: quote.amount,
    goodsAmount: Math.min(quote.goods_refund, quote.amount),
    reason: `${row.return_no}: ${row.reason}`,
    key: `return:${row.id}:${attempt}`,
    provider: deps.provider.name,
    actor,
    at,
  });
  if (refundId === undefined) throw AppError.field('id', ReturnMessages.refundInFlight);
  return refundId;
}

/**
 * Staff pay the request's money back (a return received, or a refund without a return): the
 * refund opened in one transaction holding its order, then paid; a refused payment is a 422 with
 * the provider's words.
 */
export async function refund(deps: ReturnsDeps, staffId: number, id: number): Promise<TAdminReturnDetail> {
  const at = deps.clock();
  const refundId = await inTransaction(deps.db, async (trx) => {
    const row = await holdRequest(trx, id, at);
    return openReturnRefund(deps, trx, row, `staff:${staffId}`, at);
  });
  const settled = await payRefund(deps, await refundById(deps.db, refundId), staffId);
  if (settled.status === 'failed') throw new AppError('unprocessable', ReturnMessages.refundFailed(settled.message));
  return adminDetail(deps.db, id);
}

/** Settles refunds left pending by a crash, asking the provider again with the same key; answers how many. */
export async function reconcileRefunds(deps: ReturnsDeps, now: number): Promise<number> {
  const pending = await pendingRefunds(deps.db, now - REFUND_RECONCILE_AFTER_MS, 100);
  for (const refund of pending) {
    const staffId = refund.actor.startsWith('staff:') ? Number(refund.actor.slice(6)) : null;
    await payRefund(deps, refund, staffId);
  }
  return pending.length;
}

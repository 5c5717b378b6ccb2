import { OrderStatus } from '@shop/contracts/orders-rules';
import { goodsPaidCents } from '@shop/contracts/points-rules';
import { centsToAmount } from '@shop/contracts/pricing';
import { ReturnMessages } from '@shop/contracts/returns';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { emit } from '../../infra/events';
import { recordAudit } from '../../modules/audit';
import { releaseOrderCoupon } from '../../modules/coupons';
import { holdOrder, moveOrder, type OrderActor, recordRefund } from '../../modules/orders';
import { askProvider, findRefund, type RefundResult, type RefundRow, settleRefund } from '../../modules/payments';
import { type ReturnRow, returnRequests, storedQuote } from '../../modules/returns';
import { reviewsOfLines } from '../../modules/reviews';
import { returnRefundedPoints, reverseOrderPoints, withdrawReviewPoints } from '../../modules/users';
import { type Loaded, loadOrder, type ReturnsDeps, type Take } from './context';

/**
 * Paying money back, after the refund was written pending: the provider is asked outside any
 * transaction, and its answer is settled once (a crash in between is settled by the reconcile job
 * with the same key).
 */

/** The refund as stored now; a refund opened by this process is never missing. */
export async function refundById(db: Db, refundId: number): Promise<RefundRow> {
  const refund = await findRefund(db, refundId);
  if (!refund) throw new Error(`refund ${refundId} vanished`);
  return refund;
}

/**
 * A return request whose refund the provider made: refunded, with its points returned, the review
 * points of each line now refunded in full taken back, and `return.refunded`.
 */
async function markReturnRefunded(
  trx: Db,
  refund: {
    row: ReturnRow;
    refundId: number;
    amount: number;
    /** the order after the refund was recorded */
    loaded: Loaded;
    units: Take;
    staffId: number | null;
  },
  at: number,
) {
  const { row, loaded, staffId } = refund;
  const { order } = loaded;
  await returnRequests(trx).move(row, 'refund', {
    actor: staffId === null ? (row.cancels_order ? 'shopper' : 'system') : `staff:${staffId}`,
    at,
    note: `$${centsToAmount(refund.amount)} refunded to the card`,
    changes: { refunded_at: at, amount: refund.amount },
  });
  const points = storedQuote(row).points_returned;
  await returnRefundedPoints(trx, { userId: order.user_id, orderId: order.id, refundId: refund.refundId, points, at });
  const whole = loaded.items.filter((item) => refund.units.has(item.id) && item.refunded_num >= item.num).map((item) => item.id);
  for (const review of await reviewsOfLines(trx, whole))
    await withdrawReviewPoints(trx, { userId: review.user_id, reviewId: review.id, at, why: 'review_refunded' });
  await emit(trx, 'return.refunded', { return_id: row.id, order_id: order.id, user_id: order.user_id }, at);
}

/**
 * The provider's answer, settled once. On success the order and its lines record it, the request
 * is refunded, points move, the coupon comes back when nothing of the order is left (and the
 * order is Refunded), and a fully refunded reviewed line loses its review's points. On failure the
 * request stays where it was, with the provider's message.
 */
export async function finishRefund(
  deps: ReturnsDeps,
  refundId: number,
  result: RefundResult,
  staffId: number | null,
): Promise<RefundRow> {
  const at = deps.clock();
  await inTransaction(deps.db, async (trx) => {
    const pending = await findRefund(trx, refundId);
    if (!pending) return;
    await holdOrder(trx, pending.order_id, at);
    if (!(await settleRefund(trx, refundId, result, at))) return;
    const actor: OrderActor = staffId === null ? 'system' : `staff:${staffId}`;
    const row = pending.return_id === null ? undefined : await returnRequests(trx).find(pending.return_id);
    if (!result.ok) {
      if (row) await returnRequests(trx).event(row.id, row.status, actor, ReturnMessages.refundFailed(result.message), at);
      return;
    }
    const units = row ? await returnRequests(trx).unitsOf(row.id) : new Map<number, number[]>();
    const fully = await recordRefund(trx, {
      orderId: pending.order_id,
      amount: pending.amount,
      goods: pending.goods_amount,
      units: new Map([...units].map(([lineId, indices]) => [lineId, indices.length])),
    });
    const loaded = await loadOrder(trx, pending.order_id);
    const { order } = loaded;
    if (row) await markReturnRefunded(trx, { row, refundId, amount: pending.amount, loaded, units, staffId }, at);
    await reverseOrderPoints(trx, {
      userId: order.user_id,
      orderId: order.id,
      refundId,
      refundedTotal: order.refunded_goods,
      goodsPaid: goodsPaidCents(order),
      at,
    });
    if (fully) {
      await releaseOrderCoupon(trx, order.id);
      if (order.status !== OrderStatus.Refunded)
        await moveOrder(trx, order, 'refund', { actor, at, note: 'Every item refunded' });
    }
    if (staffId !== null) {
      await recordAudit(trx, {
        staffId,
        action: row ? 'return.refund' : 'order.refund',
        object: row ? { type: 'return', id: row.id } : { type: 'order', id: order.id },
        after: { amount: centsToAmount(pending.amount), order_refunded: centsToAmount(order.refunded_amount) },
        reason: pending.reason,
        at,
      });
    }
  });
  return refundById(deps.db, refundId);
}

/** Asks the provider to pay a pending refund (with its key, so asking twice pays once) and settles the answer. */
export async function payRefund(deps: ReturnsDeps, refund: RefundRow, staffId: number | null): Promise<RefundRow> {
  return finishRefund(deps, refund.id, await askProvider(deps.db, deps.provider, refund), staffId);
}

import { OrderStatus } from '@shop/contracts/orders-rules';
import { centsToAmount, priceToCents } from '@shop/contracts/pricing';
import { ReturnMessages, type TAdminAdhocRefundRequest } from '@shop/contracts/returns';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { findRefundByKey, openRefund, presentRefund } from '../../modules/payments';
import type { ReturnsDeps } from './context';
import { payRefund, refundById } from './settle-refund';
import { loadHeldOrder, noOrderRefundInFlight } from './steps';

/** The statuses of an order that was paid for. */
const PAID: number[] = [
  OrderStatus.PendingShipment,
  OrderStatus.Shipped,
  OrderStatus.Completed,
  OrderStatus.CompletedEvaluated,
  OrderStatus.Refunded,
];

/**
 * Money back on any paid order, with a reason, once per request id (the key of its refund):
 * neither lines nor stock move, and never more than is left of what the order paid.
 */
export async function adhocRefund(deps: ReturnsDeps, staffId: number, input: Required<TAdminAdhocRefundRequest>) {
  const { db } = deps;
  const at = deps.clock();
  const key = `adhoc:${input.order_id}:${input.request_id}`;
  const amount = priceToCents(input.amount);
  const existing = await findRefundByKey(db, key);
  const refundId =
    existing?.id ??
    (await inTransaction(db, async (trx) => {
      const { order } = await loadHeldOrder(trx, input.order_id, at);
      if (!PAID.includes(order.status) || order.paid_at === null) throw AppError.field('order_id', ReturnMessages.adhocUnpaid);
      const left = order.pay_price - order.refunded_amount;
      if (amount > left) throw AppError.field('amount', ReturnMessages.adhocTooMuch(`$${centsToAmount(Math.max(0, left))}`));
      await noOrderRefundInFlight(trx, order.id, 'order_id');
      const opened = await openRefund(trx, {
        orderId: order.id,
        returnId: null,
        amount,
        goodsAmount: 0,
        reason: input.reason,
        key,
        provider: deps.provider.name,
        actor: `staff:${staffId}`,
        at,
      });
      if (opened === undefined) throw AppError.field('request_id', ReturnMessages.refundInFlight);
      return opened;
    }));
  let refund = existing ?? (await refundById(db, refundId));
  if (refund.status === 'pending') refund = await payRefund(deps, refund, staffId);
  if (refund.status === 'failed') throw new AppError('unprocessable', ReturnMessages.refundFailed(refund.message));
  return presentRefund(refund);
}

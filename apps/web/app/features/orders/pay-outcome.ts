import type { TOrderDetail } from '@shop/contracts/orders';
import { OrderStatus } from '@shop/contracts/orders-rules';

/**
 * What the payment success page says of an order, from where the order is now: it is reached right
 * after paying, but also later from a bookmark or the history, when the order may have moved on.
 */
export type PayOutcome = {
  /** paid and going ahead: the check mark, "Amount paid" and "View order" */
  paid: boolean;
  /** paid once, then cancelled or refunded */
  undone: boolean;
  heading: string;
  note: string;
};

export function payOutcome(order: Pick<TOrderDetail, 'status' | 'paid_at'>): PayOutcome {
  if (order.paid_at === null || order.status === OrderStatus.PendingPayment)
    return { paid: false, undone: false, heading: 'This order is waiting for payment', note: 'It has not been paid yet.' };
  switch (order.status) {
    case OrderStatus.Cancelled:
      return {
        paid: false,
        undone: true,
        heading: 'This order was cancelled',
        note: 'It was cancelled after payment. Its refund is on the order’s page.',
      };
    case OrderStatus.Refunded:
      return { paid: false, undone: true, heading: 'This order was refunded', note: 'Its refund is on the order’s page.' };
    case OrderStatus.Shipped:
      return { paid: true, undone: false, heading: 'Payment successful', note: 'Thank you for your order. It is on its way.' };
    case OrderStatus.Completed:
    case OrderStatus.CompletedEvaluated:
      return {
        paid: true,
        undone: false,
        heading: 'Payment successful',
        note: 'Thank you for your order. It has been delivered.',
      };
    default:
      return {
        paid: true,
        undone: false,
        heading: 'Payment successful',
        note: 'Thank you for your order. We are preparing it for shipping.',
      };
  }
}

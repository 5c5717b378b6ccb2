import { OrderStatus, orderStatusLabel } from '@shop/contracts/orders-rules';
import { ReturnMessages } from '@shop/contracts/returns';
import type { OrderRow } from './context';

export const DAY_MS = 86_400_000;

/** What an order allows: cancelled before shipping, refunded while on its way, returned once delivered. */
export type Mode = 'cancel' | 'refund' | 'return';

/** What may be asked of an order now, or why nothing may. */
export function modeOf(
  order: Pick<OrderRow, 'status' | 'completed_at' | 'updated_at'>,
  now: number,
  windowDays: number,
): { mode: Mode } | { error: string } {
  switch (order.status) {
    case OrderStatus.PendingShipment:
      return { mode: 'cancel' };
    case OrderStatus.Shipped:
      return { mode: 'refund' };
    case OrderStatus.Completed:
    case OrderStatus.CompletedEvaluated: {
      const delivered = order.completed_at ?? order.updated_at;
      return now <= delivered + windowDays * DAY_MS ? { mode: 'return' } : { error: ReturnMessages.windowClosed(windowDays) };
    }
    default:
      return { error: `${ReturnMessages.notReturnable}: it is ${orderStatusLabel(order.status).toLowerCase()}` };
  }
}

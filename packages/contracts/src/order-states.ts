import { OrderStatus } from './constants';
import type { TOrderStatus } from './orders-rules';

/**
 * The order's state machine (spec 4 status codes), shared by the server, which moves orders by it
 * (`moveOrder`), and by everything that says what may be done with an order: each action's legal
 * moves, and the flags every order carries on the wire (`can_pay`, `can_cancel`, …, and the staff
 * list's `can_ship`). The web shows an order's actions from those flags and never works them out
 * from a status itself. No zod here.
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

/** The statuses whose parcel has left the warehouse, so its journey can be followed. */
export const ORDER_TRACKABLE_STATUSES: ReadonlySet<number> = new Set<TOrderStatus>([
  OrderStatus.Shipped,
  OrderStatus.Completed,
  OrderStatus.CompletedEvaluated,
]);

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
export const nextOrderStatus = (status: number, action: OrderAction): TOrderStatus | undefined =>
  ORDER_MOVES[action][status as TOrderStatus];

export const orderCanMove = (status: number, action: OrderAction) => nextOrderStatus(status, action) !== undefined;

/** 'This order cannot be cancelled: it has been shipped'. */
export function illegalMoveMessage(status: number, action: OrderAction): string {
  const where = WHERE_IT_IS[status as TOrderStatus] ?? 'its status does not allow it';
  return `This order cannot be ${VERB[action]}: ${where}`;
}

/** The shopper's flags on every order the API answers (list, detail, tracking), 1 when allowed now. */
export const ORDER_FLAG_NAMES = ['can_pay', 'can_cancel', 'can_receive', 'can_track', 'can_review', 'can_return'] as const;
export type TOrderFlags = Record<(typeof ORDER_FLAG_NAMES)[number], 0 | 1>;

const flag = (allowed: boolean): 0 | 1 => (allowed ? 1 : 0);

/**
 * What the shopper may do with `order` at `now`: pay (until the time to pay runs out) and cancel
 * while it waits for payment, confirm receipt once shipped, follow the parcel once it has left,
 * review its items once delivered until every item has its review (then it is Completed, reviewed),
 * and open the return form once paid while the order may still be refunded (the form itself says
 * when nothing can be asked now: the window has closed, every item is in a request; decision 0049).
 */
export function orderFlags(order: { status: number; pay_expires_at: number }, now: number): TOrderFlags {
  return {
    can_pay: flag(orderCanMove(order.status, 'pay') && order.pay_expires_at > now),
    can_cancel: flag(orderCanMove(order.status, 'cancel')),
    can_receive: flag(orderCanMove(order.status, 'receive')),
    can_track: flag(ORDER_TRACKABLE_STATUSES.has(order.status)),
    can_review: flag(orderCanMove(order.status, 'review')),
    can_return: flag(orderCanMove(order.status, 'refund')),
  };
}

/** The staff's flags on the back office's orders, on top of the shopper's, 1 when allowed now. */
export const STAFF_ORDER_FLAG_NAMES = ['can_ship'] as const;
export type TStaffOrderFlags = Record<(typeof STAFF_ORDER_FLAG_NAMES)[number], 0 | 1>;

/**
 * What the order's state lets staff do with it (their role's permissions still apply): ship it
 * once it is paid and still waits for its parcel to leave.
 */
export function staffOrderFlags(order: { status: number }): TStaffOrderFlags {
  return { can_ship: flag(orderCanMove(order.status, 'ship')) };
}

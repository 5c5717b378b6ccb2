/**
 * Returns, refunds and exchanges (issue "after the order", decision 0047) without zod, so the
 * account pages carry no schema code (returns.ts has the schemas). The states, the reasons, the
 * shares of money and the texts are named once here, read by the server and the pages alike.
 */

/** The days after delivery in which an order may be returned, unless the shop's setting says otherwise. */
export { RETURN_WINDOW_DAYS } from './points-rules';

/** What a request asks for: money without sending anything back, money for a parcel, or another size or colour. */
export const RETURN_KINDS = ['refund', 'return', 'exchange'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

export const RETURN_KIND_LABELS: Record<ReturnKind, string> = {
  refund: 'Refund',
  return: 'Return and refund',
  exchange: 'Exchange',
};

/** Why the shopper sends something back (spec: the return form's list). */
export const RETURN_REASONS = [
  'Too small',
  'Too large',
  'Not as described',
  'Arrived damaged',
  'Wrong item',
  'Changed my mind',
  'Other',
] as const;
/** A refund without a return also covers a parcel that never came. */
export const REFUND_REASONS = ['Never arrived', ...RETURN_REASONS] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** Reasons a member of staff gives for declining a request. */
export const RETURN_REJECT_REASONS = [
  'Outside the return window',
  'Item shows signs of wear or use',
  'Item is not in its original condition',
  'Final-sale item',
  'Photos do not show the problem described',
  'Other',
] as const;

/**
 * A request's states, with the code the list filters by. requested → approved (awaiting the parcel)
 * → parcel sent → received → refunded or exchanged; requested → rejected; withdrawn by the shopper
 * until the parcel is sent. A refund without a return goes from requested straight to refunded.
 */
export const ReturnStatus = {
  Requested: 1,
  Approved: 2,
  ParcelSent: 3,
  Received: 4,
  Refunded: 5,
  Exchanged: 6,
  Rejected: 7,
  Withdrawn: 8,
} as const;
export type TReturnStatus = (typeof ReturnStatus)[keyof typeof ReturnStatus];
export const RETURN_STATUS_CODES = Object.values(ReturnStatus) as TReturnStatus[];

export const RETURN_STATUS_LABELS: Record<TReturnStatus, string> = {
  1: 'Requested',
  2: 'Approved: waiting for your parcel',
  3: 'Parcel on its way back',
  4: 'Parcel received',
  5: 'Refunded',
  6: 'Exchanged',
  7: 'Declined',
  8: 'Withdrawn',
};

/** The states a request ends in. */
export const RETURN_CLOSED_STATUSES: ReadonlySet<number> = new Set([
  ReturnStatus.Refunded,
  ReturnStatus.Exchanged,
  ReturnStatus.Rejected,
  ReturnStatus.Withdrawn,
]);

export type ReturnAction = 'approve' | 'reject' | 'withdraw' | 'send' | 'receive' | 'refund' | 'exchange';

/** Each action's legal moves, by kind of request: from → to. */
export const RETURN_MOVES: Record<ReturnAction, Partial<Record<ReturnKind, Partial<Record<TReturnStatus, TReturnStatus>>>>> = {
  approve: {
    return: { 1: ReturnStatus.Approved },
    exchange: { 1: ReturnStatus.Approved },
  },
  reject: { refund: { 1: ReturnStatus.Rejected }, return: { 1: ReturnStatus.Rejected }, exchange: { 1: ReturnStatus.Rejected } },
  withdraw: {
    refund: { 1: ReturnStatus.Withdrawn },
    return: { 1: ReturnStatus.Withdrawn, 2: ReturnStatus.Withdrawn },
    exchange: { 1: ReturnStatus.Withdrawn, 2: ReturnStatus.Withdrawn },
  },
  send: { return: { 2: ReturnStatus.ParcelSent }, exchange: { 2: ReturnStatus.ParcelSent } },
  // a parcel may arrive before the shopper has told us it was sent
  receive: {
    return: { 2: ReturnStatus.Received, 3: ReturnStatus.Received },
    exchange: { 2: ReturnStatus.Received, 3: ReturnStatus.Received },
  },
  // a refund without a return is approved by refunding it
  refund: { refund: { 1: ReturnStatus.Refunded }, return: { 4: ReturnStatus.Refunded } },
  exchange: { exchange: { 4: ReturnStatus.Exchanged } },
};

export const nextReturnStatus = (kind: ReturnKind, status: number, action: ReturnAction): TReturnStatus | undefined =>
  RETURN_MOVES[action][kind]?.[status as TReturnStatus];

const VERB: Record<ReturnAction, string> = {
  approve: 'approved',
  reject: 'declined',
  withdraw: 'withdrawn',
  send: 'marked as sent',
  receive: 'marked as received',
  refund: 'refunded',
  exchange: 'exchanged',
};

/** 'This request cannot be withdrawn: it is Parcel on its way back'. */
export function illegalReturnMoveMessage(kind: ReturnKind, status: number, action: ReturnAction): string {
  const label = RETURN_STATUS_LABELS[status as TReturnStatus];
  if (action === 'refund' && kind === 'exchange') return 'An exchange is not refunded: its replacement is shipped';
  if (action === 'exchange' && kind !== 'exchange') return 'Only an exchange ships a replacement';
  if ((action === 'approve' || action === 'send' || action === 'receive') && kind === 'refund')
    return 'A refund without a return has no parcel: refund it or decline it';
  return `This request cannot be ${VERB[action]}: it is ${label ? label.toLowerCase() : 'in a state that does not allow it'}`;
}

/** What the shopper may do with a request now, 1 when allowed. */
export function returnFlags(request: { kind: ReturnKind; status: number }) {
  return {
    can_withdraw: nextReturnStatus(request.kind, request.status, 'withdraw') ? (1 as const) : (0 as const),
    can_send: nextReturnStatus(request.kind, request.status, 'send') ? (1 as const) : (0 as const),
  };
}

// ---------------------------------------------------------------- the money

/**
 * A line's amount split over its units by largest remainder, cumulatively: unit `j` (0-based) of
 * `units` holds floor(amount × (j + 1) / units) − floor(amount × j / units). Any set of units
 * therefore holds a fixed share, and all the units together hold exactly `amount` — returning an
 * order one unit at a time adds up to exactly the whole (decision 0047).
 */
export function unitShare(amount: number, units: number, unit: number): number {
  if (units <= 0) return 0;
  return Math.floor((amount * (unit + 1)) / units) - Math.floor((amount * unit) / units);
}

/** The share of `amount` held by the units at these indices. */
export const unitsShare = (amount: number, units: number, indices: readonly number[]): number =>
  indices.reduce((sum, unit) => sum + unitShare(amount, units, unit), 0);

export const ReturnMessages = {
  notFound: 'Order not found',
  requestNotFound: 'Return request not found',
  notEligible: 'This order cannot be returned: it has not been delivered',
  windowClosed: (days: number) => `This order's return window closed ${days} days after delivery`,
  notReturnable: 'This order cannot be refunded in its current status',
  beforeShipping: 'Before it ships, an order is cancelled and refunded as a whole',
  lineUnknown: 'order_item_id is not an item of this order',
  lineTwice: 'Each item may be listed once',
  tooMany: (left: number) =>
    left === 0 ? 'This item has already been returned in full' : `Only ${left} of this item can still be returned`,
  reason: 'Choose a reason',
  descriptionTooLong: 'The description may be at most 500 characters',
  imageUnknown: 'Photos must be uploaded first',
  tooManyImages: 'At most 6 photos',
  exchangeOneLine: 'An exchange swaps one item for another size or colour of it',
  exchangeSku: 'Choose another size or colour of the same product',
  exchangePrice: 'An exchange is for a size or colour at the same price: return this item and order the other',
  exchangeStock: 'That size or colour is out of stock',
  exchangeSkuRequired: 'Choose the size or colour you want instead',
  carrier: 'Choose the carrier',
  trackingNo: 'Enter the tracking number (4 to 40 letters, digits or dashes)',
  rejectReason: 'Choose a reason for declining',
  refundFailed: (message: string) => `The payment provider did not refund: ${message}`,
  refundInFlight: 'This refund is already being processed',
  adhocTooMuch: (left: string) => `At most ${left} of this order can still be refunded`,
  adhocReason: 'Give the reason for the refund (2 to 200 characters)',
  adhocUnpaid: 'This order has not been paid, so there is nothing to refund',
} as const;

export const RETURN_DESCRIPTION_MAX = 500;
export const RETURN_IMAGES_MAX = 6;
export const RETURN_PAGE_SIZE_DEFAULT = 10;
export const RETURN_PAGE_SIZE_MAX = 50;

/** The account pages of returns (spec 2). */
export const ReturnPages = {
  list: '/ShoppingListMain/ReturnExchange',
  form: (orderId: number) => `/ShoppingListMain/ReturnExchangeOne?id=${orderId}`,
  details: (id: number) => `/ShoppingListMain/ReturnExchangeDetails?id=${id}`,
  waiting: (id: number) => `/ShoppingListMain/WaitingReturn?id=${id}`,
} as const;

/** The API's paths (spec 7 "Orders" and the shop's own). */
export const ReturnPaths = {
  refund: '/shop/orderRefund/refund',
  refundReturn: '/shop/orderRefund/refundReturn',
  detail: '/shop/orderRefund/detail',
  list: '/shop/orderRefund/list',
  quote: '/shop/orderRefund/quote',
  orders: '/shop/orderRefund/orders',
  order: '/shop/orderRefund/order',
  withdraw: '/shop/orderRefund/withdraw',
  parcel: '/shop/orderRefund/parcel',
  adminList: '/admin/returns/list',
  adminDetail: '/admin/returns/detail',
  adminApprove: '/admin/returns/approve',
  adminReject: '/admin/returns/reject',
  adminReceive: '/admin/returns/receive',
  adminRefund: '/admin/returns/refund',
  adminShip: '/admin/returns/ship',
  adminOrderRefund: '/admin/order/refund',
} as const;

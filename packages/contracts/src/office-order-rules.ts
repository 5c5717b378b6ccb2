/**
 * The back office's orders without zod (decision 0051): the API's paths, the page addresses, the
 * CSV export's columns and the texts, for pages that must stay light. The schemas are in
 * office-orders.ts, which re-exports all of this.
 */

export const OfficeOrderPaths = {
  list: '/admin/order/list',
  detail: '/admin/order/detail',
  export: '/admin/order/export',
  cancel: '/admin/order/cancel',
  ship: '/admin/order/ship',
  tracking: '/admin/order/tracking',
  refund: '/admin/order/refund',
} as const;

/** The back office's pages of orders. */
export const OfficeOrderPages = {
  list: '/office/orders',
  detail: (id: number) => `/office/orders/${id}`,
  packingSlip: (id: number) => `/office/orders/${id}/packing-slip`,
} as const;

/** The export's columns, in order (amounts in USD with 2 decimals, times in UTC as ISO 8601). */
export const ORDER_CSV_COLUMNS = [
  'order_no',
  'placed_at',
  'status',
  'email',
  'ship_to',
  'country',
  'pieces',
  'items',
  'goods_amount',
  'discounts',
  'shipping_and_fees',
  'pay_price',
  'refunded_amount',
  'paid_at',
  'shipped_at',
  'carrier',
  'tracking_no',
] as const;

/** The most orders one export holds (newest first); a narrower filter gives the rest. */
export const ORDER_EXPORT_ROWS_MAX = 50_000;

/** How staff may cancel an order now: unpaid (stock, coupon and points back), or paid and not shipped (and refunded in full). */
export const STAFF_CANCEL_MODES = ['unpaid', 'paid'] as const;
export type TStaffCancelMode = (typeof STAFF_CANCEL_MODES)[number];

export const OfficeOrderMessages = {
  cancelReason: 'Give the reason for the cancellation (2 to 200 characters)',
  notCancellable: (status: string) =>
    `Only an unpaid order, or a paid one not yet shipped, can be cancelled here; this one is ${status.toLowerCase()}`,
  cancelled: 'Order cancelled',
  cancelledAndRefunded: 'Order cancelled and refunded in full',
  cancelledRefundFailed: (message: string) =>
    `Order cancelled, but the refund did not go through: ${message}. Its refund request waits to be refunded again.`,
} as const;

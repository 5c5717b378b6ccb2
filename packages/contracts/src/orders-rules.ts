import { OrderStatus } from './constants';

/**
 * The order rules and texts without zod (statuses and their labels, shipping methods, points,
 * test cards, the card checks, the API paths), for pages that must stay light. The schemas are
 * in orders.ts, which re-exports all of this.
 */

// ---------------------------------------------------------------- statuses

export { OrderStatus };
export type TOrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** spec 4: the label of each status code (4 and 5 are both Completed). */
export const ORDER_STATUS_LABELS: Record<TOrderStatus, string> = {
  1: 'Pending Payment',
  2: 'Pending Shipment',
  3: 'Shipped',
  4: 'Completed',
  5: 'Completed',
  6: 'Cancelled',
  7: 'Refunded',
};

export const orderStatusLabel = (status: number): string => ORDER_STATUS_LABELS[status as TOrderStatus] ?? 'Unknown';

/**
 * The tabs of /ShoppingListMain/MyOrder, in order: `status` is what GET /shop/order/list takes
 * (0 = every order; 4 lists both Completed codes, 4 and 5).
 */
export const ORDER_STATUS_TABS = [
  { status: 0, label: 'All' },
  { status: OrderStatus.PendingPayment, label: 'Pending Payment' },
  { status: OrderStatus.PendingShipment, label: 'Pending Shipment' },
  { status: OrderStatus.Shipped, label: 'Shipped' },
  { status: OrderStatus.Completed, label: 'Completed' },
  { status: OrderStatus.Cancelled, label: 'Cancelled' },
  { status: OrderStatus.Refunded, label: 'Refunded' },
] as const;

/** GET /shop/order/list page size when none is given (the account list shows 10 a page). */
export const ORDER_PAGE_SIZE_DEFAULT = 10;
export const ORDER_PAGE_SIZE_MAX = 50;
/** The most cart lines one order can take. */
export const ORDER_LINES_MAX = 50;

// ---------------------------------------------------------------- pricing rules (shown at checkout)

/** The shipping methods offered at checkout. Amounts in US dollars. */
export const SHIPPING_METHODS = ['standard', 'express'] as const;
export type TShippingMethod = (typeof SHIPPING_METHODS)[number];
export const DEFAULT_SHIPPING_METHOD: TShippingMethod = 'standard';

export const SHIPPING_METHOD_INFO: Record<
  TShippingMethod,
  { label: string; days: string; price: number; free_over: number | null }
> = {
  standard: { label: 'Standard shipping', days: '7–12 business days', price: 5.99, free_over: 69 },
  express: { label: 'Express shipping', days: '3–5 business days', price: 14.99, free_over: null },
};

/** Points: 100 points are worth $1, and points pay at most this share of the goods after discounts. */
export const POINTS_PER_DOLLAR = 100;
export const POINTS_MAX_SHARE_PERCENT = 50;

// ---------------------------------------------------------------- payment

/**
 * The built-in test provider's cards (PAYMENT_PROVIDER=test, the default). Any future expiry
 * date and any 3–4 digit CVC. Other numbers that pass the Luhn check are declined.
 */
export const TEST_CARDS = {
  /** pays */
  success: '4242424242424242',
  /** is declined */
  declined: '4000000000000002',
  /** answers 'try again' on the first attempt for an order, then pays */
  retry: '4000000000009995',
} as const;

/** The Luhn check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Is the card's expiry (month, 4-digit year) still ahead at `now`? A card is valid through its month. */
export const cardExpired = (month: number, year: number, now = new Date()) =>
  year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);

export const CardMessages = {
  numberInvalid: 'Please enter a valid card number',
  expired: 'This card has expired',
  monthInvalid: 'Please enter the expiry month (1–12)',
  yearInvalid: 'Please enter the expiry year',
  cvcInvalid: 'Please enter the 3 or 4 digit security code',
  nameRequired: 'Please enter the name on the card',
} as const;

// ---------------------------------------------------------------- paths

/** spec 7 "Orders", and the checkout, payment and staff shipping endpoints. */
export const OrderPaths = {
  preview: '/shop/order/preview',
  create: '/shop/order/create',
  pay: '/shop/order/pay',
  list: '/shop/order/list',
  detail: '/shop/order/detail',
  cancel: '/shop/order/cancel',
  receive: '/shop/order/receive',
  delivery: '/shop/order/delivery',
  deliveryCompanies: '/shop/delivery/company',
  surcharge: '/api/get/order/surcharge',
  insuranceAndCustoms: '/api/get/insurance/and/customs',
  adminList: '/admin/order/list',
  adminShip: '/admin/order/ship',
  adminTracking: '/admin/order/tracking',
} as const;

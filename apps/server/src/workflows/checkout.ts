import { SHIPPING_METHOD_INFO, type TDiscountLine, type TOrderPreview } from '@shop/contracts/orders';
import { centsToPrice } from '@shop/contracts/pricing';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { inTransaction, isRetryableTransactionError } from '../db/transaction';
import { AppError } from '../http/errors';
import type { StockChange } from '../modules/catalog';
import { type CouponWithRule, summaryOf } from '../modules/coupons';
import {
  type Breakdown,
  type Destination,
  findOrderByKey,
  isFirstOrder,
  type PricedOrder,
  presentBreakdown,
  priceOrder,
  recordPlacedOrder,
} from '../modules/orders';
import { orderCurrency } from '../modules/site';
import { pointsBalance } from '../modules/users';
import {
  type CartLine,
  type CreateInput,
  fingerprintOf,
  IDEMPOTENCY_MISMATCH,
  lineProblem,
  lineProduct,
  loadAddress,
  loadCartLines,
  loadCoupon,
  newOrder,
  type PreviewInput,
  reserveLines,
  spendOrderPoints,
  takeCoupon,
  takeLines,
} from './checkout-steps';

export type { CreateInput, PreviewInput } from './checkout-steps';
export { ADDRESS_NOT_FOUND, CART_ITEM_NOT_FOUND, fingerprintOf, IDEMPOTENCY_MISMATCH } from './checkout-steps';

/**
 * Checkout: the cart lines, the address, the catalogue, the stock, the shopper's points and the
 * order, in one transaction (architecture "API conventions": anything that changes money or stock
 * is one transaction). Prices come from the catalogue only. Each step is the owning module's
 * (`checkout-steps.ts`); this file puts them in order.
 *
 * Lock order, the same in every flow that touches these rows: the shopper's cart lines (taken by
 * deleting them), then SKUs in ascending id, then the new order, then the shopper's coupon (unused
 * → used by a conditional update: of many checkouts carrying one coupon, one gets it), then the
 * shopper's row (points, and a first-order coupon's second look).
 * Stock is reserved by a conditional decrement (`stock >= n`), so it never goes below zero
 * whatever runs at the same time.
 */

type Deps = {
  db: Db;
  clock: () => number;
  /** how long a new order waits for payment before the expiry job cancels it */
  payTimeoutMs: number;
  /** called after a commit that moved these goods' stock */
  onStockChange?: (changes: StockChange[]) => Promise<void> | void;
};

type Placed = { id: number; replayed: boolean; changes: StockChange[] };

/** The order a key already made: the same request answers it, another request with the key is a 422. */
function replay(order: { id: number; request_fingerprint: string }, fingerprint: string) {
  if (order.request_fingerprint !== fingerprint) throw new AppError('unprocessable', IDEMPOTENCY_MISMATCH);
  return { id: order.id, replayed: true };
}

/** The whole checkout in one transaction: the steps in their lock order. */
async function place(deps: Deps, trx: Db, userId: number, input: CreateInput, key: string): Promise<Placed> {
  const fingerprint = fingerprintOf(input);
  const existing = await findOrderByKey(trx, userId, key);
  if (existing) return { ...replay(existing, fingerprint), changes: [] };

  const address = await loadAddress(trx, userId, input.address_id);
  const lines = await loadCartLines(trx, userId, input.cart_ids);
  await takeLines(trx, userId, lines);
  const at = deps.clock();
  const coupon = await loadCoupon(trx, userId, input.coupon_id);
  const destination = { country: address.country, state: address.state };
  // the balance matters only to an order that spends points
  const balance = input.points > 0 ? await pointsBalance(trx, userId) : 0;
  const priced = await priceFor(trx, userId, input, lines, destination, balance, coupon, at);
  const changes = await reserveLines(trx, lines);
  const currency = await orderCurrency(trx, input.currency_code);
  const order = newOrder({
    userId,
    request: input,
    priced,
    address,
    currency,
    key,
    fingerprint,
    at,
    payTimeoutMs: deps.payTimeoutMs,
  });
  const orderId = await recordPlacedOrder(trx, order, 'shopper');
  if (coupon) await takeCoupon(trx, userId, coupon, orderId, at);
  // The balance read for pricing is checked again under the shopper's lock as the points are spent.
  await spendOrderPoints(trx, userId, orderId, priced.breakdown.points_used, at);
  return { id: orderId, replayed: false, changes };
}

async function priceFor(
  db: Db,
  userId: number,
  input: PreviewInput,
  lines: CartLine[],
  destination: Destination | null,
  pointsAvailable: number,
  coupon: CouponWithRule | null,
  now: number,
): Promise<PricedOrder> {
  return priceOrder({
    lines,
    shippingMethod: input.shipping_method,
    destination,
    insurance: input.insurance,
    points: input.points,
    pointsAvailable,
    coupon: coupon?.rule ?? null,
    couponContext: coupon ? { now, firstOrder: await isFirstOrder(db, userId) } : undefined,
  });
}

/** The breakdown's discounts as the summary lists them (those that take something off). */
function discountLines(b: Breakdown, coupon: CouponWithRule | null): TDiscountLine[] {
  const lines: TDiscountLine[] = [];
  if (b.discount_amount > 0) lines.push({ code: 'sale', label: 'Sale prices', amount: centsToPrice(b.discount_amount) });
  if (coupon && b.coupon_amount > 0) {
    lines.push({ code: 'coupon', label: `Coupon: ${coupon.held.template.name}`, amount: centsToPrice(b.coupon_amount) });
  }
  if (b.points_amount > 0) {
    lines.push({ code: 'points', label: `${b.points_used} points`, amount: centsToPrice(b.points_amount) });
  }
  return lines;
}

/** POST /shop/order/preview: the same engine as create, nothing written. */
async function preview(deps: Deps, userId: number, input: PreviewInput): Promise<TOrderPreview> {
  const lines = await loadCartLines(deps.db, userId, input.cart_ids);
  let destination: Destination | null = null;
  if (input.address_id) {
    const address = await loadAddress(deps.db, userId, input.address_id);
    destination = { country: address.country, state: address.state };
  } else if (input.country) {
    destination = { country: input.country, state: input.state ?? '' };
  }
  const pointsAvailable = await pointsBalance(deps.db, userId);
  const now = deps.clock();
  const coupon = await loadCoupon(deps.db, userId, input.coupon_id);
  const priced = await priceFor(deps.db, userId, input, lines, destination, pointsAvailable, coupon, now);
  return {
    lines: priced.lines.map((line, index) => ({
      cart_id: lines[index]?.cart_id ?? 0,
      ...lineProduct(line),
      unit_price: centsToPrice(line.unit_price),
      origin_price: centsToPrice(Math.max(line.origin_price, line.unit_price)),
      num: line.num,
      total: centsToPrice(line.total),
      coupon_share: centsToPrice(line.coupon_share),
      points_share: centsToPrice(line.points_share),
      stock: lines[index]?.stock ?? 0,
    })),
    total_num: priced.total_num,
    breakdown: presentBreakdown(priced.breakdown),
    shipping_options: priced.shippingOptions.map((option) => ({
      method: option.method,
      label: SHIPPING_METHOD_INFO[option.method].label,
      days: SHIPPING_METHOD_INFO[option.method].days,
      amount: centsToPrice(option.amount),
    })),
    country: destination?.country ?? null,
    points_available: pointsAvailable,
    points_max: priced.pointsMax,
    discounts: discountLines(priced.breakdown, coupon),
    coupon: coupon
      ? {
          id: coupon.held.id,
          name: coupon.held.template.name,
          summary: summaryOf(coupon.held.template),
          saving: centsToPrice(priced.breakdown.coupon_amount),
        }
      : null,
    problems: lines.map((line) => lineProblem(line)).filter((problem): problem is string => problem !== undefined),
  };
}

/**
 * POST /shop/order/create. The same key from the same shopper answers the order it made (even
 * when both requests run at once); the same key with another request is a 422.
 */
async function create(deps: Deps, userId: number, input: CreateInput, key: string): Promise<{ id: number; replayed: boolean }> {
  const fingerprint = fingerprintOf(input);
  // a repeated key is answered by the transaction's first step (findOrderByKey in `place`)
  for (let attempt = 1; ; attempt++) {
    try {
      const placed = await inTransaction(deps.db, (trx) => place(deps, trx, userId, input, key));
      if (placed.changes.length && deps.onStockChange) await deps.onStockChange(placed.changes);
      return { id: placed.id, replayed: placed.replayed };
    } catch (error) {
      // A request with the same key that committed first (its lines, stock or key row made this
      // one fail or wait): answer its order.
      const winner = await findOrderByKey(deps.db, userId, key);
      if (winner) return replay(winner, fingerprint);
      // An order number drawn twice in the same second: draw again.
      if (attempt < 3 && (isUniqueViolation(error) || isRetryableTransactionError(error))) continue;
      throw error;
    }
  }
}

export function createCheckout({ clock = Date.now, ...deps }: Omit<Deps, 'clock'> & { clock?: () => number }) {
  const all: Deps = { ...deps, clock };
  return {
    preview: (userId: number, input: PreviewInput) => preview(all, userId, input),
    create: (userId: number, input: CreateInput, key: string) => create(all, userId, input, key),
  };
}

export type Checkout = ReturnType<typeof createCheckout>;

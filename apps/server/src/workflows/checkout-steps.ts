import { createHash, randomInt } from 'node:crypto';
import { CouponReasons } from '@shop/contracts/coupon-rules';
import type { TShippingMethod } from '@shop/contracts/orders';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { addressForOrder } from '../modules/addresses';
import { cartLinesForCheckout, takeCartLines } from '../modules/cart';
import { ON_SALE, reserveStock, type StockChange, specText } from '../modules/catalog';
import { type CouponWithRule, couponForCheckout, useCoupon } from '../modules/coupons';
import { isFirstOrder, type NewOrder, type PricedLineInput, type PricedOrder } from '../modules/orders';
import { accountOf, spendPoints } from '../modules/users';

/**
 * Checkout's steps, each a call on the module that owns the rows (decision 0023), each run in the
 * caller's transaction and tested on its own. `checkout.ts` composes them.
 */

export const CART_ITEM_NOT_FOUND = 'Cart item not found';
export const ADDRESS_NOT_FOUND = 'Address not found';
export const IDEMPOTENCY_MISMATCH = 'This Idempotency-Key was already used for a different order. Use a new key for a new order.';

type CheckoutOptions = {
  cart_ids: number[];
  shipping_method: TShippingMethod;
  coupon_id?: number | null;
  points: number;
  insurance: boolean;
  remark: string;
};
export type PreviewInput = CheckoutOptions & { address_id?: number | null; country?: string; state?: string };
export type CreateInput = CheckoutOptions & { address_id: number; currency_code?: string };

export type CartLine = PricedLineInput & { cart_id: number; stock: number; on_sale: boolean };

/** Step: the shopper's cart lines with their SKU and product as the catalogue has them now (404 for one not theirs). */
export async function loadCartLines(trx: Db, userId: number, cartIds: number[]): Promise<CartLine[]> {
  const rows = await cartLinesForCheckout(trx, userId, cartIds);
  if (rows.length !== cartIds.length) throw AppError.notFound(CART_ITEM_NOT_FOUND);
  return rows.map((row) => ({
    cart_id: row.cart_id,
    goods_id: row.goods_id,
    sku_id: row.sku_id,
    goods_name: row.name,
    goods_url: row.url,
    image: row.image,
    sku_text: specText(row.color, row.size),
    unit_price: row.price,
    origin_price: row.origin_price,
    num: row.num,
    category_id: row.category_id,
    stock: row.stock,
    on_sale: row.status === ON_SALE,
  }));
}

const describeLine = (line: { goods_name: string; sku_text: string }) =>
  `"${line.goods_name}" (${line.sku_text.replace('Color:', '').replace(';Size:', ', size ')})`;

/** Why a line cannot be bought now, in the shopper's words, or undefined. */
export function lineProblem(line: CartLine, stock = line.stock): string | undefined {
  if (!line.on_sale) return `${describeLine(line)} is no longer available. Please remove it from your bag.`;
  if (stock <= 0) return `${describeLine(line)} is sold out. Please remove it from your bag.`;
  if (stock < line.num) return `Only ${stock} left of ${describeLine(line)}. Please lower the quantity.`;
  return undefined;
}

/** Step: the shopper's address as the order keeps it (404 for one not theirs). */
export async function loadAddress(trx: Db, userId: number, addressId: number) {
  const address = await addressForOrder(trx, userId, addressId);
  if (!address) throw AppError.notFound(ADDRESS_NOT_FOUND);
  return address;
}

/**
 * Step: takes the lines out of the bag. Deleting them locks them, so a second checkout of the
 * same lines (another key, another tab) finds them gone instead of ordering them twice. A line
 * no longer on sale stops the checkout.
 */
export async function takeLines(trx: Db, userId: number, lines: CartLine[]): Promise<void> {
  const taken = await takeCartLines(
    trx,
    userId,
    lines.map((line) => line.cart_id),
  );
  if (taken !== lines.length) throw AppError.notFound(CART_ITEM_NOT_FOUND);
  const unavailable = lines.find((line) => !line.on_sale);
  if (unavailable) throw AppError.field('cart_ids', lineProblem(unavailable) ?? '');
}

/** Step: reserves the stock of every line, or stops with the line short of it in the shopper's words. */
export async function reserveLines(trx: Db, lines: CartLine[]): Promise<StockChange[]> {
  const { changes, short } = await reserveStock(trx, lines);
  if (short) {
    throw AppError.field('cart_ids', lineProblem(short.line, short.stock) ?? `${describeLine(short.line)} is sold out.`);
  }
  return changes;
}

/** Step: the shopper's coupon named by `coupon_id`, with its rules (a 400 on coupon_id for one not theirs). */
export function loadCoupon(trx: Db, userId: number, couponId: number | null | undefined): Promise<CouponWithRule | null> {
  return couponId ? couponForCheckout(trx, userId, couponId) : Promise.resolve(null);
}

/**
 * Step: the order takes the coupon (unused → used, once: of many checkouts carrying it, one gets
 * it). A first-order coupon is checked again behind the shopper's lock now that the order is
 * written: of two first orders placed at once, the second to take the lock sees the first
 * committed and is refused.
 */
export async function takeCoupon(trx: Db, userId: number, coupon: CouponWithRule, orderId: number, at: number) {
  await useCoupon(trx, userId, coupon.held.id, orderId, at);
  if (!coupon.rule.firstOrderOnly) return;
  await accountOf(trx, userId);
  if (!(await isFirstOrder(trx, userId, orderId))) {
    throw AppError.field('coupon_id', CouponReasons.first_order_only({ minSpendCents: 0, startAt: 0 }));
  }
}

/** Step: spends the points the order uses, checked against the balance under the shopper's lock. */
export async function spendOrderPoints(trx: Db, userId: number, orderId: number, points: number, at: number): Promise<void> {
  if (points <= 0) return;
  await spendPoints(trx, { userId, points, reason: 'order_spend', source: { type: 'order', id: orderId }, at });
}

/** What makes two create requests the same order: every field that changes it. */
export function fingerprintOf(input: CreateInput): string {
  const canonical = JSON.stringify([
    input.address_id,
    [...input.cart_ids].sort((a, b) => a - b),
    input.shipping_method,
    input.coupon_id ?? null,
    input.points,
    input.insurance,
    input.remark,
    input.currency_code ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** 20 characters: the date and time (UTC) and 6 random digits, e.g. 20260315143207482913. */
export function newOrderNo(at: number): string {
  const stamp = new Date(at).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/** What a priced line says of the product bought: its goods, SKU, name, page, image and options. */
export const lineProduct = (line: PricedOrder['lines'][number]) => ({
  goods_id: line.goods_id,
  sku_id: line.sku_id,
  goods_name: line.goods_name,
  goods_url: line.goods_url,
  image: line.image,
  sku_text: line.sku_text,
});

/** The order as it is placed: the priced breakdown, the address and currency as the shopper saw them, the request's key. */
export function newOrder(input: {
  userId: number;
  request: CreateInput;
  priced: PricedOrder;
  address: object;
  currency: { currency_code: string; exchange_rate: string };
  key: string;
  fingerprint: string;
  at: number;
  payTimeoutMs: number;
}): NewOrder {
  const { priced, request, at } = input;
  const b = priced.breakdown;
  return {
    order: {
      order_no: newOrderNo(at),
      user_id: input.userId,
      ...input.currency,
      goods_amount: b.goods_amount,
      discount_amount: b.discount_amount,
      coupon_id: request.coupon_id ?? null,
      coupon_amount: b.coupon_amount,
      points_used: b.points_used,
      points_amount: b.points_amount,
      shipping_method: b.shipping_method,
      shipping_amount: b.shipping_amount,
      surcharge_amount: b.surcharge_amount,
      surcharges_json: JSON.stringify(b.surcharges),
      insurance_amount: b.insurance_amount,
      customs_amount: b.customs_amount,
      pay_price: b.pay_price,
      total_num: priced.total_num,
      address_json: JSON.stringify(input.address),
      remark: request.remark,
      idempotency_key: input.key,
      request_fingerprint: input.fingerprint,
      pay_expires_at: at + input.payTimeoutMs,
      cancel_reason: '',
      created_at: at,
      updated_at: at,
    },
    items: priced.lines.map((line) => ({
      ...lineProduct(line),
      unit_price: line.unit_price,
      origin_price: Math.max(line.origin_price, line.unit_price),
      num: line.num,
      total: line.total,
      coupon_share: line.coupon_share,
      points_share: line.points_share,
    })),
  };
}

import { createHash, randomInt } from 'node:crypto';
import { SHIPPING_METHOD_INFO, type TOrderPreview, type TShippingMethod } from '@shop/contracts/orders';
import { centsToPrice } from '@shop/contracts/pricing';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { AppError } from '../http/errors';
import { takeCartLines } from '../modules/cart/service';
import { specText } from '../modules/catalog/presenter';
import { ON_SALE } from '../modules/catalog/service';
import { reserveStock, type StockChange } from '../modules/catalog/stock';
import { presentBreakdown } from '../modules/orders/presenter';
import { type Destination, type PricedLineInput, priceOrder } from '../modules/orders/pricing';
import { recordPlacedOrder } from '../modules/orders/service';
import { inTransaction, isRetryableTransactionError } from '../modules/orders/transaction';
import { pointsBalance, spendPoints } from '../modules/users/points';

/**
 * Checkout: the cart lines, the address, the catalogue, the stock, the shopper's points and the
 * order, in one transaction (architecture "API conventions": anything that changes money or stock
 * is one transaction). Prices come from the catalogue only.
 *
 * Lock order, the same in every flow that touches these rows: the shopper's cart lines (taken by
 * deleting them), then SKUs in ascending id, then the shopper's row, then the new order. Stock is
 * reserved by a conditional decrement (`stock >= n`), so it never goes below zero whatever runs
 * at the same time.
 */

export const CART_ITEM_NOT_FOUND = 'Cart item not found';
export const ADDRESS_NOT_FOUND = 'Address not found';
export const IDEMPOTENCY_MISMATCH = 'This Idempotency-Key was already used for a different order. Use a new key for a new order.';

type Deps = {
  db: Db;
  clock?: () => number;
  /** how long a new order waits for payment before the expiry job cancels it */
  payTimeoutMs: number;
  /** called after a commit that moved these goods' stock */
  onStockChange?: (changes: StockChange[]) => Promise<void> | void;
};

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

type CartLine = PricedLineInput & { cart_id: number; stock: number; on_sale: boolean };

/** The cart lines with their SKU and product as the catalogue has them now. */
async function cartLines(trx: Db, userId: number, cartIds: number[]): Promise<CartLine[]> {
  const rows = await trx
    .selectFrom('cart_items')
    .innerJoin('skus', 'skus.id', 'cart_items.sku_id')
    .innerJoin('goods', 'goods.id', 'skus.goods_id')
    .select([
      'cart_items.id as cart_id',
      'cart_items.num',
      'skus.id as sku_id',
      'skus.goods_id',
      'skus.color',
      'skus.size',
      'skus.price',
      'skus.origin_price',
      'skus.stock',
      'skus.image',
      'goods.name',
      'goods.url',
      'goods.status',
    ])
    .where('cart_items.user_id', '=', userId)
    .where('cart_items.id', 'in', cartIds)
    .execute();
  if (rows.length !== cartIds.length) throw AppError.notFound(CART_ITEM_NOT_FOUND);
  const order = new Map(cartIds.map((id, index) => [id, index]));
  return rows
    .sort((a, b) => (order.get(a.cart_id) ?? 0) - (order.get(b.cart_id) ?? 0))
    .map((row) => ({
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
      stock: row.stock,
      on_sale: row.status === ON_SALE,
    }));
}

const describeLine = (line: { goods_name: string; sku_text: string }) =>
  `"${line.goods_name}" (${line.sku_text.replace('Color:', '').replace(';Size:', ', size ')})`;

/** Why a line cannot be bought now, in the shopper's words, or undefined. */
function lineProblem(line: CartLine, stock = line.stock): string | undefined {
  if (!line.on_sale) return `${describeLine(line)} is no longer available. Please remove it from your bag.`;
  if (stock <= 0) return `${describeLine(line)} is sold out. Please remove it from your bag.`;
  if (stock < line.num) return `Only ${stock} left of ${describeLine(line)}. Please lower the quantity.`;
  return undefined;
}

async function addressOf(trx: Db, userId: number, addressId: number) {
  const address = await trx
    .selectFrom('addresses')
    .select(['first_name', 'last_name', 'phone', 'country', 'state', 'city', 'address1', 'address2', 'postcode'])
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!address) throw AppError.notFound(ADDRESS_NOT_FOUND);
  return address;
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
function newOrderNo(at: number): string {
  const stamp = new Date(at).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

export function createCheckout({ db, clock = Date.now, payTimeoutMs, onStockChange }: Deps) {
  async function currencyOf(trx: Db, code: string | undefined) {
    if (!code || code === 'USD') return { currency_code: 'USD', exchange_rate: '1' };
    const currency = await trx
      .selectFrom('currencies')
      .select(['currency_code', 'exchange_rate'])
      .where('currency_code', '=', code)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    return currency ?? { currency_code: 'USD', exchange_rate: '1' };
  }

  function replay(order: { id: number; request_fingerprint: string }, fingerprint: string) {
    if (order.request_fingerprint !== fingerprint) throw new AppError('unprocessable', IDEMPOTENCY_MISMATCH);
    return { id: order.id, replayed: true };
  }

  const findByKey = (trx: Db, userId: number, key: string) =>
    trx
      .selectFrom('orders')
      .select(['id', 'request_fingerprint'])
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();

  async function place(trx: Db, userId: number, input: CreateInput, key: string, fingerprint: string) {
    const existing = await findByKey(trx, userId, key);
    if (existing) return { ...replay(existing, fingerprint), changes: [] };

    const address = await addressOf(trx, userId, input.address_id);
    const lines = await cartLines(trx, userId, input.cart_ids);
    // Take the lines out of the bag first: this locks them, so a second checkout of the same
    // lines (another key, another tab) finds them gone instead of ordering them twice.
    const taken = await takeCartLines(trx, userId, input.cart_ids);
    if (taken !== input.cart_ids.length) throw AppError.notFound(CART_ITEM_NOT_FOUND);
    for (const line of lines) {
      if (!line.on_sale) throw AppError.field('cart_ids', lineProblem(line) ?? '');
    }

    const priced = priceOrder({
      lines,
      shippingMethod: input.shipping_method,
      destination: { country: address.country, state: address.state },
      insurance: input.insurance,
      points: input.points,
      pointsAvailable: await pointsBalance(trx, userId),
      couponId: input.coupon_id,
    });

    // A SKU that sells out here changes what listings and pages show; any other count, only the product's own answer.
    const { changes, short } = await reserveStock(trx, lines);
    if (short) {
      throw AppError.field('cart_ids', lineProblem(short.line, short.stock) ?? `${describeLine(short.line)} is sold out.`);
    }

    const b = priced.breakdown;
    const at = clock();
    const currency = await currencyOf(trx, input.currency_code);
    const orderId = await recordPlacedOrder(
      trx,
      {
        order: {
          order_no: newOrderNo(at),
          user_id: userId,
          currency_code: currency.currency_code,
          exchange_rate: currency.exchange_rate,
          goods_amount: b.goods_amount,
          discount_amount: b.discount_amount,
          coupon_id: input.coupon_id ?? null,
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
          address_json: JSON.stringify(address),
          remark: input.remark,
          idempotency_key: key,
          request_fingerprint: fingerprint,
          pay_expires_at: at + payTimeoutMs,
          cancel_reason: '',
          created_at: at,
          updated_at: at,
        },
        items: priced.lines.map((line) => ({
          goods_id: line.goods_id,
          sku_id: line.sku_id,
          goods_name: line.goods_name,
          goods_url: line.goods_url,
          image: line.image,
          sku_text: line.sku_text,
          unit_price: line.unit_price,
          origin_price: Math.max(line.origin_price, line.unit_price),
          num: line.num,
          total: line.total,
        })),
      },
      'shopper',
    );
    // The balance read for pricing is checked again under the shopper's lock as the points are spent.
    if (b.points_used > 0) {
      await spendPoints(trx, {
        userId,
        points: b.points_used,
        reason: 'order_spend',
        source: { type: 'order', id: orderId },
        at,
      });
    }
    return { id: orderId, replayed: false, changes };
  }

  return {
    /** POST /shop/order/preview: the same engine as create, nothing written. */
    async preview(userId: number, input: PreviewInput): Promise<TOrderPreview> {
      const lines = await cartLines(db, userId, input.cart_ids);
      let destination: Destination | null = null;
      if (input.address_id) {
        const address = await addressOf(db, userId, input.address_id);
        destination = { country: address.country, state: address.state };
      } else if (input.country) {
        destination = { country: input.country, state: input.state ?? '' };
      }
      const pointsAvailable = await pointsBalance(db, userId);
      const priced = priceOrder({
        lines,
        shippingMethod: input.shipping_method,
        destination,
        insurance: input.insurance,
        points: input.points,
        pointsAvailable,
        couponId: input.coupon_id,
      });
      return {
        lines: priced.lines.map((line, index) => ({
          cart_id: lines[index]?.cart_id ?? 0,
          goods_id: line.goods_id,
          sku_id: line.sku_id,
          goods_name: line.goods_name,
          goods_url: line.goods_url,
          image: line.image,
          sku_text: line.sku_text,
          unit_price: centsToPrice(line.unit_price),
          origin_price: centsToPrice(Math.max(line.origin_price, line.unit_price)),
          num: line.num,
          total: centsToPrice(line.total),
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
        problems: lines.map((line) => lineProblem(line)).filter((problem): problem is string => problem !== undefined),
      };
    },

    /**
     * POST /shop/order/create. The same key from the same shopper answers the order it made
     * (even when both requests run at once); the same key with another request is a 422.
     */
    async create(userId: number, input: CreateInput, key: string): Promise<{ id: number; replayed: boolean }> {
      const fingerprint = fingerprintOf(input);
      const existing = await findByKey(db, userId, key);
      if (existing) return replay(existing, fingerprint);
      for (let attempt = 1; ; attempt++) {
        try {
          const placed = await inTransaction(db, (trx) => place(trx, userId, input, key, fingerprint));
          if (placed.changes.length && onStockChange) await onStockChange(placed.changes);
          return { id: placed.id, replayed: placed.replayed };
        } catch (error) {
          // A request with the same key that committed first (its lines, stock or key row made
          // this one fail or wait): answer its order.
          const winner = await findByKey(db, userId, key);
          if (winner) return replay(winner, fingerprint);
          // An order number drawn twice in the same second: draw again.
          if (attempt < 3 && (isUniqueViolation(error) || isRetryableTransactionError(error))) continue;
          throw error;
        }
      }
    },
  };
}

export type Checkout = ReturnType<typeof createCheckout>;

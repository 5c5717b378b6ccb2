import type { TOrderDetail } from '@shop/contracts/orders';
import { expect } from 'vitest';
import { makeAddress, makeCartLine, makeGoods, newKey, type Shopper } from '../testing/fixtures';
import { injectAs, type TestApp } from '../testing/harness';
import { placePaidOrder } from '../testing/paid-orders';

/** The workflow tests' orders of one new product, placed through the real checkout and payment. */

/** The new product ordered: its name, price and stock (10 unless said). */
type NewGoods = { name: string; price_cents: number; stock?: number };

type OrderOptions = {
  /** Units ordered, 1 unless said. */
  num?: number;
  /** Points spent on the order, none unless said. */
  points?: number;
  /** False: the order is left unpaid. */
  pay?: boolean;
  /** With a staff token that may ship: the paid order is shipped and the shopper confirms receipt. */
  deliver?: { staff: string };
};

/**
 * An order by `shopper` of `num` units of a new product, placed at checkout and paid with the test
 * card unless told. Answers the order as the shopper then sees it, and the product's SKU.
 */
export async function placeOrderOfNewGoods(t: TestApp, shopper: Shopper, goods: NewGoods, options: OrderOptions = {}) {
  const db = t.database.db;
  const { skuIds } = await makeGoods(db, { stock: 10, ...goods });
  const skuId = skuIds[0] as number;
  const request = {
    address_id: await makeAddress(db, shopper.id),
    cart_ids: [await makeCartLine(db, shopper.id, skuId, options.num ?? 1)],
    points: options.points ?? 0,
  };
  let id: number;
  if (options.pay === false) {
    const created = await injectAs(t, shopper, { headers: { 'idempotency-key': newKey() } }).post<TOrderDetail>(
      '/shop/order/create',
      request,
    );
    expect(created.status).toBe(200);
    id = created.result.id;
  } else {
    id = await placePaidOrder(t, shopper, request, options.deliver);
  }
  const order = (await injectAs(t, shopper).get<TOrderDetail>(`/shop/order/detail?id=${id}`)).result;
  return { order, skuId };
}

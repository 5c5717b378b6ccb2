import { TEST_CARDS, type TOrderDetail } from '@shop/contracts/orders';
import { expect } from 'vitest';
import type { Db } from '../db/database';
import { makeAddress, makeCartLine, makeGoods, makeShopper, newKey, type Shopper } from './fixtures';
import { injectAs, type TestApp } from './harness';

/**
 * Orders as a shopper makes them, through the API: placed at checkout, paid with the test card,
 * shipped by staff and received — and what the test payment provider paid back on them.
 */

/**
 * An unpaid order of one unit of a new product (10 in stock), placed through the API by `shopper`
 * or a new shopper. Answers the buyer, the order and the SKU.
 */
export async function placeUnpaidOrder(t: TestApp, goods: { name: string; price_cents: number }, shopper?: Shopper) {
  const buyer = shopper ?? (await makeShopper(t));
  const { skuIds } = await makeGoods(t.database.db, { ...goods, stock: 10 });
  const addressId = await makeAddress(t.database.db, buyer.id);
  const cartId = await makeCartLine(t.database.db, buyer.id, skuIds[0] as number, 1);
  const created = await injectAs(t, buyer, { headers: { 'idempotency-key': newKey() } }).post<TOrderDetail>(
    '/shop/order/create',
    { address_id: addressId, cart_ids: [cartId] },
  );
  expect(created.status).toBe(200);
  return { buyer, order: created.result, sku: skuIds[0] as number };
}

/** A card the test provider charges. */
export const testCard = {
  number: TEST_CARDS.success,
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 2,
  cvc: '123',
  name: 'Ada',
};

/**
 * Places the shopper's cart lines as an order and pays it with the test card; `deliver` (with a
 * staff token that may ship): shipped with a tracking number and received by the shopper.
 * Answers the order's id.
 */
export async function placePaidOrder(
  t: TestApp,
  shopper: Shopper,
  order: { address_id: number; cart_ids: number[]; coupon_id?: number | null; points?: number },
  deliver?: { staff: string },
): Promise<number> {
  const created = await injectAs(t, shopper, { headers: { 'idempotency-key': newKey() } }).post<TOrderDetail>(
    '/shop/order/create',
    { points: 0, ...order },
  );
  expect(created.status).toBe(200);
  const id = created.result.id;
  const paid = await injectAs(t, shopper, { headers: { 'idempotency-key': newKey() } }).post('/shop/order/pay', {
    id,
    card: testCard,
  });
  expect(paid.status).toBe(200);
  if (deliver) {
    const shipped = await injectAs(t, deliver.staff).post('/admin/order/ship', {
      id,
      company_code: 'ups',
      tracking_no: '1Z999AA10123456784',
    });
    expect(shipped.status).toBe(200);
    expect((await injectAs(t, shopper).post('/shop/order/receive', { id })).status).toBe(200);
  }
  return id;
}

/** The amounts (cents) the test provider refunded on the order's charge. */
export async function providerRefunds(db: Db, orderId: number): Promise<number[]> {
  const charge = await db
    .selectFrom('order_payments')
    .select('provider_ref')
    .where('order_id', '=', orderId)
    .where('status', '=', 'succeeded')
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('test_payment_refunds')
    .select('amount')
    .where('charge_ref', '=', charge.provider_ref)
    .execute();
  return rows.map((row) => row.amount);
}

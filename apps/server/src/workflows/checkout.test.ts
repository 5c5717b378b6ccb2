import type { TOrderDetail, TOrderPreview } from '@shop/contracts/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAddress, makeCartLine, makeGoods, makeShopper, newKey, pointsOf, stockOf } from '../testing/fixtures';
import { createTestApp, injectAs, type TestApp } from '../testing/harness';
import { IDEMPOTENCY_MISMATCH } from './checkout';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const countOrders = async (userId?: number) => {
  let query = t.database.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n'));
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

/** A shopper with an address and a cart line of `num` of the SKU. */
async function buyer(skuId: number, num = 1, points = 0) {
  const shopper = await makeShopper(t, points);
  const addressId = await makeAddress(t.database.db, shopper.id);
  const cartId = await makeCartLine(t.database.db, shopper.id, skuId, num);
  return { ...shopper, addressId, cartId };
}

const create = (token: string, payload: object, key = newKey()) =>
  injectAs(t, token, { headers: { 'idempotency-key': key } }).post<TOrderDetail>('/shop/order/create', payload);

describe('checkout under concurrency', () => {
  it('sells the last 5 units to exactly 5 of 200 shoppers checking out at once', async () => {
    const { skuIds } = await makeGoods(t.database.db, { name: 'Last Five Linen Dress', price_cents: 5000, stock: 5 });
    const sku = skuIds[0] as number;
    const buyers = [];
    for (let i = 0; i < 200; i++) buyers.push(await buyer(sku));
    const answers = await Promise.all(buyers.map((b) => create(b.token, { address_id: b.addressId, cart_ids: [b.cartId] })));
    const placed = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(195);
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(answer.msg).toContain('Last Five Linen Dress');
    }
    expect(await stockOf(t.database.db, sku)).toBe(0);
    const orders = await t.database.db
      .selectFrom('order_items')
      .select((eb) => eb.fn.sum<number>('num').as('n'))
      .where('sku_id', '=', sku)
      .executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(5);
    // the refused shoppers keep their bags; the buyers' lines are gone
    const lines = await t.database.db
      .selectFrom('cart_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sku_id', '=', sku)
      .executeTakeFirstOrThrow();
    expect(Number(lines.n)).toBe(195);
  });

  it('takes several SKUs in any cart order without deadlocking or overselling', async () => {
    const { skuIds } = await makeGoods(t.database.db, {
      name: 'Two Tone Scarf',
      price_cents: 1800,
      stock: 12,
      colors: ['Red', 'Blue'],
    });
    const [a, b] = skuIds as [number, number];
    const buyers = [];
    for (let i = 0; i < 16; i++) {
      const shopper = await makeShopper(t);
      const addressId = await makeAddress(t.database.db, shopper.id);
      const first = await makeCartLine(t.database.db, shopper.id, i % 2 ? a : b, 1);
      const second = await makeCartLine(t.database.db, shopper.id, i % 2 ? b : a, 1);
      buyers.push({ ...shopper, addressId, cartIds: [first, second] });
    }
    const answers = await Promise.all(buyers.map((s) => create(s.token, { address_id: s.addressId, cart_ids: s.cartIds })));
    expect(answers.filter((x) => x.status === 200)).toHaveLength(12);
    expect(answers.filter((x) => x.status === 400)).toHaveLength(4);
    expect(await stockOf(t.database.db, a)).toBe(0);
    expect(await stockOf(t.database.db, b)).toBe(0);
  });
});

describe('idempotency', () => {
  it('answers the same order for the same key, sent twice in a row', async () => {
    const { skuIds } = await makeGoods(t.database.db, { name: 'Repeat Tee', price_cents: 2000, stock: 10 });
    const b = await buyer(skuIds[0] as number, 2);
    const key = newKey();
    const payload = { address_id: b.addressId, cart_ids: [b.cartId] };
    const first = await create(b.token, payload, key);
    const second = await create(b.token, payload, key);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.result.id).toBe(first.result.id);
    expect(second.msg).toBe('Order already placed');
    expect(await countOrders(b.id)).toBe(1);
    expect(await stockOf(t.database.db, skuIds[0] as number)).toBe(8);
  });

  it('answers one order for the same key sent five times at once', async () => {
    const { skuIds } = await makeGoods(t.database.db, { name: 'Double Click Dress', price_cents: 2000, stock: 10 });
    const b = await buyer(skuIds[0] as number, 1);
    const key = newKey();
    const payload = { address_id: b.addressId, cart_ids: [b.cartId] };
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(b.token, payload, key)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.result.id)).size).toBe(1);
    expect(await countOrders(b.id)).toBe(1);
    expect(await stockOf(t.database.db, skuIds[0] as number)).toBe(9);
  });

  it('refuses the same key with a different request (422) and a missing key (400)', async () => {
    const { skuIds } = await makeGoods(t.database.db, { name: 'Key Reuse Skirt', price_cents: 2000, stock: 10 });
    const b = await buyer(skuIds[0] as number, 1);
    const key = newKey();
    expect((await create(b.token, { address_id: b.addressId, cart_ids: [b.cartId] }, key)).status).toBe(200);
    const other = await create(b.token, { address_id: b.addressId, cart_ids: [b.cartId], remark: 'ring twice' }, key);
    expect(other.status).toBe(422);
    expect(other.msg).toBe(IDEMPOTENCY_MISMATCH);
    const missing = await injectAs(t, b).post('/shop/order/create', { address_id: b.addressId, cart_ids: [b.cartId] });
    expect(missing.status).toBe(400);
    expect(missing.msg).toBe('The Idempotency-Key header is required');
  });

  it('keeps keys per shopper: two shoppers may use the same key', async () => {
    const { skuIds } = await makeGoods(t.database.db, { name: 'Shared Key Top', price_cents: 2000, stock: 10 });
    const key = newKey();
    const one = await buyer(skuIds[0] as number);
    const two = await buyer(skuIds[0] as number);
    const a = await create(one.token, { address_id: one.addressId, cart_ids: [one.cartId] }, key);
    const b = await create(two.token, { address_id: two.addressId, cart_ids: [two.cartId] }, key);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.result.id).not.toBe(b.result.id);
  });
});

describe('ownership', () => {
  it("refuses another shopper's cart lines and address with 404 and changes nothing", async () => {
    const { skuIds } = await makeGoods(t.database.db, { name: 'Not Yours Coat', price_cents: 9000, stock: 3 });
    const sku = skuIds[0] as number;
    const owner = await buyer(sku, 1);
    const intruder = await buyer(sku, 1);
    const theirCart = await create(intruder.token, { address_id: intruder.addressId, cart_ids: [owner.cartId] });
    expect(theirCart).toMatchObject({ status: 404, result: null });
    const theirAddress = await create(intruder.token, { address_id: owner.addressId, cart_ids: [intruder.cartId] });
    expect(theirAddress).toMatchObject({ status: 404, result: null });
    const preview = await injectAs(t, intruder).post('/shop/order/preview', { cart_ids: [owner.cartId] });
    expect(preview).toMatchObject({ status: 404, result: null });
    expect(await stockOf(t.database.db, sku)).toBe(3);
    expect(await countOrders(intruder.id)).toBe(0);
    const lines = await t.database.db.selectFrom('cart_items').select('id').where('sku_id', '=', sku).execute();
    expect(lines).toHaveLength(2);
  });

  it('asks for a signed-in shopper', async () => {
    const answer = await injectAs(t, null).post('/shop/order/preview', { cart_ids: [1] });
    expect(answer.status).toBe(401);
  });
});

describe('pricing at checkout', () => {
  it('ignores prices sent by the client and prices from the catalogue', async () => {
    const { skuIds } = await makeGoods(t.database.db, { name: 'Tamper Proof Blazer', price_cents: 8000, discount: 20, stock: 5 });
    const b = await buyer(skuIds[0] as number, 1);
    const answer = await create(b.token, {
      address_id: b.addressId,
      cart_ids: [b.cartId],
      pay_price: 0.01,
      price: 0.01,
      goods_amount: 0.01,
      lines: [{ sku_id: skuIds[0], unit_price: 0.01 }],
    });
    expect(answer.status).toBe(200);
    expect(answer.result.breakdown).toMatchObject({
      goods_amount: 100,
      discount_amount: 20,
      shipping_amount: 0,
      pay_price: 80,
    });
    expect(answer.result.lines[0]).toMatchObject({ unit_price: 80, origin_price: 100, num: 1, total: 80 });
  });

  it('previews the same figures without writing, and names lines short of stock', async () => {
    const { skuIds } = await makeGoods(t.database.db, { name: 'Preview Sandal', price_cents: 1200, stock: 2 });
    const b = await buyer(skuIds[0] as number, 3, 5000);
    const preview = await injectAs(t, b).post<TOrderPreview>('/shop/order/preview', {
      cart_ids: [b.cartId],
      country: 'is',
      shipping_method: 'express',
      points: 1000,
    });
    expect(preview.status).toBe(200);
    expect(preview.result.breakdown).toMatchObject({
      goods_amount: 36,
      shipping_amount: 14.99,
      surcharge_amount: 6.99,
      points_used: 1000,
      points_amount: 10,
      pay_price: 47.98,
    });
    expect(preview.result.country).toBe('IS');
    expect(preview.result.points_available).toBe(5000);
    expect(preview.result.points_max).toBe(1800);
    expect(preview.result.problems).toEqual(['Only 2 left of "Preview Sandal" (Black, size M). Please lower the quantity.']);
    expect(await countOrders(b.id)).toBe(0);
    expect(await pointsOf(t.database.db, b.id)).toBe(5000);
    const refused = await create(b.token, { address_id: b.addressId, cart_ids: [b.cartId] });
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe('Only 2 left of "Preview Sandal" (Black, size M). Please lower the quantity.');
    expect(await stockOf(t.database.db, skuIds[0] as number)).toBe(2);
  });

  it('spends points, snapshots the order and empties the bought lines from the bag', async () => {
    const { skuIds } = await makeGoods(t.database.db, { name: 'Points Cardigan', price_cents: 4000, stock: 5 });
    const { skuIds: other } = await makeGoods(t.database.db, { name: 'Stays In Bag Belt', price_cents: 1500, stock: 5 });
    const b = await buyer(skuIds[0] as number, 2, 3000);
    const kept = await makeCartLine(t.database.db, b.id, other[0] as number, 1);
    const answer = await create(b.token, { address_id: b.addressId, cart_ids: [b.cartId], points: 2500, insurance: 1 });
    expect(answer.status).toBe(200);
    const order = answer.result;
    expect(order).toMatchObject({ status: 1, status_text: 'Pending Payment', total_num: 2, can_pay: 1, can_cancel: 1 });
    expect(order.order_no).toMatch(/^\d{20}$/);
    expect(order.breakdown).toMatchObject({ points_used: 2500, points_amount: 25, insurance: 1, insurance_amount: 1.6 });
    expect(order.pay_price).toBe(56.6);
    expect(order.address).toMatchObject({ first_name: 'Ada', country: 'US', city: 'Sacramento' });
    expect(order.lines[0]).toMatchObject({ goods_name: 'Points Cardigan', sku_text: 'Color:Black;Size:M', unit_price: 40 });
    expect(order.history).toEqual([expect.objectContaining({ from_status: null, to_status: 1, actor: 'shopper' })]);
    expect(order.pay_expires_at - order.create_time).toBe(30 * 60_000);
    expect(await pointsOf(t.database.db, b.id)).toBe(500);
    const bag = await t.database.db.selectFrom('cart_items').select('id').where('user_id', '=', b.id).execute();
    expect(bag.map((row) => row.id)).toEqual([kept]);
    // the snapshot outlives catalogue edits
    await t.database.db
      .updateTable('goods')
      .set({ name: 'Renamed' })
      .where('id', '=', order.lines[0]?.goods_id ?? 0)
      .execute();
    const detail = await injectAs(t, b).get<TOrderDetail>(`/shop/order/detail?id=${order.id}`);
    expect(detail.result.lines[0]?.goods_name).toBe('Points Cardigan');
  });

  it('refuses a coupon not the shopper’s, points beyond the balance, and bad input with field messages', async () => {
    const { skuIds } = await makeGoods(t.database.db, { name: 'Coupon Hat', price_cents: 3000, stock: 5 });
    const b = await buyer(skuIds[0] as number, 1, 100);
    const coupon = await create(b.token, { address_id: b.addressId, cart_ids: [b.cartId], coupon_id: 7 });
    expect(coupon).toMatchObject({ status: 400, msg: 'Coupon not found', result: { fields: { coupon_id: 'Coupon not found' } } });
    const points = await create(b.token, { address_id: b.addressId, cart_ids: [b.cartId], points: 101 });
    expect(points).toMatchObject({ status: 400, msg: 'You have 100 points' });
    const bad = await create(b.token, { address_id: b.addressId, cart_ids: [], shipping_method: 'drone' });
    expect(bad.status).toBe(400);
    expect(bad.result).toMatchObject({ fields: { cart_ids: 'Please choose at least one item' } });
    expect(await stockOf(t.database.db, skuIds[0] as number)).toBe(5);
    expect(await pointsOf(t.database.db, b.id)).toBe(100);
  });

  it('refuses goods taken off sale', async () => {
    const { goodsId, skuIds } = await makeGoods(t.database.db, { name: 'Withdrawn Parka', price_cents: 3000, stock: 5 });
    const b = await buyer(skuIds[0] as number, 1);
    await t.database.db.updateTable('goods').set({ status: 0 }).where('id', '=', goodsId).execute();
    const answer = await create(b.token, { address_id: b.addressId, cart_ids: [b.cartId] });
    expect(answer.status).toBe(400);
    expect(answer.msg).toContain('"Withdrawn Parka" (Black, size M) is no longer available');
    expect(await stockOf(t.database.db, skuIds[0] as number)).toBe(5);
  });

  it('tells the catalogue how each order and cancellation moved the stock', async () => {
    const { goodsId, skuIds } = await makeGoods(t.database.db, { name: 'Two Left Blazer', price_cents: 8000, stock: 2 });
    const sku = skuIds[0] as number;
    type Detail = { skus: { id: number; stock: number }[] };
    const shownStock = async () =>
      (await injectAs(t, null).get<Detail>(`/shop/goods/detail?id=${goodsId}`)).result.skus.find((s) => s.id === sku)?.stock;
    expect(await shownStock()).toBe(2); // now cached

    const first = await buyer(sku);
    expect((await create(first.token, { address_id: first.addressId, cart_ids: [first.cartId] })).status).toBe(200);
    expect(await shownStock()).toBe(1);
    const last = await buyer(sku);
    const sellsOut = await create(last.token, { address_id: last.addressId, cart_ids: [last.cartId] });
    expect(sellsOut.status).toBe(200);
    expect(await shownStock()).toBe(0);

    expect((await injectAs(t, last).post('/shop/order/cancel', { id: sellsOut.result.id })).status).toBe(200);
    expect(await shownStock()).toBe(1);
  });
});

import { CouponMessages } from '@shop/contracts/coupons';
import type { TOrderDetail, TOrderPreview } from '@shop/contracts/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  couponsOfUser,
  giveCoupon,
  makeAddress,
  makeCartLine,
  makeGoods,
  makeShopper,
  makeTemplate,
  newKey,
  pointsOf,
  stockOf,
} from '../testing/fixtures';
import { createTestApp, injectAs, type TestApp } from '../testing/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const create = (token: string, payload: object, key = newKey()) =>
  injectAs(t, token, { headers: { 'idempotency-key': key } }).post<TOrderDetail>('/shop/order/create', payload);
const preview = (token: string, payload: object) => injectAs(t, token).post<TOrderPreview>('/shop/order/preview', payload);
const couponRow = async (id: number) =>
  t.database.db.selectFrom('user_coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a coupon at checkout', () => {
  it('shows in the preview and comes off the order, spread over the lines exactly and stored per line', async () => {
    const shopper = await makeShopper(t, 5000);
    const addressId = await makeAddress(t.database.db, shopper.id);
    const a = await makeGoods(t.database.db, { name: 'Coupon Skirt', price_cents: 3333, stock: 5 });
    const b = await makeGoods(t.database.db, { name: 'Coupon Scarf', price_cents: 1667, stock: 5 });
    const cartIds = [
      await makeCartLine(t.database.db, shopper.id, a.skuIds[0] as number, 1),
      await makeCartLine(t.database.db, shopper.id, b.skuIds[0] as number, 2),
    ];
    const templateId = await makeTemplate(t.database.db, { name: 'Ten off', amount_cents: 1000, min_spend_cents: 5000 });
    const couponId = await giveCoupon(t.database.db, shopper.id, templateId);
    const request = { address_id: addressId, cart_ids: cartIds, coupon_id: couponId, points: 1001 };

    const shown = await preview(shopper.token, request);
    expect(shown.status).toBe(200);
    expect(shown.result.breakdown).toMatchObject({ coupon_amount: 10, points_amount: 10.01 });
    expect(shown.result.discounts).toEqual([
      { code: 'coupon', label: 'Coupon: Ten off', amount: 10 },
      { code: 'points', label: '1001 points', amount: 10.01 },
    ]);
    expect(shown.result.coupon).toMatchObject({ id: couponId, name: 'Ten off', saving: 10 });
    const cents = (value: number) => Math.round(value * 100);
    expect(shown.result.lines.reduce((sum, line) => sum + cents(line.coupon_share), 0)).toBe(1000);
    expect(shown.result.lines.reduce((sum, line) => sum + cents(line.points_share), 0)).toBe(1001);

    const placed = await create(shopper.token, request);
    expect(placed.status).toBe(200);
    expect(placed.result.breakdown).toMatchObject({ goods_amount: 66.67, coupon_amount: 10, points_amount: 10.01 });
    expect(cents(placed.result.breakdown.pay_price)).toBe(6667 - 1000 - 1001 + cents(placed.result.breakdown.shipping_amount));
    const items = await t.database.db
      .selectFrom('order_items')
      .select(['total', 'coupon_share', 'points_share'])
      .where('order_id', '=', placed.result.id)
      .orderBy('id')
      .execute();
    // 1000 over 3333 : 3334 is 499.925 and 500.075: the larger remainder (the first) takes the odd cent
    expect(items.map((item) => item.coupon_share)).toEqual([500, 500]);
    expect(items.reduce((sum, item) => sum + item.points_share, 0)).toBe(1001);
    expect(placed.result.lines.map((line) => line.coupon_share)).toEqual([5, 5]);
    const used = await couponRow(couponId);
    expect(used).toMatchObject({ status: 'used', order_id: placed.result.id });
    const order = await t.database.db
      .selectFrom('orders')
      .select('coupon_id')
      .where('id', '=', placed.result.id)
      .executeTakeFirstOrThrow();
    expect(order.coupon_id).toBe(couponId);
  });

  it('gives one coupon to exactly 1 of 200 checkouts carrying it at once; the others a 400 on coupon_id and nothing changed', async () => {
    const shopper = await makeShopper(t);
    const addressId = await makeAddress(t.database.db, shopper.id);
    const colors = Array.from({ length: 20 }, (_, i) => `Tone ${i}`);
    const sizes = Array.from({ length: 10 }, (_, i) => `S${i}`);
    const { skuIds } = await makeGoods(t.database.db, { name: 'Race Tee', price_cents: 2000, stock: 3, colors, sizes });
    expect(skuIds).toHaveLength(200);
    const cartIds = [];
    for (const skuId of skuIds) cartIds.push(await makeCartLine(t.database.db, shopper.id, skuId, 1));
    const couponId = await giveCoupon(t.database.db, shopper.id, await makeTemplate(t.database.db, { amount_cents: 500 }));

    const answers = await Promise.all(
      cartIds.map((cartId) => create(shopper.token, { address_id: addressId, cart_ids: [cartId], coupon_id: couponId })),
    );
    const placed = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    console.info(`coupon checkout race (${t.database.kind}): ${placed.length} placed, ${refused.length} refused of 200`);
    expect(placed).toHaveLength(1);
    expect(placed[0]?.result.breakdown.coupon_amount).toBe(5);
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(answer.result).toMatchObject({ fields: { coupon_id: CouponMessages.taken } });
    }
    const orders = await t.database.db.selectFrom('orders').select('id').where('user_id', '=', shopper.id).execute();
    expect(orders).toHaveLength(1);
    const lines = await t.database.db.selectFrom('cart_items').select('id').where('user_id', '=', shopper.id).execute();
    expect(lines).toHaveLength(199);
    const stocks = await Promise.all(skuIds.map((skuId) => stockOf(t.database.db, skuId)));
    expect(stocks.filter((stock) => stock === 2)).toHaveLength(1);
    expect(stocks.filter((stock) => stock === 3)).toHaveLength(199);
  });

  it('comes back on cancellation and on unpaid expiry; one past its end comes back expired', async () => {
    const shopper = await makeShopper(t, 1000);
    const addressId = await makeAddress(t.database.db, shopper.id);
    const { skuIds } = await makeGoods(t.database.db, {
      name: 'Returning Belt',
      price_cents: 4000,
      stock: 10,
      sizes: ['S', 'M', 'L'],
    });
    const templateId = await makeTemplate(t.database.db);
    const order = async (skuId: number, couponId: number) => {
      const cartId = await makeCartLine(t.database.db, shopper.id, skuId, 1);
      const placed = await create(shopper.token, { address_id: addressId, cart_ids: [cartId], coupon_id: couponId, points: 100 });
      expect(placed.status).toBe(200);
      return placed.result.id;
    };

    const byShopper = await giveCoupon(t.database.db, shopper.id, templateId);
    const first = await order(skuIds[0] as number, byShopper);
    expect((await injectAs(t, shopper).post('/shop/order/cancel', { id: first })).status).toBe(200);
    expect(await couponRow(byShopper)).toMatchObject({ status: 'unused', order_id: null, used_at: null });
    expect(await pointsOf(t.database.db, shopper.id)).toBe(1000);
    // and it serves the next order
    const again = await order(skuIds[0] as number, byShopper);
    expect((await injectAs(t, shopper).post('/shop/order/cancel', { id: again })).status).toBe(200);

    const byExpiry = await giveCoupon(t.database.db, shopper.id, templateId);
    const unpaid = await order(skuIds[1] as number, byExpiry);
    const endsSoon = await giveCoupon(t.database.db, shopper.id, templateId);
    const lapsing = await order(skuIds[2] as number, endsSoon);
    // the second coupon's end passes while its order waits for payment
    await t.database.db
      .updateTable('user_coupons')
      .set({ end_at: Date.now() - 1000 })
      .where('id', '=', endsSoon)
      .execute();
    await t.database.db
      .updateTable('orders')
      .set({ pay_expires_at: Date.now() - 1 })
      .where('id', 'in', [unpaid, lapsing])
      .execute();
    expect(await t.app.services.cancellation.expireUnpaid(Date.now())).toBe(2);
    expect(await couponRow(byExpiry)).toMatchObject({ status: 'unused', order_id: null });
    const tabs = await injectAs(t, shopper).get<{ data: { id: number; status: string }[] }>('/shop/userCoupon/list');
    const statusOf = Object.fromEntries(tabs.result.data.map((coupon) => [coupon.id, coupon.status]));
    expect(statusOf[byExpiry]).toBe('unused');
    expect(statusOf[endsSoon]).toBe('expired');
  });

  it('gives the first-order discount to one of 10 first orders placed at once, each with its own first-order coupon', async () => {
    const shopper = await makeShopper(t);
    const addressId = await makeAddress(t.database.db, shopper.id);
    const sizes = Array.from({ length: 10 }, (_, i) => `F${i}`);
    const { skuIds } = await makeGoods(t.database.db, { name: 'First Cap', price_cents: 2000, stock: 5, sizes });
    const firstOnly = await makeTemplate(t.database.db, { first_order_only: 1, amount_cents: 300 });
    const attempts = [];
    for (const skuId of skuIds) {
      const cartId = await makeCartLine(t.database.db, shopper.id, skuId, 1);
      attempts.push({ cartId, couponId: await giveCoupon(t.database.db, shopper.id, firstOnly) });
    }
    const answers = await Promise.all(
      attempts.map((a) => create(shopper.token, { address_id: addressId, cart_ids: [a.cartId], coupon_id: a.couponId })),
    );
    console.info(`first-order race (${t.database.kind}): ${answers.filter((a) => a.status === 200).length} placed of 10`);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer).toMatchObject({ status: 400, msg: 'This coupon is for your first order only' });
    }
    expect((await couponsOfUser(t.database.db, shopper.id)).filter((row) => row.status === 'used')).toHaveLength(1);
  });

  it('refuses a coupon not the shopper’s, expired, below its minimum, or for a first order only on a later order', async () => {
    const shopper = await makeShopper(t);
    const other = await makeShopper(t);
    const addressId = await makeAddress(t.database.db, shopper.id);
    const { skuIds } = await makeGoods(t.database.db, { name: 'Picky Gloves', price_cents: 2500, stock: 10, sizes: ['S', 'M'] });
    const cartId = await makeCartLine(t.database.db, shopper.id, skuIds[0] as number, 1);
    const attempt = async (couponId: number) => {
      const answer = await create(shopper.token, { address_id: addressId, cart_ids: [cartId], coupon_id: couponId });
      expect(answer.status).toBe(400);
      return (answer.result as unknown as { fields: Record<string, string> }).fields.coupon_id;
    };
    const templateId = await makeTemplate(t.database.db);
    expect(await attempt(await giveCoupon(t.database.db, other.id, templateId))).toBe(CouponMessages.notFound);
    expect(await attempt(await giveCoupon(t.database.db, shopper.id, templateId, { end_at: Date.now() - 1 }))).toBe(
      'This coupon has expired',
    );
    const highMin = await giveCoupon(t.database.db, shopper.id, await makeTemplate(t.database.db, { min_spend_cents: 3000 }));
    expect(await attempt(highMin)).toBe('Spend at least $30.00 on eligible items to use this coupon');

    const firstOnly = await makeTemplate(t.database.db, { kind: 'percent', percent: 20, amount_cents: 0, first_order_only: 1 });
    const welcome = await giveCoupon(t.database.db, shopper.id, firstOnly);
    const first = await create(shopper.token, { address_id: addressId, cart_ids: [cartId], coupon_id: welcome });
    expect(first.status).toBe(200);
    expect(first.result.breakdown.coupon_amount).toBe(5);
    const secondCart = await makeCartLine(t.database.db, shopper.id, skuIds[1] as number, 1);
    const second = await giveCoupon(t.database.db, shopper.id, firstOnly);
    const later = await create(shopper.token, { address_id: addressId, cart_ids: [secondCart], coupon_id: second });
    expect(later).toMatchObject({ status: 400, msg: 'This coupon is for your first order only' });
    expect((await couponsOfUser(t.database.db, shopper.id)).filter((row) => row.status === 'used')).toHaveLength(1);
    expect(await stockOf(t.database.db, skuIds[1] as number)).toBe(10);
  });
});

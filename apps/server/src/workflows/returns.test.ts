import { AccountClosureMessages } from '@shop/contracts/account-closure';
import { OrderStatus, TEST_CARDS, type TOrderDetail } from '@shop/contracts/orders';
import {
  ReturnMessages,
  ReturnPaths,
  ReturnStatus,
  type TAdminReturnDetail,
  type TRefundQuote,
  type TReturnableOrder,
  type TReturnDetail,
  type TReturnListItem,
} from '@shop/contracts/returns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB } from '../jobs';
import { createPaymentProvider, type PaymentProvider } from '../modules/payments/provider';
import { eraseReturnsOf } from '../modules/returns/personal-data';
import {
  giveCoupon,
  makeAddress,
  makeCartLine,
  makeGoods,
  makeShopper,
  makeStaffToken,
  makeTemplate,
  newKey,
  pointsOf,
  type Shopper,
  stockOf,
} from '../testing/fixtures';
import { createTestApp, injectAs, type TestApp } from '../testing/harness';
import { checkNothingPending } from './cancel-account';
import { exportAccount } from './export-account';
import { createReturns } from './returns';

const now = Date.now();
let t: TestApp;
let admin: string;
let csr: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  admin = await makeStaffToken(t, 'admin');
  csr = await makeStaffToken(t, 'csr');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const cents = (dollars: number) => Math.round(dollars * 100);
const card = { number: TEST_CARDS.success, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Ada' };

type Placed = { shopper: Shopper; order: TOrderDetail; lineIds: number[]; skuIds: number[]; otherSkus: number[] };

/**
 * An order of `lines` products (2 units each unless said), placed through checkout and paid with
 * the test card; `deliver` ships it and the shopper confirms receipt.
 */
async function paidOrder(
  options: { lines?: number; num?: number; deliver?: boolean; coupon?: boolean; points?: number; shopper?: Shopper } = {},
): Promise<Placed> {
  const shopper = options.shopper ?? (await makeShopper(t, options.points ?? 0));
  const addressId = await makeAddress(db(), shopper.id);
  const cartIds: number[] = [];
  const skuIds: number[] = [];
  const otherSkus: number[] = [];
  for (let index = 0; index < (options.lines ?? 2); index++) {
    const goods = await makeGoods(db(), {
      name: `Return Dress ${index}`,
      price_cents: 3_333 + index * 1_111,
      stock: 10,
      sizes: ['S', 'M'],
    });
    skuIds.push(goods.skuIds[0] as number);
    otherSkus.push(goods.skuIds[1] as number);
    cartIds.push(await makeCartLine(db(), shopper.id, goods.skuIds[0] as number, options.num ?? 2));
  }
  let couponId: number | null = null;
  if (options.coupon) {
    const template = await makeTemplate(db(), { name: 'Ten off fifty', amount_cents: 1_000, min_spend_cents: 5_000 });
    couponId = await giveCoupon(db(), shopper.id, template);
  }
  const created = await injectAs(t, shopper, { headers: { 'idempotency-key': newKey() } }).post<TOrderDetail>(
    '/shop/order/create',
    { address_id: addressId, cart_ids: cartIds, coupon_id: couponId, points: options.points ?? 0 },
  );
  expect(created.status).toBe(200);
  const paid = await injectAs(t, shopper, { headers: { 'idempotency-key': newKey() } }).post('/shop/order/pay', {
    id: created.result.id,
    card,
  });
  expect(paid.status).toBe(200);
  if (options.deliver !== false) {
    expect(
      (
        await injectAs(t, admin).post('/admin/order/ship', {
          id: created.result.id,
          company_code: 'ups',
          tracking_no: '1Z999AA10123456784',
        })
      ).status,
    ).toBe(200);
    expect((await injectAs(t, shopper).post('/shop/order/receive', { id: created.result.id })).status).toBe(200);
    await t.app.services.jobs.run(JOB.eventDispatch, now);
  }
  const items = await db()
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', created.result.id)
    .orderBy('id')
    .execute();
  const order = (await injectAs(t, shopper).get<TOrderDetail>(`/shop/order/detail?id=${created.result.id}`)).result;
  return { shopper, order, lineIds: items.map((item) => item.id), skuIds, otherSkus };
}

const orderRow = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const providerRefunds = async (orderId: number) => {
  const charge = await db()
    .selectFrom('order_payments')
    .select('provider_ref')
    .where('order_id', '=', orderId)
    .where('status', '=', 'succeeded')
    .executeTakeFirstOrThrow();
  const rows = await db()
    .selectFrom('test_payment_refunds')
    .select('amount')
    .where('charge_ref', '=', charge.provider_ref)
    .execute();
  return rows.map((row) => row.amount);
};

async function requestReturn(placed: Placed, items: Array<{ order_item_id: number; num: number }>, extra: object = {}) {
  return injectAs(t, placed.shopper).post<TReturnDetail>(ReturnPaths.refundReturn, {
    order_id: placed.order.id,
    items,
    reason: 'Too small',
    description: 'Runs small',
    type: 'refund',
    ...extra,
  });
}

/** A return taken through approval, the parcel, receipt and the refund; answers the refunded detail. */
async function returnedAndRefunded(placed: Placed, items: Array<{ order_item_id: number; num: number }>) {
  const asked = await requestReturn(placed, items);
  expect(asked.status).toBe(200);
  const id = asked.result.id;
  expect((await injectAs(t, admin).post(ReturnPaths.adminApprove, { id })).status).toBe(200);
  expect(
    (await injectAs(t, placed.shopper).post(ReturnPaths.parcel, { id, company_code: 'ups', tracking_no: '1ZRETURN0001' })).status,
  ).toBe(200);
  expect((await injectAs(t, admin).post(ReturnPaths.adminReceive, { id })).status).toBe(200);
  const refunded = await injectAs(t, admin).post<TAdminReturnDetail>(ReturnPaths.adminRefund, { id });
  expect(refunded.status).toBe(200);
  return { asked: asked.result, refunded: refunded.result };
}

describe('returns: the whole journey (spec 7 orderRefund)', () => {
  it('returns one of two lines: the quote is what is refunded; stock back once; the order stays completed with the amount', async () => {
    const placed = await paidOrder({ lines: 2, num: 1 });
    const [first] = placed.lineIds as [number];
    const eligible = await injectAs(t, placed.shopper).get<{ data: TReturnableOrder[] }>(ReturnPaths.orders);
    expect(eligible.result.data.map((order) => order.id)).toContain(placed.order.id);
    const form = await injectAs(t, placed.shopper).get<TReturnableOrder>(`${ReturnPaths.order}?id=${placed.order.id}`);
    expect(form.result).toMatchObject({ mode: 'return' });
    expect(form.result.lines[0]).toMatchObject({
      returnable: 1,
      exchange_options: [{ sku_id: placed.otherSkus[0], in_stock: 1 }],
    });
    const quote = await injectAs(t, placed.shopper).post<TRefundQuote>(ReturnPaths.quote, {
      order_id: placed.order.id,
      items: [{ order_item_id: first, num: 1 }],
    });
    expect(quote.status).toBe(200);
    expect(quote.result).toMatchObject({ amount: 33.33, goods_refund: 33.33, charges_refund: 0, coupon: 'none' });
    const stockBefore = await stockOf(db(), placed.skuIds[0] as number);

    const asked = await requestReturn(placed, [{ order_item_id: first, num: 1 }]);
    expect(asked.result).toMatchObject({
      status: ReturnStatus.Requested,
      kind: 'return',
      amount: 33.33,
      can_withdraw: 1,
      can_send: 0,
    });
    expect(asked.result.return_address).toBeNull();
    const id = asked.result.id;
    expect((await injectAs(t, admin).post(ReturnPaths.adminApprove, { id })).status).toBe(200);
    const waiting = await injectAs(t, placed.shopper).get<TReturnDetail>(`${ReturnPaths.detail}?id=${id}`);
    expect(waiting.result).toMatchObject({ status: ReturnStatus.Approved, can_send: 1, can_withdraw: 1 });
    expect(waiting.result.return_address).toContain('Returns');
    const sent = await injectAs(t, placed.shopper).post<TReturnDetail>(ReturnPaths.parcel, {
      id,
      company_code: 'ups',
      tracking_no: '1ZRETURN0001',
    });
    expect(sent.result).toMatchObject({
      status: ReturnStatus.ParcelSent,
      can_withdraw: 0,
      parcel: { tracking_no: '1ZRETURN0001' },
    });
    expect(await stockOf(db(), placed.skuIds[0] as number)).toBe(stockBefore);

    const received = await injectAs(t, admin).post<TAdminReturnDetail>(ReturnPaths.adminReceive, { id });
    expect(received.result.received).toEqual([{ order_item_id: first, num: 1, restocked: 1 }]);
    expect(await stockOf(db(), placed.skuIds[0] as number)).toBe(stockBefore + 1);
    // received once: a second receipt is refused and puts nothing back
    const again = await injectAs(t, admin).post(ReturnPaths.adminReceive, { id });
    expect(again).toMatchObject({ status: 400, msg: 'This request cannot be marked as received: it is parcel received' });
    expect(await stockOf(db(), placed.skuIds[0] as number)).toBe(stockBefore + 1);

    const refunded = await injectAs(t, admin).post<TAdminReturnDetail>(ReturnPaths.adminRefund, { id });
    expect(refunded.result).toMatchObject({ status: ReturnStatus.Refunded, amount: quote.result.amount });
    expect(refunded.result.refunds).toEqual([expect.objectContaining({ amount: 33.33, status: 'succeeded' })]);
    expect(await providerRefunds(placed.order.id)).toEqual([3_333]);
    const order = await orderRow(placed.order.id);
    expect(order).toMatchObject({ status: OrderStatus.Completed, refunded_amount: 3_333 });
    const timeline = (await injectAs(t, placed.shopper).get<TReturnDetail>(`${ReturnPaths.detail}?id=${id}`)).result.timeline;
    expect(timeline.map((event) => event.status)).toEqual([1, 2, 3, 4, 5]);
    expect(timeline.map((event) => event.actor)).toEqual(['shopper', 'staff', 'shopper', 'staff', 'staff']);

    // the inbox and the e-mail say the same amount
    await t.app.services.jobs.run(JOB.eventDispatch, now);
    const notices = await db()
      .selectFrom('user_messages')
      .selectAll()
      .where('user_id', '=', placed.shopper.id)
      .where('type', '=', 'return')
      .execute();
    expect(notices.map((notice) => notice.title)).toEqual(
      expect.arrayContaining([`Refund of $33.33 issued for ${asked.result.return_no}`]),
    );
    const mails = await db()
      .selectFrom('mail_outbox')
      .select(['subject'])
      .where('subject', 'like', `%${asked.result.return_no}%`)
      .execute();
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        `Refund of $33.33 issued for ${asked.result.return_no}`,
        `Your request ${asked.result.return_no} was approved`,
      ]),
    );
  });

  it('refunding an order one unit at a time adds up to exactly the whole, coupon, points and shipping included; the order is Refunded', async () => {
    const placed = await paidOrder({ lines: 2, num: 2, coupon: true, points: 1_001 });
    const order = await orderRow(placed.order.id);
    expect(order.coupon_amount).toBe(1_000);
    expect(order.points_used).toBe(1_001);
    const earned = await db()
      .selectFrom('points_ledger')
      .select('amount')
      .where('source_type', '=', 'order')
      .where('source_id', '=', String(order.id))
      .where('reason', '=', 'order_earned')
      .executeTakeFirstOrThrow();
    const balanceBefore = await pointsOf(db(), placed.shopper.id);
    for (const lineId of [placed.lineIds[1], placed.lineIds[0], placed.lineIds[1], placed.lineIds[0]] as number[])
      await returnedAndRefunded(placed, [{ order_item_id: lineId, num: 1 }]);
    const refunds = await providerRefunds(order.id);
    expect(refunds.reduce((a, b) => a + b, 0)).toBe(order.pay_price);
    const after = await orderRow(order.id);
    expect(after).toMatchObject({ status: OrderStatus.Refunded, refunded_amount: order.pay_price });
    // the 1,001 points spent came back; what the order earned was taken back
    expect(await pointsOf(db(), placed.shopper.id)).toBe(balanceBefore + 1_001 - earned.amount);
    // the coupon is the shopper's again
    const coupon = await db()
      .selectFrom('user_coupons')
      .selectAll()
      .where('user_id', '=', placed.shopper.id)
      .executeTakeFirstOrThrow();
    expect(coupon).toMatchObject({ status: 'unused', order_id: null });
    // nothing is left to return
    const more = await requestReturn(placed, [{ order_item_id: placed.lineIds[0] as number, num: 1 }]);
    expect(more.status).toBe(400);
  });

  it('cancels and refunds a paid order not yet shipped, at once: stock, coupon and points back; staff can no longer ship it', async () => {
    const placed = await paidOrder({ lines: 1, num: 2, deliver: false, points: 500 });
    const stockBefore = await stockOf(db(), placed.skuIds[0] as number);
    const balanceBefore = await pointsOf(db(), placed.shopper.id);
    const partial = await injectAs(t, placed.shopper).post(ReturnPaths.refund, {
      order_id: placed.order.id,
      items: [{ order_item_id: placed.lineIds[0], num: 1 }],
      reason: 'Changed my mind',
    });
    expect(partial).toMatchObject({ status: 400, msg: ReturnMessages.beforeShipping });
    const answer = await injectAs(t, placed.shopper).post<TReturnDetail>(ReturnPaths.refund, {
      order_id: placed.order.id,
      reason: 'Changed my mind',
    });
    expect(answer.status).toBe(200);
    expect(answer.result).toMatchObject({ status: ReturnStatus.Refunded, kind: 'refund', amount: placed.order.pay_price });
    expect(await stockOf(db(), placed.skuIds[0] as number)).toBe(stockBefore + 2);
    expect(await pointsOf(db(), placed.shopper.id)).toBe(balanceBefore + 500);
    expect(await orderRow(placed.order.id)).toMatchObject({
      status: OrderStatus.Refunded,
      refunded_amount: cents(placed.order.pay_price),
    });
    expect(await providerRefunds(placed.order.id)).toEqual([cents(placed.order.pay_price)]);
    const ship = await injectAs(t, admin).post('/admin/order/ship', {
      id: placed.order.id,
      company_code: 'ups',
      tracking_no: '1Z999AA10123456784',
    });
    expect(ship.status).toBe(400);
  });

  it('a refund without a return for a line that never came waits for staff, who refund it', async () => {
    const placed = await paidOrder({ lines: 2, num: 1, deliver: false });
    await injectAs(t, admin).post('/admin/order/ship', {
      id: placed.order.id,
      company_code: 'ups',
      tracking_no: '1Z999AA10123456784',
    });
    const asked = await injectAs(t, placed.shopper).post<TReturnDetail>(ReturnPaths.refund, {
      order_id: placed.order.id,
      items: [{ order_item_id: placed.lineIds[1], num: 1 }],
      reason: 'Never arrived',
    });
    expect(asked.result).toMatchObject({ status: ReturnStatus.Requested, kind: 'refund', amount: 44.44 });
    // a refund without a parcel is not approved for sending: it is refunded or declined
    expect(await injectAs(t, admin).post(ReturnPaths.adminApprove, { id: asked.result.id })).toMatchObject({
      status: 400,
      msg: 'A refund without a return has no parcel: refund it or decline it',
    });
    const refunded = await injectAs(t, admin).post<TAdminReturnDetail>(ReturnPaths.adminRefund, { id: asked.result.id });
    expect(refunded.result).toMatchObject({ status: ReturnStatus.Refunded, amount: 44.44 });
    expect(await orderRow(placed.order.id)).toMatchObject({ status: OrderStatus.Shipped, refunded_amount: 4_444 });
  });
});

describe('returns: money exact under doubled and concurrent requests', () => {
  it('refunds a return once however many times staff press refund at once; then refuses with the state', async () => {
    const placed = await paidOrder({ lines: 1, num: 1 });
    const asked = await requestReturn(placed, [{ order_item_id: placed.lineIds[0] as number, num: 1 }]);
    const id = asked.result.id;
    await injectAs(t, admin).post(ReturnPaths.adminApprove, { id });
    await injectAs(t, admin).post(ReturnPaths.adminReceive, { id });
    const answers = await Promise.all(Array.from({ length: 10 }, () => injectAs(t, admin).post(ReturnPaths.adminRefund, { id })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) expect(answer.status).toBe(400);
    expect(await providerRefunds(placed.order.id)).toHaveLength(1);
    const later = await injectAs(t, admin).post(ReturnPaths.adminRefund, { id });
    expect(later).toMatchObject({ status: 400, msg: 'This request cannot be refunded: it is refunded' });
  });

  it('lets 20 requests race for the last unit of a line: exactly one claims it', async () => {
    const placed = await paidOrder({ lines: 1, num: 1 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => requestReturn(placed, [{ order_item_id: placed.lineIds[0] as number, num: 1 }])),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200))
      expect(answer).toMatchObject({ status: 400, msg: ReturnMessages.tooMany(0) });
  });

  it('an ad-hoc refund is paid once per request id and never beyond what is left', async () => {
    const placed = await paidOrder({ lines: 1, num: 1 });
    const request = { order_id: placed.order.id, amount: 5, reason: 'Late delivery goodwill', request_id: newKey() };
    const [a, b] = await Promise.all([
      injectAs(t, admin).post(ReturnPaths.adminOrderRefund, request),
      injectAs(t, admin).post(ReturnPaths.adminOrderRefund, request),
    ]);
    // the second either finds the first's refund (the same answer) or finds it in flight
    expect([a.status, b.status]).toContain(200);
    for (const answer of [a, b]) expect([200, 400]).toContain(answer.status);
    const repeat = await injectAs(t, admin).post(ReturnPaths.adminOrderRefund, request);
    expect(repeat).toMatchObject({ status: 200, result: { amount: 5, status: 'succeeded' } });
    expect(await providerRefunds(placed.order.id)).toEqual([500]);
    const tooMuch = await injectAs(t, admin).post(ReturnPaths.adminOrderRefund, {
      ...request,
      amount: placed.order.pay_price,
      request_id: newKey(),
    });
    expect(tooMuch).toMatchObject({
      status: 400,
      msg: ReturnMessages.adhocTooMuch(`$${(placed.order.pay_price - 5).toFixed(2)}`),
    });
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'order.refund')
      .where('object_id', '=', String(placed.order.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.reason).toBe('Late delivery goodwill');
    // the return afterwards gives back at most what is left
    const quote = await injectAs(t, placed.shopper).post<TRefundQuote>(ReturnPaths.quote, {
      order_id: placed.order.id,
      items: [{ order_item_id: placed.lineIds[0], num: 1 }],
    });
    expect(quote.result.amount).toBe(Number((placed.order.pay_price - 5).toFixed(2)));
  });
});

describe('returns: the rules', () => {
  it('an exchange reserves the other size, gives no money, ships the replacement; a declined one puts the size back', async () => {
    const placed = await paidOrder({ lines: 1, num: 1 });
    const other = placed.otherSkus[0] as number;
    const before = await stockOf(db(), other);
    const item = { order_item_id: placed.lineIds[0] as number, num: 1 };
    const wrong = await requestReturn(placed, [item], { type: 'exchange', exchange_sku_id: placed.skuIds[0] });
    expect(wrong).toMatchObject({ status: 400, msg: ReturnMessages.exchangeSku });
    const asked = await requestReturn(placed, [item], { type: 'exchange', exchange_sku_id: other });
    expect(asked.result).toMatchObject({ kind: 'exchange', amount: 0, exchange: { sku_id: other } });
    expect(await stockOf(db(), other)).toBe(before - 1);
    const rejected = await injectAs(t, admin).post<TAdminReturnDetail>(ReturnPaths.adminReject, {
      id: asked.result.id,
      reason: 'Item shows signs of wear or use',
    });
    expect(rejected.result).toMatchObject({ status: ReturnStatus.Rejected, reject_reason: 'Item shows signs of wear or use' });
    expect(await stockOf(db(), other)).toBe(before);
    // the unit is free again: asked anew, approved, received, the replacement shipped
    const again = await requestReturn(placed, [item], { type: 'exchange', exchange_sku_id: other });
    const id = again.result.id;
    await injectAs(t, admin).post(ReturnPaths.adminApprove, { id });
    await injectAs(t, admin).post(ReturnPaths.adminReceive, {
      id,
      lines: [{ order_item_id: item.order_item_id, restock: false }],
    });
    expect(await stockOf(db(), placed.skuIds[0] as number)).toBe(9);
    expect((await injectAs(t, admin).post(ReturnPaths.adminRefund, { id })).msg).toBe(
      'An exchange is not refunded: its replacement is shipped',
    );
    const shipped = await injectAs(t, admin).post<TAdminReturnDetail>(ReturnPaths.adminShip, {
      id,
      company_code: 'ups',
      tracking_no: '1ZSWAP0001',
    });
    expect(shipped.result).toMatchObject({ status: ReturnStatus.Exchanged, replacement: { tracking_no: '1ZSWAP0001' } });
    expect(await providerRefunds(placed.order.id)).toEqual([]);
  });

  it('refuses what the rules forbid, with the reason, and changes nothing', async () => {
    const placed = await paidOrder({ lines: 1, num: 1 });
    const lineId = placed.lineIds[0] as number;
    expect(await requestReturn(placed, [{ order_item_id: lineId, num: 2 }])).toMatchObject({
      status: 400,
      msg: ReturnMessages.tooMany(1),
    });
    expect(await requestReturn(placed, [{ order_item_id: 999_999, num: 1 }])).toMatchObject({
      status: 400,
      msg: ReturnMessages.lineUnknown,
    });
    expect(
      await requestReturn(placed, [{ order_item_id: lineId, num: 1 }], { images: ['/media/reviews/nothing.webp'] }),
    ).toMatchObject({
      status: 400,
    });
    expect(await requestReturn(placed, [{ order_item_id: lineId, num: 1 }], { reason: 'Bored' })).toMatchObject({
      status: 400,
      msg: ReturnMessages.reason,
    });
    expect(await db().selectFrom('returns').select('id').where('order_id', '=', placed.order.id).execute()).toEqual([]);

    const asked = await requestReturn(placed, [{ order_item_id: lineId, num: 1 }]);
    const id = asked.result.id;
    expect(
      await injectAs(t, placed.shopper).post(ReturnPaths.parcel, { id, company_code: 'ups', tracking_no: '1ZRETURN0001' }),
    ).toMatchObject({
      status: 400,
      msg: 'This request cannot be marked as sent: it is requested',
    });
    await injectAs(t, admin).post(ReturnPaths.adminApprove, { id });
    await injectAs(t, placed.shopper).post(ReturnPaths.parcel, { id, company_code: 'ups', tracking_no: '1ZRETURN0001' });
    expect(await injectAs(t, placed.shopper).post(ReturnPaths.withdraw, { id })).toMatchObject({
      status: 400,
      msg: 'This request cannot be withdrawn: it is parcel on its way back',
    });

    // the window closes 30 days after delivery
    const late = await paidOrder({ lines: 1, num: 1 });
    await db()
      .updateTable('orders')
      .set({ completed_at: now - 31 * 86_400_000 })
      .where('id', '=', late.order.id)
      .execute();
    expect(await requestReturn(late, [{ order_item_id: late.lineIds[0] as number, num: 1 }])).toMatchObject({
      status: 400,
      msg: ReturnMessages.windowClosed(30),
    });
    // an unpaid order cannot be refunded
    const shopper = await makeShopper(t);
    const goods = await makeGoods(db(), { name: 'Unpaid Tee', price_cents: 1_000, stock: 3 });
    const unpaid = await injectAs(t, shopper, { headers: { 'idempotency-key': newKey() } }).post<TOrderDetail>(
      '/shop/order/create',
      {
        address_id: await makeAddress(db(), shopper.id),
        cart_ids: [await makeCartLine(db(), shopper.id, goods.skuIds[0] as number, 1)],
      },
    );
    const refused = await injectAs(t, shopper).post(ReturnPaths.refund, {
      order_id: unpaid.result.id,
      reason: 'Changed my mind',
    });
    expect(refused).toMatchObject({
      status: 400,
      msg: 'This order cannot be refunded in its current status: it is pending payment',
    });
  });

  it('withdrawn before the parcel leaves: the units are free again', async () => {
    const placed = await paidOrder({ lines: 1, num: 1 });
    const item = { order_item_id: placed.lineIds[0] as number, num: 1 };
    const asked = await requestReturn(placed, [item]);
    const withdrawn = await injectAs(t, placed.shopper).post<TReturnDetail>(ReturnPaths.withdraw, { id: asked.result.id });
    expect(withdrawn.result).toMatchObject({ status: ReturnStatus.Withdrawn, can_withdraw: 0 });
    expect((await requestReturn(placed, [item])).status).toBe(200);
    const list = await injectAs(t, placed.shopper).get<{ data: TReturnListItem[]; total: number }>(
      `${ReturnPaths.list}?id=${placed.order.id}`,
    );
    expect(list.result.data.map((row) => row.status)).toEqual([ReturnStatus.Requested, ReturnStatus.Withdrawn]);
  });

  it("another shopper's orders and requests answer 404 and show nothing", async () => {
    const placed = await paidOrder({ lines: 1, num: 1 });
    const asked = await requestReturn(placed, [{ order_item_id: placed.lineIds[0] as number, num: 1 }]);
    const stranger = await makeShopper(t);
    const answers = await Promise.all([
      injectAs(t, stranger).get(`${ReturnPaths.detail}?id=${asked.result.id}`),
      injectAs(t, stranger).get(`${ReturnPaths.order}?id=${placed.order.id}`),
      injectAs(t, stranger).post(ReturnPaths.withdraw, { id: asked.result.id }),
      injectAs(t, stranger).post(ReturnPaths.quote, {
        order_id: placed.order.id,
        items: [{ order_item_id: placed.lineIds[0], num: 1 }],
      }),
      injectAs(t, stranger).post(ReturnPaths.refundReturn, {
        order_id: placed.order.id,
        items: [{ order_item_id: placed.lineIds[0], num: 1 }],
        reason: 'Other',
        type: 'refund',
      }),
    ]);
    for (const answer of answers) expect(answer.status).toBe(404);
    expect((await injectAs(t, stranger).get<{ total: number }>(ReturnPaths.list)).result.total).toBe(0);
  });

  it('a support agent sees the queue but cannot approve, receive or refund', async () => {
    const placed = await paidOrder({ lines: 1, num: 1 });
    const asked = await requestReturn(placed, [{ order_item_id: placed.lineIds[0] as number, num: 1 }]);
    const queue = await injectAs(t, csr).get<{ data: Array<{ id: number; email: string }> }>(
      `${ReturnPaths.adminList}?status=1&pagesize=100`,
    );
    expect(queue.status).toBe(200);
    expect(queue.result.data.map((row) => row.id)).toContain(asked.result.id);
    for (const path of [ReturnPaths.adminApprove, ReturnPaths.adminReceive, ReturnPaths.adminRefund])
      expect((await injectAs(t, csr).post(path, { id: asked.result.id })).status).toBe(403);
    const found = await injectAs(t, admin).get<{ data: Array<{ id: number }> }>(
      `${ReturnPaths.adminList}?q=${placed.order.order_no}`,
    );
    expect(found.result.data.map((row) => row.id)).toEqual([asked.result.id]);
  });
});

describe('returns: personal data', () => {
  it('are in the export; an open request keeps the account open; erasure keeps the books but not the words', async () => {
    const placed = await paidOrder({ lines: 1, num: 1 });
    const asked = await requestReturn(placed, [{ order_item_id: placed.lineIds[0] as number, num: 1 }]);
    const exported = await exportAccount(db(), placed.shopper.id, now);
    expect(exported.returns).toEqual([
      expect.objectContaining({ return_no: asked.result.return_no, description: 'Runs small', reason: 'Too small' }),
    ]);
    await expect(
      db()
        .transaction()
        .execute((trx) => checkNothingPending(trx, placed.shopper.id, now)),
    ).rejects.toThrow(AccountClosureMessages.returnsOpen);
    await db()
      .transaction()
      .execute((trx) => eraseReturnsOf(trx, placed.shopper.id));
    const row = await db().selectFrom('returns').selectAll().where('id', '=', asked.result.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ description: '', photos_json: '[]', reason: 'Too small', amount: cents(asked.result.amount) });
  });
});

describe('returns: when the provider refuses or the shop stops mid-refund', () => {
  it('keeps a refused refund retryable with the provider’s message, and the reconcile job settles one left pending', async () => {
    const placed = await paidOrder({ lines: 2, num: 1 });
    const asked = await requestReturn(placed, [{ order_item_id: placed.lineIds[0] as number, num: 1 }]);
    const id = asked.result.id;
    await injectAs(t, admin).post(ReturnPaths.adminApprove, { id });
    await injectAs(t, admin).post(ReturnPaths.adminReceive, { id });
    const real = createPaymentProvider('test', { db: db() });
    const refusing: PaymentProvider = {
      name: 'test',
      flow: 'card',
      charge: (request) => real.charge(request),
      lookup: (key) => real.lookup(key),
      refund: async () => ({ ok: false, providerRef: '', message: 'Card account closed' }),
    };
    const staff = await db().selectFrom('staff').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow();
    const returns = createReturns({ db: db(), provider: refusing, clock: () => now });
    await expect(returns.refund(staff.id, id)).rejects.toThrow(ReturnMessages.refundFailed('Card account closed'));
    const after = await injectAs(t, admin).get<TAdminReturnDetail>(`${ReturnPaths.adminDetail}?id=${id}`);
    expect(after.result).toMatchObject({
      status: ReturnStatus.Received,
      refunds: [expect.objectContaining({ status: 'failed' })],
    });
    expect(after.result.timeline.at(-1)?.note).toBe(ReturnMessages.refundFailed('Card account closed'));
    expect(await providerRefunds(placed.order.id)).toEqual([]);

    // a refund written pending and never settled (the shop stopped): the job asks again with its key and settles it
    const row = await db().selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await db()
      .insertInto('order_refunds')
      .values({
        order_id: placed.order.id,
        return_id: id,
        amount: row.amount,
        goods_amount: row.amount,
        reason: 'crash',
        status: 'pending',
        idempotency_key: `return:${id}:2`,
        provider: 'test',
        actor: `staff:${staff.id}`,
        created_at: now - 120_000,
      })
      .execute();
    expect(await t.app.services.jobs.run(JOB.refundReconciliation, now)).toEqual({ settled: 1 });
    const settled = await injectAs(t, admin).get<TAdminReturnDetail>(`${ReturnPaths.adminDetail}?id=${id}`);
    expect(settled.result.status).toBe(ReturnStatus.Refunded);
    expect(await providerRefunds(placed.order.id)).toEqual([row.amount]);
    expect(await t.app.services.jobs.run(JOB.refundReconciliation, now)).toEqual({ settled: 0 });
  });
});

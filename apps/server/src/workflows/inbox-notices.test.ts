import type { TOrderDetail } from '@shop/contracts/orders';
import { PointsPages } from '@shop/contracts/points-rules';
import { ReturnPages, ReturnPaths } from '@shop/contracts/return-rules';
import { describe, expect, it } from 'vitest';
import { makeShopper, makeTemplate, type Shopper } from '../testing/fixtures';
import { injectAs } from '../testing/harness';
import { emitted, inboxOf } from '../testing/inbox';
import { testAppWithAdmin } from './app-testing';
import { createInboxSubscriber, INBOX_SUBSCRIBER, MY_COUPONS_PATH, orderDetailsPath } from './inbox-notices';
import { placeOrderOfNewGoods } from './orders-testing';

/** The inbox's notices, written by the subscriber from the events of orders, returns, reviews, coupons and points. */

const { app, db, admin } = testAppWithAdmin();
const { dispatch, list, rowsOf } = inboxOf(() => app());

/** An order of one product, placed and paid through the real checkout and payment. */
async function paidOrder(shopper: Shopper): Promise<TOrderDetail> {
  return (await placeOrderOfNewGoods(app(), shopper, { name: 'Inbox Dress', price_cents: 4_999, stock: 5 })).order;
}

/** A delivered order's return request, asked through the API: its id and number. */
async function returnRequest(shopper: Shopper, order: TOrderDetail) {
  await ship(order.id);
  expect((await injectAs(app(), shopper).post('/shop/order/receive', { id: order.id })).status).toBe(200);
  const line = await db().selectFrom('order_items').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow();
  const asked = await injectAs(app(), shopper).post<{ id: number; return_no: string }>(ReturnPaths.refundReturn, {
    order_id: order.id,
    items: [{ order_item_id: line.id, num: 1 }],
    reason: 'Too large',
    type: 'refund',
  });
  expect(asked.status).toBe(200);
  return asked.result;
}

const ship = async (orderId: number) =>
  expect(
    (
      await injectAs(app(), admin()).post('/admin/order/ship', {
        id: orderId,
        company_code: 'ups',
        tracking_no: '1Z999AA10123456784',
      })
    ).status,
  ).toBe(200);

const setPromotions = async (shopper: Shopper, inbox: boolean) =>
  expect(
    (
      await injectAs(app(), shopper).post('/shop/user/notifications', {
        preferences: [{ category: 'promotions', email: false, inbox }],
      })
    ).status,
  ).toBe(200);

describe('the inbox subscriber', () => {
  it('leaves a notice for an order paid, shipped and delivered, linking to the order, counted unread in the list and the user info', async () => {
    const shopper = await makeShopper(app());
    const order = await paidOrder(shopper);
    await ship(order.id);
    await dispatch();
    const answer = await list(shopper);
    expect(answer.status).toBe(200);
    expect(answer.result.total).toBe(2);
    expect(answer.result.unread).toBe(2);
    const [shipped, paid] = answer.result.data;
    expect(paid).toMatchObject({
      type: 'order',
      event: 'order.paid',
      title: `Payment received for order ${order.order_no}`,
      content: `We have your payment of $${Number(order.pay_price).toFixed(2)} for 1 item. We will let you know when it ships.`,
      link: orderDetailsPath(order.id),
      read: false,
    });
    expect(shipped).toMatchObject({
      event: 'order.shipped',
      title: `Order ${order.order_no} has shipped`,
      link: orderDetailsPath(order.id),
    });
    expect(shipped?.content).toContain('tracking number 1Z999AA10123456784');

    expect((await injectAs(app(), shopper).post('/shop/order/receive', { id: order.id })).status).toBe(200);
    await dispatch();
    expect((await list(shopper)).result.data[0]).toMatchObject({ event: 'order.delivered', read: false });
    const info = await injectAs(app(), shopper).get<{ unread_messages: number }>('/shop/user/info');
    expect(info.result.unread_messages).toBe(3);
  });

  it('writes one notice per event however often and however concurrently the event is handled', async () => {
    const shopper = await makeShopper(app());
    const order = await paidOrder(shopper);
    const request = await returnRequest(shopper, order);
    const event = await emitted(db(), 'return.approved', { return_id: request.id, order_id: order.id, user_id: shopper.id });
    const subscriber = createInboxSubscriber({ allows: async () => true });
    const handleOnce = () =>
      db()
        .transaction()
        .execute((trx) => subscriber.handle(event, trx, Date.now()));
    await handleOnce();
    await handleOnce();
    const settled = await Promise.allSettled(Array.from({ length: 20 }, handleOnce));
    expect(settled.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    // and through the dispatcher: two instances delivering the same event at once
    const { deliver } = app().app.services.events;
    const row = await db().selectFrom('event_outbox').selectAll().where('id', '=', event.id).executeTakeFirstOrThrow();
    await dispatch();
    await Promise.all([
      deliver({ name: INBOX_SUBSCRIBER, handles: ['return.approved'], handle: subscriber.handle }, row, Date.now()),
      deliver({ name: `${INBOX_SUBSCRIBER}.again`, handles: ['return.approved'], handle: subscriber.handle }, row, Date.now()),
    ]);
    const returns = (await rowsOf(shopper.id)).filter((notice) => notice.event === 'return.approved');
    expect(returns).toHaveLength(1);
    expect(returns[0]).toMatchObject({ event_id: event.id, type: 'return', link: ReturnPages.details(request.id) });
  });

  it('tells of returns and reviews once those events are written, and only to the order’s own shopper', async () => {
    const shopper = await makeShopper(app());
    const stranger = await makeShopper(app());
    const order = await paidOrder(shopper);
    const request = await returnRequest(shopper, order);
    const ids = { order_id: order.id, user_id: shopper.id };
    for (const type of ['return.approved', 'return.rejected', 'return.refunded'] as const) {
      await emitted(db(), type, { return_id: request.id, ...ids });
    }
    // an event naming a request of another shopper leaves nothing
    await emitted(db(), 'return.refunded', { return_id: request.id, order_id: order.id, user_id: stranger.id });
    for (const type of ['review.published', 'review.rejected'] as const) await emitted(db(), type, { review_id: 1, ...ids });
    // an event naming a shopper who does not own the order leaves nothing
    await emitted(db(), 'review.published', { review_id: 2, order_id: order.id, user_id: stranger.id });
    await dispatch();
    const returns = (await list(shopper, { type: 'return' })).result;
    expect(returns.data.map((notice) => notice.event)).toEqual(['return.refunded', 'return.rejected', 'return.approved']);
    // the whole order comes back: the dress and its shipping
    expect(returns.data[0]?.title).toBe(`Refund of $${order.pay_price.toFixed(2)} issued for ${request.return_no}`);
    const reviews = (await list(shopper, { type: 'review' })).result;
    expect(reviews.data.map((notice) => notice.event)).toEqual(['review.rejected', 'review.published']);
    expect((await list(stranger)).result.total).toBe(0);
  });

  it('tells of coupons, points and a friend’s reward, the reminders only when the shopper takes promotions in the inbox', async () => {
    const shopper = await makeShopper(app());
    const templateId = await makeTemplate(db(), { name: 'Autumn $10', source: 'center' });
    expect((await injectAs(app(), shopper).post('/shop/coupon/receive', { coupon_id: templateId })).status).toBe(200);
    const userCoupon = await db()
      .selectFrom('user_coupons')
      .select(['id', 'end_at'])
      .where('user_id', '=', shopper.id)
      .executeTakeFirstOrThrow();
    const expiring = { user_id: shopper.id, user_coupon_id: userCoupon.id, expires_at: userCoupon.end_at };
    const points = { user_id: shopper.id, email: 'x@example.com', points: 120, expires_at: Date.UTC(2027, 0, 15) };
    // the shopper gave no marketing consent: promotions are off in the inbox by default
    await emitted(db(), 'coupon.expiring', expiring);
    await emitted(db(), 'points.expiring', points);
    await emitted(db(), 'referral.rewarded', { inviter_id: shopper.id, friend_id: shopper.id, points: 500 });
    await dispatch();
    expect((await list(shopper)).result.data.map((notice) => notice.event)).toEqual(['referral.rewarded', 'coupon.received']);

    await setPromotions(shopper, true);
    await emitted(db(), 'coupon.expiring', expiring);
    await emitted(db(), 'points.expiring', points);
    await dispatch();
    const all = (await list(shopper)).result.data;
    expect(all.map((notice) => [notice.event, notice.type, notice.link])).toEqual([
      ['points.expiring', 'points', PointsPages.myPoints],
      ['coupon.expiring', 'coupon', MY_COUPONS_PATH],
      ['referral.rewarded', 'points', PointsPages.byFriends],
      ['coupon.received', 'coupon', MY_COUPONS_PATH],
    ]);
    expect(all[0]?.title).toBe('120 points expire on January 15, 2027');
    expect(all[3]?.title).toBe('You received a coupon: Autumn $10');
    expect(all[3]?.content).toMatch(/^\$10\.00 off\. Use it by /);
  });
});

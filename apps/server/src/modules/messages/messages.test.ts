import { MessagePaths, MessageTexts, type TMessageList, type TMessageReadResult } from '@shop/contracts/messages';
import { TEST_CARDS, type TOrderDetail } from '@shop/contracts/orders';
import { PointsPages } from '@shop/contracts/points-rules';
import { ReturnPages, ReturnPaths } from '@shop/contracts/return-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DomainEvent, emit } from '../../infra/events';
import { JOB } from '../../jobs';
import {
  makeAddress,
  makeCartLine,
  makeGoods,
  makeShopper,
  makeStaffToken,
  makeTemplate,
  newKey,
  type Shopper,
} from '../../testing/fixtures';
import { createTestApp, injectAs, type TestApp } from '../../testing/harness';
import { createInboxSubscriber, INBOX_SUBSCRIBER, MY_COUPONS_PATH, orderDetailsPath } from './inbox';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeStaffToken(t, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const dispatch = () => t.app.services.jobs.run(JOB.eventDispatch);
const list = (shopper: Shopper, query: Record<string, unknown> = {}) =>
  injectAs(t, shopper).post<TMessageList>(MessagePaths.list, query);
const markRead = (shopper: Shopper, payload: unknown) =>
  injectAs(t, shopper).post<TMessageReadResult>(MessagePaths.updateReadStatus, payload);
const rowsOf = (userId: number) =>
  db().selectFrom('user_messages').selectAll().where('user_id', '=', userId).orderBy('id').execute();

/** An order of one product, placed and paid through the real checkout and payment. */
async function paidOrder(shopper: Shopper): Promise<TOrderDetail> {
  const { skuIds } = await makeGoods(db(), { name: 'Inbox Dress', price_cents: 4_999, stock: 5 });
  const addressId = await makeAddress(db(), shopper.id);
  const cartId = await makeCartLine(db(), shopper.id, skuIds[0] as number, 1);
  const created = await injectAs(t, shopper, {
    headers: {
      'idempotency-key': newKey(),
    },
  }).post<TOrderDetail>('/shop/order/create', { address_id: addressId, cart_ids: [cartId] });
  expect(created.status).toBe(200);
  const card = { number: TEST_CARDS.success, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Ada' };
  const paid = await injectAs(t, shopper, { headers: { 'idempotency-key': newKey() } }).post('/shop/order/pay', {
    id: created.result.id,
    card,
  });
  expect(paid.status).toBe(200);
  return created.result;
}

/** A delivered order's return request, asked through the API: its id and number. */
async function returnRequest(shopper: Shopper, order: TOrderDetail) {
  await ship(order.id);
  expect((await injectAs(t, shopper).post('/shop/order/receive', { id: order.id })).status).toBe(200);
  const line = await db().selectFrom('order_items').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow();
  const asked = await injectAs(t, shopper).post<{ id: number; return_no: string }>(ReturnPaths.refundReturn, {
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
    (await injectAs(t, admin).post('/admin/order/ship', { id: orderId, company_code: 'ups', tracking_no: '1Z999AA10123456784' }))
      .status,
  ).toBe(200);

/** Writes an event as its owner would, and answers its outbox row as a subscriber receives it. */
async function emitted<T extends Parameters<typeof emit>[1]>(type: T, payload: Parameters<typeof emit<T>>[2]) {
  const at = Date.now();
  await db()
    .transaction()
    .execute((trx) => emit(trx, type, payload, at));
  const row = await db()
    .selectFrom('event_outbox')
    .selectAll()
    .where('type', '=', type)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { id: row.id, type, payload, occurred_at: at } as DomainEvent;
}

const setPromotions = async (shopper: Shopper, inbox: boolean) =>
  expect(
    (
      await injectAs(t, shopper).post('/shop/user/notifications', {
        preferences: [{ category: 'promotions', email: false, inbox }],
      })
    ).status,
  ).toBe(200);

describe('the inbox subscriber', () => {
  it('leaves a notice for an order paid, shipped and delivered, linking to the order, counted unread in the list and the user info', async () => {
    const shopper = await makeShopper(t);
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

    expect((await injectAs(t, shopper).post('/shop/order/receive', { id: order.id })).status).toBe(200);
    await dispatch();
    expect((await list(shopper)).result.data[0]).toMatchObject({ event: 'order.delivered', read: false });
    const info = await injectAs(t, shopper).get<{ unread_messages: number }>('/shop/user/info');
    expect(info.result.unread_messages).toBe(3);
  });

  it('writes one notice per event however often and however concurrently the event is handled', async () => {
    const shopper = await makeShopper(t);
    const order = await paidOrder(shopper);
    const request = await returnRequest(shopper, order);
    const event = await emitted('return.approved', { return_id: request.id, order_id: order.id, user_id: shopper.id });
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
    const { deliver } = t.app.services.events;
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
    const shopper = await makeShopper(t);
    const stranger = await makeShopper(t);
    const order = await paidOrder(shopper);
    const request = await returnRequest(shopper, order);
    const ids = { order_id: order.id, user_id: shopper.id };
    for (const type of ['return.approved', 'return.rejected', 'return.refunded'] as const) {
      await emitted(type, { return_id: request.id, ...ids });
    }
    // an event naming a request of another shopper leaves nothing
    await emitted('return.refunded', { return_id: request.id, order_id: order.id, user_id: stranger.id });
    for (const type of ['review.published', 'review.rejected'] as const) await emitted(type, { review_id: 1, ...ids });
    // an event naming a shopper who does not own the order leaves nothing
    await emitted('review.published', { review_id: 2, order_id: order.id, user_id: stranger.id });
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
    const shopper = await makeShopper(t);
    const templateId = await makeTemplate(db(), { name: 'Autumn $10', source: 'center' });
    expect((await injectAs(t, shopper).post('/shop/coupon/receive', { coupon_id: templateId })).status).toBe(200);
    const userCoupon = await db()
      .selectFrom('user_coupons')
      .select(['id', 'end_at'])
      .where('user_id', '=', shopper.id)
      .executeTakeFirstOrThrow();
    const expiring = { user_id: shopper.id, user_coupon_id: userCoupon.id, expires_at: userCoupon.end_at };
    const points = { user_id: shopper.id, email: 'x@example.com', points: 120, expires_at: Date.UTC(2027, 0, 15) };
    // the shopper gave no marketing consent: promotions are off in the inbox by default
    await emitted('coupon.expiring', expiring);
    await emitted('points.expiring', points);
    await emitted('referral.rewarded', { inviter_id: shopper.id, friend_id: shopper.id, points: 500 });
    await dispatch();
    expect((await list(shopper)).result.data.map((notice) => notice.event)).toEqual(['referral.rewarded', 'coupon.received']);

    await setPromotions(shopper, true);
    await emitted('coupon.expiring', expiring);
    await emitted('points.expiring', points);
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

describe('POST /shop/user_msg/list and /shop/userMsg/updateReadStatus', () => {
  /** A shopper with `count` notices (points expiring, an account update each), oldest first. */
  async function withNotices(count: number) {
    const shopper = await makeShopper(t);
    for (let n = 0; n < count; n++) {
      await emitted('referral.rewarded', { inviter_id: shopper.id, friend_id: shopper.id, points: 100 + n });
    }
    await dispatch();
    return shopper;
  }

  it('pages newest first and filters by type and read state, the unread count always the whole inbox', async () => {
    const shopper = await withNotices(12);
    const first = (await list(shopper, { page: 1, page_size: 5 })).result;
    expect(first.total).toBe(12);
    expect(first.data.map((notice) => notice.title)).toEqual(
      [111, 110, 109, 108, 107].map((points) => `You earned ${points} points for inviting a friend`),
    );
    expect((await list(shopper, { page: 3, page_size: 5 })).result.data).toHaveLength(2);
    expect((await list(shopper, { type: 'order' })).result).toEqual({ data: [], total: 0, unread: 12 });
    expect((await list(shopper, { type: 'points' })).result.total).toBe(12);

    const [newest, second] = first.data;
    const marked = await markRead(shopper, { ids: [newest?.id, second?.id, newest?.id] });
    expect(marked.status).toBe(200);
    expect(marked.result).toEqual({ updated: 2, unread: 10 });
    const read = (await list(shopper, { read: 1 })).result;
    expect(read.data.map((notice) => notice.id)).toEqual([newest?.id, second?.id]);
    expect(read.data.every((notice) => notice.read)).toBe(true);
    expect((await list(shopper, { read: 0 })).result).toMatchObject({ total: 10, unread: 10 });
    // marking them again changes nothing
    expect((await markRead(shopper, { ids: [newest?.id] })).result).toEqual({ updated: 0, unread: 10 });
    expect((await markRead(shopper, { all: true })).result).toEqual({ updated: 10, unread: 0 });
    expect((await list(shopper)).result.unread).toBe(0);
  });

  it('counts each notice read once when marks race: 12 requests at once, one at a time or all', async () => {
    const shopper = await withNotices(6);
    const ids = (await list(shopper)).result.data.map((notice) => notice.id);
    const answers = await Promise.all([
      ...ids.map((id) => markRead(shopper, { ids: [id] })),
      ...ids.map(() => markRead(shopper, { all: true })),
    ]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.reduce((sum, answer) => sum + answer.result.updated, 0)).toBe(6);
    expect((await list(shopper)).result.unread).toBe(0);
    expect((await rowsOf(shopper.id)).every((row) => row.read_at !== null)).toBe(true);
  });

  it('never shows or changes another shopper’s messages: their ids are a 404 that changes nothing', async () => {
    const owner = await withNotices(2);
    const other = await withNotices(1);
    const [mine] = (await list(other)).result.data;
    const theirs = (await list(owner)).result.data;
    expect(theirs).toHaveLength(2);
    expect(theirs.some((notice) => notice.id === mine?.id)).toBe(false);

    const refused = await markRead(other, { ids: [mine?.id, theirs[0]?.id] });
    expect(refused.status).toBe(404);
    expect(refused.msg).toBe(MessageTexts.notFound);
    expect((await list(other)).result.unread).toBe(1);
    expect((await list(owner)).result.unread).toBe(2);
    // "all" is the shopper's own all
    expect((await markRead(other, { all: true })).result).toEqual({ updated: 1, unread: 0 });
    expect((await list(owner)).result.unread).toBe(2);
  });

  it('refuses bad input with a 400 naming the field, and asks for a signed-in shopper', async () => {
    const shopper = await withNotices(1);
    const cases: [unknown, string][] = [
      [{}, 'ids'],
      [{ ids: [] }, 'ids'],
      [{ ids: [1], all: true }, 'ids'],
      [{ ids: ['x'] }, 'ids.0'],
      [{ all: 'yes' }, 'all'],
    ];
    for (const [payload, field] of cases) {
      const answer = await injectAs(t, shopper).post<{ fields: Record<string, string> }>(MessagePaths.updateReadStatus, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(answer.result.fields), JSON.stringify(payload)).toContain(field);
    }
    for (const [payload, field] of [
      [{ type: 'spam' }, 'type'],
      [{ read: 2 }, 'read'],
      [{ page_size: 500 }, 'page_size'],
    ] as const) {
      const answer = await injectAs(t, shopper).post<{ fields: Record<string, string> }>(MessagePaths.list, payload);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.result.fields)).toContain(field);
    }
    expect((await list(shopper)).result.unread).toBe(1);
    expect((await injectAs(t, null).post(MessagePaths.list, {})).status).toBe(401);
    expect((await injectAs(t, null).post(MessagePaths.updateReadStatus, { all: true })).status).toBe(401);
  });
});

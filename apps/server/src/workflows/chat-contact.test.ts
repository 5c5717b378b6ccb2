import { ContactPaths, ContactTexts, type TContactPanel, type TContactReturnRequest } from '@shop/contracts/chat-contact';
import { ReturnMessages, type TRefundQuote, type TReturnDetail } from '@shop/contracts/returns';
import { describe, expect, it } from 'vitest';
import { visitorConversation } from '../chat/visitors.testing';
import { emit } from '../infra/events';
import { JOB } from '../jobs';
import { makeCartLine, makeGoods, makeShopper, makeStaff, type Shopper } from '../testing/fixtures';
import { injectAs } from '../testing/harness';
import { testAppWithAdmin } from './app-testing';
import { placeOrderOfNewGoods } from './orders-testing';

// The console's contact panel and acting for the shopper (decision 0059): the panel names the
// conversation's shopper only; a return started by an agent is self-service's own, to the message;
// goodwill coupons stop at the role's limit; each action is audited and told in the chat and in
// MyMessage; two agents starting a return for the same unit make one return.

const { app, db, admin } = testAppWithAdmin();

type Agent = { id: number; token: string };

/** A staff member of `role` with a live session, online in the chat. */
const makeAgent = (role: 'admin' | 'operator' | 'csr'): Promise<Agent> =>
  makeStaff(app(), role, { nickname: `Agent ${role}`, online: true });

/** A conversation of `agent` with a visitor: the shopper's chat identity, or a guest's. */
async function conversation(agent: Agent, shopper: Shopper | null) {
  const at = Date.now();
  const { touristId, sessionId } = await visitorConversation(
    db(),
    { at, userId: shopper?.id, nickname: shopper ? 'Test' : 'Visitor' },
    { csr_id: agent.id, status: 'active' },
  );
  await db()
    .insertInto('chat_trajectories')
    .values({ tourist_id: touristId, title: 'Linen Dress', url: '/product/linen-dress.html', referrer: '', created_at: at })
    .execute();
  return sessionId;
}

/** An order of one line of `num` units, paid; `deliver`: shipped with a tracking number and received. */
async function paidOrder(shopper: Shopper, options: { num?: number; deliver?: boolean } = {}) {
  const { order } = await placeOrderOfNewGoods(
    app(),
    shopper,
    { name: 'Contact Dress', price_cents: 4_250 },
    { num: options.num, deliver: options.deliver === false ? undefined : { staff: admin() } },
  );
  const line = await db().selectFrom('order_items').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow();
  return { orderId: order.id, orderNo: order.order_no, lineId: line.id };
}

const dispatch = () => app().app.services.jobs.run(JOB.eventDispatch, Date.now());
const notices = (userId: number) =>
  db().selectFrom('user_messages').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const messagesOf = (sessionId: number) =>
  db().selectFrom('chat_messages').selectAll().where('session_id', '=', sessionId).orderBy('seq').execute();
const auditOf = (staffId: number) =>
  db().selectFrom('audit_log').selectAll().where('staff_id', '=', staffId).orderBy('id').execute();
const returnsOf = (orderId: number) => db().selectFrom('returns').selectAll().where('order_id', '=', orderId).execute();

describe('the contact panel', () => {
  it("shows the signed-in shopper's account, orders with tracking, bag, wishlist, conversations and trajectory", async () => {
    const agent = await makeAgent('csr');
    const shopper = await makeShopper(app());
    const { orderId, orderNo } = await paidOrder(shopper);
    const inBag = await makeGoods(db(), { name: 'Bag Scarf', price_cents: 1_500, stock: 4 });
    await makeCartLine(db(), shopper.id, inBag.skuIds[0] as number, 2);
    await injectAs(app(), shopper).post('/shop/goods/favorite', { goods_id: inBag.goodsId });
    const earlier = await conversation(agent, shopper);
    await db().updateTable('chat_sessions').set({ status: 'closed' }).where('id', '=', earlier).execute();
    const sessionId = await conversation(agent, shopper);

    const panel = await injectAs(app(), agent).get<TContactPanel>(`${ContactPaths.panel}?session_id=${sessionId}`);
    expect(panel.status).toBe(200);
    const contact = panel.result.shopper;
    expect(contact).toMatchObject({ id: shopper.id, name: 'Test Buyer' });
    expect(contact?.email).toMatch(/@example\.com$/);
    expect(contact?.orders.data[0]).toMatchObject({
      id: orderId,
      order_no: orderNo,
      carrier: 'UPS',
      tracking_no: '1Z999AA10123456784',
    });
    expect(contact?.orders.data[0]?.tracking_url).toContain('1Z999AA10123456784');
    expect(contact?.bag).toEqual([expect.objectContaining({ name: 'Bag Scarf', num: 2 })]);
    expect(contact?.wishlist).toEqual([expect.objectContaining({ name: 'Bag Scarf' })]);
    expect(contact?.conversations.map((c) => c.id)).toEqual([earlier]);
    expect(contact?.returnable.map((order) => order.id)).toEqual([orderId]);
    expect(contact?.goodwill_limit).toBe(10);
    expect(panel.result.trajectory).toEqual([expect.objectContaining({ url: '/product/linen-dress.html' })]);
  });

  it('a guest has no panel: not signed in, nothing of an account, and nothing to act for', async () => {
    const agent = await makeAgent('csr');
    const sessionId = await conversation(agent, null);
    const panel = await injectAs(app(), agent).get<TContactPanel>(`${ContactPaths.panel}?session_id=${sessionId}`);
    expect(panel.status).toBe(200);
    expect(panel.result.shopper).toBeNull();
    const act = await injectAs(app(), agent).post(ContactPaths.goodwill, { session_id: sessionId, amount: 5, reason: 'Sorry' });
    expect(act.status).toBe(400);
    expect(act.msg).toBe(ContactTexts.guestNoActions);
  });

  it("refuses a role without chat.answer, and another agent's conversation", async () => {
    const agent = await makeAgent('csr');
    const shopper = await makeShopper(app());
    const sessionId = await conversation(agent, shopper);
    const operator = await makeAgent('operator');
    const refused = await injectAs(app(), operator).get(`${ContactPaths.panel}?session_id=${sessionId}`);
    expect(refused.status).toBe(403);
    const shopperToken = await injectAs(app(), shopper).get(`${ContactPaths.panel}?session_id=${sessionId}`);
    expect(shopperToken.status).toBe(401);
    const other = await makeAgent('csr');
    expect((await injectAs(app(), other).get(`${ContactPaths.panel}?session_id=${sessionId}`)).status).toBe(404);
    const act = await injectAs(app(), other).post(ContactPaths.goodwill, { session_id: sessionId, amount: 1, reason: 'x' });
    expect(act.status).toBe(404);
    expect(await db().selectFrom('user_coupons').select('id').where('user_id', '=', shopper.id).execute()).toEqual([]);
  });
});

describe('acting for the shopper', () => {
  it('sends an order card and the tracking link, each audited, in the chat and in MyMessage', async () => {
    const agent = await makeAgent('csr');
    const shopper = await makeShopper(app());
    const { orderId, orderNo } = await paidOrder(shopper);
    const sessionId = await conversation(agent, shopper);

    const sent = await injectAs(app(), agent).post(ContactPaths.orderCard, { session_id: sessionId, order_id: orderId });
    expect(sent.status).toBe(200);
    const tracking = await injectAs(app(), agent).post(ContactPaths.tracking, { session_id: sessionId, order_id: orderId });
    expect(tracking.status).toBe(200);

    const chat = await messagesOf(sessionId);
    expect(chat.map((m) => [m.type, m.sender_type])).toEqual([
      ['order', 'csr'],
      ['text', 'csr'],
    ]);
    expect(JSON.parse(chat[0]?.extend ?? '{}')).toMatchObject({ id: orderId, order_no: orderNo });
    expect(chat[1]?.content).toContain('1Z999AA10123456784');
    expect((await auditOf(agent.id)).map((row) => row.action)).toEqual(['chat.order_card', 'chat.tracking_link']);
    await dispatch();
    const inbox = (await notices(shopper.id)).filter((notice) => notice.event === 'support.acted');
    expect(inbox.map((notice) => notice.title)).toEqual([
      `Customer service shared order ${orderNo} with you`,
      `Tracking for order ${orderNo}`,
    ]);
    // the outbox's delivery of the same two messages found them said already
    expect((await messagesOf(sessionId)).map((m) => m.id)).toEqual(chat.map((m) => m.id));
  });

  it('says an action in the chat from the outbox when the process stopped after the action and before the message', async () => {
    const agent = await makeAgent('csr');
    const shopper = await makeShopper(app());
    const { orderId, orderNo } = await paidOrder(shopper);
    const sessionId = await conversation(agent, shopper);
    // what a committed action leaves when nothing after its commit ran: its event
    const acted = (action: 'tracking' | 'goodwill', message_key: string) => ({
      user_id: shopper.id,
      staff_id: agent.id,
      action,
      order_id: action === 'tracking' ? orderId : null,
      return_id: null,
      session_id: sessionId,
      message_key,
      amount: action === 'goodwill' ? '5.00' : null,
    });
    await db()
      .transaction()
      .execute(async (trx) => {
        await emit(trx, 'support.acted', acted('tracking', 'stopped-1'), Date.now());
        await emit(trx, 'support.acted', acted('goodwill', 'stopped-2'), Date.now());
      });
    await dispatch();
    await dispatch();
    const chat = await messagesOf(sessionId);
    expect(chat.map((m) => [m.sender_type, m.sender_id, m.client_msg_id])).toEqual([
      ['csr', agent.id, 'stopped-1'],
      ['csr', agent.id, 'stopped-2'],
    ]);
    expect(chat[0]?.content).toContain(orderNo);
    expect(chat[1]?.content).toBe(ContactTexts.goodwillMessage('5.00'));
    // the shopper's notice of the tracking link; the coupon's is its own event's
    const inbox = (await notices(shopper.id)).filter((notice) => notice.event === 'support.acted');
    expect(inbox.map((notice) => notice.title)).toEqual([`Tracking for order ${orderNo}`]);
  });

  it("refuses an order that is not the shopper's, and a tracking link before shipping", async () => {
    const agent = await makeAgent('csr');
    const shopper = await makeShopper(app());
    const sessionId = await conversation(agent, shopper);
    const someoneElse = await paidOrder(await makeShopper(app()));
    const unshipped = await paidOrder(shopper, { deliver: false });
    const card = await injectAs(app(), agent).post(ContactPaths.orderCard, {
      session_id: sessionId,
      order_id: someoneElse.orderId,
    });
    expect(card.status).toBe(404);
    const early = await injectAs(app(), agent).post(ContactPaths.tracking, {
      session_id: sessionId,
      order_id: unshipped.orderId,
    });
    expect(early.status).toBe(400);
    expect(early.msg).toBe(ContactTexts.noTracking);
    expect(await messagesOf(sessionId)).toEqual([]);
    expect(await auditOf(agent.id)).toEqual([]);
  });

  it("starts a return with self-service's quote, the agent on the request and in its timeline, audited and told", async () => {
    const agent = await makeAgent('csr');
    const shopper = await makeShopper(app());
    const { orderId, lineId } = await paidOrder(shopper, { num: 2 });
    const sessionId = await conversation(agent, shopper);
    const ask = { session_id: sessionId, order_id: orderId, order_item_id: lineId, num: 1 };

    const quote = await injectAs(app(), agent).post<TRefundQuote>(ContactPaths.returnQuote, ask);
    const selfQuote = await injectAs(app(), shopper).post<TRefundQuote>('/shop/orderRefund/quote', {
      order_id: orderId,
      kind: 'return',
      items: [{ order_item_id: lineId, num: 1 }],
    });
    expect(quote.status).toBe(200);
    expect(quote.result).toEqual(selfQuote.result);

    const started = await injectAs(app(), agent).post<TReturnDetail>(ContactPaths.startReturn, {
      ...ask,
      reason: 'Too small',
    } satisfies TContactReturnRequest);
    expect(started.status).toBe(200);
    expect(started.result.amount).toBe(quote.result.amount);
    expect(started.result.timeline[0]).toMatchObject({ actor: 'staff' });
    expect(started.result.timeline[0]?.note).toContain('Agent csr');
    const [row] = await returnsOf(orderId);
    expect(row?.acting_staff_id).toBe(agent.id);
    expect(row?.user_id).toBe(shopper.id);
    const event = await db()
      .selectFrom('return_events')
      .selectAll()
      .where('return_id', '=', row?.id ?? 0)
      .executeTakeFirst();
    expect(event?.actor).toBe(`staff:${agent.id}`);

    // the shopper's own list has it
    const mine = await injectAs(app(), shopper).get<{ data: { return_no: string }[] }>('/shop/orderRefund/list?status=0');
    expect(mine.result.data.map((r) => r.return_no)).toEqual([row?.return_no]);
    expect((await auditOf(agent.id)).map((a) => a.action)).toEqual(['return.start_for_shopper']);
    const [said] = await messagesOf(sessionId);
    expect(said?.content).toContain(row?.return_no);
    await dispatch();
    const inbox = (await notices(shopper.id)).filter((notice) => notice.event === 'support.acted');
    expect(inbox).toEqual([
      expect.objectContaining({ type: 'return', link: `/ShoppingListMain/ReturnExchangeDetails?id=${row?.id}` }),
    ]);
  });

  it('refuses an ineligible line with the same message as self-service, and changes nothing', async () => {
    const agent = await makeAgent('csr');
    const shopper = await makeShopper(app());
    const { orderId, lineId } = await paidOrder(shopper, { deliver: false });
    const sessionId = await conversation(agent, shopper);
    const self = await injectAs(app(), shopper).post('/shop/orderRefund/refundReturn', {
      order_id: orderId,
      type: 'refund',
      reason: 'Too small',
      items: [{ order_item_id: lineId, num: 1 }],
    });
    const byAgent = await injectAs(app(), agent).post(ContactPaths.startReturn, {
      session_id: sessionId,
      order_id: orderId,
      order_item_id: lineId,
      num: 1,
      reason: 'Too small',
    });
    expect(self.status).toBe(400);
    expect(byAgent.status).toBe(self.status);
    expect(byAgent.msg).toBe(self.msg);
    expect(byAgent.msg).toBe(ReturnMessages.notEligible);
    // more units than the line has: self-service's own message too
    const delivered = await paidOrder(shopper, { num: 1 });
    const tooMany = await injectAs(app(), agent).post(ContactPaths.startReturn, {
      session_id: sessionId,
      order_id: delivered.orderId,
      order_item_id: delivered.lineId,
      num: 2,
      reason: 'Too small',
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.msg).toBe(ReturnMessages.tooMany(1));
    expect(await returnsOf(orderId)).toEqual([]);
    expect(await returnsOf(delivered.orderId)).toEqual([]);
    expect(await messagesOf(sessionId)).toEqual([]);
    expect(await auditOf(agent.id)).toEqual([]);
  });

  it('two agents starting a return for the same unit at once make one return', async () => {
    const first = await makeAgent('csr');
    const second = await makeAgent('admin');
    const shopper = await makeShopper(app());
    const { orderId, lineId } = await paidOrder(shopper, { num: 1 });
    const sessions = [await conversation(first, shopper), await conversation(second, shopper)];
    const agents = [first, second];
    const answers = await Promise.all(
      agents.map((agent, index) =>
        injectAs(app(), agent).post(ContactPaths.startReturn, {
          session_id: sessions[index],
          order_id: orderId,
          order_item_id: lineId,
          num: 1,
          reason: 'Wrong item',
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)?.msg).toBe(ReturnMessages.tooMany(0));
    expect(await returnsOf(orderId)).toHaveLength(1);
    const units = await db().selectFrom('return_units').select('unit_index').where('order_item_id', '=', lineId).execute();
    expect(units).toHaveLength(1);
  });
});

describe('goodwill coupons', () => {
  it('grants within the role limit and refuses above it with a clear message', async () => {
    const csr = await makeAgent('csr');
    const boss = await makeAgent('admin');
    const shopper = await makeShopper(app());
    const csrSession = await conversation(csr, shopper);
    const bossSession = await conversation(boss, shopper);

    const over = await injectAs(app(), csr).post(ContactPaths.goodwill, {
      session_id: csrSession,
      amount: 10.01,
      reason: 'Late parcel',
    });
    expect(over.status).toBe(400);
    expect(over.msg).toBe(ContactTexts.goodwillOverLimit('csr'));
    expect(over.msg).toBe('A support agent may grant a goodwill coupon of at most $10.00');

    const within = await injectAs(app(), csr).post<{ user_coupon_id: number }>(ContactPaths.goodwill, {
      session_id: csrSession,
      amount: 10,
      reason: 'Late parcel',
    });
    expect(within.status).toBe(200);
    const more = await injectAs(app(), boss).post(ContactPaths.goodwill, {
      session_id: bossSession,
      amount: 60,
      reason: 'Damaged twice',
    });
    expect(more.status).toBe(200);
    const tooMuch = await injectAs(app(), boss).post(ContactPaths.goodwill, {
      session_id: bossSession,
      amount: 100.01,
      reason: 'x',
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.msg).toBe(ContactTexts.goodwillOverLimit('admin'));

    const held = await db()
      .selectFrom('user_coupons')
      .innerJoin('coupon_templates', 'coupon_templates.id', 'user_coupons.template_id')
      .select(['coupon_templates.amount_cents', 'user_coupons.source', 'user_coupons.status'])
      .where('user_coupons.user_id', '=', shopper.id)
      .orderBy('user_coupons.id')
      .execute();
    expect(held).toEqual([
      { amount_cents: 1_000, source: 'staff', status: 'unused' },
      { amount_cents: 6_000, source: 'staff', status: 'unused' },
    ]);
    expect((await auditOf(csr.id)).map((a) => a.action)).toEqual(['coupon.goodwill']);
    expect((await messagesOf(csrSession)).map((m) => m.content)).toEqual([ContactTexts.goodwillMessage('10.00')]);
    await dispatch();
    const inbox = (await notices(shopper.id)).filter((notice) => notice.event === 'coupon.received');
    expect(inbox).toHaveLength(2);
    expect(inbox[0]?.title).toContain(ContactTexts.goodwillName);
  });

  it('refuses bad input with the field named, and grants nothing', async () => {
    const csr = await makeAgent('csr');
    const shopper = await makeShopper(app());
    const sessionId = await conversation(csr, shopper);
    for (const payload of [
      { session_id: sessionId, amount: 0, reason: 'x' },
      { session_id: sessionId, amount: 1.234, reason: 'x' },
      { session_id: sessionId, amount: '5', reason: 'x' },
      { session_id: sessionId, amount: 5, reason: '  ' },
      { session_id: 'x', amount: 5, reason: 'x' },
    ]) {
      const answer = await injectAs(app(), csr).post(ContactPaths.goodwill, payload);
      expect(answer.status).toBe(400);
    }
    expect(await db().selectFrom('user_coupons').select('id').where('user_id', '=', shopper.id).execute()).toEqual([]);
  });
});

import { AccountClosureMessages } from '@shop/contracts/account-closure';
import { OrderStatus } from '@shop/contracts/orders';
import {
  ReturnPaths,
  ReturnStatus,
  type TAdminReturnDetail,
  type TRefundQuote,
  type TReturnableOrder,
  type TReturnDetail,
} from '@shop/contracts/returns';
import { describe, expect, it } from 'vitest';
import { JOB } from '../jobs';
import { eraseReturnsOf } from '../modules/returns';
import { makeShopper, stockOf } from '../testing/fixtures';
import { checkNothingPending } from './cancel-account';
import { exportAccount } from './export-account';
import { cents, returnsTestApp } from './returns/fixture';

/**
 * The returns workflow as a whole: a return's journey from the form to the money, who may see and
 * do what, and the shopper's personal data. Each move's own rules are tested beside it in `returns/`.
 */

const f = returnsTestApp();
const { now, db, admin, csr, as, paidOrder, requestReturn, orderRow, providerRefunds } = f;

describe('returns: the whole journey (spec 7 orderRefund)', () => {
  it('returns one of two lines: the quote is what is refunded; stock back once; the order stays completed with the amount', async () => {
    const placed = await paidOrder({ lines: 2, num: 1 });
    const [first] = placed.lineIds as [number];
    const eligible = await as(placed.shopper).get<{ data: TReturnableOrder[] }>(ReturnPaths.orders);
    expect(eligible.result.data.map((order) => order.id)).toContain(placed.order.id);
    const form = await as(placed.shopper).get<TReturnableOrder>(`${ReturnPaths.order}?id=${placed.order.id}`);
    expect(form.result).toMatchObject({ mode: 'return' });
    expect(form.result.lines[0]).toMatchObject({
      returnable: 1,
      exchange_options: [{ sku_id: placed.otherSkus[0], in_stock: 1 }],
    });
    const quote = await as(placed.shopper).post<TRefundQuote>(ReturnPaths.quote, {
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
    expect((await admin().post(ReturnPaths.adminApprove, { id })).status).toBe(200);
    const waiting = await as(placed.shopper).get<TReturnDetail>(`${ReturnPaths.detail}?id=${id}`);
    expect(waiting.result).toMatchObject({ status: ReturnStatus.Approved, can_send: 1, can_withdraw: 1 });
    expect(waiting.result.return_address).toContain('Returns');
    const sent = await as(placed.shopper).post<TReturnDetail>(ReturnPaths.parcel, {
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

    const received = await admin().post<TAdminReturnDetail>(ReturnPaths.adminReceive, { id });
    expect(received.result.received).toEqual([{ order_item_id: first, num: 1, restocked: 1 }]);
    expect(await stockOf(db(), placed.skuIds[0] as number)).toBe(stockBefore + 1);
    // received once: a second receipt is refused and puts nothing back
    const again = await admin().post(ReturnPaths.adminReceive, { id });
    expect(again).toMatchObject({ status: 400, msg: 'This request cannot be marked as received: it is parcel received' });
    expect(await stockOf(db(), placed.skuIds[0] as number)).toBe(stockBefore + 1);

    const refunded = await admin().post<TAdminReturnDetail>(ReturnPaths.adminRefund, { id });
    expect(refunded.result).toMatchObject({ status: ReturnStatus.Refunded, amount: quote.result.amount });
    expect(refunded.result.refunds).toEqual([expect.objectContaining({ amount: 33.33, status: 'succeeded' })]);
    expect(await providerRefunds(placed.order.id)).toEqual([3_333]);
    const order = await orderRow(placed.order.id);
    expect(order).toMatchObject({ status: OrderStatus.Completed, refunded_amount: 3_333 });
    const timeline = (await as(placed.shopper).get<TReturnDetail>(`${ReturnPaths.detail}?id=${id}`)).result.timeline;
    expect(timeline.map((event) => event.status)).toEqual([1, 2, 3, 4, 5]);
    expect(timeline.map((event) => event.actor)).toEqual(['shopper', 'staff', 'shopper', 'staff', 'staff']);

    // the inbox and the e-mail say the same amount
    await f.app().app.services.jobs.run(JOB.eventDispatch, now);
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
});

describe('returns: who may see and do what', () => {
  it("another shopper's orders and requests answer 404 and show nothing", async () => {
    const placed = await paidOrder({ lines: 1, num: 1 });
    const asked = await requestReturn(placed, [{ order_item_id: placed.lineIds[0] as number, num: 1 }]);
    const stranger = await makeShopper(f.app());
    const answers = await Promise.all([
      as(stranger).get(`${ReturnPaths.detail}?id=${asked.result.id}`),
      as(stranger).get(`${ReturnPaths.order}?id=${placed.order.id}`),
      as(stranger).post(ReturnPaths.withdraw, { id: asked.result.id }),
      as(stranger).post(ReturnPaths.quote, {
        order_id: placed.order.id,
        items: [{ order_item_id: placed.lineIds[0], num: 1 }],
      }),
      as(stranger).post(ReturnPaths.refundReturn, {
        order_id: placed.order.id,
        items: [{ order_item_id: placed.lineIds[0], num: 1 }],
        reason: 'Other',
        type: 'refund',
      }),
    ]);
    for (const answer of answers) expect(answer.status).toBe(404);
    expect((await as(stranger).get<{ total: number }>(ReturnPaths.list)).result.total).toBe(0);
  });

  it('a support agent sees the queue but cannot approve, receive or refund', async () => {
    const placed = await paidOrder({ lines: 1, num: 1 });
    const asked = await requestReturn(placed, [{ order_item_id: placed.lineIds[0] as number, num: 1 }]);
    const queue = await csr().get<{ data: Array<{ id: number; email: string }> }>(
      `${ReturnPaths.adminList}?status=1&pagesize=100`,
    );
    expect(queue.status).toBe(200);
    expect(queue.result.data.map((row) => row.id)).toContain(asked.result.id);
    for (const path of [ReturnPaths.adminApprove, ReturnPaths.adminReceive, ReturnPaths.adminRefund])
      expect((await csr().post(path, { id: asked.result.id })).status).toBe(403);
    const found = await admin().get<{ data: Array<{ id: number }> }>(`${ReturnPaths.adminList}?q=${placed.order.order_no}`);
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

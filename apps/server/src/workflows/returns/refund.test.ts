import { OrderStatus } from '@shop/contracts/orders';
import { ReturnMessages, ReturnPaths, ReturnStatus, type TAdminReturnDetail } from '@shop/contracts/returns';
import { describe, expect, it } from 'vitest';
import { JOB } from '../../jobs';
import { createPaymentProvider, type PaymentProvider } from '../../modules/payments';
import { pointsOf } from '../../testing/fixtures';
import { createReturns } from '../returns';
import { returnsTestApp } from './fixture';

/** Staff pay a request's money back: exactly, once, and settled even when the provider refuses or the shop stops mid-refund. */

const f = returnsTestApp();
const { now, db, admin, paidOrder, requestReturn, approveAndReceive, returnedAndRefunded, orderRow, providerRefunds } = f;

describe('returns: the refund', () => {
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

  it('refunds a return once however many times staff press refund at once; then refuses with the state', async () => {
    const placed = await paidOrder({ lines: 1, num: 1 });
    const asked = await requestReturn(placed, [{ order_item_id: placed.lineIds[0] as number, num: 1 }]);
    const id = asked.result.id;
    await approveAndReceive(id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => admin().post(ReturnPaths.adminRefund, { id })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) expect(answer.status).toBe(400);
    expect(await providerRefunds(placed.order.id)).toHaveLength(1);
    const later = await admin().post(ReturnPaths.adminRefund, { id });
    expect(later).toMatchObject({ status: 400, msg: 'This request cannot be refunded: it is refunded' });
  });

  it('keeps a refused refund retryable with the provider’s message, and the reconcile job settles one left pending', async () => {
    const placed = await paidOrder({ lines: 2, num: 1 });
    const asked = await requestReturn(placed, [{ order_item_id: placed.lineIds[0] as number, num: 1 }]);
    const id = asked.result.id;
    await approveAndReceive(id);
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
    const after = await admin().get<TAdminReturnDetail>(`${ReturnPaths.adminDetail}?id=${id}`);
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
    const jobs = f.app().app.services.jobs;
    expect(await jobs.run(JOB.refundReconciliation, now)).toEqual({ settled: 1 });
    const settled = await admin().get<TAdminReturnDetail>(`${ReturnPaths.adminDetail}?id=${id}`);
    expect(settled.result.status).toBe(ReturnStatus.Refunded);
    expect(await providerRefunds(placed.order.id)).toEqual([row.amount]);
    expect(await jobs.run(JOB.refundReconciliation, now)).toEqual({ settled: 0 });
  });
});

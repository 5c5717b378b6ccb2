import { ReturnMessages, ReturnPaths, type TRefundQuote } from '@shop/contracts/returns';
import { describe, expect, it } from 'vitest';
import { newKey } from '../../testing/fixtures';
import { returnsTestApp } from './fixture';

/** Money back on any paid order, once per request id, never beyond what is left. */

const { db, admin, as, paidOrder, providerRefunds } = returnsTestApp();

describe('returns: ad-hoc refunds', () => {
  it('an ad-hoc refund is paid once per request id and never beyond what is left', async () => {
    const placed = await paidOrder({ lines: 1, num: 1 });
    const request = { order_id: placed.order.id, amount: 5, reason: 'Late delivery goodwill', request_id: newKey() };
    const [a, b] = await Promise.all([
      admin().post(ReturnPaths.adminOrderRefund, request),
      admin().post(ReturnPaths.adminOrderRefund, request),
    ]);
    // the second either finds the first's refund (the same answer) or finds it in flight
    expect([a.status, b.status]).toContain(200);
    for (const answer of [a, b]) expect([200, 400]).toContain(answer.status);
    const repeat = await admin().post(ReturnPaths.adminOrderRefund, request);
    expect(repeat).toMatchObject({ status: 200, result: { amount: 5, status: 'succeeded' } });
    expect(await providerRefunds(placed.order.id)).toEqual([500]);
    const tooMuch = await admin().post(ReturnPaths.adminOrderRefund, {
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
    const quote = await as(placed.shopper).post<TRefundQuote>(ReturnPaths.quote, {
      order_id: placed.order.id,
      items: [{ order_item_id: placed.lineIds[0], num: 1 }],
    });
    expect(quote.result.amount).toBe(Number((placed.order.pay_price - 5).toFixed(2)));
  });
});

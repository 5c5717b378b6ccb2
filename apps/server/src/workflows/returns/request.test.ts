import { OrderStatus, type TOrderDetail } from '@shop/contracts/orders';
import { ReturnMessages, ReturnPaths, ReturnStatus, type TAdminReturnDetail, type TReturnDetail } from '@shop/contracts/returns';
import { describe, expect, it } from 'vitest';
import { makeAddress, makeCartLine, makeGoods, makeShopper, newKey } from '../../testing/fixtures';
import { injectAs } from '../../testing/harness';
import { returnsTestApp } from './fixture';

/** The shopper asks for a refund, a return or an exchange: what is refused, and units claimed once. */

const f = returnsTestApp();
const { now, db, admin, as, paidOrder, requestReturn, orderRow } = f;

describe('returns: asking', () => {
  it('a refund without a return for a line that never came waits for staff, who refund it', async () => {
    const placed = await paidOrder({ lines: 2, num: 1, deliver: false });
    await admin().post('/admin/order/ship', {
      id: placed.order.id,
      company_code: 'ups',
      tracking_no: '1Z999AA10123456784',
    });
    const asked = await as(placed.shopper).post<TReturnDetail>(ReturnPaths.refund, {
      order_id: placed.order.id,
      items: [{ order_item_id: placed.lineIds[1], num: 1 }],
      reason: 'Never arrived',
    });
    expect(asked.result).toMatchObject({ status: ReturnStatus.Requested, kind: 'refund', amount: 44.44 });
    // a refund without a parcel is not approved for sending: it is refunded or declined
    expect(await admin().post(ReturnPaths.adminApprove, { id: asked.result.id })).toMatchObject({
      status: 400,
      msg: 'A refund without a return has no parcel: refund it or decline it',
    });
    const refunded = await admin().post<TAdminReturnDetail>(ReturnPaths.adminRefund, { id: asked.result.id });
    expect(refunded.result).toMatchObject({ status: ReturnStatus.Refunded, amount: 44.44 });
    expect(await orderRow(placed.order.id)).toMatchObject({ status: OrderStatus.Shipped, refunded_amount: 4_444 });
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
    const shopper = await makeShopper(f.app());
    const goods = await makeGoods(db(), { name: 'Unpaid Tee', price_cents: 1_000, stock: 3 });
    const unpaid = await injectAs(f.app(), shopper, { headers: { 'idempotency-key': newKey() } }).post<TOrderDetail>(
      '/shop/order/create',
      {
        address_id: await makeAddress(db(), shopper.id),
        cart_ids: [await makeCartLine(db(), shopper.id, goods.skuIds[0] as number, 1)],
      },
    );
    const refused = await as(shopper).post(ReturnPaths.refund, {
      order_id: unpaid.result.id,
      reason: 'Changed my mind',
    });
    expect(refused).toMatchObject({
      status: 400,
      msg: 'This order cannot be refunded in its current status: it is pending payment',
    });
  });
});

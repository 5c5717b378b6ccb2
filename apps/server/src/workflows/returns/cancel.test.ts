import { OrderStatus } from '@shop/contracts/orders';
import { ReturnMessages, ReturnPaths, ReturnStatus, type TReturnDetail } from '@shop/contracts/returns';
import { describe, expect, it } from 'vitest';
import { pointsOf, stockOf } from '../../testing/fixtures';
import { cents, returnsTestApp } from './fixture';

/** A paid order not yet shipped, cancelled whole and refunded at once. */

const { db, admin, as, paidOrder, orderRow, providerRefunds } = returnsTestApp();

describe('returns: cancelled before shipping', () => {
  it('cancels and refunds a paid order not yet shipped, at once: stock, coupon and points back; staff can no longer ship it', async () => {
    const placed = await paidOrder({ lines: 1, num: 2, deliver: false, points: 500 });
    const stockBefore = await stockOf(db(), placed.skuIds[0] as number);
    const balanceBefore = await pointsOf(db(), placed.shopper.id);
    const partial = await as(placed.shopper).post(ReturnPaths.refund, {
      order_id: placed.order.id,
      items: [{ order_item_id: placed.lineIds[0], num: 1 }],
      reason: 'Changed my mind',
    });
    expect(partial).toMatchObject({ status: 400, msg: ReturnMessages.beforeShipping });
    const answer = await as(placed.shopper).post<TReturnDetail>(ReturnPaths.refund, {
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
    const ship = await admin().post('/admin/order/ship', {
      id: placed.order.id,
      company_code: 'ups',
      tracking_no: '1Z999AA10123456784',
    });
    expect(ship.status).toBe(400);
  });
});

import { ReturnMessages, ReturnPaths, ReturnStatus, type TAdminReturnDetail } from '@shop/contracts/returns';
import { describe, expect, it } from 'vitest';
import { stockOf } from '../../testing/fixtures';
import { returnsTestApp } from './fixture';

/** An exchange: the other size reserved when asked, given back when declined, the replacement shipped; no money moves. */

const { db, admin, paidOrder, requestReturn, providerRefunds } = returnsTestApp();

describe('returns: exchanges', () => {
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
    const rejected = await admin().post<TAdminReturnDetail>(ReturnPaths.adminReject, {
      id: asked.result.id,
      reason: 'Item shows signs of wear or use',
    });
    expect(rejected.result).toMatchObject({ status: ReturnStatus.Rejected, reject_reason: 'Item shows signs of wear or use' });
    expect(await stockOf(db(), other)).toBe(before);
    // the unit is free again: asked anew, approved, received, the replacement shipped
    const again = await requestReturn(placed, [item], { type: 'exchange', exchange_sku_id: other });
    const id = again.result.id;
    await admin().post(ReturnPaths.adminApprove, { id });
    await admin().post(ReturnPaths.adminReceive, {
      id,
      lines: [{ order_item_id: item.order_item_id, restock: false }],
    });
    expect(await stockOf(db(), placed.skuIds[0] as number)).toBe(9);
    expect((await admin().post(ReturnPaths.adminRefund, { id })).msg).toBe(
      'An exchange is not refunded: its replacement is shipped',
    );
    const shipped = await admin().post<TAdminReturnDetail>(ReturnPaths.adminShip, {
      id,
      company_code: 'ups',
      tracking_no: '1ZSWAP0001',
    });
    expect(shipped.result).toMatchObject({ status: ReturnStatus.Exchanged, replacement: { tracking_no: '1ZSWAP0001' } });
    expect(await providerRefunds(placed.order.id)).toEqual([]);
  });
});

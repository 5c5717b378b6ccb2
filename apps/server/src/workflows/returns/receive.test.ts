import { ReturnPaths, ReturnStatus, type TAdminReturnDetail } from '@shop/contracts/returns';
import { describe, expect, it } from 'vitest';
import { stockOf } from '../../testing/fixtures';
import { returnsTestApp } from './fixture';

/** Staff receive the parcel: each line back into stock unless damaged, once. */

const { db, admin, paidOrder, requestReturn } = returnsTestApp();

describe('returns: the parcel received', () => {
  it('keeps a damaged line out of stock, and refuses a line that is not the request’s without changing anything', async () => {
    const placed = await paidOrder({ lines: 2, num: 1 });
    const [first, second] = placed.lineIds as [number, number];
    const asked = await requestReturn(placed, [{ order_item_id: first, num: 1 }]);
    const id = asked.result.id;
    await admin().post(ReturnPaths.adminApprove, { id });
    const stockBefore = await stockOf(db(), placed.skuIds[0] as number);

    const stranger = await admin().post(ReturnPaths.adminReceive, { id, lines: [{ order_item_id: second, restock: true }] });
    expect(stranger).toMatchObject({ status: 400, msg: 'order_item_id is not an item of this request' });
    const unchanged = await admin().get<TAdminReturnDetail>(`${ReturnPaths.adminDetail}?id=${id}`);
    expect(unchanged.result).toMatchObject({ status: ReturnStatus.Approved, received: [{ order_item_id: first, num: 0 }] });

    const received = await admin().post<TAdminReturnDetail>(ReturnPaths.adminReceive, {
      id,
      lines: [{ order_item_id: first, restock: false }],
    });
    expect(received.result).toMatchObject({ status: ReturnStatus.Received });
    expect(received.result.received).toEqual([{ order_item_id: first, num: 1, restocked: 0 }]);
    expect(received.result.timeline.at(-1)?.note).toBe('1 received, not resellable');
    expect(await stockOf(db(), placed.skuIds[0] as number)).toBe(stockBefore);
  });
});

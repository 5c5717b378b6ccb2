import { ReturnPaths, ReturnStatus, type TReturnDetail, type TReturnListItem } from '@shop/contracts/returns';
import { describe, expect, it } from 'vitest';
import { returnsTestApp } from './fixture';

/** The shopper takes a request back before the parcel leaves. */

const { as, paidOrder, requestReturn } = returnsTestApp();

describe('returns: withdrawn', () => {
  it('withdrawn before the parcel leaves: the units are free again', async () => {
    const placed = await paidOrder({ lines: 1, num: 1 });
    const item = { order_item_id: placed.lineIds[0] as number, num: 1 };
    const asked = await requestReturn(placed, [item]);
    const withdrawn = await as(placed.shopper).post<TReturnDetail>(ReturnPaths.withdraw, { id: asked.result.id });
    expect(withdrawn.result).toMatchObject({ status: ReturnStatus.Withdrawn, can_withdraw: 0 });
    expect((await requestReturn(placed, [item])).status).toBe(200);
    const list = await as(placed.shopper).get<{ data: TReturnListItem[]; total: number }>(
      `${ReturnPaths.list}?id=${placed.order.id}`,
    );
    expect(list.result.data.map((row) => row.status)).toEqual([ReturnStatus.Requested, ReturnStatus.Withdrawn]);
  });
});

import { ReturnPaths } from '@shop/contracts/returns';
import { describe, expect, it } from 'vitest';
import { returnsTestApp } from './fixture';

/** The shopper's parcel: sent once the request is approved, and from then on the request stays. */

const { admin, as, paidOrder, requestReturn } = returnsTestApp();

describe('returns: the parcel', () => {
  it('is sent only once approved; a request whose parcel is on its way can no longer be withdrawn', async () => {
    const placed = await paidOrder({ lines: 1, num: 1 });
    const asked = await requestReturn(placed, [{ order_item_id: placed.lineIds[0] as number, num: 1 }]);
    const id = asked.result.id;
    expect(
      await as(placed.shopper).post(ReturnPaths.parcel, { id, company_code: 'ups', tracking_no: '1ZRETURN0001' }),
    ).toMatchObject({
      status: 400,
      msg: 'This request cannot be marked as sent: it is requested',
    });
    await admin().post(ReturnPaths.adminApprove, { id });
    await as(placed.shopper).post(ReturnPaths.parcel, { id, company_code: 'ups', tracking_no: '1ZRETURN0001' });
    expect(await as(placed.shopper).post(ReturnPaths.withdraw, { id })).toMatchObject({
      status: 400,
      msg: 'This request cannot be withdrawn: it is parcel on its way back',
    });
  });
});

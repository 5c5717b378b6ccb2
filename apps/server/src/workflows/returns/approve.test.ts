import { illegalReturnMoveMessage, ReturnPaths, ReturnStatus, type TAdminReturnDetail } from '@shop/contracts/returns';
import { describe, expect, it } from 'vitest';
import { returnsTestApp } from './fixture';

/** Staff approve a request (the shopper sends the parcel) or decline it with a reason (its units are free again). */

const { db, admin, paidOrder, requestReturn } = returnsTestApp();

const auditOf = (action: string, id: number) =>
  db()
    .selectFrom('audit_log')
    .select(['before_json', 'after_json', 'reason'])
    .where('action', '=', action)
    .where('object_type', '=', 'return')
    .where('object_id', '=', String(id))
    .execute();

describe('returns: approved or declined', () => {
  it('approves once, with the move in the timeline and the audit log; approving again is refused', async () => {
    const placed = await paidOrder({ lines: 1, num: 1 });
    const asked = await requestReturn(placed, [{ order_item_id: placed.lineIds[0] as number, num: 1 }]);
    const id = asked.result.id;
    const approved = await admin().post<TAdminReturnDetail>(ReturnPaths.adminApprove, { id });
    expect(approved.result).toMatchObject({ status: ReturnStatus.Approved });
    expect(approved.result.timeline.at(-1)?.note).toBe('Approved: send the parcel back');
    const audit = await auditOf('return.approve', id);
    expect(audit.map((entry) => [JSON.parse(entry.before_json ?? 'null'), JSON.parse(entry.after_json ?? 'null')])).toEqual([
      [{ status: ReturnStatus.Requested }, { status: ReturnStatus.Approved }],
    ]);
    expect(await admin().post(ReturnPaths.adminApprove, { id })).toMatchObject({
      status: 400,
      msg: illegalReturnMoveMessage('return', ReturnStatus.Approved, 'approve'),
    });
    expect(await auditOf('return.approve', id)).toHaveLength(1);
  });

  it('declines with the reason and the note, and the units can be asked for again', async () => {
    const placed = await paidOrder({ lines: 1, num: 1 });
    const item = { order_item_id: placed.lineIds[0] as number, num: 1 };
    const asked = await requestReturn(placed, [item]);
    const id = asked.result.id;
    const declined = await admin().post<TAdminReturnDetail>(ReturnPaths.adminReject, {
      id,
      reason: 'Item shows signs of wear or use',
      note: 'Stains on the collar',
    });
    const said = 'Item shows signs of wear or use: Stains on the collar';
    expect(declined.result).toMatchObject({ status: ReturnStatus.Rejected, reject_reason: said });
    expect(declined.result.timeline.at(-1)?.note).toBe(said);
    expect((await auditOf('return.reject', id)).map((entry) => entry.reason)).toEqual([said]);
    expect((await requestReturn(placed, [item])).status).toBe(200);
  });
});

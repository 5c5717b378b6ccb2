import { ReturnStatus, type TAdminReturnDetail } from '@shop/contracts/returns';
import { returnRequests } from '../../modules/returns';
import type { ReturnsDeps } from './context';
import { releaseExchange } from './exchange';
import { auditReturnMove, emitReturnMoved, staffMove } from './staff-move';
import { adminDetail } from './staff-views';

/** Staff decide on a request: approved, the shopper sends the parcel; declined, with a reason, its units are free again. */

/** Approves a return or exchange: the shopper is told to send the parcel. */
export async function approve(deps: ReturnsDeps, staffId: number, id: number): Promise<TAdminReturnDetail> {
  const at = deps.clock();
  await staffMove(deps, id, async (trx, row) => {
    await returnRequests(trx).move(row, 'approve', { actor: `staff:${staffId}`, at, note: 'Approved: send the parcel back' });
    await emitReturnMoved(trx, 'return.approved', row, at);
    await auditReturnMove(trx, staffId, row, { action: 'return.approve', after: { status: ReturnStatus.Approved }, at });
    return [];
  });
  return adminDetail(deps.db, id);
}

/** Declines a request with a reason from the list (and staff's note); an exchange's reserved replacement goes back to stock. */
export async function reject(
  deps: ReturnsDeps,
  staffId: number,
  id: number,
  reason: string,
  note: string,
): Promise<TAdminReturnDetail> {
  const at = deps.clock();
  const said = note ? `${reason}: ${note}` : reason;
  await staffMove(deps, id, async (trx, row) => {
    await returnRequests(trx).move(row, 'reject', {
      actor: `staff:${staffId}`,
      at,
      note: said,
      changes: { reject_reason: said },
    });
    await emitReturnMoved(trx, 'return.rejected', row, at);
    await auditReturnMove(trx, staffId, row, {
      action: 'return.reject',
      after: { status: ReturnStatus.Rejected },
      reason: said,
      at,
    });
    return releaseExchange(trx, row);
  });
  return adminDetail(deps.db, id);
}

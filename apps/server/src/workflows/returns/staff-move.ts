import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { emit } from '../../infra/events';
import { recordAudit } from '../../modules/audit';
import type { StockChange } from '../../modules/catalog';
import type { ReturnRow } from '../../modules/returns';
import { type ReturnsDeps, stockChanged } from './context';
import { holdRequest, noRefundInFlight } from './steps';

/**
 * How staff move a request (approve, reject, receive, ship the replacement): in one transaction
 * holding its order, never while its money is being paid, with an audit entry and, where the
 * shopper is told, an event.
 */

/** A staff move on a request, holding its order; `work` answers the stock it moved. */
export async function staffMove(deps: ReturnsDeps, id: number, work: (trx: Db, row: ReturnRow) => Promise<StockChange[]>) {
  const at = deps.clock();
  const changes = await inTransaction(deps.db, async (trx) => {
    const row = await holdRequest(trx, id, at);
    await noRefundInFlight(trx, row.id);
    return work(trx, row);
  });
  await stockChanged(deps, changes);
}

/** The audit entry of a staff move on a request: its status before, and what it is after. */
export function auditReturnMove(
  trx: Db,
  staffId: number,
  row: ReturnRow,
  entry: { action: string; after: Record<string, unknown>; reason?: string; at: number },
) {
  return recordAudit(trx, {
    staffId,
    action: entry.action,
    object: { type: 'return', id: row.id },
    before: { status: row.status },
    after: entry.after,
    reason: entry.reason,
    at: entry.at,
  });
}

/** Tells the shopper (inbox and e-mail, through the outbox) that staff moved their request. */
export function emitReturnMoved(
  trx: Db,
  type: 'return.approved' | 'return.rejected' | 'return.exchanged',
  row: ReturnRow,
  at: number,
) {
  return emit(trx, type, { return_id: row.id, order_id: row.order_id, user_id: row.user_id }, at);
}

import {
  RETURN_KIND_LABELS,
  RETURN_STATUS_LABELS,
  type ReturnKind,
  ReturnStatus,
  returnFlags,
  type TReturnListItem,
  type TReturnStatus,
} from '@shop/contracts/returns';
import type { Db } from '../../db/database';
import { type CentsQuote, presentQuote } from './quote';
import { type ReturnRow, returnRequests } from './requests';

/** A request's stored quote: what it gives back (as executed once refunded). */
export function storedQuote(row: Pick<ReturnRow, 'quote_json'>): CentsQuote {
  return JSON.parse(row.quote_json) as CentsQuote;
}

export const statusText = (status: number) => RETURN_STATUS_LABELS[status as TReturnStatus] ?? 'Unknown';

/** Who moved a request, as the shopper's timeline says it. */
export const actorKind = (actor: string): 'shopper' | 'staff' | 'system' =>
  actor === 'shopper' ? 'shopper' : actor.startsWith('staff:') ? 'staff' : 'system';

export function presentListItem(row: ReturnRow, orderNo: string): TReturnListItem {
  const quote = storedQuote(row);
  return {
    id: row.id,
    return_no: row.return_no,
    order_id: row.order_id,
    order_no: orderNo,
    kind: row.kind as ReturnKind,
    kind_text: RETURN_KIND_LABELS[row.kind as ReturnKind],
    status: row.status,
    status_text: statusText(row.status),
    amount: presentQuote(quote).amount,
    total_num: quote.lines.reduce((sum, line) => sum + line.num, 0),
    images: quote.lines.map((line) => line.image).slice(0, 4),
    create_time: row.created_at,
    ...returnFlags({ kind: row.kind as ReturnKind, status: row.status }),
  };
}

/** The statuses at which the shopper is shown where to send the parcel. */
export const SHOWS_ADDRESS: ReadonlySet<number> = new Set([
  ReturnStatus.Approved,
  ReturnStatus.ParcelSent,
  ReturnStatus.Received,
]);

export async function timelineOf(db: Db, returnId: number) {
  const events = await returnRequests(db).eventsOf(returnId);
  return events.map((event) => ({
    status: event.status,
    status_text: statusText(event.status),
    note: event.note,
    actor: actorKind(event.actor),
    create_time: event.created_at,
  }));
}

/** What a notice about a request says (the inbox's and the mail's): its shopper, numbers, money and the reason or carrier. */
export async function returnNoticeFacts(db: Db, returnId: number) {
  const row = await returnRequests(db).find(returnId);
  if (!row) return undefined;
  return {
    id: row.id,
    user_id: row.user_id,
    order_id: row.order_id,
    return_no: row.return_no,
    kind: row.kind as ReturnKind,
    amount: row.amount,
    reject_reason: row.reject_reason,
    replacement_tracking_no: row.replacement_tracking_no,
  };
}

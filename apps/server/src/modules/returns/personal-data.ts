import { centsToPrice } from '@shop/contracts/pricing';
import { RETURN_CLOSED_STATUSES, RETURN_KIND_LABELS, ReturnStatus } from '@shop/contracts/return-rules';
import type { Db } from '../../db/database';
import { statusText, storedQuote } from './presenter';
import { returnRequests } from './requests';

/**
 * The returns' part of an account's export and erasure (decisions 0026, 0047). Requests stay for
 * the shop's books with their amounts; what the shopper wrote and the photos they sent go.
 */

const OPEN = [ReturnStatus.Requested, ReturnStatus.Approved, ReturnStatus.ParcelSent, ReturnStatus.Received];

/** The shopper's requests with their lines, amounts and timelines, oldest first. */
export async function returnsOf(db: Db, userId: number) {
  const requests = returnRequests(db);
  const rows = await requests.ofUser(userId);
  return Promise.all(
    rows.map(async (row) => {
      const quote = storedQuote(row);
      return {
        return_no: row.return_no,
        order_id: row.order_id,
        kind: row.kind,
        status: row.status,
        closed: RETURN_CLOSED_STATUSES.has(row.status),
        reason: row.reason,
        description: row.description,
        photos: JSON.parse(row.photos_json) as string[],
        lines: quote.lines.map((line) => ({ goods_name: line.goods_name, sku_text: line.sku_text, num: line.num })),
        amount_cents: row.amount,
        parcel_tracking_no: row.parcel_tracking_no,
        created_at: new Date(row.created_at).toISOString(),
        timeline: (await requests.eventsOf(row.id)).map((event) => ({
          status: event.status,
          note: event.note,
          at: new Date(event.created_at).toISOString(),
        })),
      };
    }),
  );
}

/** How many of the shopper's requests are still open (money or a parcel on its way): the account cannot close meanwhile. */
export async function openReturnCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('returns')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', OPEN)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** At an account's erasure: the shopper's words and photos go; the requests stay for the books. */
export async function eraseReturnsOf(trx: Db, userId: number): Promise<void> {
  await trx.updateTable('returns').set({ description: '', photos_json: '[]' }).where('user_id', '=', userId).execute();
}

/** The shopper's requests for the back office's profile, newest first: number, order, kind, status, amount, date. */
export async function returnSummariesOf(db: Db, userId: number, limit: number) {
  const rows = await db
    .selectFrom('returns')
    .select(['id', 'return_no', 'order_id', 'kind', 'status', 'amount', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    return_no: row.return_no,
    order_id: row.order_id,
    kind: RETURN_KIND_LABELS[row.kind],
    status: statusText(row.status),
    amount: centsToPrice(row.amount),
    created_at: row.created_at,
  }));
}

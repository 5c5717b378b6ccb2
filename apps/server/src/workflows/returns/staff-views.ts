import { ReturnMessages, type TAdminReturnDetail, type TAdminReturnListItem } from '@shop/contracts/returns';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { orderIdsByNumber, orderNumbers } from '../../modules/orders';
import { presentRefund, refundsOf } from '../../modules/payments';
import { presentListItem, returnRequests } from '../../modules/returns';
import { emailsOf, shopperIdsByEmail } from '../../modules/users';
import { detailOf } from './views';

/** What staff read: the queue of requests, found by order, return number or e-mail, and one request with its money. */

export type AdminListQuery = { status: number; page: number; pagesize: number; q: string };

/** Requests by status, or found by the shopper's e-mail (`q` with an @) or by order or return number. */
export async function adminList(db: Db, query: AdminListQuery): Promise<{ data: TAdminReturnListItem[]; total: number }> {
  const q = query.q.trim();
  const search = q
    ? q.includes('@')
      ? { userIds: await shopperIdsByEmail(db, q) }
      : { orderIds: await orderIdsByNumber(db, q), returnNo: q }
    : {};
  const { rows, total } = await returnRequests(db).adminList({
    status: query.status,
    page: query.page,
    pageSize: query.pagesize,
    ...search,
  });
  const [numbers, emails] = await Promise.all([
    orderNumbers(db, [...new Set(rows.map((row) => row.order_id))]),
    emailsOf(db, [...new Set(rows.map((row) => row.user_id))]),
  ]);
  return {
    data: rows.map((row) => ({
      ...presentListItem(row, numbers.get(row.order_id) ?? ''),
      user_id: row.user_id,
      email: emails.get(row.user_id) ?? '',
      reason: row.reason,
    })),
    total,
  };
}

/** A request with its shopper, its refunds and the units received; every staff move answers it. */
export async function adminDetail(db: Db, id: number): Promise<TAdminReturnDetail> {
  const row = await returnRequests(db).find(id);
  if (!row) throw AppError.notFound(ReturnMessages.requestNotFound);
  const [detail, emails, refunds, lines] = await Promise.all([
    detailOf(db, row),
    emailsOf(db, [row.user_id]),
    refundsOf(db, { returnId: row.id }),
    returnRequests(db).linesOf([row.id]),
  ]);
  return {
    ...detail,
    user_id: row.user_id,
    email: emails.get(row.user_id) ?? '',
    refunds: refunds.map(presentRefund),
    received: lines.map((line) => ({
      order_item_id: line.order_item_id,
      num: line.received_num,
      restocked: line.restocked_num,
    })),
  };
}

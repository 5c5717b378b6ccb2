import { ORDER_CSV_COLUMNS, ORDER_EXPORT_ROWS_MAX } from '@shop/contracts/office-order-rules';
import { orderStatusLabel, type TAdminOrderFilter } from '@shop/contracts/orders';
import { centsToAmount } from '@shop/contracts/pricing';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/database';
import { presentAddress } from './presenter';
import { ordersRepo } from './repo';
import { orderFilterOf } from './service';

/**
 * The back office's CSV export of orders (GET /admin/order/export, decision 0051): the list's
 * filters, every matching order newest first, one row each, written by csv-stringify (RFC 4180
 * quoting, as the catalogue's export, decision 0044). A cell of text a shopper typed that a
 * spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return first) is written
 * with a leading apostrophe, so opening the file never runs anything.
 */

/** Orders per query. */
const CHUNK = 500;

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet shows as text. */
export const spreadsheetSafe = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

const isoOrEmpty = (ms: number | null) => (ms === null ? '' : new Date(Number(ms)).toISOString());

export async function exportOrdersCsv(db: Db, query: TAdminOrderFilter): Promise<string> {
  const repo = ordersRepo(db);
  const filter = orderFilterOf(query);
  const companies = new Map((await repo.companies()).map((company) => [company.id, company.name]));
  const rows: unknown[][] = [];
  let idBelow: number | undefined;
  while (rows.length < ORDER_EXPORT_ROWS_MAX) {
    const chunk = await repo.chunk({ ...filter, idBelow }, Math.min(CHUNK, ORDER_EXPORT_ROWS_MAX - rows.length));
    if (chunk.length === 0) break;
    const [items, emails] = await Promise.all([
      repo.itemsOf(chunk.map((order) => order.id)),
      repo.emailsOf([...new Set(chunk.map((order) => order.user_id))]),
    ]);
    for (const order of chunk) {
      const address = presentAddress(order);
      const lines = items.get(order.id) ?? [];
      const discounts = order.discount_amount + order.coupon_amount + order.points_amount;
      const fees = order.shipping_amount + order.surcharge_amount + order.insurance_amount + order.customs_amount;
      rows.push([
        order.order_no,
        isoOrEmpty(order.created_at),
        orderStatusLabel(order.status),
        spreadsheetSafe(emails.get(order.user_id) ?? ''),
        spreadsheetSafe(`${address.first_name} ${address.last_name}`.trim()),
        address.country,
        order.total_num,
        spreadsheetSafe(
          lines.map((line) => `${line.goods_name}${line.sku_text ? ` (${line.sku_text})` : ''} × ${line.num}`).join('; '),
        ),
        centsToAmount(order.goods_amount),
        centsToAmount(discounts),
        centsToAmount(fees),
        centsToAmount(order.pay_price),
        centsToAmount(order.refunded_amount),
        isoOrEmpty(order.paid_at),
        isoOrEmpty(order.shipped_at),
        order.delivery_company_id === null ? '' : (companies.get(order.delivery_company_id) ?? ''),
        order.tracking_no ?? '',
      ]);
    }
    idBelow = chunk.at(-1)?.id;
  }
  return stringify([[...ORDER_CSV_COLUMNS], ...rows]);
}

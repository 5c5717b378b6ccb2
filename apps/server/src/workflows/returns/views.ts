import { orderStatusLabel } from '@shop/contracts/orders-rules';
import { centsToAmount } from '@shop/contracts/pricing';
import {
  type ReturnKind,
  ReturnMessages,
  type TRefundQuote,
  type TReturnableOrder,
  type TReturnDetail,
  type TReturnListItem,
  type TReturnQuoteRequest,
} from '@shop/contracts/returns';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { siblingSkus, skuForExchange } from '../../modules/catalog';
import { carrierView, linesOfOrders, orderNumbers, ordersForReturns } from '../../modules/orders';
import {
  presentListItem,
  presentQuote,
  type ReturnRow,
  returnRequests,
  SHOWS_ADDRESS,
  storedQuote,
  timelineOf,
} from '../../modules/returns';
import { type Loaded, loadOrder, type ReturnsDeps } from './context';
import { DAY_MS, type Mode, modeOf } from './eligibility';
import { returnAddress, returnWindowDays } from './settings';
import { quoteOf } from './steps';
import { allUnits, free, pickUnits } from './units';

/** What the shopper reads: the orders they may ask about, what a request would give back, their requests. */

const ELIGIBLE_ORDERS_MAX = 50;

const dollars = (cents: number) => Number(centsToAmount(cents));

/** An order as the request form offers it: each line's units left and, when asked, its exchange options. */
async function presentReturnable(q: Db, loaded: Loaded, mode: Mode, windowDays: number, withOptions: boolean) {
  const lines = await Promise.all(
    loaded.items.map(async (item) => {
      const options = withOptions && mode === 'return' ? await siblingSkus(q, item.goods_id) : [];
      return {
        order_item_id: item.id,
        goods_id: item.goods_id,
        sku_id: item.sku_id,
        goods_name: item.goods_name,
        sku_text: item.sku_text,
        image: item.image,
        unit_price: dollars(item.unit_price),
        num: item.num,
        returnable: free(item, loaded.claimed.get(item.id)),
        exchange_options: options
          .filter((sku) => sku.id !== item.sku_id && sku.price === item.unit_price)
          .map((sku) => ({ sku_id: sku.id, sku_text: sku.sku_text, in_stock: sku.stock > 0 ? (1 as const) : (0 as const) })),
      };
    }),
  );
  const delivered = loaded.order.completed_at;
  return {
    id: loaded.order.id,
    order_no: loaded.order.order_no,
    status: loaded.order.status,
    status_text: orderStatusLabel(loaded.order.status),
    pay_price: dollars(loaded.order.pay_price),
    create_time: loaded.order.created_at,
    completed_at: delivered,
    window_ends_at: delivered === null ? null : delivered + windowDays * DAY_MS,
    mode,
    lines,
  } satisfies TReturnableOrder;
}

/** One request as the shopper reads it (and staff, with more): amounts, the exchange, the address once approved, the timeline. */
export async function detailOf(db: Db, row: ReturnRow): Promise<TReturnDetail> {
  const numbers = await orderNumbers(db, [row.order_id]);
  const base = presentListItem(row, numbers.get(row.order_id) ?? '');
  const quote = storedQuote(row);
  const exchange = row.exchange_sku_id === null ? undefined : await skuForExchange(db, row.exchange_sku_id);
  const shipsBack = row.kind !== 'refund' && SHOWS_ADDRESS.has(row.status);
  return {
    ...base,
    reason: row.reason,
    description: row.description,
    photos: JSON.parse(row.photos_json) as string[],
    quote: presentQuote(quote),
    exchange: exchange ? { sku_id: exchange.id, sku_text: exchange.sku_text, image: exchange.image } : null,
    return_address: shipsBack ? await returnAddress(db) : null,
    parcel: await carrierView(db, row.parcel_company_id, row.parcel_tracking_no),
    replacement: await carrierView(db, row.replacement_company_id, row.replacement_tracking_no),
    reject_reason: row.reject_reason,
    refunded_at: row.refunded_at,
    timeline: await timelineOf(db, row.id),
  };
}

/** Orders the shopper may ask about now, with what each line still allows. */
export async function eligibleOrders(
  { db, clock }: ReturnsDeps,
  userId: number,
): Promise<{ data: TReturnableOrder[]; total: number }> {
  const now = clock();
  const windowDays = await returnWindowDays(db);
  const orders = await ordersForReturns(db, userId, ELIGIBLE_ORDERS_MAX);
  const items = await linesOfOrders(
    db,
    orders.map((order) => order.id),
  );
  // one read of the claimed units for every line of every order
  const claimed = await returnRequests(db).claimedUnits([...items.values()].flat().map((item) => item.id));
  const data: TReturnableOrder[] = [];
  for (const order of orders) {
    const mode = modeOf(order, now, windowDays);
    if (!('mode' in mode)) continue;
    const lines = items.get(order.id) ?? [];
    const loaded = { order, items: lines, claimed };
    if (lines.every((item) => free(item, claimed.get(item.id)) === 0)) continue;
    data.push(await presentReturnable(db, loaded, mode.mode, windowDays, false));
  }
  return { data, total: data.length };
}

/** One order as the request form offers it: its lines, what each allows, the exchange options. */
export async function returnableOrder({ db, clock }: ReturnsDeps, userId: number, orderId: number): Promise<TReturnableOrder> {
  const loaded = await loadOrder(db, orderId, userId);
  const windowDays = await returnWindowDays(db);
  const mode = modeOf(loaded.order, clock(), windowDays);
  if (!('mode' in mode)) throw AppError.field('id', mode.error);
  return presentReturnable(db, loaded, mode.mode, windowDays, true);
}

export type QuoteInput = TReturnQuoteRequest & { kind: ReturnKind; items: { order_item_id: number; num: number }[] };
export type ListQuery = { status: number; page: number; page_size: number; id?: number };

/** What a request would give back, by the code that will execute it. */
export async function quote({ db, clock }: ReturnsDeps, userId: number, input: QuoteInput): Promise<TRefundQuote> {
  const loaded = await loadOrder(db, input.order_id, userId);
  const mode = modeOf(loaded.order, clock(), await returnWindowDays(db));
  if (!('mode' in mode)) throw AppError.field('order_id', mode.error);
  if (mode.mode === 'cancel') return presentQuote(await quoteOf(db, loaded, 'refund', allUnits(loaded), { cancelsOrder: true }));
  if (input.kind !== 'refund' && mode.mode !== 'return') throw AppError.field('order_id', ReturnMessages.notEligible);
  return presentQuote(await quoteOf(db, loaded, input.kind, pickUnits(loaded, input.items)));
}

/** The shopper's requests, newest first (optionally one order's). */
export async function list({ db }: ReturnsDeps, userId: number, query: ListQuery) {
  const { rows, total } = await returnRequests(db).listOf(userId, {
    status: query.status,
    page: query.page,
    pageSize: query.page_size,
    orderId: query.id,
  });
  const numbers = await orderNumbers(db, [...new Set(rows.map((row) => row.order_id))]);
  return { data: rows.map((row): TReturnListItem => presentListItem(row, numbers.get(row.order_id) ?? '')), total };
}

/** One of the shopper's requests (a 404 for another's). */
export async function detail({ db }: ReturnsDeps, userId: number, id: number): Promise<TReturnDetail> {
  const row = await returnRequests(db).find(id, userId);
  if (!row) throw AppError.notFound(ReturnMessages.requestNotFound);
  return detailOf(db, row);
}

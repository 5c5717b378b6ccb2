import { OfficeOrderMessages } from '@shop/contracts/office-order-rules';
import { OrderStatus, orderStatusLabel } from '@shop/contracts/orders-rules';
import { goodsPaidCents } from '@shop/contracts/points-rules';
import { centsToAmount, priceToCents } from '@shop/contracts/pricing';
import {
  illegalReturnMoveMessage,
  nextReturnStatus,
  RETURN_KIND_LABELS,
  RETURN_WINDOW_DAYS,
  type ReturnKind,
  ReturnMessages,
  ReturnStatus,
  type TAdminAdhocRefundRequest,
  type TAdminReturnDetail,
  type TAdminReturnListItem,
  type TRefundQuote,
  type TRefundRequest,
  type TRefundReturnRequest,
  type TReturnableOrder,
  type TReturnDetail,
  type TReturnListItem,
  type TReturnParcelRequest,
  type TReturnQuoteRequest,
} from '@shop/contracts/returns';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { OrderItemsTable, OrdersTable } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { AppError } from '../http/errors';
import { emit } from '../infra/events';
import { recordAudit } from '../modules/audit/service';
import { siblingSkus, skuForExchange } from '../modules/catalog/exchange';
import { releaseStock, reserveStock, type StockChange } from '../modules/catalog/stock';
import { orderCouponTerms, releaseOrderCoupon } from '../modules/coupons/service';
import {
  carrierByCode,
  carrierView,
  linesOfOrders,
  orderForReturns,
  orderIdsByNumber,
  orderNumbers,
  ordersForReturns,
  recordRefund,
} from '../modules/orders/refunds';
import { holdOrder } from '../modules/orders/service';
import { moveOrder, type OrderActor } from '../modules/orders/status';
import type { PaymentProvider, RefundResult } from '../modules/payments/provider';
import {
  askProvider,
  findRefund,
  findRefundByKey,
  openRefund,
  pendingRefunds,
  presentRefund,
  type RefundRow,
  refundAttempts,
  refundsOf,
  settleRefund,
} from '../modules/payments/refunds';
import { presentListItem, SHOWS_ADDRESS, storedQuote, timelineOf } from '../modules/returns/presenter';
import { type CentsQuote, presentQuote, type QuoteLine, quoteRequest } from '../modules/returns/quote';
import { type ReturnRow, returnRequests } from '../modules/returns/requests';
import { ownUploads, reviewsOfLines } from '../modules/reviews/for-returns';
import { emailsOf, shopperIdsByEmail } from '../modules/users/customers';
import { orderEarnedPoints, returnRefundedPoints, reverseOrderPoints, withdrawReviewPoints } from '../modules/users/points';

/**
 * Returns, refunds and exchanges (issue "after the order", decision 0047): a workflow of the owning
 * modules' steps — the order and its lines (orders), the request, its units and timeline
 * (returns), the money (payments), stock (catalogue), points (users), the coupon (coupons) and a
 * reviewed line's points (reviews). Every write holds the order's row first, so the requests and
 * refunds of one order are written one after another, on SQLite and PostgreSQL alike.
 *
 * Money: a refund is written pending with its idempotency key, the provider is asked outside the
 * transaction, and the answer is settled once; a crash in between is settled by the reconcile job
 * with the same key. One refund per request pending or done, one refund in flight per order.
 */

export const RETURN_WINDOW_SETTING = 'returns.window_days';
export const RETURN_ADDRESS_SETTING = 'returns.address';
export const DEFAULT_RETURN_ADDRESS =
  'Returns, Fashion Shop Warehouse, 100 Harbor Road, Unit 5, Oakland, CA 94607, United States';

const DAY_MS = 86_400_000;
/** A refund pending this long is asked about again (a crash between asking and settling). */
export const REFUND_RECONCILE_AFTER_MS = 60_000;
const ELIGIBLE_ORDERS_MAX = 50;

type OrderRow = Selectable<OrdersTable>;
type ItemRow = Selectable<OrderItemsTable>;
type Loaded = { order: OrderRow; items: ItemRow[]; claimed: Map<number, Set<number>> };
type Mode = 'cancel' | 'refund' | 'return';

/** An agent starting a request for the shopper from the console: who, from which conversation, and the timeline's words. */
/** An agent starting a return for the shopper from a conversation; `messageKey` is the client id of their message that tells it. */
export type ReturnAgent = { staffId: number; sessionId: number; messageKey: string; note: string };

type Deps = {
  db: Db;
  provider: PaymentProvider;
  clock?: () => number;
  /** called after a commit that moved these goods' stock (the catalogue drops its cached copies) */
  onStockChange?: (changes: StockChange[]) => Promise<void> | void;
};

const dollars = (cents: number) => Number(centsToAmount(cents));

async function setting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** The days after delivery a return may be asked for: the shop's setting, or 30. */
export async function returnWindowDays(db: Db): Promise<number> {
  const days = Number(await setting(db, RETURN_WINDOW_SETTING));
  return Number.isInteger(days) && days >= 0 && days <= 365 ? days : RETURN_WINDOW_DAYS;
}

async function returnAddress(db: Db): Promise<string> {
  return (await setting(db, RETURN_ADDRESS_SETTING))?.trim() || DEFAULT_RETURN_ADDRESS;
}

/** What may be asked of an order now, or why nothing may. */
function modeOf(order: OrderRow, now: number, windowDays: number): { mode: Mode } | { error: string } {
  switch (order.status) {
    case OrderStatus.PendingShipment:
      return { mode: 'cancel' };
    case OrderStatus.Shipped:
      return { mode: 'refund' };
    case OrderStatus.Completed:
    case OrderStatus.CompletedEvaluated: {
      const delivered = order.completed_at ?? order.updated_at;
      return now <= delivered + windowDays * DAY_MS ? { mode: 'return' } : { error: ReturnMessages.windowClosed(windowDays) };
    }
    default:
      return { error: `${ReturnMessages.notReturnable}: it is ${orderStatusLabel(order.status).toLowerCase()}` };
  }
}

const free = (item: ItemRow, claimed: Set<number> | undefined) => item.num - (claimed?.size ?? 0);

/** The lowest unit indices of the line no request holds. */
function freeUnits(item: ItemRow, claimed: Set<number> | undefined, count: number): number[] {
  const units: number[] = [];
  for (let index = 0; index < item.num && units.length < count; index++) if (!claimed?.has(index)) units.push(index);
  return units;
}

/** The units a request asks for, line by line; a 400 naming the item when one cannot be had. */
function pickUnits(loaded: Loaded, items: ReadonlyArray<{ order_item_id: number; num: number }>): Map<number, number[]> {
  if (items.length === 0) throw AppError.field('items', 'items must list the items and quantities');
  const take = new Map<number, number[]>();
  items.forEach((wanted, index) => {
    const item = loaded.items.find((line) => line.id === wanted.order_item_id);
    if (!item) throw AppError.field(`items.${index}.order_item_id`, ReturnMessages.lineUnknown);
    if (take.has(item.id)) throw AppError.field(`items.${index}.order_item_id`, ReturnMessages.lineTwice);
    const left = free(item, loaded.claimed.get(item.id));
    if (wanted.num > left) throw AppError.field(`items.${index}.num`, ReturnMessages.tooMany(left));
    take.set(item.id, freeUnits(item, loaded.claimed.get(item.id), wanted.num));
  });
  return take;
}

/** Every free unit of the order (a cancellation before shipping). */
function allUnits(loaded: Loaded): Map<number, number[]> {
  const take = new Map<number, number[]>();
  for (const item of loaded.items) {
    const units = freeUnits(item, loaded.claimed.get(item.id), item.num);
    if (units.length) take.set(item.id, units);
  }
  return take;
}

const quoteLines = (loaded: Loaded): QuoteLine[] =>
  loaded.items.map((item) => ({
    id: item.id,
    goods_id: item.goods_id,
    goods_name: item.goods_name,
    sku_text: item.sku_text,
    image: item.image,
    num: item.num,
    total: item.total,
    coupon_share: item.coupon_share,
    points_share: item.points_share,
    claimed: loaded.claimed.get(item.id)?.size ?? 0,
  }));

/** After refunding `take`, every unit of the order is refunded. */
/**
 * An exchange's new SKU, checked and its units reserved: the same product, another SKU, the same
 * price, in stock. Answers the stock changes and how the request names it.
 */
async function reserveExchange(
  trx: Db,
  loaded: Loaded,
  take: ReadonlyMap<number, readonly number[]>,
  exchangeSkuId: number | undefined,
): Promise<{ changes: StockChange[]; label: string }> {
  const [lineId, units] = [...take][0] ?? [];
  const item = loaded.items.find((line) => line.id === lineId);
  const sku = exchangeSkuId === undefined ? undefined : await skuForExchange(trx, exchangeSkuId);
  if (!item || !units || !sku || sku.goods_id !== item.goods_id || sku.id === item.sku_id)
    throw AppError.field('exchange_sku_id', ReturnMessages.exchangeSku);
  if (sku.price !== item.unit_price) throw AppError.field('exchange_sku_id', ReturnMessages.exchangePrice);
  const reserved = await reserveStock(trx, [{ sku_id: sku.id, goods_id: sku.goods_id, num: units.length }]);
  if (reserved.short) throw AppError.field('exchange_sku_id', ReturnMessages.exchangeStock);
  return { changes: reserved.changes, label: `${item.goods_name} (${sku.color}, size ${sku.size})` };
}

/** A return an agent started for the shopper (decision 0059): the audit entry and the shopper's notice. */
async function recordAgentReturn(
  trx: Db,
  agent: ReturnAgent,
  request: {
    id: number;
    userId: number;
    orderId: number;
    kind: ReturnKind;
    take: ReadonlyMap<number, readonly number[]>;
    amount: number;
    reason: string;
  },
  at: number,
) {
  await recordAudit(trx, {
    staffId: agent.staffId,
    action: 'return.start_for_shopper',
    object: { type: 'return', id: request.id },
    after: {
      user_id: request.userId,
      order_id: request.orderId,
      kind: request.kind,
      lines: [...request.take].map(([lineId, units]) => ({ order_item_id: lineId, num: units.length })),
      amount: request.amount,
      session_id: agent.sessionId,
    },
    reason: request.reason,
    at,
  });
  const notice = {
    user_id: request.userId,
    staff_id: agent.staffId,
    action: 'return' as const,
    order_id: request.orderId,
    return_id: request.id,
    session_id: agent.sessionId,
    message_key: agent.messageKey,
    amount: null,
  };
  await emit(trx, 'support.acted', notice, at);
}

/**
 * A return request whose refund the provider made: refunded, with its points returned, the review
 * points of each line now refunded in full taken back, and `return.refunded`.
 */
async function markReturnRefunded(
  trx: Db,
  refund: {
    row: ReturnRow;
    refundId: number;
    amount: number;
    /** the order after the refund was recorded */
    loaded: Loaded;
    units: ReadonlyMap<number, readonly number[]>;
    staffId: number | null;
  },
  at: number,
) {
  const { row, loaded, staffId } = refund;
  const { order } = loaded;
  await returnRequests(trx).move(row, 'refund', {
    actor: staffId === null ? (row.cancels_order ? 'shopper' : 'system') : `staff:${staffId}`,
    at,
    note: `$${centsToAmount(refund.amount)} refunded to the card`,
    changes: { refunded_at: at, amount: refund.amount },
  });
  const points = storedQuote(row).points_returned;
  await returnRefundedPoints(trx, { userId: order.user_id, orderId: order.id, refundId: refund.refundId, points, at });
  const whole = loaded.items.filter((item) => refund.units.has(item.id) && item.refunded_num >= item.num).map((item) => item.id);
  for (const review of await reviewsOfLines(trx, whole))
    await withdrawReviewPoints(trx, { userId: review.user_id, reviewId: review.id, at, why: 'review_refunded' });
  await emit(trx, 'return.refunded', { return_id: row.id, order_id: order.id, user_id: order.user_id }, at);
}

const completes = (loaded: Loaded, take: ReadonlyMap<number, readonly number[]>) =>
  loaded.items.every((item) => item.refunded_num + (take.get(item.id)?.length ?? 0) >= item.num);

export function createReturns({ db, provider, clock = Date.now, onStockChange }: Deps) {
  const stockChanged = async (changes: StockChange[]) => {
    if (changes.length && onStockChange) await onStockChange(changes);
  };

  async function load(q: Db, orderId: number, userId?: number): Promise<Loaded> {
    const found = await orderForReturns(q, orderId, userId);
    if (!found) throw AppError.notFound(ReturnMessages.notFound);
    const claimed = await returnRequests(q).claimedUnits(found.items.map((item) => item.id));
    return { order: found.order, items: found.items, claimed };
  }

  async function quoteOf(
    q: Db,
    loaded: Loaded,
    kind: ReturnKind,
    take: ReadonlyMap<number, readonly number[]>,
    options: { cancelsOrder?: boolean; exchangeFor?: string } = {},
  ): Promise<CentsQuote> {
    const kept = loaded.order.status === OrderStatus.Completed || loaded.order.status === OrderStatus.CompletedEvaluated;
    const [earned, coupon] = await Promise.all([
      kept ? orderEarnedPoints(q, loaded.order.id) : Promise.resolve(0),
      loaded.order.coupon_id === null ? Promise.resolve(undefined) : orderCouponTerms(q, loaded.order.id),
    ]);
    return quoteRequest({
      kind,
      order: {
        pay_price: loaded.order.pay_price,
        refunded_amount: loaded.order.refunded_amount,
        refunded_goods: loaded.order.refunded_goods,
        goods_paid: goodsPaidCents(loaded.order),
        earned_points: earned,
        coupon: coupon ?? null,
      },
      lines: quoteLines(loaded),
      take,
      completesOrder: kind !== 'exchange' && completes(loaded, take),
      cancelsOrder: options.cancelsOrder,
      exchangeFor: options.exchangeFor,
    });
  }

  async function checkPhotos(q: Db, userId: number, photos: readonly string[]) {
    const own = await ownUploads(q, userId, photos);
    photos.forEach((url, index) => {
      if (!own.has(url)) throw AppError.field(`images.${index}`, ReturnMessages.imageUnknown);
    });
  }

  /** Writes a new request with its lines, units and first timeline entry; answers its id. */
  async function insertRequest(
    trx: Db,
    loaded: Loaded,
    request: {
      userId: number;
      kind: ReturnKind;
      status: number;
      cancelsOrder: boolean;
      reason: string;
      description: string;
      photos: string[];
      exchangeSkuId: number | null;
      take: Map<number, number[]>;
      quote: CentsQuote;
      at: number;
      /** who asked: the shopper, unless staff cancel the order for them */
      actor?: OrderActor;
      /** an agent who started it for the shopper from the console (decision 0059), and the timeline's words for it */
      agent?: ReturnAgent;
    },
  ): Promise<number> {
    const repo = returnRequests(trx);
    const sequence = (await repo.countOfOrder(loaded.order.id)) + 1;
    const id = await repo.insert({
      return_no: `R${loaded.order.order_no}-${sequence}`,
      order_id: loaded.order.id,
      user_id: request.userId,
      kind: request.kind,
      status: request.status,
      cancels_order: request.cancelsOrder ? 1 : 0,
      reason: request.reason,
      description: request.description,
      photos_json: JSON.stringify(request.photos),
      exchange_sku_id: request.exchangeSkuId,
      quote_json: JSON.stringify(request.quote),
      amount: request.quote.amount,
      created_at: request.at,
      updated_at: request.at,
      refunded_at: null,
      parcel_company_id: null,
      parcel_tracking_no: null,
      replacement_company_id: null,
      replacement_tracking_no: null,
      acting_staff_id: request.agent?.staffId ?? null,
    });
    await repo.insertLines(
      id,
      [...request.take].map(([lineId, units]) => ({ order_item_id: lineId, num: units.length })),
    );
    await repo.claim(id, request.take);
    const asked = `${RETURN_KIND_LABELS[request.kind]}: ${request.reason}`;
    await repo.event(
      id,
      request.status,
      request.agent ? `staff:${request.agent.staffId}` : (request.actor ?? 'shopper'),
      request.agent ? `${asked}. ${request.agent.note}` : asked,
      request.at,
    );
    await emit(trx, 'return.requested', { return_id: id, order_id: loaded.order.id, user_id: request.userId }, request.at);
    return id;
  }

  // ------------------------------------------------------------ reading

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

  async function detailOf(row: ReturnRow): Promise<TReturnDetail> {
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

  // ------------------------------------------------------------ money

  /**
   * Step 1 of a refund, in `trx` holding the order: the request may be refunded now, nothing else
   * of the order is in flight; the quote is worked out and stored, the refund written pending.
   */
  async function openReturnRefund(trx: Db, row: ReturnRow, actor: string, at: number): Promise<number> {
    const repo = returnRequests(trx);
    if (nextReturnStatus(row.kind as ReturnKind, row.status, 'refund') === undefined)
      throw AppError.field('id', illegalReturnMoveMessage(row.kind as ReturnKind, row.status, 'refund'));
    const loaded = await load(trx, row.order_id);
    const units = await repo.unitsOf(row.id);
    const quote = await quoteOf(trx, loaded, row.kind as ReturnKind, units, { cancelsOrder: row.cancels_order === 1 });
    const inFlight = (await refundsOf(trx, { orderId: row.order_id })).some((refund) => refund.status === 'pending');
    if (inFlight) throw AppError.field('id', ReturnMessages.refundInFlight);
    await repo.update(row.id, { quote_json: JSON.stringify(quote), amount: quote.amount, updated_at: at });
    const attempt = (await refundAttempts(trx, row.id)) + 1;
    const refundId = await openRefund(trx, {
      orderId: row.order_id,
      returnId: row.id,
      amount: quote.amount,
      goodsAmount: Math.min(quote.goods_refund, quote.amount),
      reason: `${row.return_no}: ${row.reason}`,
      key: `return:${row.id}:${attempt}`,
      provider: provider.name,
      actor,
      at,
    });
    if (refundId === undefined) throw AppError.field('id', ReturnMessages.refundInFlight);
    return refundId;
  }

  /**
   * Step 3 of a refund: the provider's answer, settled once. On success the order and its lines
   * record it, the request is refunded, points move, the coupon comes back when nothing of the
   * order is left (and the order is Refunded), and a fully refunded reviewed line loses its
   * review's points. On failure the request stays where it was, with the provider's message.
   */
  async function finishRefund(refundId: number, result: RefundResult, staffId: number | null): Promise<RefundRow> {
    const at = clock();
    await inTransaction(db, async (trx) => {
      const pending = await findRefund(trx, refundId);
      if (!pending) return;
      await holdOrder(trx, pending.order_id, at);
      if (!(await settleRefund(trx, refundId, result, at))) return;
      const actor: OrderActor = staffId === null ? 'system' : `staff:${staffId}`;
      const row = pending.return_id === null ? undefined : await returnRequests(trx).find(pending.return_id);
      if (!result.ok) {
        if (row) await returnRequests(trx).event(row.id, row.status, actor, ReturnMessages.refundFailed(result.message), at);
        return;
      }
      const units = row ? await returnRequests(trx).unitsOf(row.id) : new Map<number, number[]>();
      const fully = await recordRefund(trx, {
        orderId: pending.order_id,
        amount: pending.amount,
        goods: pending.goods_amount,
        units: new Map([...units].map(([lineId, indices]) => [lineId, indices.length])),
      });
      const loaded = await load(trx, pending.order_id);
      const { order } = loaded;
      if (row) await markReturnRefunded(trx, { row, refundId, amount: pending.amount, loaded, units, staffId }, at);
      await reverseOrderPoints(trx, {
        userId: order.user_id,
        orderId: order.id,
        refundId,
        refundedTotal: order.refunded_goods,
        goodsPaid: goodsPaidCents(order),
        at,
      });
      if (fully) {
        await releaseOrderCoupon(trx, order.id);
        if (order.status !== OrderStatus.Refunded)
          await moveOrder(trx, order, 'refund', { actor, at, note: 'Every item refunded' });
      }
      if (staffId !== null) {
        await recordAudit(trx, {
          staffId,
          action: row ? 'return.refund' : 'order.refund',
          object: row ? { type: 'return', id: row.id } : { type: 'order', id: order.id },
          after: { amount: centsToAmount(pending.amount), order_refunded: centsToAmount(order.refunded_amount) },
          reason: pending.reason,
          at,
        });
      }
    });
    const settled = await findRefund(db, refundId);
    if (!settled) throw new Error(`refund ${refundId} vanished`);
    return settled;
  }

  async function refundReturnRow(returnId: number, staffId: number | null, actor: string): Promise<RefundRow> {
    const at = clock();
    const refundId = await inTransaction(db, async (trx) => {
      const first = await returnRequests(trx).find(returnId);
      if (!first) throw AppError.notFound(ReturnMessages.requestNotFound);
      await holdOrder(trx, first.order_id, at);
      const row = await returnRequests(trx).find(returnId);
      if (!row) throw AppError.notFound(ReturnMessages.requestNotFound);
      return openReturnRefund(trx, row, actor, at);
    });
    const pending = await findRefund(db, refundId);
    if (!pending) throw new Error(`refund ${refundId} vanished`);
    const settled = await finishRefund(refundId, await askProvider(db, provider, pending), staffId);
    if (settled.status === 'failed') throw new AppError('unprocessable', ReturnMessages.refundFailed(settled.message));
    return settled;
  }

  /**
   * Step: a paid order not yet shipped is cancelled whole, in `trx` holding the order: a refund
   * request for every unit (on the shopper's behalf when staff cancel it), the order Refunded, its
   * pieces back on the shelf and its refund opened (pending) — all in the one transaction, so a
   * crash after it leaves a refund the reconcile job settles, never a cancelled order unpaid back.
   * Once, since the order's move is conditional.
   */
  async function cancelBeforeShipping(
    trx: Db,
    loaded: Loaded,
    request: { actor: OrderActor; reason: string; description: string; photos: string[]; at: number },
  ): Promise<{ returnId: number; refundId: number; changes: StockChange[] }> {
    const take = allUnits(loaded);
    if (!loaded.items.every((item) => (take.get(item.id)?.length ?? 0) === item.num))
      throw AppError.field('items', ReturnMessages.beforeShipping);
    const quote = await quoteOf(trx, loaded, 'refund', take, { cancelsOrder: true });
    const returnId = await insertRequest(trx, loaded, {
      userId: loaded.order.user_id,
      kind: 'refund',
      status: ReturnStatus.Requested,
      cancelsOrder: true,
      reason: request.reason,
      description: request.description,
      photos: request.photos,
      exchangeSkuId: null,
      take,
      quote,
      at: request.at,
      actor: request.actor,
    });
    // nothing has left the warehouse: the order is cancelled and its pieces go back on the shelf
    await moveOrder(trx, loaded.order, 'refund', {
      actor: request.actor,
      at: request.at,
      note: `Cancelled before shipping: ${request.reason}`,
      changes: { cancelled_at: request.at, cancel_reason: request.reason },
    });
    const changes = await releaseStock(
      trx,
      loaded.items.map((item) => ({ sku_id: item.sku_id, goods_id: item.goods_id, num: item.num })),
    );
    const row = await returnRequests(trx).find(returnId);
    if (!row) throw AppError.notFound(ReturnMessages.requestNotFound);
    const refundId = await openReturnRefund(trx, row, request.actor, request.at);
    return { returnId, refundId, changes };
  }

  /** Pays a cancelled order's opened refund: asks the provider and settles the answer once; answers the refund as settled. */
  async function refundCancelled(refundId: number, staffId: number | null) {
    const pending = await findRefund(db, refundId);
    return pending ? finishRefund(refundId, await askProvider(db, provider, pending), staffId) : undefined;
  }

  // ------------------------------------------------------------ the shopper

  return {
    /** Orders the shopper may ask about now, with what each line still allows. */
    async eligibleOrders(userId: number): Promise<{ data: TReturnableOrder[]; total: number }> {
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
    },

    /** One order as the request form offers it: its lines, what each allows, the exchange options. */
    async returnableOrder(userId: number, orderId: number): Promise<TReturnableOrder> {
      const loaded = await load(db, orderId, userId);
      const windowDays = await returnWindowDays(db);
      const mode = modeOf(loaded.order, clock(), windowDays);
      if (!('mode' in mode)) throw AppError.field('id', mode.error);
      return presentReturnable(db, loaded, mode.mode, windowDays, true);
    },

    /** What a request would give back, by the code that will execute it. */
    async quote(
      userId: number,
      input: TReturnQuoteRequest & { kind: ReturnKind; items: { order_item_id: number; num: number }[] },
    ): Promise<TRefundQuote> {
      const loaded = await load(db, input.order_id, userId);
      const mode = modeOf(loaded.order, clock(), await returnWindowDays(db));
      if (!('mode' in mode)) throw AppError.field('order_id', mode.error);
      if (mode.mode === 'cancel')
        return presentQuote(await quoteOf(db, loaded, 'refund', allUnits(loaded), { cancelsOrder: true }));
      if (input.kind !== 'refund' && mode.mode !== 'return') throw AppError.field('order_id', ReturnMessages.notEligible);
      return presentQuote(await quoteOf(db, loaded, input.kind, pickUnits(loaded, input.items)));
    },

    /**
     * POST /shop/orderRefund/refund. Before shipping: the order is cancelled, its stock, coupon and
     * points come back and everything is refunded at once. After: the lines that never came wait
     * for staff.
     */
    async requestRefund(
      userId: number,
      input: Required<Pick<TRefundRequest, 'order_id' | 'reason'>> & {
        items: { order_item_id: number; num: number }[];
        description: string;
        images: string[];
      },
    ): Promise<TReturnDetail> {
      const at = clock();
      const windowDays = await returnWindowDays(db);
      const changes: StockChange[] = [];
      const { id, refundId } = await inTransaction(db, async (trx) => {
        changes.length = 0;
        if ((await holdOrder(trx, input.order_id, at)) === undefined) throw AppError.notFound(ReturnMessages.notFound);
        const loaded = await load(trx, input.order_id, userId);
        const mode = modeOf(loaded.order, at, windowDays);
        if (!('mode' in mode)) throw AppError.field('order_id', mode.error);
        await checkPhotos(trx, userId, input.images);
        if (mode.mode === 'cancel') {
          const asked =
            input.items.length === 0 ||
            loaded.items.every((item) =>
              input.items.some((wanted) => wanted.order_item_id === item.id && wanted.num === item.num),
            );
          if (!asked) throw AppError.field('items', ReturnMessages.beforeShipping);
          const cancelled = await cancelBeforeShipping(trx, loaded, {
            actor: 'shopper',
            reason: input.reason,
            description: input.description,
            photos: input.images,
            at,
          });
          changes.push(...cancelled.changes);
          return { id: cancelled.returnId, refundId: cancelled.refundId };
        }
        const take = pickUnits(loaded, input.items);
        const quote = await quoteOf(trx, loaded, 'refund', take);
        const returnId = await insertRequest(trx, loaded, {
          userId,
          kind: 'refund',
          status: ReturnStatus.Requested,
          cancelsOrder: false,
          reason: input.reason,
          description: input.description,
          photos: input.images,
          exchangeSkuId: null,
          take,
          quote,
          at,
        });
        return { id: returnId, refundId: undefined };
      });
      await stockChanged(changes);
      if (refundId !== undefined) await refundCancelled(refundId, null);
      const row = await returnRequests(db).find(id, userId);
      if (!row) throw AppError.notFound(ReturnMessages.requestNotFound);
      return detailOf(row);
    },

    /**
     * POST /shop/orderRefund/refundReturn: delivered lines sent back for their money, or for another
     * size or colour. `agent`: an agent starts it for the shopper from the console (decision 0059) —
     * the same rules and quote, the agent kept on the request and in its timeline, an audit entry
     * and the shopper's notice (`support.acted`) in the same transaction.
     */
    async requestReturn(
      userId: number,
      input: Omit<TRefundReturnRequest, 'description' | 'images'> & { description: string; images: string[] },
      agent?: ReturnAgent,
    ): Promise<TReturnDetail> {
      const at = clock();
      const windowDays = await returnWindowDays(db);
      const changes: StockChange[] = [];
      const id = await inTransaction(db, async (trx) => {
        changes.length = 0;
        if ((await holdOrder(trx, input.order_id, at)) === undefined) throw AppError.notFound(ReturnMessages.notFound);
        const loaded = await load(trx, input.order_id, userId);
        const mode = modeOf(loaded.order, at, windowDays);
        if (!('mode' in mode)) throw AppError.field('order_id', mode.error);
        if (mode.mode !== 'return') throw AppError.field('order_id', ReturnMessages.notEligible);
        await checkPhotos(trx, userId, input.images);
        const take = pickUnits(loaded, input.items);
        const kind: ReturnKind = input.type === 'exchange' ? 'exchange' : 'return';
        const exchange = kind === 'exchange' ? await reserveExchange(trx, loaded, take, input.exchange_sku_id) : undefined;
        if (exchange) changes.push(...exchange.changes);
        const quote = await quoteOf(trx, loaded, kind, take, { exchangeFor: exchange?.label });
        const returnId = await insertRequest(trx, loaded, {
          userId,
          kind,
          status: ReturnStatus.Requested,
          cancelsOrder: false,
          reason: input.reason,
          description: input.description,
          photos: input.images,
          exchangeSkuId: kind === 'exchange' ? (input.exchange_sku_id ?? null) : null,
          take,
          quote,
          at,
          agent,
        });
        if (agent) {
          const request = {
            id: returnId,
            userId,
            orderId: loaded.order.id,
            kind,
            take,
            amount: quote.amount,
            reason: input.reason,
          };
          await recordAgentReturn(trx, agent, request, at);
        }
        return returnId;
      });
      await stockChanged(changes);
      const row = await returnRequests(db).find(id, userId);
      if (!row) throw AppError.notFound(ReturnMessages.requestNotFound);
      return detailOf(row);
    },

    async list(userId: number, query: { status: number; page: number; page_size: number; id?: number }) {
      const { rows, total } = await returnRequests(db).listOf(userId, {
        status: query.status,
        page: query.page,
        pageSize: query.page_size,
        orderId: query.id,
      });
      const numbers = await orderNumbers(db, [...new Set(rows.map((row) => row.order_id))]);
      return { data: rows.map((row): TReturnListItem => presentListItem(row, numbers.get(row.order_id) ?? '')), total };
    },

    async detail(userId: number, id: number): Promise<TReturnDetail> {
      const row = await returnRequests(db).find(id, userId);
      if (!row) throw AppError.notFound(ReturnMessages.requestNotFound);
      return detailOf(row);
    },

    /** The shopper takes the request back (until the parcel is sent); its units are free again, an exchange's replacement back in stock. */
    async withdraw(userId: number, id: number): Promise<TReturnDetail> {
      const at = clock();
      const changes = await inTransaction(db, async (trx) => {
        const row = await returnRequests(trx).find(id, userId);
        if (!row) throw AppError.notFound(ReturnMessages.requestNotFound);
        await holdOrder(trx, row.order_id, at);
        const fresh = (await returnRequests(trx).find(id, userId)) ?? row;
        await noRefundInFlight(trx, fresh.id);
        await returnRequests(trx).move(fresh, 'withdraw', { actor: 'shopper', at, note: 'Withdrawn by the shopper' });
        return releaseExchange(trx, fresh);
      });
      await stockChanged(changes);
      return this.detail(userId, id);
    },

    /** WaitingReturn: the parcel is on its way back with this carrier and tracking number. */
    async parcel(userId: number, input: TReturnParcelRequest): Promise<TReturnDetail> {
      const at = clock();
      const company = await carrierByCode(db, input.company_code);
      if (!company) throw AppError.field('company_code', ReturnMessages.carrier);
      await inTransaction(db, async (trx) => {
        const row = await returnRequests(trx).find(input.id, userId);
        if (!row) throw AppError.notFound(ReturnMessages.requestNotFound);
        await returnRequests(trx).move(row, 'send', {
          actor: 'shopper',
          at,
          note: `${company.name} ${input.tracking_no}`,
          changes: { parcel_company_id: company.id, parcel_tracking_no: input.tracking_no },
        });
      });
      return this.detail(userId, input.id);
    },

    // ------------------------------------------------------------ staff

    async adminList(query: {
      status: number;
      page: number;
      pagesize: number;
      q: string;
    }): Promise<{ data: TAdminReturnListItem[]; total: number }> {
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
    },

    async adminDetail(id: number): Promise<TAdminReturnDetail> {
      const row = await returnRequests(db).find(id);
      if (!row) throw AppError.notFound(ReturnMessages.requestNotFound);
      const [detail, emails, refunds, lines] = await Promise.all([
        detailOf(row),
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
    },

    async approve(staffId: number, id: number): Promise<TAdminReturnDetail> {
      const at = clock();
      await staffMove(id, async (trx, row) => {
        await returnRequests(trx).move(row, 'approve', { actor: `staff:${staffId}`, at, note: 'Approved: send the parcel back' });
        await emit(trx, 'return.approved', { return_id: row.id, order_id: row.order_id, user_id: row.user_id }, at);
        await recordAudit(trx, {
          staffId,
          action: 'return.approve',
          object: { type: 'return', id: row.id },
          before: { status: row.status },
          after: { status: ReturnStatus.Approved },
          at,
        });
        return [];
      });
      return this.adminDetail(id);
    },

    async reject(staffId: number, id: number, reason: string, note: string): Promise<TAdminReturnDetail> {
      const at = clock();
      const said = note ? `${reason}: ${note}` : reason;
      await staffMove(id, async (trx, row) => {
        await returnRequests(trx).move(row, 'reject', {
          actor: `staff:${staffId}`,
          at,
          note: said,
          changes: { reject_reason: said },
        });
        await emit(trx, 'return.rejected', { return_id: row.id, order_id: row.order_id, user_id: row.user_id }, at);
        await recordAudit(trx, {
          staffId,
          action: 'return.reject',
          object: { type: 'return', id: row.id },
          before: { status: row.status },
          after: { status: ReturnStatus.Rejected },
          reason: said,
          at,
        });
        return releaseExchange(trx, row);
      });
      return this.adminDetail(id);
    },

    /** The parcel arrived: each line's units go back into stock unless marked damaged — once, with the move to Received. */
    async receive(
      staffId: number,
      id: number,
      lines: Array<{ order_item_id: number; restock: boolean }>,
    ): Promise<TAdminReturnDetail> {
      const at = clock();
      await staffMove(id, async (trx, row) => {
        const repo = returnRequests(trx);
        const returned = await repo.linesOf([row.id]);
        lines.forEach((line, index) => {
          if (!returned.some((entry) => entry.order_item_id === line.order_item_id))
            throw AppError.field(`lines.${index}.order_item_id`, 'order_item_id is not an item of this request');
        });
        const restock = (lineId: number) => lines.find((line) => line.order_item_id === lineId)?.restock ?? true;
        await repo.move(row, 'receive', {
          actor: `staff:${staffId}`,
          at,
          note: returned
            .map((line) => `${line.num} received${restock(line.order_item_id) ? ', back in stock' : ', not resellable'}`)
            .join('; '),
        });
        const found = await orderForReturns(trx, row.order_id);
        const back: Array<{ sku_id: number; goods_id: number; num: number }> = [];
        for (const line of returned) {
          const again = restock(line.order_item_id);
          await repo.markReceived(row.id, line.order_item_id, line.num, again ? line.num : 0);
          const item = found?.items.find((entry) => entry.id === line.order_item_id);
          if (again && item) back.push({ sku_id: item.sku_id, goods_id: item.goods_id, num: line.num });
        }
        await recordAudit(trx, {
          staffId,
          action: 'return.receive',
          object: { type: 'return', id: row.id },
          before: { status: row.status },
          after: {
            status: ReturnStatus.Received,
            lines: returned.map((line) => ({
              order_item_id: line.order_item_id,
              num: line.num,
              restocked: restock(line.order_item_id),
            })),
          },
          at,
        });
        return releaseStock(trx, back);
      });
      return this.adminDetail(id);
    },

    /** Pays the request's money back (a return received, or a refund without a return). */
    async refund(staffId: number, id: number): Promise<TAdminReturnDetail> {
      await refundReturnRow(id, staffId, `staff:${staffId}`);
      return this.adminDetail(id);
    },

    /** An exchange's replacement leaves with a carrier and tracking number. */
    async shipReplacement(
      staffId: number,
      input: { id: number; company_code: string; tracking_no: string },
    ): Promise<TAdminReturnDetail> {
      const at = clock();
      const company = await carrierByCode(db, input.company_code);
      if (!company) throw AppError.field('company_code', `Unknown carrier: ${input.company_code}`);
      await staffMove(input.id, async (trx, row) => {
        await returnRequests(trx).move(row, 'exchange', {
          actor: `staff:${staffId}`,
          at,
          note: `Replacement shipped: ${company.name} ${input.tracking_no}`,
          changes: { replacement_company_id: company.id, replacement_tracking_no: input.tracking_no },
        });
        await emit(trx, 'return.exchanged', { return_id: row.id, order_id: row.order_id, user_id: row.user_id }, at);
        await recordAudit(trx, {
          staffId,
          action: 'return.exchange',
          object: { type: 'return', id: row.id },
          before: { status: row.status },
          after: { status: ReturnStatus.Exchanged, carrier: company.code, tracking_no: input.tracking_no },
          at,
        });
        return [];
      });
      return this.adminDetail(input.id);
    },

    /**
     * Staff cancel a paid order not yet shipped (POST /admin/order/cancel): the same as the
     * shopper's cancellation before shipping — a refund request for every unit, the order
     * Refunded, stock, coupon and points back, the whole amount refunded once — with the staff
     * member as actor, their reason and an audit entry. Answers the refund as settled.
     */
    async staffCancel(staffId: number, orderId: number, reason: string) {
      const at = clock();
      const actor: OrderActor = `staff:${staffId}`;
      const { refundId, changes } = await inTransaction(db, async (trx) => {
        if ((await holdOrder(trx, orderId, at)) === undefined) throw AppError.notFound(ReturnMessages.notFound);
        const loaded = await load(trx, orderId);
        if (loaded.order.status !== OrderStatus.PendingShipment)
          throw AppError.field('id', OfficeOrderMessages.notCancellable(orderStatusLabel(loaded.order.status)));
        const cancelled = await cancelBeforeShipping(trx, loaded, { actor, reason, description: '', photos: [], at });
        await recordAudit(trx, {
          staffId,
          action: 'order.cancel',
          object: { type: 'order', id: orderId },
          before: { status: loaded.order.status },
          after: { status: OrderStatus.Refunded, return_id: cancelled.returnId },
          reason,
          at,
        });
        return cancelled;
      });
      await stockChanged(changes);
      return refundCancelled(refundId, staffId);
    },

    /** Money back on any paid order, with a reason, once per request id: neither lines nor stock move. */
    async adhocRefund(staffId: number, input: Required<TAdminAdhocRefundRequest>) {
      const at = clock();
      const key = `adhoc:${input.order_id}:${input.request_id}`;
      const amount = priceToCents(input.amount);
      const existing = await findRefundByKey(db, key);
      const refundId =
        existing?.id ??
        (await inTransaction(db, async (trx) => {
          if ((await holdOrder(trx, input.order_id, at)) === undefined) throw AppError.notFound(ReturnMessages.notFound);
          const { order } = await load(trx, input.order_id);
          const paid: number[] = [
            OrderStatus.PendingShipment,
            OrderStatus.Shipped,
            OrderStatus.Completed,
            OrderStatus.CompletedEvaluated,
            OrderStatus.Refunded,
          ];
          if (!paid.includes(order.status) || order.paid_at === null)
            throw AppError.field('order_id', ReturnMessages.adhocUnpaid);
          const left = order.pay_price - order.refunded_amount;
          if (amount > left) throw AppError.field('amount', ReturnMessages.adhocTooMuch(`$${centsToAmount(Math.max(0, left))}`));
          const inFlight = (await refundsOf(trx, { orderId: order.id })).some((refund) => refund.status === 'pending');
          if (inFlight) throw AppError.field('order_id', ReturnMessages.refundInFlight);
          const opened = await openRefund(trx, {
            orderId: order.id,
            returnId: null,
            amount,
            goodsAmount: 0,
            reason: input.reason,
            key,
            provider: provider.name,
            actor: `staff:${staffId}`,
            at,
          });
          if (opened === undefined) throw AppError.field('request_id', ReturnMessages.refundInFlight);
          return opened;
        }));
      let refund = existing ?? (await findRefund(db, refundId));
      if (!refund) throw new Error(`refund ${refundId} vanished`);
      if (refund.status === 'pending') refund = await finishRefund(refund.id, await askProvider(db, provider, refund), staffId);
      if (refund.status === 'failed') throw new AppError('unprocessable', ReturnMessages.refundFailed(refund.message));
      return presentRefund(refund);
    },

    /** Requests waiting for staff (the dashboard). */
    waitingCount: () => returnRequests(db).waitingCount(),

    // ------------------------------------------------------------ background work

    /** Settles refunds left pending by a crash, asking the provider again with the same key. */
    async reconcileRefunds(now: number): Promise<number> {
      const pending = await pendingRefunds(db, now - REFUND_RECONCILE_AFTER_MS, 100);
      for (const refund of pending) {
        const staffId = refund.actor.startsWith('staff:') ? Number(refund.actor.slice(6)) : null;
        await finishRefund(refund.id, await askProvider(db, provider, refund), staffId);
      }
      return pending.length;
    },
  };

  /** A staff move on a request, holding its order; `work` answers the stock it moved. */
  async function staffMove(id: number, work: (trx: Db, row: ReturnRow) => Promise<StockChange[]>) {
    const at = clock();
    const changes = await inTransaction(db, async (trx) => {
      const first = await returnRequests(trx).find(id);
      if (!first) throw AppError.notFound(ReturnMessages.requestNotFound);
      await holdOrder(trx, first.order_id, at);
      const row = await returnRequests(trx).find(id);
      if (!row) throw AppError.notFound(ReturnMessages.requestNotFound);
      await noRefundInFlight(trx, row.id);
      return work(trx, row);
    });
    await stockChanged(changes);
  }

  /** A request whose money is being paid cannot move otherwise meanwhile. */
  async function noRefundInFlight(trx: Db, returnId: number) {
    const refunds = await refundsOf(trx, { returnId });
    if (refunds.some((refund) => refund.status === 'pending')) throw AppError.field('id', ReturnMessages.refundInFlight);
  }

  /** A declined or withdrawn exchange gives its reserved replacement back to stock. */
  async function releaseExchange(trx: Db, row: ReturnRow): Promise<StockChange[]> {
    if (row.kind !== 'exchange' || row.exchange_sku_id === null) return [];
    const sku = await skuForExchange(trx, row.exchange_sku_id);
    if (!sku) return [];
    const quote = storedQuote(row);
    const num = quote.lines.reduce((sum, line) => sum + line.num, 0);
    return releaseStock(trx, [{ sku_id: sku.id, goods_id: sku.goods_id, num }]);
  }
}

export type Returns = ReturnType<typeof createReturns>;

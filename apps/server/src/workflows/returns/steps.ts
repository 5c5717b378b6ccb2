import { OrderStatus } from '@shop/contracts/orders-rules';
import { goodsPaidCents } from '@shop/contracts/points-rules';
import { RETURN_KIND_LABELS, type ReturnKind, ReturnMessages } from '@shop/contracts/returns';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { emit } from '../../infra/events';
import { orderCouponTerms } from '../../modules/coupons';
import { holdOrder, type OrderActor } from '../../modules/orders';
import { refundsOf } from '../../modules/payments';
import { type CentsQuote, type QuoteLine, quoteRequest, type ReturnRow, returnRequests } from '../../modules/returns';
import { ownUploads } from '../../modules/reviews';
import { orderEarnedPoints } from '../../modules/users';
import { type Loaded, loadOrder, type Take } from './context';
import { completes } from './units';

/**
 * The returns workflow's shared steps, each a call on the module that owns the rows (decision
 * 0023), run in the caller's transaction: the quote of a request, its photos, writing it, and
 * reading it again behind its order's lock.
 */

/** An agent starting a return for the shopper from a conversation; `messageKey` is the client id of their message that tells it. */
export type ReturnAgent = { staffId: number; sessionId: number; messageKey: string; note: string };

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

/** Step: what a request taking `take` gives back, by the code that will execute it. */
export async function quoteOf(
  q: Db,
  loaded: Loaded,
  kind: ReturnKind,
  take: Take,
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

/** Step: the request's photos are the shopper's own uploads (a 400 naming the first that is not). */
export async function checkPhotos(q: Db, userId: number, photos: readonly string[]) {
  const own = await ownUploads(q, userId, photos);
  photos.forEach((url, index) => {
    if (!own.has(url)) throw AppError.field(`images.${index}`, ReturnMessages.imageUnknown);
  });
}

export type NewRequest = {
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
};

/** Step: writes a new request with its lines, units and first timeline entry, and `return.requested`; answers its id. */
export async function insertRequest(trx: Db, loaded: Loaded, request: NewRequest): Promise<number> {
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

/** Step: holds the order's row (a 404 for no such order), then reads it as a request sees it (the shopper's own when `userId` is given). */
export async function loadHeldOrder(trx: Db, orderId: number, at: number, userId?: number): Promise<Loaded> {
  if ((await holdOrder(trx, orderId, at)) === undefined) throw AppError.notFound(ReturnMessages.notFound);
  return loadOrder(trx, orderId, userId);
}

/**
 * Step: the request (the shopper's own when `userId` is given), read again once its order's row
 * is held, so a move that committed meanwhile is seen; a 404 for one not found.
 */
export async function holdRequest(trx: Db, id: number, at: number, userId?: number): Promise<ReturnRow> {
  const first = await returnRequests(trx).find(id, userId);
  if (!first) throw AppError.notFound(ReturnMessages.requestNotFound);
  await holdOrder(trx, first.order_id, at);
  const row = await returnRequests(trx).find(id, userId);
  if (!row) throw AppError.notFound(ReturnMessages.requestNotFound);
  return row;
}

/** Step: a request whose money is being paid cannot move otherwise meanwhile. */
export async function noRefundInFlight(trx: Db, returnId: number) {
  const refunds = await refundsOf(trx, { returnId });
  if (refunds.some((refund) => refund.status === 'pending')) throw AppError.field('id', ReturnMessages.refundInFlight);
}

/** Step: one refund in flight per order; a 400 on `field` while another is being paid. */
export async function noOrderRefundInFlight(trx: Db, orderId: number, field: string) {
  const inFlight = (await refundsOf(trx, { orderId })).some((refund) => refund.status === 'pending');
  if (inFlight) throw AppError.field(field, ReturnMessages.refundInFlight);
}

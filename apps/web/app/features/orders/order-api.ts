import type { Envelope } from '@shop/contracts';
import { CouponPaths } from '@shop/contracts/coupon-rules';
import type { TCouponIndex } from '@shop/contracts/coupons';
import type {
  TCard,
  TOrderCreateRequest,
  TOrderDelivery,
  TOrderDetail,
  TOrderListItem,
  TOrderPayResult,
  TOrderPreview,
  TOrderPreviewRequest,
} from '@shop/contracts/orders';
import { OrderPaths } from '@shop/contracts/orders-rules';
import { api } from '../../lib/api';
import { type AttemptKeys, IDEMPOTENCY_HEADER } from './attempt-key';

/**
 * The order calls of the web app (spec 7 "Orders", checkout and payment). Each answers the API's
 * envelope; a failure's message is shown by the api client unless the call is silent (the callers
 * that show it their own way).
 */

export type OrderPage = { data: TOrderListItem[]; total: number };

/** POST /shop/order/preview: the server's prices for the chosen lines, address and shipping method. */
export const previewOrder = (request: TOrderPreviewRequest) =>
  api.post<TOrderPreview>(OrderPaths.preview, request, { silent: true });

/** GET /api/coupon/index: the shopper's unused coupons for these bag lines, usable ones best first with their saving. */
export const couponsForBag = (cartIds: readonly number[]) =>
  api.get<TCouponIndex>(CouponPaths.usable, { query: { cart_ids: cartIds.join(',') }, silent: true });

/**
 * Sends `body` to `path` as one attempt of `keys`: a retry after a lost answer reuses the key; any
 * answer from the server ends the attempt. A dropped connection or a timeout throws, keeping it open.
 */
async function sendAttempt<T>(path: string, body: object, keys: AttemptKeys): Promise<Envelope<T>> {
  const key = keys.keyFor(body);
  const envelope = await api.post<T>(path, body, { silent: true, headers: { [IDEMPOTENCY_HEADER]: key } });
  keys.settle();
  return envelope;
}

/** POST /shop/order/create with the attempt's `Idempotency-Key`: the new order (or the one this attempt made). */
export const createOrder = (request: TOrderCreateRequest, keys: AttemptKeys) =>
  sendAttempt<TOrderDetail>(OrderPaths.create, request, keys);

/** POST /shop/order/pay with the attempt's `Idempotency-Key`: succeeded, declined or retry, and the order. */
export const payOrder = (id: number, card: TCard, keys: AttemptKeys) =>
  sendAttempt<TOrderPayResult>(OrderPaths.pay, { id, card }, keys);

/** GET /shop/order/list: one page of the shopper's orders with `status` (0 = all). */
export const listOrders = (status: number, page: number, pagesize: number) =>
  api.get<OrderPage>(OrderPaths.list, { query: { status, page, pagesize }, silent: true });

/** GET /shop/order/detail. */
export const orderDetail = (id: number) => api.get<TOrderDetail>(OrderPaths.detail, { query: { id }, silent: true });

/** GET /shop/order/delivery: carrier, tracking number and link, events newest first. */
export const orderDelivery = (id: number) => api.get<TOrderDelivery>(OrderPaths.delivery, { query: { id }, silent: true });

/** POST /shop/order/cancel (pending payment only); the server's refusal is shown as a toast. */
export const cancelOrder = (id: number) => api.post<TOrderDetail>(OrderPaths.cancel, { id });

/** POST /shop/order/receive (shipped only); the server's refusal is shown as a toast. */
export const receiveOrder = (id: number) => api.post<TOrderDetail>(OrderPaths.receive, { id });

/** The order id of a page's `?id=` query, or null when it is not one. */
export function orderIdFrom(search: URLSearchParams): number | null {
  const raw = search.get('id');
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

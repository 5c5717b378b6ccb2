import type { TDeliveryCompany } from '@shop/contracts/orders';
import { OrderPaths } from '@shop/contracts/orders-rules';
import { ReturnPaths } from '@shop/contracts/return-rules';
import type {
  TRefundQuote,
  TRefundRequest,
  TRefundReturnRequest,
  TReturnableOrder,
  TReturnDetail,
  TReturnListItem,
  TReturnParcelRequest,
  TReturnQuoteRequest,
} from '@shop/contracts/returns';
import { api } from '../../lib/api';

/**
 * The return pages' calls (spec 7 "Orders" orderRefund and the shop's own). Each answers the API's
 * envelope and is silent: the pages show a refusal their own way, beside the field it names.
 */

export type ReturnListPage = { data: TReturnListItem[]; total: number };

/** GET /shop/orderRefund/orders: the orders a return, refund or exchange may be asked for now. */
export const eligibleOrders = () => api.get<{ data: TReturnableOrder[]; total: number }>(ReturnPaths.orders, { silent: true });

/** GET /shop/orderRefund/order: one order as the form offers it (a 400 says why it cannot be asked for). */
export const returnableOrder = (id: number) => api.get<TReturnableOrder>(ReturnPaths.order, { query: { id }, silent: true });

/** POST /shop/orderRefund/quote: what the request would give back, worked out by the server. */
export const quoteReturn = (request: TReturnQuoteRequest) => api.post<TRefundQuote>(ReturnPaths.quote, request, { silent: true });

/** POST /shop/orderRefund/refund: money back without a parcel (before shipping: the whole order, cancelled). */
export const requestRefund = (request: TRefundRequest) => api.post<TReturnDetail>(ReturnPaths.refund, request, { silent: true });

/** POST /shop/orderRefund/refundReturn: delivered lines sent back for a refund or an exchange. */
export const requestReturn = (request: TRefundReturnRequest) =>
  api.post<TReturnDetail>(ReturnPaths.refundReturn, request, { silent: true });

/** GET /shop/orderRefund/list: one page of the shopper's requests (status 0 = all). */
export const listReturns = (status: number, page: number, pageSize: number) =>
  api.get<ReturnListPage>(ReturnPaths.list, { query: { status, page, page_size: pageSize }, silent: true });

/** GET /shop/orderRefund/detail. */
export const returnDetail = (id: number) => api.get<TReturnDetail>(ReturnPaths.detail, { query: { id }, silent: true });

/** POST /shop/orderRefund/withdraw. */
export const withdrawReturn = (id: number) => api.post<TReturnDetail>(ReturnPaths.withdraw, { id }, { silent: true });

/** POST /shop/orderRefund/parcel: the parcel's carrier and tracking number. */
export const sendParcel = (request: TReturnParcelRequest) =>
  api.post<TReturnDetail>(ReturnPaths.parcel, request, { silent: true });

/** GET /shop/delivery/company: the carriers a parcel may go with. */
export const deliveryCompanies = () =>
  api.get<{ data: TDeliveryCompany[]; total: number }>(OrderPaths.deliveryCompanies, { silent: true });

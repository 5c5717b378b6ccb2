import type { TAdminAdhocRefundRequest, TReturnParcelRequest } from '@shop/contracts/returns';
import { returnRequests } from '../modules/returns';
import { adhocRefund } from './returns/adhoc-refund';
import { approve, reject } from './returns/approve';
import { staffCancel } from './returns/cancel';
import type { ReturnsDeps } from './returns/context';
import { type Replacement, shipReplacement } from './returns/exchange';
import { parcel } from './returns/parcel';
import { type ReceivedLine, receive } from './returns/receive';
import { reconcileRefunds, refund } from './returns/refund';
import { type RefundInput, type ReturnInput, requestRefund, requestReturn } from './returns/request';
import { type AdminListQuery, adminDetail, adminList } from './returns/staff-views';
import type { ReturnAgent } from './returns/steps';
import { detail, eligibleOrders, type ListQuery, list, type QuoteInput, quote, returnableOrder } from './returns/views';
import { withdraw } from './returns/withdraw';

export { REFUND_RECONCILE_AFTER_MS } from './returns/refund';
export {
  DEFAULT_RETURN_ADDRESS,
  RETURN_ADDRESS_SETTING,
  RETURN_WINDOW_SETTING,
  returnWindowDays,
} from './returns/settings';
export type { ReturnAgent } from './returns/steps';

/**
 * Returns, refunds and exchanges (issue "after the order", decision 0047): a workflow of the owning
 * modules' steps — the order and its lines (orders), the request, its units and timeline
 * (returns), the money (payments), stock (catalogue), points (users), the coupon (coupons) and a
 * reviewed line's points (reviews). Every write holds the order's row first, so the requests and
 * refunds of one order are written one after another, on SQLite and PostgreSQL alike.
 *
 * Each move is a file of `returns/`: the shopper's request, withdrawal and parcel; staff's
 * approval or decline, receipt, refund and the exchange's replacement; the cancellation of an
 * order not yet shipped; ad-hoc refunds; and what each side reads. This file puts them together.
 *
 * Money: a refund is written pending with its idempotency key, the provider is asked outside the
 * transaction, and the answer is settled once; a crash in between is settled by the reconcile job
 * with the same key. One refund per request pending or done, one refund in flight per order.
 */
export function createReturns({ clock = Date.now, ...deps }: Omit<ReturnsDeps, 'clock'> & { clock?: () => number }) {
  const all: ReturnsDeps = { ...deps, clock };
  const { db } = all;
  return {
    // the shopper
    eligibleOrders: (userId: number) => eligibleOrders(all, userId),
    returnableOrder: (userId: number, orderId: number) => returnableOrder(all, userId, orderId),
    quote: (userId: number, input: QuoteInput) => quote(all, userId, input),
    requestRefund: (userId: number, input: RefundInput) => requestRefund(all, userId, input),
    requestReturn: (userId: number, input: ReturnInput, agent?: ReturnAgent) => requestReturn(all, userId, input, agent),
    list: (userId: number, query: ListQuery) => list(all, userId, query),
    detail: (userId: number, id: number) => detail(all, userId, id),
    withdraw: (userId: number, id: number) => withdraw(all, userId, id),
    parcel: (userId: number, input: TReturnParcelRequest) => parcel(all, userId, input),
    // staff
    adminList: (query: AdminListQuery) => adminList(db, query),
    adminDetail: (id: number) => adminDetail(db, id),
    approve: (staffId: number, id: number) => approve(all, staffId, id),
    reject: (staffId: number, id: number, reason: string, note: string) => reject(all, staffId, id, reason, note),
    receive: (staffId: number, id: number, lines: ReceivedLine[]) => receive(all, staffId, id, lines),
    refund: (staffId: number, id: number) => refund(all, staffId, id),
    shipReplacement: (staffId: number, input: Replacement) => shipReplacement(all, staffId, input),
    staffCancel: (staffId: number, orderId: number, reason: string) => staffCancel(all, staffId, orderId, reason),
    adhocRefund: (staffId: number, input: Required<TAdminAdhocRefundRequest>) => adhocRefund(all, staffId, input),
    /** Requests waiting for staff (the dashboard). */
    waitingCount: () => returnRequests(db).waitingCount(),
    // background work
    reconcileRefunds: (now: number) => reconcileRefunds(all, now),
  };
}

export type Returns = ReturnType<typeof createReturns>;

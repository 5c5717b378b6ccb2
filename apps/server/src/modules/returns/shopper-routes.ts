import {
  ReturnPaths,
  ZRefundQuoteResponse,
  ZRefundRequest,
  ZRefundReturnRequest,
  ZReturnableOrderResponse,
  ZReturnableOrdersResponse,
  ZReturnDetailResponse,
  ZReturnIdQuery,
  ZReturnIdRequest,
  ZReturnListQuery,
  ZReturnListResponse,
  ZReturnParcelRequest,
  ZReturnQuoteRequest,
} from '@shop/contracts/returns';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { GuardedRoutes } from '../../http/route-options';
import type { Returns } from '../../workflows/returns';

/** spec 7 "Orders" (refund and return/refund requests) and the shop's own calls of the return pages: the signed-in shopper's. */

/** Asking: the orders that allow a request, one order's form, the quote, and the two kinds of request. */
export function shopperAskRoutes(app: FastifyInstance, shopper: GuardedRoutes, returns: Returns) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    ReturnPaths.orders,
    shopper({
      summary: 'The orders a return, refund or exchange may be asked for now',
      response: { 200: ZReturnableOrdersResponse },
    }),
    async (request) => ok(await returns.eligibleOrders(principalOf(request).subjectId)),
  );

  r.get(
    ReturnPaths.order,
    shopper({
      summary: "One order as the request form offers it: each line's units left and its exchange options",
      querystring: ZReturnIdQuery,
      response: { 200: ZReturnableOrderResponse },
    }),
    async (request) => ok(await returns.returnableOrder(principalOf(request).subjectId, request.query.id)),
  );

  r.post(
    ReturnPaths.quote,
    shopper({
      summary: 'What a request would give back — money, points, the coupon — worked out by the code that executes it',
      body: ZReturnQuoteRequest,
      response: { 200: ZRefundQuoteResponse },
    }),
    async (request) => ok(await returns.quote(principalOf(request).subjectId, request.body)),
  );

  r.post(
    ReturnPaths.refund,
    shopper({
      summary:
        'A refund without a return: before shipping the order is cancelled and refunded at once; after, the lines that never came',
      body: ZRefundRequest,
      response: { 200: ZReturnDetailResponse },
    }),
    async (request) => {
      const detail = await returns.requestRefund(principalOf(request).subjectId, request.body);
      return ok(detail, detail.status === 5 ? 'Your order is cancelled and refunded' : 'Your refund request has been sent');
    },
  );

  r.post(
    ReturnPaths.refundReturn,
    shopper({
      summary: 'After delivery: lines and quantities sent back for a refund, or exchanged for another size or colour',
      body: ZRefundReturnRequest,
      response: { 200: ZReturnDetailResponse },
    }),
    async (request) =>
      ok(await returns.requestReturn(principalOf(request).subjectId, request.body), 'Your return request has been sent'),
  );
}

/** The shopper's requests: the list, one request, withdrawing it and sending its parcel. */
export function shopperRequestRoutes(app: FastifyInstance, shopper: GuardedRoutes, returns: Returns) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    ReturnPaths.list,
    shopper({
      summary: "The shopper's requests, newest first (status 0 or absent for all; id: one order's)",
      querystring: ZReturnListQuery,
      response: { 200: ZReturnListResponse },
    }),
    async (request) => ok(await returns.list(principalOf(request).subjectId, request.query)),
  );

  r.get(
    ReturnPaths.detail,
    shopper({
      summary: 'One request with its amounts, the return address once approved, and its timeline',
      querystring: ZReturnIdQuery,
      response: { 200: ZReturnDetailResponse },
    }),
    async (request) => ok(await returns.detail(principalOf(request).subjectId, request.query.id)),
  );

  r.post(
    ReturnPaths.withdraw,
    shopper({
      summary: 'Withdraw a request until its parcel is sent',
      body: ZReturnIdRequest,
      response: { 200: ZReturnDetailResponse },
    }),
    async (request) =>
      ok(await returns.withdraw(principalOf(request).subjectId, request.body.id), 'Your request has been withdrawn'),
  );

  r.post(
    ReturnPaths.parcel,
    shopper({
      summary: 'The parcel is on its way back: its carrier and tracking number',
      body: ZReturnParcelRequest,
      response: { 200: ZReturnDetailResponse },
    }),
    async (request) =>
      ok(await returns.parcel(principalOf(request).subjectId, request.body), 'Thank you: we will let you know when it arrives'),
  );
}

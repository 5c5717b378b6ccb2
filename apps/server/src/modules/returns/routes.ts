import {
  ReturnPaths,
  ZAdminAdhocRefundRequest,
  ZAdminRefundResponse,
  ZAdminReturnDetailResponse,
  ZAdminReturnListQuery,
  ZAdminReturnListResponse,
  ZAdminReturnReceiveRequest,
  ZAdminReturnRejectRequest,
  ZAdminReturnShipRequest,
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
import { principalOf, requireSubject, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { Returns } from '../../workflows/returns';
import type { AuthService } from '../auth/service';

type Deps = { returns: Returns; auth: AuthService; guard: StaffGuard };

/** spec 7 "Orders" (refund and return/refund requests), the shop's own calls of the return pages, and the staff returns API. */
export function returnRoutes(app: FastifyInstance, { returns, auth, guard }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requireUser = requireSubject(auth, 'user');
  const security: { [scheme: string]: string[] }[] = [{ userToken: [] }, { bearer: [] }];
  const shopper = { tags: ['returns'], security };
  const staff = { tags: ['staff returns'], security };

  r.get(
    ReturnPaths.orders,
    {
      schema: {
        ...shopper,
        summary: 'The orders a return, refund or exchange may be asked for now',
        response: { 200: ZReturnableOrdersResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await returns.eligibleOrders(principalOf(request).subjectId)),
  );

  r.get(
    ReturnPaths.order,
    {
      schema: {
        ...shopper,
        summary: "One order as the request form offers it: each line's units left and its exchange options",
        querystring: ZReturnIdQuery,
        response: { 200: ZReturnableOrderResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await returns.returnableOrder(principalOf(request).subjectId, request.query.id)),
  );

  r.post(
    ReturnPaths.quote,
    {
      schema: {
        ...shopper,
        summary: 'What a request would give back — money, points, the coupon — worked out by the code that executes it',
        body: ZReturnQuoteRequest,
        response: { 200: ZRefundQuoteResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await returns.quote(principalOf(request).subjectId, request.body)),
  );

  r.post(
    ReturnPaths.refund,
    {
      schema: {
        ...shopper,
        summary:
          'A refund without a return: before shipping the order is cancelled and refunded at once; after, the lines that never came',
        body: ZRefundRequest,
        response: { 200: ZReturnDetailResponse },
      },
      onRequest: requireUser,
    },
    async (request) => {
      const detail = await returns.requestRefund(principalOf(request).subjectId, request.body);
      return ok(detail, detail.status === 5 ? 'Your order is cancelled and refunded' : 'Your refund request has been sent');
    },
  );

  r.post(
    ReturnPaths.refundReturn,
    {
      schema: {
        ...shopper,
        summary: 'After delivery: lines and quantities sent back for a refund, or exchanged for another size or colour',
        body: ZRefundReturnRequest,
        response: { 200: ZReturnDetailResponse },
      },
      onRequest: requireUser,
    },
    async (request) =>
      ok(await returns.requestReturn(principalOf(request).subjectId, request.body), 'Your return request has been sent'),
  );

  r.get(
    ReturnPaths.list,
    {
      schema: {
        ...shopper,
        summary: "The shopper's requests, newest first (status 0 or absent for all; id: one order's)",
        querystring: ZReturnListQuery,
        response: { 200: ZReturnListResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await returns.list(principalOf(request).subjectId, request.query)),
  );

  r.get(
    ReturnPaths.detail,
    {
      schema: {
        ...shopper,
        summary: 'One request with its amounts, the return address once approved, and its timeline',
        querystring: ZReturnIdQuery,
        response: { 200: ZReturnDetailResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await returns.detail(principalOf(request).subjectId, request.query.id)),
  );

  r.post(
    ReturnPaths.withdraw,
    {
      schema: {
        ...shopper,
        summary: 'Withdraw a request until its parcel is sent',
        body: ZReturnIdRequest,
        response: { 200: ZReturnDetailResponse },
      },
      onRequest: requireUser,
    },
    async (request) =>
      ok(await returns.withdraw(principalOf(request).subjectId, request.body.id), 'Your request has been withdrawn'),
  );

  r.post(
    ReturnPaths.parcel,
    {
      schema: {
        ...shopper,
        summary: 'The parcel is on its way back: its carrier and tracking number',
        body: ZReturnParcelRequest,
        response: { 200: ZReturnDetailResponse },
      },
      onRequest: requireUser,
    },
    async (request) =>
      ok(await returns.parcel(principalOf(request).subjectId, request.body), 'Thank you: we will let you know when it arrives'),
  );

  // ------------------------------------------------------------ staff

  r.get(
    ReturnPaths.adminList,
    {
      schema: {
        ...staff,
        summary:
          'Requests by status — asked and parcels on their way first in — or found by order, return number or e-mail (orders.view)',
        querystring: ZAdminReturnListQuery,
        response: { 200: ZAdminReturnListResponse },
      },
      onRequest: guard.may('orders.view'),
    },
    async (request) => ok(await returns.adminList(request.query)),
  );

  r.get(
    ReturnPaths.adminDetail,
    {
      schema: {
        ...staff,
        summary: 'A request with its shopper, refunds and received units (orders.view)',
        querystring: ZReturnIdQuery,
        response: { 200: ZAdminReturnDetailResponse },
      },
      onRequest: guard.may('orders.view'),
    },
    async (request) => ok(await returns.adminDetail(request.query.id)),
  );

  r.post(
    ReturnPaths.adminApprove,
    {
      schema: {
        ...staff,
        summary: 'Approve a return or exchange: the shopper sends the parcel (refunds.approve)',
        body: ZReturnIdRequest,
        response: { 200: ZAdminReturnDetailResponse },
      },
      onRequest: guard.may('refunds.approve'),
    },
    async (request) => ok(await returns.approve(principalOf(request).subjectId, request.body.id), 'Approved'),
  );

  r.post(
    ReturnPaths.adminReject,
    {
      schema: {
        ...staff,
        summary: 'Decline a request with a reason from the list (refunds.approve)',
        body: ZAdminReturnRejectRequest,
        response: { 200: ZAdminReturnDetailResponse },
      },
      onRequest: guard.may('refunds.approve'),
    },
    async (request) =>
      ok(
        await returns.reject(principalOf(request).subjectId, request.body.id, request.body.reason, request.body.note),
        'Declined',
      ),
  );

  r.post(
    ReturnPaths.adminReceive,
    {
      schema: {
        ...staff,
        summary: 'The parcel arrived: each line back into stock, or not when damaged — once (orders.ship)',
        body: ZAdminReturnReceiveRequest,
        response: { 200: ZAdminReturnDetailResponse },
      },
      onRequest: guard.may('orders.ship'),
    },
    async (request) =>
      ok(await returns.receive(principalOf(request).subjectId, request.body.id, request.body.lines), 'Marked as received'),
  );

  r.post(
    ReturnPaths.adminRefund,
    {
      schema: {
        ...staff,
        summary: 'Refund a received return, or a refund without a return, through the payment provider — once (refunds.approve)',
        body: ZReturnIdRequest,
        response: { 200: ZAdminReturnDetailResponse },
      },
      onRequest: guard.may('refunds.approve'),
    },
    async (request) => ok(await returns.refund(principalOf(request).subjectId, request.body.id), 'Refunded'),
  );

  r.post(
    ReturnPaths.adminShip,
    {
      schema: {
        ...staff,
        summary: "Ship an exchange's replacement with a carrier and tracking number (orders.ship)",
        body: ZAdminReturnShipRequest,
        response: { 200: ZAdminReturnDetailResponse },
      },
      onRequest: guard.may('orders.ship'),
    },
    async (request) => ok(await returns.shipReplacement(principalOf(request).subjectId, request.body), 'Replacement shipped'),
  );

  r.post(
    ReturnPaths.adminOrderRefund,
    {
      schema: {
        ...staff,
        summary: 'Refund part of any paid order with a reason, once per request_id; no lines or stock move (refunds.approve)',
        body: ZAdminAdhocRefundRequest,
        response: { 200: ZAdminRefundResponse },
      },
      onRequest: guard.may('refunds.approve'),
    },
    async (request) => ok(await returns.adhocRefund(principalOf(request).subjectId, request.body), 'Refunded'),
  );
}

import {
  ReturnPaths,
  type TAdminReturnDetail,
  ZAdminAdhocRefundRequest,
  ZAdminRefundResponse,
  ZAdminReturnDetailResponse,
  ZAdminReturnListQuery,
  ZAdminReturnListResponse,
  ZAdminReturnReceiveRequest,
  ZAdminReturnRejectRequest,
  ZAdminReturnShipRequest,
  ZReturnIdQuery,
  ZReturnIdRequest,
} from '@shop/contracts/returns';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { principalOf, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import { type GuardedRoutes, guarded } from '../../http/route-options';
import type { Returns } from '../../workflows/returns';

/** The staff returns API: the queue (orders.view), the decisions and the money (refunds.approve), the parcels (orders.ship). */

const TAGS = ['staff returns'];

/** The queue and one request (orders.view). */
export function staffQueueRoutes(app: FastifyInstance, returns: Returns, guard: StaffGuard) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = guarded(TAGS, guard.may('orders.view'));

  r.get(
    ReturnPaths.adminList,
    view({
      summary:
        'Requests by status — asked and parcels on their way first in — or found by order, return number or e-mail (orders.view)',
      querystring: ZAdminReturnListQuery,
      response: { 200: ZAdminReturnListResponse },
    }),
    async (request) => ok(await returns.adminList(request.query)),
  );

  r.get(
    ReturnPaths.adminDetail,
    view({
      summary: 'A request with its shopper, refunds and received units (orders.view)',
      querystring: ZReturnIdQuery,
      response: { 200: ZAdminReturnDetailResponse },
    }),
    async (request) => ok(await returns.adminDetail(request.query.id)),
  );
}

/**
 * Registers a staff move on a request: `body` checked, `act` called with the staff member's id,
 * and the request as it is after answered with `message`.
 */
function moveRoute<B extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  options: GuardedRoutes,
  move: { summary: string; body: B; message: string; act: (staffId: number, body: z.infer<B>) => Promise<TAdminReturnDetail> },
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      path,
      options({ summary: move.summary, body: move.body, response: { 200: ZAdminReturnDetailResponse } }),
      async (request) => ok(await move.act(principalOf(request).subjectId, request.body as z.infer<B>), move.message),
    );
}

/** Staff moves on a request, and ad-hoc refunds: each answers the request (or the refund) as it is after. */
export function staffMoveRoutes(app: FastifyInstance, returns: Returns, guard: StaffGuard) {
  const approve = guarded(TAGS, guard.may('refunds.approve'));
  const ship = guarded(TAGS, guard.may('orders.ship'));

  moveRoute(app, ReturnPaths.adminApprove, approve, {
    summary: 'Approve a return or exchange: the shopper sends the parcel (refunds.approve)',
    body: ZReturnIdRequest,
    message: 'Approved',
    act: (staffId, body) => returns.approve(staffId, body.id),
  });
  moveRoute(app, ReturnPaths.adminReject, approve, {
    summary: 'Decline a request with a reason from the list (refunds.approve)',
    body: ZAdminReturnRejectRequest,
    message: 'Declined',
    act: (staffId, body) => returns.reject(staffId, body.id, body.reason, body.note),
  });
  moveRoute(app, ReturnPaths.adminReceive, ship, {
    summary: 'The parcel arrived: each line back into stock, or not when damaged — once (orders.ship)',
    body: ZAdminReturnReceiveRequest,
    message: 'Marked as received',
    act: (staffId, body) => returns.receive(staffId, body.id, body.lines),
  });
  moveRoute(app, ReturnPaths.adminRefund, approve, {
    summary: 'Refund a received return, or a refund without a return, through the payment provider — once (refunds.approve)',
    body: ZReturnIdRequest,
    message: 'Refunded',
    act: (staffId, body) => returns.refund(staffId, body.id),
  });
  moveRoute(app, ReturnPaths.adminShip, ship, {
    summary: "Ship an exchange's replacement with a carrier and tracking number (orders.ship)",
    body: ZAdminReturnShipRequest,
    message: 'Replacement shipped',
    act: (staffId, body) => returns.shipReplacement(staffId, body),
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    ReturnPaths.adminOrderRefund,
    approve({
      summary: 'Refund part of any paid order with a reason, once per request_id; no lines or stock move (refunds.approve)',
      body: ZAdminAdhocRefundRequest,
      response: { 200: ZAdminRefundResponse },
    }),
    async (request) => ok(await returns.adhocRefund(principalOf(request).subjectId, request.body), 'Refunded'),
  );
}

import {
  OfficeOrderMessages,
  OfficeOrderPaths,
  ZAdminOrderCancelRequest,
  ZAdminOrderDetailResponse,
} from '@shop/contracts/office-orders';
import {
  ZAdminOrderExportQuery,
  ZAdminOrderListQuery,
  ZAdminOrderListResponse,
  ZAdminOrderResponse,
  ZAdminShipRequest,
  ZAdminTrackingRequest,
  ZOrderIdQuery,
} from '@shop/contracts/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, type StaffGuard } from '../../http/auth';
import { sendCsv } from '../../http/csv-reply';
import { ok } from '../../http/envelope';
import { guarded } from '../../http/route-options';
import type { OfficeOrders } from '../../workflows/office-orders';
import type { OrderService } from './service';

type Deps = { orders: OrderService; office: OfficeOrders; guard: StaffGuard };

/** The back office's orders: the list and its CSV, one order, cancelling with a reason, shipping and tracking. */
export function officeOrderRoutes(app: FastifyInstance, { orders, office, guard }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = guarded(['staff orders'], guard.may('orders.view'));
  const cancel = guarded(['staff orders'], guard.may('orders.cancel'));
  const ship = guarded(['staff orders'], guard.may('orders.ship'));

  r.get(
    OfficeOrderPaths.list,
    view({
      summary: "Every shopper's orders, newest first (staff token from POST /admin/login)",
      description:
        'Filters: status, order_no, email (exact), placed_from and placed_to (UTC days YYYY-MM-DD, both included), ' +
        'amount_min and amount_max (the total in USD, both included).',
      querystring: ZAdminOrderListQuery,
      response: { 200: ZAdminOrderListResponse },
    }),
    async (request) => ok(await orders.adminList(request.query)),
  );

  r.get(
    OfficeOrderPaths.export,
    view({
      summary: "The list's filtered orders as CSV, newest first, one row each (orders.view)",
      querystring: ZAdminOrderExportQuery,
    }),
    async (request, reply) => sendCsv(reply, 'orders', await office.exportCsv(request.query)),
  );

  r.get(
    OfficeOrderPaths.detail,
    view({
      summary: 'One order with its shopper, payments, refunds, timeline, tracking events and what staff may do now (orders.view)',
      querystring: ZOrderIdQuery,
      response: { 200: ZAdminOrderDetailResponse },
    }),
    async (request) => ok(await office.detail(request.query.id)),
  );

  r.post(
    OfficeOrderPaths.cancel,
    cancel({
      summary: 'Cancel an order with a reason: unpaid, or paid and not shipped (then refunded in full) (orders.cancel)',
      description:
        'Pending Payment: Cancelled, stock, coupon and points back. Pending Shipment: a refund request for every unit, ' +
        'Refunded, stock, coupon and points back, the whole amount refunded once. Both audited with the reason.',
      body: ZAdminOrderCancelRequest,
      response: { 200: ZAdminOrderDetailResponse },
    }),
    async (request) => {
      const { id, reason } = request.body;
      const done = await office.cancel(principalOf(request).subjectId, id, reason);
      const message =
        done.mode === 'unpaid'
          ? OfficeOrderMessages.cancelled
          : done.refund?.status === 'succeeded'
            ? OfficeOrderMessages.cancelledAndRefunded
            : OfficeOrderMessages.cancelledRefundFailed(done.refund?.message || 'no answer from the payment service');
      return ok(await office.detail(id), message);
    },
  );

  r.post(
    OfficeOrderPaths.ship,
    ship({
      summary: 'Ship a paid order with a carrier and tracking number (orders.ship)',
      description: 'Pending Shipment (2) → Shipped (3). company_code is a code from GET /shop/delivery/company.',
      body: ZAdminShipRequest,
      response: { 200: ZAdminOrderResponse },
    }),
    async (request) => ok(await orders.ship(principalOf(request).subjectId, request.body), 'Order shipped'),
  );

  r.post(
    OfficeOrderPaths.tracking,
    ship({
      summary: 'Add carrier tracking events to a shipped order (orders.ship)',
      body: ZAdminTrackingRequest,
      response: { 200: ZAdminOrderResponse },
    }),
    async (request) => ok(await orders.addTracking(principalOf(request).subjectId, request.body), 'Tracking added'),
  );
}

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
  ZDeliveryCompanyListResponse,
  ZIdempotencyHeaders,
  ZInsuranceCustomsQuery,
  ZInsuranceCustomsResponse,
  ZOrderActionResponse,
  ZOrderCreateRequest,
  ZOrderCreateResponse,
  ZOrderDeliveryResponse,
  ZOrderDetailResponse,
  ZOrderIdQuery,
  ZOrderIdRequest,
  ZOrderListQuery,
  ZOrderListResponse,
  ZOrderPreviewRequest,
  ZOrderPreviewResponse,
  ZSurchargeQuery,
  ZSurchargeResponse,
} from '@shop/contracts/orders';
import { centsToPrice, priceToCents } from '@shop/contracts/pricing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireSubject, type StaffGuard } from '../../http/auth';
import { sendCsv } from '../../http/csv-reply';
import { ok } from '../../http/envelope';
import type { OrderCancellation } from '../../workflows/cancel-order';
import type { Checkout } from '../../workflows/checkout';
import type { OfficeOrders } from '../../workflows/office-orders';
import type { AuthService } from '../auth/service';
import {
  customsCents,
  customsRuleOf,
  INSURANCE_MIN_CENTS,
  INSURANCE_RATE_PERMILLE,
  insuranceCents,
  SMALL_ORDER_THRESHOLD_CENTS,
  surchargeLines,
} from './pricing';
import type { OrderService } from './service';

type Deps = {
  orders: OrderService;
  checkout: Checkout;
  cancellation: OrderCancellation;
  office: OfficeOrders;
  auth: AuthService;
  guard: StaffGuard;
};

const security: { [scheme: string]: string[] }[] = [{ userToken: [] }, { bearer: [] }];

/** spec 7 "Orders": checkout, the shopper's orders and their tracking, the carriers, the rate endpoints, staff shipping. */
export function orderRoutes(app: FastifyInstance, { orders, checkout, cancellation, office, auth, guard }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requireUser = requireSubject(auth, 'user');

  r.post(
    '/shop/order/preview',
    {
      schema: {
        tags: ['orders'],
        summary: 'Price the chosen cart lines for checkout (nothing is written)',
        description:
          'Every figure is computed by the server from the catalogue; prices in the body are ignored. ' +
          'address_id (or country/state while an address is typed) decides the surcharges and customs.',
        body: ZOrderPreviewRequest,
        response: { 200: ZOrderPreviewResponse },
        security,
      },
      onRequest: requireUser,
    },
    async (request) => ok(await checkout.preview(principalOf(request).subjectId, request.body)),
  );

  r.post(
    '/shop/order/create',
    {
      schema: {
        tags: ['orders'],
        summary: 'Place an order from cart lines (Idempotency-Key header required)',
        description:
          'One transaction re-prices the lines, reserves the stock, snapshots lines and address, spends the points ' +
          'and removes the lines from the cart. The same Idempotency-Key answers the same order; the same key ' +
          'with a different request is refused with 422.',
        headers: ZIdempotencyHeaders,
        body: ZOrderCreateRequest,
        response: { 200: ZOrderCreateResponse },
        security,
      },
      onRequest: requireUser,
    },
    async (request) => {
      const userId = principalOf(request).subjectId;
      const placed = await checkout.create(userId, request.body, request.headers['idempotency-key']);
      return ok(await orders.detail(userId, placed.id), placed.replayed ? 'Order already placed' : 'Order placed');
    },
  );

  r.get(
    '/shop/order/list',
    {
      schema: {
        tags: ['orders'],
        summary: "The shopper's orders, newest first",
        description:
          'status: 0 or absent for all; 1 Pending Payment, 2 Pending Shipment, 3 Shipped, 4 (or 5) Completed, 6 Cancelled, 7 Refunded.',
        querystring: ZOrderListQuery,
        response: { 200: ZOrderListResponse },
        security,
      },
      onRequest: requireUser,
    },
    async (request) => ok(await orders.list(principalOf(request).subjectId, request.query)),
  );

  r.get(
    '/shop/order/detail',
    {
      schema: {
        tags: ['orders'],
        summary: 'One of the shopper’s orders',
        querystring: ZOrderIdQuery,
        response: { 200: ZOrderDetailResponse },
        security,
      },
      onRequest: requireUser,
    },
    async (request) => ok(await orders.detail(principalOf(request).subjectId, request.query.id)),
  );

  r.post(
    '/shop/order/cancel',
    {
      schema: {
        tags: ['orders'],
        summary: 'Cancel an unpaid order (its stock and points are returned)',
        body: ZOrderIdRequest,
        response: { 200: ZOrderActionResponse },
        security,
      },
      onRequest: requireUser,
    },
    async (request) => ok(await cancellation.cancel(principalOf(request).subjectId, request.body.id), 'Order cancelled'),
  );

  r.post(
    '/shop/order/receive',
    {
      schema: {
        tags: ['orders'],
        summary: 'Confirm a shipped order has arrived (it becomes Completed)',
        body: ZOrderIdRequest,
        response: { 200: ZOrderActionResponse },
        security,
      },
      onRequest: requireUser,
    },
    async (request) => ok(await orders.receive(principalOf(request).subjectId, request.body.id), 'Order received'),
  );

  r.get(
    '/shop/order/delivery',
    {
      schema: {
        tags: ['orders'],
        summary: 'The carrier, tracking number and tracking events (newest first) of an order',
        querystring: ZOrderIdQuery,
        response: { 200: ZOrderDeliveryResponse },
        security,
      },
      onRequest: requireUser,
    },
    async (request) => ok(await orders.delivery(principalOf(request).subjectId, request.query.id)),
  );

  r.get(
    '/shop/delivery/company',
    {
      schema: { tags: ['orders'], summary: 'The carriers orders ship with', response: { 200: ZDeliveryCompanyListResponse } },
    },
    async () => ok(await orders.companies()),
  );

  r.get(
    '/api/get/order/surcharge',
    {
      schema: {
        tags: ['orders'],
        summary: 'Surcharges for a destination and an amount of goods (USD, after sale prices)',
        description: `A small-order surcharge below $${centsToPrice(SMALL_ORDER_THRESHOLD_CENTS)} of goods; a remote-area surcharge for islands and territories far from the carriers' hubs (and Alaska and Hawaii).`,
        querystring: ZSurchargeQuery,
        response: { 200: ZSurchargeResponse },
      },
    },
    async (request) => {
      const lines = surchargeLines(
        { country: request.query.country, state: request.query.state },
        priceToCents(request.query.amount),
      );
      return ok({
        country: request.query.country,
        surcharge: centsToPrice(lines.reduce((sum, line) => sum + line.amount, 0)),
        lines: lines.map((line) => ({ ...line, amount: centsToPrice(line.amount) })),
        small_order_threshold: centsToPrice(SMALL_ORDER_THRESHOLD_CENTS),
      });
    },
  );

  r.get(
    '/api/get/insurance/and/customs',
    {
      schema: {
        tags: ['orders'],
        summary: 'Optional shipping insurance and the import duty for a destination and an amount of goods (USD)',
        querystring: ZInsuranceCustomsQuery,
        response: { 200: ZInsuranceCustomsResponse },
      },
    },
    async (request) => {
      const amount = priceToCents(request.query.amount);
      const rule = customsRuleOf(request.query.country);
      return ok({
        country: request.query.country,
        insurance_rate_percent: INSURANCE_RATE_PERMILLE / 10,
        insurance_min: centsToPrice(INSURANCE_MIN_CENTS),
        insurance: centsToPrice(insuranceCents(amount)),
        customs_rate_percent: rule.ratePercent,
        customs_threshold: centsToPrice(rule.thresholdCents),
        customs: centsToPrice(customsCents(request.query.country, amount)),
      });
    },
  );

  // ------------------------------------------------------------ staff

  r.get(
    OfficeOrderPaths.list,
    {
      schema: {
        tags: ['staff orders'],
        summary: "Every shopper's orders, newest first (staff token from POST /admin/login)",
        description:
          'Filters: status, order_no, email (exact), placed_from and placed_to (UTC days YYYY-MM-DD, both included), ' +
          'amount_min and amount_max (the total in USD, both included).',
        querystring: ZAdminOrderListQuery,
        response: { 200: ZAdminOrderListResponse },
        security,
      },
      onRequest: guard.may('orders.view'),
    },
    async (request) => ok(await orders.adminList(request.query)),
  );

  r.get(
    OfficeOrderPaths.export,
    {
      schema: {
        tags: ['staff orders'],
        summary: "The list's filtered orders as CSV, newest first, one row each (orders.view)",
        querystring: ZAdminOrderExportQuery,
        security,
      },
      onRequest: guard.may('orders.view'),
    },
    async (request, reply) => sendCsv(reply, 'orders', await office.exportCsv(request.query)),
  );

  r.get(
    OfficeOrderPaths.detail,
    {
      schema: {
        tags: ['staff orders'],
        summary:
          'One order with its shopper, payments, refunds, timeline, tracking events and what staff may do now (orders.view)',
        querystring: ZOrderIdQuery,
        response: { 200: ZAdminOrderDetailResponse },
        security,
      },
      onRequest: guard.may('orders.view'),
    },
    async (request) => ok(await office.detail(request.query.id)),
  );

  r.post(
    OfficeOrderPaths.cancel,
    {
      schema: {
        tags: ['staff orders'],
        summary: 'Cancel an order with a reason: unpaid, or paid and not shipped (then refunded in full) (orders.cancel)',
        description:
          'Pending Payment: Cancelled, stock, coupon and points back. Pending Shipment: a refund request for every unit, ' +
          'Refunded, stock, coupon and points back, the whole amount refunded once. Both audited with the reason.',
        body: ZAdminOrderCancelRequest,
        response: { 200: ZAdminOrderDetailResponse },
        security,
      },
      onRequest: guard.may('orders.cancel'),
    },
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
    {
      schema: {
        tags: ['staff orders'],
        summary: 'Ship a paid order with a carrier and tracking number (orders.ship)',
        description: 'Pending Shipment (2) → Shipped (3). company_code is a code from GET /shop/delivery/company.',
        body: ZAdminShipRequest,
        response: { 200: ZAdminOrderResponse },
        security,
      },
      onRequest: guard.may('orders.ship'),
    },
    async (request) => ok(await orders.ship(principalOf(request).subjectId, request.body), 'Order shipped'),
  );

  r.post(
    OfficeOrderPaths.tracking,
    {
      schema: {
        tags: ['staff orders'],
        summary: 'Add carrier tracking events to a shipped order (orders.ship)',
        body: ZAdminTrackingRequest,
        response: { 200: ZAdminOrderResponse },
        security,
      },
      onRequest: guard.may('orders.ship'),
    },
    async (request) => ok(await orders.addTracking(principalOf(request).subjectId, request.body), 'Tracking added'),
  );
}

import {
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
import { ok } from '../../http/envelope';
import { type GuardedRoutes, guarded, unguarded } from '../../http/route-options';
import type { OrderCancellation } from '../../workflows/cancel-order';
import type { Checkout } from '../../workflows/checkout';
import type { OfficeOrders } from '../../workflows/office-orders';
import type { AuthService } from '../auth';
import { officeOrderRoutes } from './office-routes';
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

/** spec 7 "Orders": checkout, the shopper's orders and their tracking, the carriers, the rate endpoints, staff shipping. */
export function orderRoutes(app: FastifyInstance, { orders, checkout, cancellation, office, auth, guard }: Deps) {
  const signedIn = guarded(['orders'], requireSubject(auth, 'user'));
  checkoutRoutes(app, signedIn, { orders, checkout });
  shopperOrderRoutes(app, signedIn, { orders, cancellation });
  rateRoutes(app);
  officeOrderRoutes(app, { orders, office, guard });
}

/** Pricing the chosen lines and placing the order. */
function checkoutRoutes(app: FastifyInstance, signedIn: GuardedRoutes, { orders, checkout }: Pick<Deps, 'orders' | 'checkout'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/shop/order/preview',
    signedIn({
      summary: 'Price the chosen cart lines for checkout (nothing is written)',
      description:
        'Every figure is computed by the server from the catalogue; prices in the body are ignored. ' +
        'address_id (or country/state while an address is typed) decides the surcharges and customs.',
      body: ZOrderPreviewRequest,
      response: { 200: ZOrderPreviewResponse },
    }),
    async (request) => ok(await checkout.preview(principalOf(request).subjectId, request.body)),
  );

  r.post(
    '/shop/order/create',
    signedIn({
      summary: 'Place an order from cart lines (Idempotency-Key header required)',
      description:
        'One transaction re-prices the lines, reserves the stock, snapshots lines and address, spends the points ' +
        'and removes the lines from the cart. The same Idempotency-Key answers the same order; the same key ' +
        'with a different request is refused with 422.',
      headers: ZIdempotencyHeaders,
      body: ZOrderCreateRequest,
      response: { 200: ZOrderCreateResponse },
    }),
    async (request) => {
      const userId = principalOf(request).subjectId;
      const placed = await checkout.create(userId, request.body, request.headers['idempotency-key']);
      return ok(await orders.detail(userId, placed.id), placed.replayed ? 'Order already placed' : 'Order placed');
    },
  );
}

/** The shopper's orders: the list, one order, cancelling, receiving, tracking; and the carriers. */
function shopperOrderRoutes(
  app: FastifyInstance,
  signedIn: GuardedRoutes,
  { orders, cancellation }: Pick<Deps, 'orders' | 'cancellation'>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/shop/order/list',
    signedIn({
      summary: "The shopper's orders, newest first",
      description:
        'status: 0 or absent for all; 1 Pending Payment, 2 Pending Shipment, 3 Shipped, 4 (or 5) Completed, 6 Cancelled, 7 Refunded.',
      querystring: ZOrderListQuery,
      response: { 200: ZOrderListResponse },
    }),
    async (request) => ok(await orders.list(principalOf(request).subjectId, request.query)),
  );

  r.get(
    '/shop/order/detail',
    signedIn({
      summary: 'One of the shopper’s orders',
      querystring: ZOrderIdQuery,
      response: { 200: ZOrderDetailResponse },
    }),
    async (request) => ok(await orders.detail(principalOf(request).subjectId, request.query.id)),
  );

  r.post(
    '/shop/order/cancel',
    signedIn({
      summary: 'Cancel an unpaid order (its stock and points are returned)',
      body: ZOrderIdRequest,
      response: { 200: ZOrderActionResponse },
    }),
    async (request) => ok(await cancellation.cancel(principalOf(request).subjectId, request.body.id), 'Order cancelled'),
  );

  r.post(
    '/shop/order/receive',
    signedIn({
      summary: 'Confirm a shipped order has arrived (it becomes Completed)',
      body: ZOrderIdRequest,
      response: { 200: ZOrderActionResponse },
    }),
    async (request) => ok(await orders.receive(principalOf(request).subjectId, request.body.id), 'Order received'),
  );

  r.get(
    '/shop/order/delivery',
    signedIn({
      summary: 'The carrier, tracking number and tracking events (newest first) of an order',
      querystring: ZOrderIdQuery,
      response: { 200: ZOrderDeliveryResponse },
    }),
    async (request) => ok(await orders.delivery(principalOf(request).subjectId, request.query.id)),
  );

  r.get(
    '/shop/delivery/company',
    unguarded(['orders'])({ summary: 'The carriers orders ship with', response: { 200: ZDeliveryCompanyListResponse } }),
    async () => ok(await orders.companies()),
  );
}

/** The rate endpoints: surcharges, insurance and customs for a destination and an amount (nothing is read). */
function rateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rates = unguarded(['orders']);

  r.get(
    '/api/get/order/surcharge',
    rates({
      summary: 'Surcharges for a destination and an amount of goods (USD, after sale prices)',
      description: `A small-order surcharge below $${centsToPrice(SMALL_ORDER_THRESHOLD_CENTS)} of goods; a remote-area surcharge for islands and territories far from the carriers' hubs (and Alaska and Hawaii).`,
      querystring: ZSurchargeQuery,
      response: { 200: ZSurchargeResponse },
    }),
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
    rates({
      summary: 'Optional shipping insurance and the import duty for a destination and an amount of goods (USD)',
      querystring: ZInsuranceCustomsQuery,
      response: { 200: ZInsuranceCustomsResponse },
    }),
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
}

import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import { checkIntegrity } from '../db/database';
import { feedbackLimits, helpRequestLimits } from '../http/rate-limits';
import type { JobStatus } from '../infra/jobs';
import { createMailOutbox } from '../infra/mail/outbox';
import { mailOutboxRoutes } from '../infra/mail/outbox-routes';
import { type Metrics, metricsRoute, operatorRequest } from '../infra/metrics';
import { addressRoutes } from '../modules/addresses';
import { auditRoutes, createAuditService } from '../modules/audit';
import { cartRoutes } from '../modules/cart';
import { catalogAdminRoutes, catalogRoutes, createCatalogAdmin, createCatalogCsv } from '../modules/catalog';
import { couponRoutes, createCouponAdmin } from '../modules/coupons';
import { feedbackRoutes } from '../modules/feedback';
import { mapRoutes } from '../modules/map';
import { messageRoutes } from '../modules/messages';
import { newsletterRoutes } from '../modules/newsletter';
import { notificationRoutes } from '../modules/notifications';
import { orderRoutes } from '../modules/orders';
import { paymentRoutes } from '../modules/payments';
import { createRequestAdmin, requestRoutes } from '../modules/requests';
import { returnRoutes } from '../modules/returns';
import { reviewRoutes } from '../modules/reviews';
import { siteAdminRoutes, siteRoutes } from '../modules/site';
import { staffRoutes } from '../modules/staff';
import { accountClosureRoutes, accountSecurityRoutes, customerRoutes, loyaltyRoutes, userRoutes } from '../modules/users';
import { wishlistRoutes } from '../modules/wishlist';
import { createCustomerDirectory } from '../workflows/customers';
import { dashboardFor } from '../workflows/dashboard';
import { exportAccount } from '../workflows/export-account';
import { createOfficeOrders } from '../workflows/office-orders';
import type { LateChat } from './chat';
import type { Foundation, OrderFlows, ShopServices } from './services';

/** `/healthz` and `/metrics`: anyone learns whether the shop is up; the operators see more. */
export function registerOperations(
  app: FastifyInstance,
  { config, database }: AppDeps,
  metrics: Metrics,
  jobStatus: () => Promise<JobStatus[]>,
) {
  const operators = { token: config.metricsToken, proxyTrusted: config.trustProxy !== false };
  const fromOperator = operatorRequest(operators);
  // The operators (as for /metrics) also see every job's last run, error and backlog.
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    const healthy = await checkIntegrity(database).catch(() => false);
    const result: { database: string; jobs?: JobStatus[] } = { database: database.kind };
    if (healthy && fromOperator(request)) result.jobs = await jobStatus();
    return reply
      .status(healthy ? 200 : 503)
      .send({ code: healthy ? 200 : 503, msg: healthy ? 'ok' : 'database unavailable', result });
  });
  metricsRoute(app, metrics, operators);
}

/** Shoppers' and staff accounts: sign-in, e-mail and password, closing an account, staff, the audit trail. */
export function registerAccountRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  { db, users, auth, limits, codeLimits, accountSecurity, staff, guard }: Foundation,
  { accountCancellation }: OrderFlows,
  late: LateChat,
) {
  userRoutes(app, { users, auth, limits });
  accountSecurityRoutes(app, { security: accountSecurity, auth, limits, codeLimits });
  accountClosureRoutes(app, {
    security: accountSecurity,
    auth,
    limits,
    codeLimits,
    cancel: accountCancellation.cancel,
    exportData: (userId) => exportAccount(db, userId, (deps.clock ?? Date.now)()),
    clock: deps.clock,
  });
  staffRoutes(app, {
    staff,
    auth,
    guard,
    limits,
    dashboard: (role) => dashboardFor(db, role, (deps.clock ?? Date.now)()),
    // the chat is registered later, before any request arrives
    chatCapChanged: async () => late.chat?.drainQueue(),
  });
  auditRoutes(app, { audit: createAuditService({ db }), guard });
}

/** The catalogue, the bag, the wishlist, notices, the newsletter, help, the address book and the site. */
export async function registerShopRoutes(app: FastifyInstance, deps: AppDeps, foundation: Foundation, shop: ShopServices) {
  const { db, auth, guard, limits, codeLimits, limiter } = foundation;
  const { catalog, requestFiles } = shop;
  catalogRoutes(app, { catalog, auth });
  const catalogEdits = {
    db,
    media: shop.media,
    invalidate: (goodsId?: number) => catalog.invalidate(goodsId),
    clock: deps.clock,
  };
  catalogAdminRoutes(app, { admin: createCatalogAdmin(catalogEdits), csv: createCatalogCsv(catalogEdits), guard });
  cartRoutes(app, { cart: shop.cart, auth });
  wishlistRoutes(app, { wishlist: shop.wishlist, auth });
  await notificationRoutes(app, { notifications: shop.notifications, auth });
  newsletterRoutes(app, { newsletter: shop.newsletter, limits, codeLimits });
  feedbackRoutes(app, { feedback: shop.feedback, auth, guard, limits: feedbackLimits(limiter) });
  requestRoutes(app, {
    requests: shop.helpRequests,
    admin: createRequestAdmin({ db, storage: requestFiles, clock: deps.clock }),
    storage: requestFiles,
    auth,
    guard,
    limits: helpRequestLimits(limiter),
    codeLimits,
  });
  messageRoutes(app, { messages: shop.messages, auth });
  addressRoutes(app, { addresses: shop.addresses, auth });
  mapRoutes(app, { map: shop.map });
  siteRoutes(app, { site: shop.site, guard });
  siteAdminRoutes(app, { siteAdmin: shop.siteAdmin, guard });
}

/** Orders, coupons, payments, reviews, returns, points, the office's customers and the mail outbox. */
export function registerOrderRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  { db, auth, guard }: Foundation,
  { reviews, loyalty }: ShopServices,
  flows: OrderFlows,
) {
  const { orders, cancellation, returns, accountCancellation } = flows;
  const clock = deps.clock;
  orderRoutes(app, {
    orders,
    checkout: flows.checkout,
    cancellation,
    office: createOfficeOrders({ db, orders, cancellation, returns }),
    auth,
    guard,
  });
  couponRoutes(app, {
    coupons: flows.coupons,
    admin: createCouponAdmin({ db, clock }),
    options: flows.couponOptions,
    auth,
    guard,
  });
  paymentRoutes(app, { payments: flows.payments, auth });
  reviewRoutes(app, { reviews, auth, guard });
  returnRoutes(app, { returns, auth, guard });
  loyaltyRoutes(app, { loyalty, auth, guard });
  customerRoutes(app, { customers: createCustomerDirectory({ db, clock }), erase: accountCancellation.erase, guard });
  mailOutboxRoutes(app, { outbox: createMailOutbox({ db, clock }), guard });
}

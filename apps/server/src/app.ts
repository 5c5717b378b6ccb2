import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CHAT_UPLOAD_MAX_BYTES } from '@shop/contracts/chat-protocol';
import { MEDIA_PREFIX } from '@shop/contracts/images';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { createCardBuilder } from './chat/cards';
import { loadChatConfig } from './chat/config';
import { contactRoutes } from './chat/contact-routes';
import { registerChat } from './chat/gateway';
import { chatLimits } from './chat/limits';
import { createChatOffline, createReplyMailSubscriber } from './chat/offline';
import { chatOfflineRoutes } from './chat/offline-routes';
import type { ChatService } from './chat/service';
import { supportContentRoutes } from './chat/support-content/routes';
import { createSupportContentService } from './chat/support-content/service';
import { identifyChatUploader } from './chat/uploader';
import { chatUploadRoutes } from './chat/uploads/routes';
import { createChatUploadService } from './chat/uploads/service';
import { LocalFileStorage } from './chat/uploads/storage';
import type { Config } from './config';
import { checkIntegrity, type DatabaseHandle } from './db/database';
import { staffGuard } from './http/auth';
import { registerErrorHandler } from './http/error-handler';
import { missingAsNull } from './http/errors';
import { authLimits, emailCodeLimits, feedbackLimits, helpRequestLimits } from './http/rate-limits';
import { registerCsp, registerSecurityHeaders } from './http/security';
import { trustProxyOption } from './http/trust-proxy';
import { createEventDispatcher } from './infra/events';
import { createJobRunner, type JobStatus } from './infra/jobs';
import { createLogger, logRequests } from './infra/log';
import { Mailer } from './infra/mail/mailer';
import { createMailOutbox } from './infra/mail/outbox';
import { mailOutboxRoutes } from './infra/mail/outbox-routes';
import { createMailSender, createMailSubscriber } from './infra/mail/subscriber';
import { createMetrics, dbOperation, metricsRoute, observeRequests, operatorRequest } from './infra/metrics';
import { MemoryPubSub, type PubSub, RedisPubSub } from './infra/pubsub';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './infra/rate-limit';
import { randomSecret, settingOrCreate } from './infra/settings';
import { declareJobs } from './jobs';
import { createImageService } from './media/images';
import { mediaRoutes } from './media/routes';
import { addressRoutes } from './modules/addresses/routes';
import { createAddressService } from './modules/addresses/service';
import { auditRoutes } from './modules/audit/routes';
import { createAuditService } from './modules/audit/service';
import { createAuthService } from './modules/auth/service';
import { cartRoutes } from './modules/cart/routes';
import { createCartService } from './modules/cart/service';
import { createCatalogAdmin } from './modules/catalog/admin';
import { catalogAdminRoutes } from './modules/catalog/admin-routes';
import { createCatalogCsv } from './modules/catalog/csv';
import { catalogRoutes } from './modules/catalog/routes';
import { createCatalogService } from './modules/catalog/service';
import type { StockChange } from './modules/catalog/stock';
import { createCouponAdmin } from './modules/coupons/admin';
import { couponRoutes } from './modules/coupons/routes';
import { createCouponService } from './modules/coupons/service';
import { createWelcomeOffers } from './modules/coupons/welcome';
import { feedbackRoutes } from './modules/feedback/routes';
import { createFeedbackService } from './modules/feedback/service';
import { mapRoutes } from './modules/map/routes';
import { createMapService } from './modules/map/service';
import { createInboxSubscriber, createNoticeMailSubscriber } from './modules/messages/inbox';
import { messageRoutes } from './modules/messages/routes';
import { createMessageService } from './modules/messages/service';
import { newsletterRoutes } from './modules/newsletter/routes';
import { createNewsletterService, type NewsletterService } from './modules/newsletter/service';
import { createNewsletterSubscriber } from './modules/newsletter/subscriber';
import { notificationRoutes } from './modules/notifications/routes';
import { createNotificationService } from './modules/notifications/service';
import { orderRoutes } from './modules/orders/routes';
import { createOrderService, orderSummariesOf } from './modules/orders/service';
import { createPaymentProvider } from './modules/payments/provider';
import { paymentRoutes } from './modules/payments/routes';
import { createRequestAdmin } from './modules/requests/admin';
import { requestFileStorage } from './modules/requests/files';
import { requestRoutes } from './modules/requests/routes';
import { createRequestService } from './modules/requests/service';
import { returnRoutes } from './modules/returns/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { createReviewService } from './modules/reviews/service';
import { createSiteAdmin } from './modules/site/admin';
import { siteAdminRoutes } from './modules/site/admin-routes';
import { siteRoutes } from './modules/site/routes';
import { createSiteService } from './modules/site/service';
import { StaffChanges } from './modules/staff/changes';
import { staffRoutes } from './modules/staff/routes';
import { createStaffService } from './modules/staff/service';
import { accountSecurityRoutes } from './modules/users/account-routes';
import { createAccountSecurity } from './modules/users/account-security';
import { accountClosureRoutes } from './modules/users/closure-routes';
import { customerRoutes } from './modules/users/customer-routes';
import { activeEmailOf } from './modules/users/customers';
import { createLoyaltyService } from './modules/users/loyalty';
import { loyaltyRoutes } from './modules/users/loyalty-routes';
import { userRoutes } from './modules/users/routes';
import { createUserService } from './modules/users/service';
import { createEmailCodeService } from './modules/verification/service';
import { wishlistRoutes } from './modules/wishlist/routes';
import { createWishlistService } from './modules/wishlist/service';
import { PageCache } from './web/page-cache';
import { loadWebBuild, registerSsr } from './web/ssr';
import { createAccountCancellation } from './workflows/cancel-account';
import { createOrderCancellation } from './workflows/cancel-order';
import { type ChatContact, createAgentMessageSubscriber, createChatContact } from './workflows/chat-contact';
import { createCheckout } from './workflows/checkout';
import { createCouponOptions } from './workflows/coupon-options';
import { createCustomerDirectory } from './workflows/customers';
import { exportAccount } from './workflows/export-account';
import { createOfficeOrders } from './workflows/office-orders';
import { createLoyaltySubscribers } from './workflows/order-loyalty';
import { createPaymentService } from './workflows/pay-order';
import { createReturns } from './workflows/returns';
import { createReviewPointsSubscriber } from './workflows/review-points';

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  redis?: Redis | null;
  /** a prefix for this app's Redis keys (tests give each app its own) */
  redisPrefix?: string;
  clock?: () => number;
  logger?: boolean | Record<string, unknown>;
  /** render pages (default true; API tests leave the web build out) */
  withWeb?: boolean;
  /** the chat's heartbeat limits (tests shorten them) */
  chatHeartbeat?: { idleCloseMs: number; sweepEveryMs: number };
  /** told of every route as it is registered (tests list the routes the app serves) */
  onRoute?: (route: RouteOptions) => void;
};

/** Builds the whole server: plugins, then services, then routes, then pages (tests call this). */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const app = Fastify({
    ...(deps.logger === undefined
      ? { loggerInstance: createLogger(config.logLevel) as FastifyBaseLogger }
      : { logger: deps.logger }),
    // one line per request, written by logRequests once the answer has gone
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 200 },
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  logRequests(app);
  const metrics = createMetrics();
  observeRequests(app, metrics);
  const stopObservingQueries = database.observeQueries((query) => {
    const operation = dbOperation(query.nodeKind);
    metrics.dbQueries.observe({ operation }, query.ms / 1000);
    if (query.failed) metrics.dbQueryErrors.inc({ operation });
  });
  app.addHook('onClose', async () => stopObservingQueries());
  if (database.poolStats) metrics.watchPool(database.poolStats);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // External plugins
  registerSecurityHeaders(app);
  registerCsp(app);
  // A GET or HEAD has no body to decompress: its routes skip the decompression hook.
  app.addHook('onRoute', (route) => {
    if (route.decompress === undefined && [route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) {
      route.decompress = false;
    }
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(multipart, { limits: { fileSize: CHAT_UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Fashion shop API',
        version: '1.0.0',
        description: 'Every response is { code, msg, result }; code 200 is success.',
      },
      components: {
        securitySchemes: {
          userToken: { type: 'apiKey', in: 'header', name: 'user-token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api-docs', staticCSP: true });
  registerErrorHandler(app);

  // Services
  const db = database.db;
  const signingKey = config.authSecret ?? (await settingOrCreate(db, 'auth.signing_key', randomSecret));
  const limiter = new RateLimiter(
    deps.redis ? new RedisRateLimitStore(deps.redis, `${deps.redisPrefix ?? 'shop:'}rl:`) : new MemoryRateLimitStore(),
  );
  const mailer = new Mailer(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, metrics, log: app.log });
  const pubsub: PubSub = deps.redis ? new RedisPubSub(deps.redis, deps.redisPrefix ?? 'shop:') : new MemoryPubSub();
  app.addHook('onClose', async () => pubsub.close());
  const auth = createAuthService(db, {
    signingKey,
    accessTtlS: config.accessTokenTtlS,
    refreshTtlDays: config.refreshTokenTtlDays,
    pubsub,
    clock: deps.clock,
  });
  await auth.listenForEndedSessions();
  const codes = createEmailCodeService({ secret: signingKey, clock: deps.clock });
  const users = createUserService({ db, auth, codes, clock: deps.clock });
  const accountSecurity = createAccountSecurity({ db, auth, codes });
  const staffChanges = new StaffChanges(pubsub);
  await staffChanges.listen();
  const staff = createStaffService({ db, auth, signingKey, changes: staffChanges, clock: deps.clock });
  const guard = staffGuard(auth, staff.roleOf);
  // Rendered pages and the home configuration show prices and stock: a catalogue change drops them too.
  const pageCache = new PageCache(config.pageCacheTtlMs);
  let forgetSiteData = () => {};
  const wishlist = createWishlistService({ db, clock: deps.clock });
  const notifications = createNotificationService({
    db,
    signingKey,
    publicUrl: config.publicUrl,
    marketingConsent: (userId, from) => users.marketingConsent(userId, from),
    // switching the newsletter's e-mail off withdraws the newsletter consent (decision 0034)
    onEmailOff: async (trx, userId, category, how) => {
      if (category === 'newsletter') await newsletter.withdraw(trx, userId, how);
    },
    clock: deps.clock,
  });
  const newsletter: NewsletterService = createNewsletterService({
    db,
    codes,
    accountOf: (email, from) => users.activeIdByEmail(email, from),
    takeNewsletter: (trx, userId) => notifications.takeEmail(trx, userId, 'newsletter'),
  });
  const feedback = createFeedbackService({ db, clock: deps.clock });
  const messages = createMessageService({ db, clock: deps.clock });
  const cart = createCartService({ db, clock: deps.clock });
  const addresses = createAddressService({ db, dbKind: database.kind, clock: deps.clock });
  const map = createMapService();
  const catalog = await createCatalogService({
    db,
    pubsub,
    clock: deps.clock,
    log: app.log,
    favoritedAmong: wishlist.favoritedAmong,
    onInvalidate: () => {
      pageCache.clear();
      forgetSiteData();
    },
  });
  const chatLimiter = chatLimits(limiter, config.chatLimits);
  const uploadStorage = LocalFileStorage.inDataDir(config.dataDir);
  const chatUploads = createChatUploadService({
    db,
    storage: uploadStorage,
    loadConfig: () => loadChatConfig(db),
    clock: deps.clock,
    quota: {
      storageBytesPerVisitor: config.chatLimits.storageBytesPerVisitor,
      uploadBytes: (visitorId, bytes) => chatLimiter.uploadBytes(visitorId, bytes),
    },
  });
  const supportContent = createSupportContentService({ db, clock: deps.clock });
  const chatOffline = createChatOffline({
    db,
    signingKey,
    emailOfUser: activeEmailOf,
    replyMailDelayMs: config.chatReplyMailDelayMs,
    clock: deps.clock,
  });
  const limits = authLimits(limiter, config.rateLimitAuthPerMinute);
  const site = createSiteService({ db, catalog, pubsub, clock: deps.clock, onContentChange: () => pageCache.clear() });
  await site.listen();
  forgetSiteData = () => site.forget();
  // Orders move stock: each product's own cached answers are dropped on every instance; when a SKU
  // sells out or comes back, its lists and the rendered pages go too (what can be bought changed).
  const stockChanged = async (changes: StockChange[]) => {
    const availability = new Set(changes.filter((change) => change.availability).map((change) => change.goodsId));
    const counts = new Set(changes.map((change) => change.goodsId).filter((goodsId) => !availability.has(goodsId)));
    await Promise.all([
      ...[...availability].map((goodsId) => catalog.invalidate(goodsId)),
      ...[...counts].map((goodsId) => catalog.stockMoved(goodsId)),
    ]);
  };
  const orders = createOrderService({ db, clock: deps.clock });
  const mediaDir = join(config.dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  const images = createImageService({ mediaDir, cacheDir: join(config.dataDir, 'cache', 'images'), log: app.log });
  const siteAdmin = createSiteAdmin({
    db,
    site,
    catalog,
    mediaDir,
    pictureExists: async (url) => url.startsWith(MEDIA_PREFIX) && (await images.find(url.slice(MEDIA_PREFIX.length))) !== null,
    clock: deps.clock,
  });
  const reviews = createReviewService({ db, mediaDir, clock: deps.clock, onPublishedChange: () => pageCache.clear() });
  const loyalty = createLoyaltyService({ db, clock: deps.clock });
  const cancellation = createOrderCancellation({ db, orders, clock: deps.clock, onStockChange: stockChanged });
  const checkout = createCheckout({
    db,
    clock: deps.clock,
    payTimeoutMs: config.orderPayTimeoutMinutes * 60_000,
    onStockChange: stockChanged,
  });
  const coupons = createCouponService({ db, clock: deps.clock });
  const couponOptions = createCouponOptions({ db, clock: deps.clock });
  const accountCancellation = createAccountCancellation({ db, auth, codes, onStockChange: stockChanged });
  const paymentProvider = createPaymentProvider(config.paymentProvider, { db, clock: deps.clock });
  const payments = createPaymentService({ db, orders, provider: paymentProvider, clock: deps.clock });
  const returns = createReturns({ db, provider: paymentProvider, clock: deps.clock, onStockChange: stockChanged });
  const mailSender = createMailSender({
    mailer,
    shopUrl: config.publicUrl,
    marketing: {
      allows: (trx, userId, category) => notifications.allows(trx, userId, category, 'email'),
      unsubscribeUrl: notifications.unsubscribeUrl,
    },
  });
  let contact: ChatContact | undefined;
  let liveChat: ChatService | undefined;
  // Domain events reach their subscribers through the outbox (decision 0021).
  const events = createEventDispatcher({
    db,
    log: app.log,
    subscribers: [
      createMailSubscriber(mailSender),
      createNoticeMailSubscriber({ sender: mailSender, emailOf: activeEmailOf }),
      createNewsletterSubscriber(newsletter),
      createWelcomeOffers(),
      createInboxSubscriber({ allows: (trx, userId, category) => notifications.allows(trx, userId, category, 'inbox') }),
      ...createLoyaltySubscribers(),
      createReviewPointsSubscriber(),
      createReplyMailSubscriber({ sender: mailSender, signingKey }),
      // the chat starts below, after the dispatcher: the subscriber finds the contact panel once it exists
      createAgentMessageSubscriber(() => contact),
    ],
  });
  // Every background job, declared in jobs.ts; main.ts starts them (tests run them with `jobs.run`), decision 0022.
  const jobs = createJobRunner({
    db,
    log: app.log,
    metrics,
    clock: deps.clock,
    onCommitted: database.onCommitted,
    jobs: declareJobs({
      db,
      events,
      mailer,
      orders,
      cancellation,
      payments,
      returns,
      uploadStorage,
      // the chat starts below, after the jobs: its snooze wake-up finds it once it exists
      chat: () => liveChat,
      log: app.log,
    }),
  });
  metrics.watchJobs(() => jobs.status());
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
  });

  // Routes
  const operators = { token: config.metricsToken, proxyTrusted: config.trustProxy !== false };
  const fromOperator = operatorRequest(operators);
  // Anyone learns whether the shop is up; the operators (as for /metrics) also see every job's last run, error and backlog.
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    const healthy = await checkIntegrity(database).catch(() => false);
    const result: { database: string; jobs?: JobStatus[] } = { database: database.kind };
    if (healthy && fromOperator(request)) result.jobs = await jobs.status();
    return reply
      .status(healthy ? 200 : 503)
      .send({ code: healthy ? 200 : 503, msg: healthy ? 'ok' : 'database unavailable', result });
  });
  metricsRoute(app, metrics, operators);
  userRoutes(app, { users, auth, limits });
  const codeLimits = emailCodeLimits(limiter);
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
    db,
    clock: deps.clock ?? Date.now,
    // the chat is registered below, before any request arrives
    chatCapChanged: () => chat.drainQueue(),
  });
  auditRoutes(app, { audit: createAuditService({ db }), guard });
  catalogRoutes(app, { catalog, auth });
  const catalogEdits = { db, mediaDir, invalidate: (goodsId?: number) => catalog.invalidate(goodsId), clock: deps.clock };
  catalogAdminRoutes(app, { admin: createCatalogAdmin(catalogEdits), csv: createCatalogCsv(catalogEdits), guard });
  cartRoutes(app, { cart, auth });
  wishlistRoutes(app, { wishlist, auth });
  await notificationRoutes(app, { notifications, auth });
  newsletterRoutes(app, { newsletter, limits, codeLimits });
  feedbackRoutes(app, { feedback, auth, guard, limits: feedbackLimits(limiter) });
  const requestFiles = requestFileStorage(config.dataDir);
  const helpRequests = createRequestService({ db, codes, storage: requestFiles, clock: deps.clock });
  requestRoutes(app, {
    requests: helpRequests,
    admin: createRequestAdmin({ db, storage: requestFiles, clock: deps.clock }),
    storage: requestFiles,
    auth,
    guard,
    limits: helpRequestLimits(limiter),
    codeLimits,
  });
  messageRoutes(app, { messages, auth });
  addressRoutes(app, { addresses, auth });
  mapRoutes(app, { map });
  siteRoutes(app, { site, guard });
  siteAdminRoutes(app, { siteAdmin, guard });
  orderRoutes(app, {
    orders,
    checkout,
    cancellation,
    office: createOfficeOrders({ db, orders, cancellation, returns }),
    auth,
    guard,
  });
  couponRoutes(app, {
    coupons,
    admin: createCouponAdmin({ db, clock: deps.clock }),
    options: couponOptions,
    auth,
    guard,
  });
  paymentRoutes(app, { payments, auth });
  reviewRoutes(app, { reviews, auth, guard });
  returnRoutes(app, { returns, auth, guard });
  loyaltyRoutes(app, { loyalty, auth, guard });
  customerRoutes(app, {
    customers: createCustomerDirectory({ db, clock: deps.clock }),
    erase: accountCancellation.erase,
    guard,
  });
  mailOutboxRoutes(app, { outbox: createMailOutbox({ db, clock: deps.clock }), guard });
  supportContentRoutes(app, {
    supportContent,
    guard,
    db,
    clock: deps.clock ?? Date.now,
    chatSettingsSaved: () => chat.drainQueue(),
  });
  const { chat, hub: chatHub } = await registerChat(app, {
    db,
    auth,
    staffChanges,
    signingKey,
    pubsub,
    cards: createCardBuilder({
      goods: (id) => catalog.detail({ id }).catch(missingAsNull),
      order: (userId, id) => orders.detail(userId, id).catch(missingAsNull),
      upload: (uploader, id) => chatUploads.ownedBy(uploader, id),
      config: () => loadChatConfig(db),
    }),
    limits: chatLimiter,
    clock: deps.clock,
    // on both databases: a tick's messages in one transaction of set-based statements (decision 0061)
    groupCommit: true,
    autoAnswer: (question) => supportContent.autoAnswer(question),
    repliesStored: (trx, sessionIds, at) => chatOffline.repliesStored(trx, sessionIds, at),
    knowledge: (query) => supportContent.listKnowledge(query),
    latestOrderNo: async (userId) => (await orderSummariesOf(db, userId, 1)).data[0]?.order_no ?? null,
    heartbeat: deps.chatHeartbeat,
    metrics,
  });
  chatUploadRoutes(app, { uploads: chatUploads, identify: identifyChatUploader(chat) });
  liveChat = chat;
  contact = createChatContact({ db, chat, returns, cart, clock: deps.clock });
  contactRoutes(app, { contact, guard });
  chatOfflineRoutes(app, {
    offline: chatOffline,
    guard,
    db,
    clock: deps.clock ?? Date.now,
    identify: identifyChatUploader(chat),
  });

  // Files and pages
  await mediaRoutes(app, { images, mediaDir });
  if (deps.withWeb !== false) {
    const build = await loadWebBuild(config.webBuildDir);
    if (build) {
      await app.register(fastifyStatic, {
        root: join(config.webBuildDir, 'client'),
        prefix: '/',
        wildcard: false,
        decorateReply: false,
        setHeaders: (res, path) => {
          res.setHeader(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
      registerSsr(app, build, config.nodeEnv === 'development' ? 'development' : 'production', pageCache);
    } else {
      app.log.warn({ dir: config.webBuildDir }, 'web build not found: pages are not served (run npm run build)');
    }
  }

  const services = {
    auth,
    users,
    accountSecurity,
    staff,
    catalog,
    cart,
    wishlist,
    notifications,
    newsletter,
    feedback,
    helpRequests,
    messages,
    addresses,
    map,
    site,
    orders,
    reviews,
    loyalty,
    checkout,
    cancellation,
    coupons,
    accountCancellation,
    payments,
    supportContent,
    chat,
    chatHub,
    chatUploads,
    chatOffline,
    mailer,
    events,
    jobs,
    limiter,
    pageCache,
    images,
    metrics,
  };
  // Fastify()'s instance is also thenable; typed as the plain instance so that awaiting buildApp keeps `services`.
  return Object.assign(app as FastifyInstance, { services });
}

export type App = Awaited<ReturnType<typeof buildApp>>;

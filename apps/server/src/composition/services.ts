import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MEDIA_PREFIX } from '@shop/contracts/images';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import { staffGuard } from '../http/auth';
import { authLimits, emailCodeLimits } from '../http/rate-limits';
import { Mailer } from '../infra/mail/mailer';
import type { Metrics } from '../infra/metrics';
import { MemoryPubSub, type PubSub, RedisPubSub } from '../infra/pubsub';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from '../infra/rate-limit';
import { randomSecret, settingOrCreate } from '../infra/settings';
import { createImageService, mediaStorage } from '../media/images';
import { createAddressService } from '../modules/addresses';
import { createAuthService } from '../modules/auth';
import { createCartService } from '../modules/cart';
import { createCatalogService, type StockChange } from '../modules/catalog';
import { createCouponService } from '../modules/coupons';
import { createFeedbackService } from '../modules/feedback';
import { createMapService } from '../modules/map';
import { createMessageService } from '../modules/messages';
import { createNewsletterService, type NewsletterService } from '../modules/newsletter';
import { createNotificationService } from '../modules/notifications';
import { createOrderService } from '../modules/orders';
import { createPaymentProvider } from '../modules/payments';
import { createRequestService, requestFileStorage } from '../modules/requests';
import { createReviewService } from '../modules/reviews';
import { createSiteAdmin, createSiteService } from '../modules/site';
import { createStaffService, StaffChanges } from '../modules/staff';
import { createAccountSecurity, createLoyaltyService, createUserService } from '../modules/users';
import { createEmailCodeService } from '../modules/verification';
import { createWishlistService } from '../modules/wishlist';
import { PageCache } from '../web/page-cache';
import { createAccountCancellation } from '../workflows/cancel-account';
import { createOrderCancellation } from '../workflows/cancel-order';
import { createCheckout } from '../workflows/checkout';
import { createCouponOptions } from '../workflows/coupon-options';
import { createPaymentService } from '../workflows/pay-order';
import { createReturns } from '../workflows/returns';

/**
 * What every other service stands on: the signing key, the rate limiter, the mailer, the pub/sub,
 * sign-in sessions, e-mail codes, shoppers' and staff accounts and the staff guard.
 */
export async function createFoundation(app: FastifyInstance, deps: AppDeps, metrics: Metrics) {
  const { config, database, clock } = deps;
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
    clock,
  });
  await auth.listenForEndedSessions();
  const codes = createEmailCodeService({ secret: signingKey, clock });
  const users = createUserService({ db, auth, codes, clock });
  const accountSecurity = createAccountSecurity({ db, auth, codes });
  const staffChanges = new StaffChanges(pubsub);
  await staffChanges.listen();
  const staff = createStaffService({ db, auth, signingKey, changes: staffChanges, clock });
  const guard = staffGuard(auth, staff.roleOf);
  const limits = authLimits(limiter, config.rateLimitAuthPerMinute);
  const codeLimits = emailCodeLimits(limiter);
  return {
    db,
    signingKey,
    limiter,
    mailer,
    pubsub,
    auth,
    codes,
    users,
    accountSecurity,
    staffChanges,
    staff,
    guard,
    limits,
    codeLimits,
  };
}

export type Foundation = Awaited<ReturnType<typeof createFoundation>>;

/** The shop's own services: catalogue, site, bag, wishlist, inbox, notices, reviews, help requests. */
export async function createShopServices(
  app: FastifyInstance,
  deps: AppDeps,
  { db, signingKey, pubsub, codes, users }: Foundation,
) {
  const { config, database, clock } = deps;
  // Rendered pages and the home configuration show prices and stock: a catalogue change drops them too.
  const pageCache = new PageCache(config.pageCacheTtlMs);
  let forgetSiteData = () => {};
  const wishlist = createWishlistService({ db, clock });
  const notifications = createNotificationService({
    db,
    signingKey,
    publicUrl: config.publicUrl,
    marketingConsent: (userId, from) => users.marketingConsent(userId, from),
    // switching the newsletter's e-mail off withdraws the newsletter consent (decision 0034)
    onEmailOff: async (trx, userId, category, how) => {
      if (category === 'newsletter') await newsletter.withdraw(trx, userId, how);
    },
    clock,
  });
  const newsletter: NewsletterService = createNewsletterService({
    db,
    codes,
    accountOf: (email, from) => users.activeIdByEmail(email, from),
    takeNewsletter: (trx, userId) => notifications.takeEmail(trx, userId, 'newsletter'),
  });
  const catalog = await createCatalogService({
    db,
    pubsub,
    clock,
    log: app.log,
    favoritedAmong: wishlist.favoritedAmong,
    onInvalidate: () => {
      pageCache.clear();
      forgetSiteData();
    },
  });
  const site = createSiteService({ db, catalog, pubsub, clock, onContentChange: () => pageCache.clear() });
  await site.listen();
  forgetSiteData = () => site.forget();
  const mediaDir = join(config.dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  const images = createImageService({ mediaDir, cacheDir: join(config.dataDir, 'cache', 'images'), log: app.log });
  const media = mediaStorage(mediaDir);
  const siteAdmin = createSiteAdmin({
    db,
    site,
    catalog,
    media,
    pictureExists: async (url) => url.startsWith(MEDIA_PREFIX) && (await images.find(url.slice(MEDIA_PREFIX.length))) !== null,
    clock,
  });
  const requestFiles = requestFileStorage(config.dataDir);
  return {
    pageCache,
    wishlist,
    notifications,
    newsletter,
    feedback: createFeedbackService({ db, clock }),
    messages: createMessageService({ db, clock }),
    cart: createCartService({ db, clock }),
    addresses: createAddressService({ db, dbKind: database.kind, clock }),
    map: createMapService(),
    catalog,
    site,
    mediaDir,
    media,
    images,
    siteAdmin,
    reviews: createReviewService({ db, media, clock, onPublishedChange: () => pageCache.clear() }),
    loyalty: createLoyaltyService({ db, clock }),
    requestFiles,
    helpRequests: createRequestService({ db, codes, storage: requestFiles, clock }),
  };
}

export type ShopServices = Awaited<ReturnType<typeof createShopServices>>;

/** Orders and what moves them: checkout, cancellation, coupons, payments, returns, closing an account. */
export function createOrderFlows(deps: AppDeps, { db, auth, codes }: Foundation, { catalog }: ShopServices) {
  const { config, clock } = deps;
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
  const orders = createOrderService({ db, clock });
  const cancellation = createOrderCancellation({ db, orders, clock, onStockChange: stockChanged });
  const checkout = createCheckout({
    db,
    clock,
    payTimeoutMs: config.orderPayTimeoutMinutes * 60_000,
    onStockChange: stockChanged,
  });
  const paymentProvider = createPaymentProvider(config.paymentProvider, { db, clock });
  return {
    orders,
    cancellation,
    checkout,
    coupons: createCouponService({ db, clock }),
    couponOptions: createCouponOptions({ db, clock }),
    accountCancellation: createAccountCancellation({ db, auth, codes, onStockChange: stockChanged }),
    payments: createPaymentService({ db, orders, provider: paymentProvider, clock }),
    returns: createReturns({ db, provider: paymentProvider, clock, onStockChange: stockChanged }),
  };
}

export type OrderFlows = ReturnType<typeof createOrderFlows>;

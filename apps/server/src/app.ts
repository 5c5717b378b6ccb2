import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { createBackground } from './composition/background';
import { createChatParts, type LateChat, registerSupport } from './composition/chat';
import { registerAccountRoutes, registerOperations, registerOrderRoutes, registerShopRoutes } from './composition/routes';
import { createServer, registerPlugins } from './composition/server';
import { createFoundation, createOrderFlows, createShopServices } from './composition/services';
import { registerFilesAndPages } from './composition/web';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';

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

/**
 * Builds the whole server (tests call this): plugins, then services, then routes by area, the chat,
 * then files and pages. Each part is in `composition/`; the order of the routes is the order here.
 */
export async function buildApp(deps: AppDeps) {
  const { app, metrics } = createServer(deps);
  await registerPlugins(app);

  const foundation = await createFoundation(app, deps, metrics);
  const shop = await createShopServices(app, deps, foundation);
  const parts = createChatParts(deps, foundation);
  const flows = createOrderFlows(deps, foundation, shop);
  const late: LateChat = {};
  const { events, jobs } = createBackground(app, deps, { foundation, shop, flows, parts, metrics, late });

  registerOperations(app, deps, metrics, () => jobs.status());
  registerAccountRoutes(app, deps, foundation, flows, late);
  await registerShopRoutes(app, deps, foundation, shop);
  registerOrderRoutes(app, deps, foundation, shop, flows);
  const { chat, chatHub } = await registerSupport(app, deps, { foundation, shop, flows, parts, metrics, late });
  await registerFilesAndPages(app, deps, shop);

  const { auth, users, accountSecurity, staff, limiter, mailer } = foundation;
  const services = {
    auth,
    users,
    accountSecurity,
    staff,
    catalog: shop.catalog,
    cart: shop.cart,
    wishlist: shop.wishlist,
    notifications: shop.notifications,
    newsletter: shop.newsletter,
    feedback: shop.feedback,
    helpRequests: shop.helpRequests,
    messages: shop.messages,
    addresses: shop.addresses,
    map: shop.map,
    site: shop.site,
    orders: flows.orders,
    reviews: shop.reviews,
    loyalty: shop.loyalty,
    checkout: flows.checkout,
    cancellation: flows.cancellation,
    coupons: flows.coupons,
    accountCancellation: flows.accountCancellation,
    payments: flows.payments,
    supportContent: parts.supportContent,
    chat,
    chatHub,
    chatUploads: parts.chatUploads,
    chatOffline: parts.chatOffline,
    mailer,
    events,
    jobs,
    limiter,
    pageCache: shop.pageCache,
    images: shop.images,
    metrics,
  };
  // Fastify()'s instance is also thenable; typed as the plain instance so that awaiting buildApp keeps `services`.
  return Object.assign(app as FastifyInstance, { services });
}

export type App = Awaited<ReturnType<typeof buildApp>>;

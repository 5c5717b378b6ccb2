import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import {
  type ChatService,
  chatLimits,
  chatOfflineRoutes,
  chatUploadRoutes,
  contactRoutes,
  createCardBuilder,
  createChatOffline,
  createChatUploadService,
  createSupportContentService,
  identifyChatUploader,
  loadChatConfig,
  registerChat,
  supportContentRoutes,
} from '../chat';
import { missingAsNull } from '../http/errors';
import type { Metrics } from '../infra/metrics';
import { LocalFileStorage } from '../infra/storage/file-storage';
import { orderSummariesOf } from '../modules/orders';
import { activeEmailOf } from '../modules/users';
import { type ChatContact, createChatContact } from '../workflows/chat-contact';
import type { Foundation, OrderFlows, ShopServices } from './services';

/**
 * The chat and the parts built before it. Subscribers, jobs and routes registered earlier reach the
 * chat through this holder: it is filled once the chat is registered, before any request arrives.
 */
export type LateChat = { chat?: ChatService; contact?: ChatContact };

/** The chat's services that exist before the gateway: limits, uploads, quick replies, offline mail. */
export function createChatParts(deps: AppDeps, { db, signingKey, limiter }: Foundation) {
  const { config, clock } = deps;
  const chatLimiter = chatLimits(limiter, config.chatLimits);
  const uploadStorage = LocalFileStorage.inDataDir(config.dataDir);
  const chatUploads = createChatUploadService({
    db,
    storage: uploadStorage,
    loadConfig: () => loadChatConfig(db),
    clock,
    quota: {
      storageBytesPerVisitor: config.chatLimits.storageBytesPerVisitor,
      uploadBytes: (visitorId, bytes) => chatLimiter.uploadBytes(visitorId, bytes),
    },
  });
  const supportContent = createSupportContentService({ db, clock });
  const chatOffline = createChatOffline({
    db,
    signingKey,
    emailOfUser: activeEmailOf,
    replyMailDelayMs: config.chatReplyMailDelayMs,
    clock,
  });
  return { chatLimiter, uploadStorage, chatUploads, supportContent, chatOffline };
}

export type ChatParts = ReturnType<typeof createChatParts>;

/** The parts the chat's routes and the background work are built from. */
export type ChatWiring = {
  foundation: Foundation;
  shop: ShopServices;
  flows: OrderFlows;
  parts: ChatParts;
  metrics: Metrics;
  late: LateChat;
};

/** The support routes, the chat's websocket, its uploads, the contact panel and the offline routes. */
export async function registerSupport(app: FastifyInstance, deps: AppDeps, wiring: ChatWiring) {
  const { foundation, shop, flows, parts, metrics, late } = wiring;
  const { db, auth, guard, staffChanges, signingKey, pubsub } = foundation;
  const { supportContent, chatUploads, chatOffline } = parts;
  const clock = deps.clock ?? Date.now;
  const drainQueue = async () => late.chat?.drainQueue();
  supportContentRoutes(app, { supportContent, guard, db, clock, chatSettingsSaved: drainQueue });
  const { chat, hub: chatHub } = await registerChat(app, {
    db,
    auth,
    staffChanges,
    signingKey,
    pubsub,
    cards: createCardBuilder({
      goods: (id) => shop.catalog.detail({ id }).catch(missingAsNull),
      order: (userId, id) => flows.orders.detail(userId, id).catch(missingAsNull),
      upload: (uploader, id) => chatUploads.ownedBy(uploader, id),
      config: () => loadChatConfig(db),
    }),
    limits: parts.chatLimiter,
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
  late.chat = chat;
  const contact = createChatContact({ db, chat, returns: flows.returns, cart: shop.cart, clock: deps.clock });
  late.contact = contact;
  contactRoutes(app, { contact, guard });
  chatOfflineRoutes(app, { offline: chatOffline, guard, db, clock, identify: identifyChatUploader(chat) });
  return { chat, chatHub };
}

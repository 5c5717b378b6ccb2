import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import { createReplyMailSubscriber } from '../chat';
import { createEventDispatcher } from '../infra/events';
import { createJobRunner } from '../infra/jobs';
import { createMailSender, createMailSubscriber } from '../infra/mail/subscriber';
import { declareJobs } from '../jobs';
import { createWelcomeOffers } from '../modules/coupons';
import { createNewsletterSubscriber } from '../modules/newsletter';
import { activeEmailOf } from '../modules/users';
import { createAgentMessageSubscriber } from '../workflows/chat-contact';
import { createInboxSubscriber, createNoticeMailSubscriber } from '../workflows/inbox-notices';
import { createLoyaltySubscribers } from '../workflows/order-loyalty';
import { createReviewPointsSubscriber } from '../workflows/review-points';
import type { ChatWiring } from './chat';

type Background = ChatWiring;

/**
 * The domain events' dispatcher with every subscriber (decision 0021) and every background job
 * (declared in jobs.ts, decision 0022); main.ts starts the jobs, tests run them with `jobs.run`.
 */
export function createBackground(app: FastifyInstance, deps: AppDeps, background: Background) {
  const { foundation, shop, flows, parts, metrics, late } = background;
  const { db, mailer, signingKey } = foundation;
  const { notifications } = shop;
  const mailSender = createMailSender({
    mailer,
    shopUrl: deps.config.publicUrl,
    marketing: {
      allows: (trx, userId, category) => notifications.allows(trx, userId, category, 'email'),
      unsubscribeUrl: notifications.unsubscribeUrl,
    },
  });
  const events = createEventDispatcher({
    db,
    log: app.log,
    subscribers: [
      createMailSubscriber(mailSender),
      createNoticeMailSubscriber({ sender: mailSender, emailOf: activeEmailOf }),
      createNewsletterSubscriber(shop.newsletter),
      createWelcomeOffers(),
      createInboxSubscriber({ allows: (trx, userId, category) => notifications.allows(trx, userId, category, 'inbox') }),
      ...createLoyaltySubscribers(),
      createReviewPointsSubscriber(),
      createReplyMailSubscriber({ sender: mailSender, signingKey }),
      // the chat starts after the dispatcher: the subscriber finds the contact panel once it exists
      createAgentMessageSubscriber(() => late.contact),
    ],
  });
  const jobs = createJobRunner({
    db,
    log: app.log,
    metrics,
    clock: deps.clock,
    onCommitted: deps.database.onCommitted,
    jobs: declareJobs({
      db,
      events,
      mailer,
      orders: flows.orders,
      cancellation: flows.cancellation,
      payments: flows.payments,
      returns: flows.returns,
      uploadStorage: parts.uploadStorage,
      // the chat starts after the jobs: its snooze wake-up finds it once it exists
      chat: () => late.chat,
      log: app.log,
    }),
  });
  metrics.watchJobs(() => jobs.status());
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
  });
  return { events, jobs };
}

import { OrderStatus } from '@shop/contracts/orders';
import type { FastifyBaseLogger } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { type ChatService, expireUploads } from './chat';
import type { Db } from './db/database';
import type { Database } from './db/schema';
import type { EventDispatcher } from './infra/events';
import type { JobDefinition } from './infra/jobs';
import type { Mailer } from './infra/mail/mailer';
import type { FileStorage } from './infra/storage/file-storage';
import { announceExpiringCoupons, expiringBacklog } from './modules/coupons';
import { AUTO_COMPLETE_AFTER_MS, type OrderService } from './modules/orders';
import type { PaymentService } from './modules/payments';
import { expireAndNoticePoints, pointsExpiryBacklog } from './modules/users';
import type { OrderCancellation } from './workflows/cancel-order';
import { rewardReferrals } from './workflows/order-loyalty';
import { REFUND_RECONCILE_AFTER_MS, type Returns } from './workflows/returns';

/** Every background job's name: the lock's, the log's and the metrics' label. */
export const JOB = {
  eventDispatch: 'event-dispatch',
  mailDelivery: 'mail-delivery',
  unpaidOrderExpiry: 'order-unpaid-expiry',
  orderCompletion: 'order-completion',
  uploadExpiry: 'chat-upload-expiry',
  paymentReconciliation: 'payment-reconcile',
  couponExpiryNotice: 'coupon-expiry-notice',
  pointsExpiry: 'points-expiry',
  referralRewards: 'referral-rewards',
  refundReconciliation: 'refund-reconcile',
  chatSnoozeWake: 'chat-snooze-wake',
} as const;

const MINUTE = 60_000;

/**
 * Every background job of the shop, in one place (decision 0022): what it runs, how often, how
 * long its lock outlives a holder that died, and what it has waiting. The runner (infra/jobs.ts)
 * runs each under its database lock, one instance at a time. Each job's work is safe to repeat:
 * a run cut short by a crash is simply done again by the next one.
 */
export function declareJobs(deps: {
  db: Db;
  events: EventDispatcher;
  mailer: Mailer;
  orders: OrderService;
  cancellation: OrderCancellation;
  payments: PaymentService;
  returns: Returns;
  uploadStorage: FileStorage;
  /** the live chat, which starts after the jobs are declared (undefined until then) */
  chat: () => Pick<ChatService, 'wakeSnoozed'> | undefined;
  log: FastifyBaseLogger;
}): JobDefinition[] {
  const { db, events, mailer, orders, cancellation, payments, returns, uploadStorage, chat, log } = deps;
  return [
    {
      // domain events to their subscribers (decision 0021)
      name: JOB.eventDispatch,
      everyMs: 2_000,
      wakeOn: ['event_outbox'],
      lockTtlMs: 5 * MINUTE,
      run: (now) => events.dispatch(now),
      backlog: () => events.backlog(),
      givenUp: () => events.dead(),
    },
    {
      name: JOB.mailDelivery,
      everyMs: 5_000,
      wakeOn: ['mail_outbox'],
      lockTtlMs: 5 * MINUTE,
      run: (now) => mailer.deliverPending(now),
      backlog: () => mailer.pending(),
      givenUp: () => mailer.failed(),
    },
    {
      // unpaid orders past their time to pay: cancelled, stock and points released
      name: JOB.unpaidOrderExpiry,
      everyMs: MINUTE,
      lockTtlMs: 5 * MINUTE,
      run: async (now) => ({ cancelled: await cancellation.expireUnpaid(now) }),
      backlog: (now) =>
        count(db.selectFrom('orders').where('status', '=', OrderStatus.PendingPayment).where('pay_expires_at', '<', now)),
    },
    {
      // shipped orders the shopper never confirmed: completed AUTO_COMPLETE_AFTER_MS after shipping
      name: JOB.orderCompletion,
      everyMs: 10 * MINUTE,
      lockTtlMs: 10 * MINUTE,
      run: async (now) => ({ completed: await orders.completeShipped(now) }),
      backlog: (now) =>
        count(
          db
            .selectFrom('orders')
            .where('status', '=', OrderStatus.Shipped)
            .where('shipped_at', '<', now - AUTO_COMPLETE_AFTER_MS),
        ),
    },
    {
      // spec 9: chat files destroyed after 3 days
      name: JOB.uploadExpiry,
      everyMs: 10 * MINUTE,
      lockTtlMs: 20 * MINUTE,
      run: async (now) => ({ expired: await expireUploads(db, uploadStorage, now, log) }),
      backlog: (now) => count(db.selectFrom('chat_uploads').where('expires_at', '<', now)),
    },
    {
      // snoozed conversations whose time has come: open again, their agents told (decision 0053)
      name: JOB.chatSnoozeWake,
      everyMs: 15_000,
      lockTtlMs: MINUTE,
      run: async (now) => ({ woken: (await chat()?.wakeSnoozed(now)) ?? 0 }),
      backlog: (now) => count(db.selectFrom('chat_sessions').where('state', '=', 'snoozed').where('snoozed_until', '<=', now)),
    },
    {
      // unused coupons ending within 3 days: coupon.expiring, once each (decision 0029)
      name: JOB.couponExpiryNotice,
      everyMs: 10 * MINUTE,
      lockTtlMs: 10 * MINUTE,
      run: async (now) => ({ announced: await announceExpiringCoupons(db, now) }),
      backlog: (now) => expiringBacklog(db, now),
    },
    {
      // points past their 12 months expire, oldest first; points expiring within 30 days are told about once (decision 0032)
      name: JOB.pointsExpiry,
      everyMs: 60 * MINUTE,
      lockTtlMs: 60 * MINUTE,
      run: (now) => expireAndNoticePoints(db, now),
      backlog: (now) => pointsExpiryBacklog(db, now),
    },
    {
      // inviters rewarded once their friend's first order has outlived its return window (decision 0033)
      name: JOB.referralRewards,
      everyMs: 60 * MINUTE,
      lockTtlMs: 60 * MINUTE,
      run: (now) => rewardReferrals(db, now),
      backlog: (now) => count(db.selectFrom('referrals').where('status', '=', 'ordered').where('reward_due_at', '<=', now)),
    },
    {
      // payment attempts a crash left pending, settled with the provider (decision 0015)
      name: JOB.paymentReconciliation,
      atStart: true,
      lockTtlMs: 5 * MINUTE,
      run: () => payments.reconcile(),
      backlog: () => count(db.selectFrom('order_payments').where('status', '=', 'pending')),
    },
    {
      // refunds a crash left pending between asking the provider and settling, asked again with their key (decision 0047)
      name: JOB.refundReconciliation,
      everyMs: MINUTE,
      atStart: true,
      lockTtlMs: 5 * MINUTE,
      run: async (now) => ({ settled: await returns.reconcileRefunds(now) }),
      backlog: (now) =>
        count(
          db
            .selectFrom('order_refunds')
            .where('status', '=', 'pending')
            .where('created_at', '<', now - REFUND_RECONCILE_AFTER_MS),
        ),
    },
  ];
}

/** How many rows a query finds (the backlogs: read-only counts on indexed columns). */
async function count<TB extends keyof Database>(query: SelectQueryBuilder<Database, TB, object>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

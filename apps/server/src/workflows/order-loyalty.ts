import { goodsPaidCents } from '@shop/contracts/points-rules';
import type { Db } from '../db/database';
import type { EventSubscriber } from '../infra/events';
import { isKeptOrder, orderEarning } from '../modules/orders';
import { earnOrderPoints, referralOrderCompleted, referralsDue, reverseOrderPoints, settleReferral } from '../modules/users';

/**
 * What an order's completion means for loyalty (decisions 0032, 0033): the shopper's points are
 * credited, and a referred friend's first completed order starts the wait for the inviter's
 * reward. Each is a subscriber of `order.completed` of its own, so one failing does not hold back
 * the other; each writes once per order (the ledger's unique source, the referral's conditional move).
 */
export function createLoyaltySubscribers(): EventSubscriber[] {
  return [
    {
      name: 'points-earning',
      handles: ['order.completed'],
      async handle(event, trx) {
        if (event.type !== 'order.completed') return;
        const order = await orderEarning(trx, event.payload.order_id);
        if (!order) return;
        const at = order.completed_at ?? event.occurred_at;
        await earnOrderPoints(
          trx,
          {
            orderId: order.id,
            userId: order.user_id,
            goods_amount: order.goods_amount,
            discount_amount: order.discount_amount,
            coupon_amount: order.coupon_amount,
            points_amount: order.points_amount,
          },
          at,
        );
        // lines refunded before delivery (never arrived) earn nothing: their share is taken back at once (decision 0047)
        if (order.refunded_goods > 0)
          await reverseOrderPoints(trx, {
            userId: order.user_id,
            orderId: order.id,
            refundId: 'before-delivery',
            refundedTotal: order.refunded_goods,
            goodsPaid: goodsPaidCents(order),
            at,
          });
      },
    },
    {
      name: 'referral-first-order',
      handles: ['order.completed'],
      async handle(event, trx) {
        if (event.type !== 'order.completed') return;
        const order = await orderEarning(trx, event.payload.order_id);
        if (!order) return;
        await referralOrderCompleted(trx, {
          friendId: order.user_id,
          orderId: order.id,
          deliveredAt: order.completed_at ?? event.occurred_at,
        });
      },
    },
  ];
}

const REWARD_BATCH = 200;

/**
 * The referral-rewards job's run: every referral whose first order's return window closed by `now`
 * is settled in a transaction of its own, reading the order's status as it stands (a returned or
 * refunded order rewards nobody).
 */
export async function rewardReferrals(db: Db, now: number): Promise<Record<string, number>> {
  const outcomes: Record<string, number> = {};
  for (;;) {
    const due = await referralsDue(db, now, REWARD_BATCH);
    for (const referral of due) {
      const outcome = await db.transaction().execute(async (trx) => {
        const order = referral.order_id === null ? undefined : await orderEarning(trx, referral.order_id);
        return settleReferral(trx, referral, order !== undefined && isKeptOrder(order.status), now);
      });
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    if (due.length < REWARD_BATCH) return outcomes;
  }
}

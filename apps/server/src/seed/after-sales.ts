import { OrderStatus } from '@shop/contracts/orders-rules';
import type { Db } from '../db/database';
import { TestPaymentProvider } from '../modules/payments/test-provider';
import { requestsRepo } from '../modules/requests/repo';
import { createReturns } from '../workflows/returns';
import { DEMO_ACCOUNTS } from './accounts';

/** A wholesale buyer's request from the help pages, as a guest sends it (the demo skips the e-mailed code). */
export const DEMO_WHOLESALE_REQUEST = {
  name: 'Nora Lindqvist',
  email: 'buying@northwind-boutique.example',
  phone: '+1 415 555 0142',
  company: 'Northwind Boutique',
  description:
    'We run two boutiques in Portland and would like to stock your linen shirts and the leather loafers. ' +
    'Could you send wholesale prices for 40 to 60 pieces a season, and the lead time for a first order?',
} as const;

/**
 * What waits for the shop after the sale in the demo: the demo shopper asks to return one piece of
 * the completed order (through the returns workflow, as the account page does), and a boutique sends
 * a wholesale request. Made after the demo orders; does nothing when the completed order is missing.
 */
export async function seedAfterSales(db: Db, now = Date.now()): Promise<{ returns: number; requests: number }> {
  const shopper = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS.shopper.email).executeTakeFirst();
  const completed = shopper
    ? await db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', shopper.id)
        .where('status', '=', OrderStatus.Completed)
        .orderBy('id')
        .executeTakeFirst()
    : undefined;
  let returns = 0;
  if (shopper && completed) {
    const line = await db
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', completed.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const askedAt = now - 3 * 3_600_000;
    await createReturns({
      db,
      provider: new TestPaymentProvider({ db, clock: () => askedAt }),
      clock: () => askedAt,
    }).requestReturn(shopper.id, {
      order_id: completed.id,
      items: [{ order_item_id: line.id, num: 1 }],
      reason: 'Too small',
      description: 'Lovely fabric, but it is tight across the shoulders. I would like my money back.',
      images: [],
      type: 'refund',
    });
    returns = 1;
  }

  const sentAt = now - 4 * 3_600_000;
  await requestsRepo(db).insert({
    kind: 'wholesale',
    status: 'open',
    user_id: null,
    ...DEMO_WHOLESALE_REQUEST,
    created_at: sentAt,
    updated_at: sentAt,
  });
  return { returns, requests: 1 };
}

import type { Db } from '../../db/database';

/** The newsletter's part of an account's erasure and export (decision 0026). */

/** Forgets the shopper's subscriptions and their consent records, in `trx`. */
export async function eraseNewsletterOf(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('newsletter_consents').where('user_id', '=', userId).execute();
  const owned = trx.selectFrom('newsletter_subscriptions').select('id').where('user_id', '=', userId);
  await trx.deleteFrom('newsletter_consents').where('subscription_id', 'in', owned).execute();
  await trx.deleteFrom('newsletter_subscriptions').where('user_id', '=', userId).execute();
}

/** The shopper's subscriptions with their consent record. */
export async function newsletterOf(db: Db, userId: number) {
  const subscriptions = await db
    .selectFrom('newsletter_subscriptions')
    .select(['id', 'email', 'status', 'source', 'requested_at', 'confirmed_at', 'unsubscribed_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const consents = await db
    .selectFrom('newsletter_consents')
    .select(['subscription_id', 'email', 'action', 'source', 'consent_text', 'ip', 'user_agent', 'at'])
    .where((eb) =>
      eb.or([
        eb('user_id', '=', userId),
        eb('subscription_id', 'in', eb.selectFrom('newsletter_subscriptions').select('id').where('user_id', '=', userId)),
      ]),
    )
    .orderBy('id')
    .execute();
  return { subscriptions, consents };
}

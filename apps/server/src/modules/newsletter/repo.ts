import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { NewsletterConsentsTable, NewsletterSubscriptionsTable } from '../../db/schema';

type Source = NewsletterSubscriptionsTable['source'];

/** The newsletter's SQL: subscriptions by address and the append-only consent record. */
export function newsletterRepo(db: Db) {
  return {
    byEmail(email: string) {
      return db.selectFrom('newsletter_subscriptions').selectAll().where('email', '=', email).executeTakeFirst();
    },

    /**
     * A request for the address: a new pending row, or the existing one told of the latest form (a
     * withdrawn address is pending again; a subscribed one stays subscribed until its code comes
     * back). Two racing requests for one address meet on the unique key and leave one row.
     */
    async request(email: string, source: Source, at: number) {
      await db
        .insertInto('newsletter_subscriptions')
        .values({ email, user_id: null, status: 'pending', source, requested_at: at, updated_at: at })
        .onConflict((oc) => oc.column('email').doUpdateSet({ source, requested_at: at, updated_at: at }))
        .execute();
      await db
        .updateTable('newsletter_subscriptions')
        .set({ status: 'pending', updated_at: at })
        .where('email', '=', email)
        .where('status', '=', 'unsubscribed')
        .execute();
      const row = await this.byEmail(email);
      if (!row) throw new Error('newsletter subscription vanished');
      return row;
    },

    /** Subscribed from now on, linked to the account the address belongs to (kept when there is none now). */
    confirm(id: number, userId: number | null, at: number) {
      return db
        .updateTable('newsletter_subscriptions')
        .set((eb) => ({
          status: 'subscribed',
          user_id: userId === null ? eb.ref('user_id') : eb.val(userId),
          confirmed_at: at,
          unsubscribed_at: null,
          updated_at: at,
        }))
        .where('id', '=', id)
        .execute();
    },

    /** A guest's subscription becomes the account's (only while it has none). */
    link(id: number, userId: number, at: number) {
      return db
        .updateTable('newsletter_subscriptions')
        .set({ user_id: userId, updated_at: at })
        .where('id', '=', id)
        .where('user_id', 'is', null)
        .execute();
    },

    /** The shopper's subscribed rows become unsubscribed; answers the rows that changed. */
    async withdrawAll(userId: number, at: number) {
      const rows = await db
        .selectFrom('newsletter_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'subscribed')
        .execute();
      if (rows.length === 0) return rows;
      await db
        .updateTable('newsletter_subscriptions')
        .set({ status: 'unsubscribed', unsubscribed_at: at, updated_at: at })
        .where('user_id', '=', userId)
        .where('status', '=', 'subscribed')
        .execute();
      return rows;
    },

    record(consent: Insertable<NewsletterConsentsTable>) {
      return db.insertInto('newsletter_consents').values(consent).execute();
    },
  };
}

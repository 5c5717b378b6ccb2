import type { Kysely } from 'kysely';
import { idColumn, time } from './columns';

/**
 * The newsletter's double opt-in and the feedback widget (decisions 0034 and 0035).
 *
 * `newsletter_subscriptions`: one row per address (a unique key), pending until the e-mailed code
 * comes back, then subscribed; `user_id` is the account the address belonged to when it was
 * confirmed (none for a guest). `newsletter_consents` is the consent record, append-only: each
 * request, confirmation and withdrawal with its time, the form it came from, the words shown there,
 * and the client's address and browser.
 *
 * `feedback`: the widget's four 1–5 ratings and text; `user_id` from the session, none signed out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('newsletter_subscriptions'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('requested_at', time, (c) => c.notNull())
    .addColumn('confirmed_at', time)
    .addColumn('unsubscribed_at', time)
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('newsletter_subscriptions_user').on('newsletter_subscriptions').column('user_id').execute();

  await idColumn(db, db.schema.createTable('newsletter_consents'))
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('newsletter_subscriptions.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('consent_text', 'text', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(300)', (c) => c.notNull())
    .addColumn('at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('newsletter_consents_subscription').on('newsletter_consents').column('subscription_id').execute();

  await idColumn(db, db.schema.createTable('feedback'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('website', 'varchar(300)', (c) => c.notNull())
    .addColumn('feedback', 'text', (c) => c.notNull())
    .addColumn('product_rating', 'integer', (c) => c.notNull())
    .addColumn('delivery_rating', 'integer', (c) => c.notNull())
    .addColumn('service_rating', 'integer', (c) => c.notNull())
    .addColumn('trust_recommend_rating', 'integer', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_created').on('feedback').column('created_at').execute();
  await db.schema.createIndex('feedback_user').on('feedback').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feedback').execute();
  await db.schema.dropTable('newsletter_consents').execute();
  await db.schema.dropTable('newsletter_subscriptions').execute();
}

import type { Kysely } from 'kysely';
import { time } from './columns';

/**
 * Notification preferences (decision 0027): one row per shopper, category and channel that the
 * shopper has chosen; a missing row means the default (the register form's marketing consent).
 * `mail_outbox.headers` carries a message's extra headers as JSON (the List-Unsubscribe pair of
 * marketing mail).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'category', 'channel'])
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('headers').execute();
  await db.schema.dropTable('notification_preferences').execute();
}

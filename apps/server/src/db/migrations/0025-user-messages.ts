import type { Kysely } from 'kysely';
import { idColumn, time } from './columns';

/**
 * The shopper's message inbox (decision 0039): one notice per domain event, `event_id` unique so a
 * second delivery of the event (or two at once) cannot leave a second notice. The event's row may
 * be pruned from the outbox later; its id is never reused (AUTOINCREMENT / serial).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('user_messages'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().unique())
    .addColumn('event', 'varchar(32)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('link', 'varchar(300)', (c) => c.notNull())
    .addColumn('read_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_messages_list').on('user_messages').columns(['user_id', 'type', 'id']).execute();
  await db.schema.createIndex('user_messages_unread').on('user_messages').columns(['user_id', 'read_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_messages').execute();
}

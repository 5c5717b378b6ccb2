import type { Kysely } from 'kysely';
import { idColumn, time } from './columns';

/**
 * The conversation's lifecycle (decision 0053): a state beside the routing status — open,
 * resolved or snoozed until a time — with when it last changed and how many times it was resolved;
 * and the visitor's satisfaction rating, one per resolution (a unique pair).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chat_sessions')
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
    .execute();
  await db.schema
    .alterTable('chat_sessions')
    .addColumn('snoozed_until', time, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('chat_sessions')
    .addColumn('state_at', time, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('chat_sessions')
    .addColumn('resolutions', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('chat_sessions_state').on('chat_sessions').columns(['state', 'csr_id', 'sort_time']).execute();
  await db.schema.createIndex('chat_sessions_snoozed').on('chat_sessions').columns(['state', 'snoozed_until']).execute();

  await idColumn(db, db.schema.createTable('chat_ratings'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('chat_sessions.id').onDelete('cascade'))
    .addColumn('resolution', 'integer', (c) => c.notNull())
    .addColumn('tourist_id', 'integer', (c) => c.notNull())
    .addColumn('csr_id', 'integer')
    .addColumn('stars', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('chat_ratings_once_per_resolution', ['session_id', 'resolution'])
    .execute();
  await db.schema.createIndex('chat_ratings_csr').on('chat_ratings').columns(['csr_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_ratings').execute();
  await db.schema.dropIndex('chat_sessions_snoozed').execute();
  await db.schema.dropIndex('chat_sessions_state').execute();
  for (const column of ['resolutions', 'state_at', 'snoozed_until', 'state']) {
    await db.schema.alterTable('chat_sessions').dropColumn(column).execute();
  }
}

import type { Kysely } from 'kysely';
import { time } from './columns';

/**
 * The chat when no agent is there (decision 0060): the e-mail address a visitor leaves for
 * replies (one per visitor), and per conversation how far the agents' replies were mailed and
 * whether a mail of the waiting ones is already on its way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_offline_contacts')
    .addColumn('tourist_id', 'integer', (c) => c.primaryKey().references('chat_tourists.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chat_reply_mail')
    .addColumn('session_id', 'integer', (c) => c.primaryKey().references('chat_sessions.id').onDelete('cascade'))
    // the highest sequence number of an agent's reply already mailed
    .addColumn('mailed_seq', 'integer', (c) => c.notNull().defaultTo(0))
    // when the waiting batch began; 0 when no mail is on its way
    .addColumn('pending_since', time, (c) => c.notNull().defaultTo(0))
    .addColumn('mails', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_reply_mail').execute();
  await db.schema.dropTable('chat_offline_contacts').execute();
}

import type { Kysely } from 'kysely';
import { idColumn, time } from './columns';

/**
 * Agents' tools in a conversation (decision 0058): private notes, kept apart from the messages so
 * that nothing which reads, pages, replays, previews, counts or exports messages can hand one to the
 * visitor; and labels, unique per conversation without regard to case (`label_key`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('chat_notes'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('chat_sessions.id').onDelete('cascade'))
    .addColumn('csr_id', 'integer', (c) => c.notNull())
    .addColumn('after_seq', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('client_note_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('chat_notes_once_per_client_id', ['session_id', 'client_note_id'])
    .execute();

  await idColumn(db, db.schema.createTable('chat_session_labels'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('chat_sessions.id').onDelete('cascade'))
    .addColumn('label', 'varchar(64)', (c) => c.notNull())
    .addColumn('label_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('csr_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('chat_session_labels_once', ['session_id', 'label_key'])
    .execute();
  await db.schema.createIndex('chat_session_labels_key').on('chat_session_labels').columns(['label_key', 'session_id']).execute();
  // how many labels a conversation has: counted and raised in the same conditional update (decision 0058)
  await db.schema
    .alterTable('chat_sessions')
    .addColumn('label_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_sessions').dropColumn('label_count').execute();
  await db.schema.dropTable('chat_session_labels').execute();
  await db.schema.dropTable('chat_notes').execute();
}

import type { Kysely } from 'kysely';
import { idColumn, time } from './columns';

/** The live chat (issue: chat service) and the lock table every background job takes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_locks')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(64)', (c) => c.notNull())
    .addColumn('locked_until', time, (c) => c.notNull())
    .execute();

  await idColumn(db, db.schema.createTable('chat_tourists'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('nickname', 'varchar(60)', (c) => c.notNull())
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'varchar(10)', (c) => c.notNull().defaultTo('en-us'))
    .addColumn('trajectory_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_trajectory_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_seen_at', time, (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_tourists_user').on('chat_tourists').column('user_id').execute();
  await db.schema.createIndex('chat_tourists_seen').on('chat_tourists').column('last_seen_at').execute();
  // When an agent's connection was last seen by any instance (presence, decision 0005).
  await db.schema
    .alterTable('staff')
    .addColumn('last_seen_at', time, (c) => c.notNull().defaultTo(0))
    .execute();

  await idColumn(db, db.schema.createTable('chat_sessions'))
    .addColumn('tourist_id', 'integer', (c) => c.notNull().references('chat_tourists.id').onDelete('cascade'))
    .addColumn('csr_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unread_tourist', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unread_csr', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_time', time, (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_sessions_tourist').on('chat_sessions').columns(['tourist_id', 'status']).execute();
  await db.schema.createIndex('chat_sessions_csr').on('chat_sessions').columns(['csr_id', 'status', 'sort_time']).execute();

  await idColumn(db, db.schema.createTable('chat_messages'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('chat_sessions.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('sender_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('sender_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('extend', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('client_msg_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('unread'))
    .addColumn('auto_reply', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('chat_messages_session_seq', ['session_id', 'seq'])
    .addUniqueConstraint('chat_messages_session_client_id', ['session_id', 'client_msg_id'])
    .execute();

  await idColumn(db, db.schema.createTable('chat_trajectories'))
    .addColumn('tourist_id', 'integer', (c) => c.notNull().references('chat_tourists.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('referrer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_trajectories_tourist').on('chat_trajectories').columns(['tourist_id', 'id']).execute();

  await idColumn(db, db.schema.createTable('chat_quick_replies'))
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('cascade'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();

  await idColumn(db, db.schema.createTable('chat_kb_entries'))
    .addColumn('questions', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();

  await idColumn(db, db.schema.createTable('chat_uploads'))
    .addColumn('uploader_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('uploader_id', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('suffix', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_uploads_expires').on('chat_uploads').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff').dropColumn('last_seen_at').execute();
  for (const table of [
    'chat_uploads',
    'chat_kb_entries',
    'chat_quick_replies',
    'chat_trajectories',
    'chat_messages',
    'chat_sessions',
    'chat_tourists',
    'job_locks',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

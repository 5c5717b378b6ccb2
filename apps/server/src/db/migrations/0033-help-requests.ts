import type { Kysely } from 'kysely';
import { idColumn, time } from './columns';

/**
 * Requests from the help pages (decision 0052): custom, tailor-made and wholesale requests with
 * their contact details, the staff member holding them, the answer, and the files attached (kept
 * on disk under a random storage key; the row names it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('help_requests'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('phone', 'varchar(40)', (c) => c.notNull())
    .addColumn('company', 'varchar(120)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('answer', 'text')
    .addColumn('answered_by', 'integer', (c) => c.references('staff.id'))
    .addColumn('answered_at', time)
    .addColumn('closed_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('help_requests_status').on('help_requests').columns(['status', 'id']).execute();
  await db.schema.createIndex('help_requests_assignee').on('help_requests').columns(['assignee_id', 'id']).execute();
  await db.schema.createIndex('help_requests_user').on('help_requests').columns(['user_id']).execute();

  await idColumn(db, db.schema.createTable('help_request_files'))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('help_requests.id'))
    .addColumn('storage_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('help_request_files_request').on('help_request_files').columns(['request_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('help_request_files').execute();
  await db.schema.dropTable('help_requests').execute();
}

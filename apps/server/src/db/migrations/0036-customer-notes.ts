import type { Kysely } from 'kysely';
import { idColumn, time } from './columns';

/**
 * Staff notes about a customer (decision 0055): private to the staff, written by one staff member,
 * deleted only by their author, and gone with the account when it is erased.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('customer_notes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_notes_user').on('customer_notes').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('customer_notes').execute();
}

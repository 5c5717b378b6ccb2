import type { Kysely } from 'kysely';
import { idColumn, time } from './columns';

/**
 * One-time e-mail codes (decision 0025): at most one live code per address and purpose, kept as
 * an HMAC of the code, never the code itself, and bound to the account it was issued for (none for
 * a code to an address without one); the unique (email, purpose) row is what makes a new
 * code wait for the resend delay even when two requests race. `users.email_verified_at` records
 * when the shopper proved the address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('email_codes'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .addUniqueConstraint('email_codes_email_purpose', ['email', 'purpose'])
    .execute();
  await db.schema.createIndex('email_codes_expires').on('email_codes').column('expires_at').execute();
  await db.schema.alterTable('users').addColumn('email_verified_at', time).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
  await db.schema.dropTable('email_codes').execute();
}

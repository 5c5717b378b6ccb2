import type { Kysely } from 'kysely';
import { idColumn, time } from './columns';

/**
 * Staff management (decision 0038): a staff account can be deactivated (it keeps its history and
 * its audit entries, and signs in no more) and can ask for a second factor at sign-in (a TOTP
 * secret, sealed with the server's key; the last time step used, so a code is good once).
 * Invitations: an e-mail, a role and a name, a link's token kept only as its hash, good for a week,
 * accepted once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('staff')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('staff').addColumn('totp_secret', 'varchar(255)').execute();
  await db.schema.alterTable('staff').addColumn('totp_pending_secret', 'varchar(255)').execute();
  await db.schema.alterTable('staff').addColumn('totp_last_step', time).execute();

  await idColumn(db, db.schema.createTable('staff_invitations'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(60)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('accepted_at', time)
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
    .execute();
  await db.schema.createIndex('staff_invitations_email').on('staff_invitations').columns(['email']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_invitations').execute();
  for (const column of ['totp_last_step', 'totp_pending_secret', 'totp_secret', 'active']) {
    await db.schema.alterTable('staff').dropColumn(column).execute();
  }
}

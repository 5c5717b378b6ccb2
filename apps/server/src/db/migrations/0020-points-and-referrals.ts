import type { Kysely } from 'kysely';
import { idColumn, time } from './columns';

/**
 * Points and referrals (decisions 0032, 0033).
 *
 * - `referrals`: one row per friend who registered with an invitation code (a friend is invited
 *   once: unique), where the friend stands, and the first order whose return window the reward
 *   waits for.
 * - `known_identities`: a digest of every e-mail address and phone number an account was opened
 *   with; the primary key is what refuses an invitation code to someone already known to the shop.
 * - `referral_rewards_monthly`: how many rewards an inviter had in a month; the conditional
 *   upsert that counts one refuses the one past the limit.
 * - `points_expiry_notices`: the newest earning a shopper was told would expire, so each
 *   notice is sent once.
 * - `points_ledger.note`: why a staff member adjusted a balance, in their words.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('points_ledger').addColumn('note', 'varchar(200)').execute();
  await idColumn(db, db.schema.createTable('referrals'))
    .addColumn('inviter_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('friend_id', 'integer', (c) => c.notNull().unique().references('users.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('reward_due_at', time)
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('referrals_inviter').on('referrals').columns(['inviter_id', 'id']).execute();
  await db.schema.createIndex('referrals_due').on('referrals').columns(['status', 'reward_due_at']).execute();

  await db.schema
    .createTable('known_identities')
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('digest', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('known_identities_pk', ['kind', 'digest'])
    .execute();

  await db.schema
    .createTable('referral_rewards_monthly')
    .addColumn('inviter_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('rewarded', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('referral_rewards_monthly_pk', ['inviter_id', 'month'])
    .execute();

  await db.schema
    .createTable('points_expiry_notices')
    .addColumn('user_id', 'integer', (c) => c.notNull().primaryKey().references('users.id'))
    .addColumn('ledger_id', 'integer', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('notified_at', time, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('points_expiry_notices').execute();
  await db.schema.dropTable('referral_rewards_monthly').execute();
  await db.schema.dropTable('known_identities').execute();
  await db.schema.dropTable('referrals').execute();
  await db.schema.alterTable('points_ledger').dropColumn('note').execute();
}

import { type Kysely, sql } from 'kysely';
import { idColumn, time } from './columns';

/**
 * The shoppers' points become an append-only ledger: one row per event with its signed amount,
 * its reason and its source (an order, an account), and the staff member who acted when one did.
 * A source credits or debits once per reason (a unique constraint), and a shopper's balance is the
 * sum of their rows. Each shopper's counter carries over as an opening balance; the counter goes.
 * No row cascades from a shopper: points are money's kin and outlive nothing by accident.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('points_ledger'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('source_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('source_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('points_ledger_source_reason', ['source_type', 'source_id', 'reason'])
    .execute();
  await db.schema.createIndex('points_ledger_user').on('points_ledger').columns(['user_id', 'amount']).execute();

  const now = Date.now();
  await sql`insert into points_ledger (user_id, amount, reason, source_type, source_id, staff_id, created_at)
    select id, points, 'opening_balance', 'account', cast(id as varchar(64)), null, cast(${now} as bigint)
    from users where points <> 0`.execute(db);
  await db.schema.alterTable('users').dropColumn('points').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update users set points = coalesce((select sum(l.amount) from points_ledger l where l.user_id = users.id), 0)`.execute(
    db,
  );
  await db.schema.dropTable('points_ledger').execute();
}

import { type Insertable, PostgresAdapter, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { PointsLedgerTable, UsersTable } from '../../db/schema';

export function usersRepo(db: Db) {
  return {
    findByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    findById(id: number) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findIdByInvitationCode(code: string) {
      return db
        .selectFrom('users')
        .select('id')
        .where('invitation_code', '=', code.toUpperCase())
        .where('status', '=', 'active')
        .executeTakeFirst();
    },
    invitationCodeTaken(code: string) {
      return db.selectFrom('users').select('id').where('invitation_code', '=', code).executeTakeFirst().then(Boolean);
    },
    async insert(row: Insertable<UsersTable>) {
      const inserted = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    },
    update(id: number, patch: Updateable<UsersTable>) {
      return db.updateTable('users').set(patch).where('id', '=', id).execute();
    },
  };
}

/** The points ledger's SQL: rows are only ever added. */
export function pointsRepo(db: Db) {
  return {
    /** The sum of the shopper's rows (0 without any): an index-only read over (user_id, amount). */
    async balance(userId: number): Promise<number> {
      const row = await db
        .selectFrom('points_ledger')
        .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /**
     * Within a transaction, makes every other spend of the shopper's points wait for it to end. On
     * PostgreSQL the shopper's row is locked FOR NO KEY UPDATE: the foreign-key checks of rows
     * inserted for the shopper (an order, a ledger row) take KEY SHARE, which this does not block,
     * so two checkouts of one shopper cannot deadlock on it. SQLite runs one write transaction at a
     * time.
     */
    async lockShopper(userId: number): Promise<void> {
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
      await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
    },

    rowsOf(userId: number) {
      return db
        .selectFrom('points_ledger')
        .select(['amount', 'reason', 'source_type', 'source_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    /** Adds a row unless its source already moved points for this reason; true when added. */
    async append(row: Insertable<PointsLedgerTable>): Promise<boolean> {
      const inserted = await db
        .insertInto('points_ledger')
        .values(row)
        .onConflict((oc) => oc.columns(['source_type', 'source_id', 'reason']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}

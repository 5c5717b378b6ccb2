import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db, DbKind } from '../../db/database';
import type { AddressesTable } from '../../db/schema';

/** The addresses table; every query is scoped to one shopper, so another shopper's id finds nothing. */
/** The address an order ships to, as the order keeps it; only the shopper's own. */
export function shippingAddress(db: Db, userId: number, id: number) {
  return db
    .selectFrom('addresses')
    .select(['first_name', 'last_name', 'phone', 'country', 'state', 'city', 'address1', 'address2', 'postcode'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function addressesRepo(db: Db, kind: DbKind) {
  return {
    /**
     * Holds the shopper's row until the transaction ends, so that one shopper's address writes run
     * one after another (the count limit and the single default stay true). SQLite runs one write
     * transaction at a time already.
     */
    async lockShopper(userId: number) {
      if (kind === 'postgres') await sql`select id from users where id = ${userId} for no key update`.execute(db);
    },
    /** Default first, then newest first. */
    listByUser(userId: number) {
      return db
        .selectFrom('addresses')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('is_default', 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    findOwned(userId: number, id: number) {
      return db.selectFrom('addresses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },
    async countByUser(userId: number) {
      const row = await db
        .selectFrom('addresses')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** The newest address left, which becomes the default when the default is deleted. */
    newestOf(userId: number) {
      return db
        .selectFrom('addresses')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    async insert(row: Insertable<AddressesTable>) {
      const inserted = await db.insertInto('addresses').values(row).returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    },
    update(userId: number, id: number, patch: Updateable<AddressesTable>) {
      return db.updateTable('addresses').set(patch).where('id', '=', id).where('user_id', '=', userId).execute();
    },
    remove(userId: number, id: number) {
      return db.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).execute();
    },
    clearDefault(userId: number, now: number) {
      return db
        .updateTable('addresses')
        .set({ is_default: 0, updated_at: now })
        .where('user_id', '=', userId)
        .where('is_default', '=', 1)
        .execute();
    },
    markDefault(userId: number, id: number, now: number) {
      return db
        .updateTable('addresses')
        .set({ is_default: 1, updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
    },
  };
}

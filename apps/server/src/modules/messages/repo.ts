import type { MessageType } from '@shop/contracts/messages';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paging';
import type { UserMessagesTable } from '../../db/schema';

/** The inbox's SQL; every query names the shopper, so another shopper's notice is never reached. */
export function messagesRepo(db: Db) {
  return {
    /** Writes the notice unless its event left one already (the unique event_id); true when written. */
    async insert(notice: Insertable<UserMessagesTable>): Promise<boolean> {
      const result = await db
        .insertInto('user_messages')
        .values(notice)
        .onConflict((oc) => oc.column('event_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async page(userId: number, filter: { type?: MessageType; read?: number }, page: number, pageSize: number) {
      const base = db
        .selectFrom('user_messages')
        .where('user_id', '=', userId)
        .$if(filter.type !== undefined, (qb) => qb.where('type', '=', filter.type as MessageType))
        .$if(filter.read === 0, (qb) => qb.where('read_at', 'is', null))
        .$if(filter.read === 1, (qb) => qb.where('read_at', 'is not', null));
      return pageOf(
        base.select(['id', 'type', 'event', 'title', 'content', 'link', 'read_at', 'created_at']).orderBy('id', 'desc'),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')),
        page,
        pageSize,
      );
    },

    async unread(userId: number): Promise<number> {
      const row = await db
        .selectFrom('user_messages')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** How many of these ids are the shopper's notices. */
    async ownedCount(userId: number, ids: number[]): Promise<number> {
      const row = await db
        .selectFrom('user_messages')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Marks the shopper's unread notices read (these ids, or all); answers how many changed. */
    async markRead(userId: number, ids: number[] | 'all', at: number): Promise<number> {
      const result = await db
        .updateTable('user_messages')
        .set({ read_at: at })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .$if(ids !== 'all', (qb) => qb.where('id', 'in', ids as number[]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    ofUser(userId: number) {
      return db
        .selectFrom('user_messages')
        .select(['id', 'type', 'event', 'title', 'content', 'link', 'read_at', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    async eraseOf(userId: number): Promise<void> {
      await db.deleteFrom('user_messages').where('user_id', '=', userId).execute();
    },
  };
}

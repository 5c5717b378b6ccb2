import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { ChatTouristsTable } from '../db/schema';

export type TouristRow = Selectable<ChatTouristsTable>;

/** The chat's visitors (tourists): their records, the pages they opened, and a cancelled account's erasure. */
export function touristStore(db: Db) {
  return {
    findTourist(id: number) {
      return db.selectFrom('chat_tourists').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findTouristOfUser(userId: number) {
      return db.selectFrom('chat_tourists').selectAll().where('user_id', '=', userId).orderBy('id').executeTakeFirst();
    },
    async insertTourist(row: Insertable<ChatTouristsTable>) {
      const inserted = await db.insertInto('chat_tourists').values(row).returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    },
    updateTourist(id: number, patch: Partial<Omit<TouristRow, 'id'>>) {
      return db.updateTable('chat_tourists').set(patch).where('id', '=', id).execute();
    },

    /**
     * A cancelled account's chat identity (decision 0026): its visitors lose the nickname, the
     * avatar, the pages they were seen on and their link to the account; the transcripts stay,
     * no longer naming anyone.
     */
    async eraseTouristsOfUser(userId: number): Promise<number[]> {
      const tourists = await db.selectFrom('chat_tourists').select('id').where('user_id', '=', userId).execute();
      const ids = tourists.map((tourist) => tourist.id);
      if (ids.length === 0) return ids;
      await db.deleteFrom('chat_trajectories').where('tourist_id', 'in', ids).execute();
      await db
        .updateTable('chat_tourists')
        .set({ user_id: null, nickname: 'Visitor', avatar: '', last_trajectory_url: '', trajectory_count: 0 })
        .where('id', 'in', ids)
        .execute();
      return ids;
    },

    /** Every conversation of the shopper's chat identities, with its messages in order. */
    async transcriptsOfUser(userId: number) {
      const sessions = await db
        .selectFrom('chat_sessions')
        .innerJoin('chat_tourists', 'chat_tourists.id', 'chat_sessions.tourist_id')
        .select(['chat_sessions.id', 'chat_sessions.status', 'chat_sessions.created_at'])
        .where('chat_tourists.user_id', '=', userId)
        .orderBy('chat_sessions.id')
        .execute();
      const ids = sessions.map((session) => session.id);
      const messages = ids.length
        ? await db
            .selectFrom('chat_messages')
            .select(['session_id', 'seq', 'sender_type', 'type', 'content', 'title', 'created_at'])
            .where('session_id', 'in', ids)
            .orderBy('session_id')
            .orderBy('seq')
            .execute()
        : [];
      return sessions.map((session) => ({
        ...session,
        messages: messages.filter((message) => message.session_id === session.id),
      }));
    },

    async insertTrajectory(touristId: number, page: { title: string; url: string; referrer: string }, at: number) {
      await db
        .insertInto('chat_trajectories')
        .values({ tourist_id: touristId, ...page, created_at: at })
        .execute();
      await db
        .updateTable('chat_tourists')
        .set((eb) => ({ trajectory_count: eb('trajectory_count', '+', 1), last_trajectory_url: page.url }))
        .where('id', '=', touristId)
        .execute();
    },
    trajectoryPage(touristId: number, page: number, pageSize: number) {
      return db
        .selectFrom('chat_trajectories')
        .select(['id', 'title', 'url', 'referrer', 'created_at'])
        .where('tourist_id', '=', touristId)
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
    },
    /**
     * Visitors seen connected since `seenSince`, most recently active first: the people on the
     * shop now, whom an agent may invite whether or not they have written yet.
     */
    onlineTourists(seenSince: number, page: number, pageSize: number) {
      return db
        .selectFrom('chat_tourists')
        .selectAll()
        .where('last_seen_at', '>', seenSince)
        .orderBy('last_seen_at', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
    },
  };
}

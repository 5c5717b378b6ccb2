import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../db/database';
import { isPostgres } from '../db/engine';
import type { ChatMessagesTable } from '../db/schema';
import type { SessionRow } from './session-store';

export type MessageRow = Selectable<ChatMessagesTable>;

/** What storing messages changes in a session. */
type SessionAfterMessages = Pick<
  SessionRow,
  'id' | 'last_seq' | 'last_message' | 'sort_time' | 'unread_csr' | 'unread_tourist' | 'state' | 'snoozed_until' | 'state_at'
>;

/** The columns a stored message is inserted with, in order. */
const MESSAGE_COLUMNS = [
  'session_id',
  'seq',
  'sender_type',
  'sender_id',
  'type',
  'content',
  'title',
  'extend',
  'client_msg_id',
  'status',
  'auto_reply',
  'created_at',
] as const satisfies ReadonlyArray<keyof Insertable<ChatMessagesTable>>;

/**
 * The update of many sessions after their messages, in one statement; with `as`, written as a
 * named CTE (`as (update …)`) for a statement that goes on.
 */
function sessionsUpdate(rows: SessionAfterMessages[], as?: string) {
  // the casts give PostgreSQL the values' types, which parameters in a VALUES list lack
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(cast(${r.id} as bigint), cast(${r.last_seq} as bigint), cast(${r.last_message} as text), cast(${r.sort_time} as bigint), cast(${r.unread_csr} as bigint), cast(${r.unread_tourist} as bigint), cast(${r.state} as text), cast(${r.snoozed_until} as bigint), cast(${r.state_at} as bigint))`,
    ),
  );
  const update = sql`update chat_sessions set last_seq = v.last_seq, last_message = v.last_message, sort_time = v.sort_time,
      unread_csr = v.unread_csr, unread_tourist = v.unread_tourist, state = v.state,
      snoozed_until = v.snoozed_until, state_at = v.state_at
    from v where chat_sessions.id = v.id`;
  const v = sql`v (id, last_seq, last_message, sort_time, unread_csr, unread_tourist, state, snoozed_until, state_at) as (values ${values})`;
  return as ? sql`${v}, ${sql.ref(as)} as (${update})` : sql`with ${v} ${update}`;
}

/** The messages of conversations: written in batches with their sessions, paged, replayed and marked read. */
export function messageStore(db: Db) {
  return {
    /**
     * Writes what messages changed in many sessions and inserts the messages, leaving out a row whose
     * client id its session holds already; returns the rows inserted. On PostgreSQL one statement
     * does both (the update as a data-modifying CTE): a round trip less for every batch of messages.
     * SQLite, with no round trips to save, runs the two statements.
     */
    async writeSessionsAndMessages(sessions: SessionAfterMessages[], messages: Array<Insertable<ChatMessagesTable>>) {
      if (messages.length === 0) return [];
      if (sessions.length === 0 || !isPostgres(db)) {
        if (sessions.length > 0) await sessionsUpdate(sessions).execute(db);
        return db
          .insertInto('chat_messages')
          .values(messages)
          .onConflict((oc) => oc.columns(['session_id', 'client_msg_id']).doNothing())
          .returningAll()
          .execute();
      }
      const rows = sql.join(messages.map((message) => sql`(${sql.join(MESSAGE_COLUMNS.map((column) => message[column]))})`));
      const inserted = await sql<MessageRow>`with ${sessionsUpdate(sessions, 'written')}
        insert into chat_messages (${sql.join(MESSAGE_COLUMNS.map((column) => sql.ref(column)))}) values ${rows}
        on conflict (session_id, client_msg_id) do nothing returning *`.execute(db);
      return inserted.rows;
    },
    /** The messages of these sessions with these client ids (resends). */
    messagesByClientIds(sessionIds: number[], clientMsgIds: string[]) {
      if (sessionIds.length === 0 || clientMsgIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('chat_messages')
        .selectAll()
        .where('session_id', 'in', sessionIds)
        .where('client_msg_id', 'in', clientMsgIds)
        .execute();
    },
    findMessageByClientId(sessionId: number, clientMsgId: string) {
      return db
        .selectFrom('chat_messages')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('client_msg_id', '=', clientMsgId)
        .executeTakeFirst();
    },
    messagesAfter(sessionId: number, afterSeq: number, limit = 500) {
      return db
        .selectFrom('chat_messages')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('seq', '>', afterSeq)
        .orderBy('seq')
        .limit(limit)
        .execute();
    },
    /** A page of history, newest page first; each page in ascending order. */
    async messagesPage(sessionId: number, page: number, pageSize: number) {
      const rows = await db
        .selectFrom('chat_messages')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('seq', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return rows.reverse();
    },
    countMessages(sessionId: number) {
      return db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    },
    /** Marks the other party's messages read up to a sequence; returns the highest marked. */
    async markRead(sessionId: number, readerType: 'tourist' | 'csr', upToSeq: number) {
      const result = await db
        .updateTable('chat_messages')
        .set({ status: 'read' })
        .where('session_id', '=', sessionId)
        .where('sender_type', '!=', readerType)
        .where('status', '=', 'unread')
        .where('seq', '<=', upToSeq)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

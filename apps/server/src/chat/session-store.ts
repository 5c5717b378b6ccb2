import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../db/database';
import { isPostgres } from '../db/engine';
import { isUniqueViolation } from '../db/errors';
import type { ChatRatingsTable, ChatSessionState, ChatSessionsTable, Database } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { agentStore } from './agent-store';

export type SessionRow = Selectable<ChatSessionsTable>;

/** The first key of the advisory lock that serializes one agent's assignments on PostgreSQL (the second is their id). */
const AGENT_ASSIGNMENT_LOCK = 0x63686174; // 'chat'

/** An agent's list (decision 0053): whose conversations, in which state, and who asks. */
export type SessionListQuery = {
  view: 'mine' | 'unassigned' | 'all';
  state: ChatSessionState;
  csrId: number;
  at: number;
  /** only conversations carrying this label key (decision 0058) */
  labelKey?: string;
};

/** The conversations carrying a label, by its lower-case key. */
function labelled(eb: ExpressionBuilder<Database, 'chat_sessions'>, labelKey: string) {
  return eb.exists(
    eb
      .selectFrom('chat_session_labels')
      .select('chat_session_labels.id')
      .whereRef('chat_session_labels.session_id', '=', 'chat_sessions.id')
      .where('chat_session_labels.label_key', '=', labelKey),
  );
}

/**
 * The conversations in a state at `at`: a snooze whose time has passed counts as open even
 * before the wake-up marks it so.
 */
function inState(eb: ExpressionBuilder<Database, 'chat_sessions'>, state: ChatSessionState, at: number) {
  if (state === 'resolved') return eb('chat_sessions.state', '=', 'resolved');
  if (state === 'snoozed') return eb.and([eb('chat_sessions.state', '=', 'snoozed'), eb('chat_sessions.snoozed_until', '>', at)]);
  return eb.or([
    eb('chat_sessions.state', '=', 'open'),
    eb.and([eb('chat_sessions.state', '=', 'snoozed'), eb('chat_sessions.snoozed_until', '<=', at)]),
  ]);
}

/** A label change refused inside its transaction, which is undone. */

/** The conversations: opening, assigning within caps, the queue, states, lists and ratings. */
export function sessionStore(db: Db) {
  async function insertSession(row: Insertable<ChatSessionsTable>) {
    const inserted = await db.insertInto('chat_sessions').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  return {
    findSession(id: number) {
      return db.selectFrom('chat_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    openSessionOfTourist(touristId: number) {
      return db
        .selectFrom('chat_sessions')
        .selectAll()
        .where('tourist_id', '=', touristId)
        .where('status', 'in', ['queued', 'active'])
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },
    lastSessionOfTourist(touristId: number) {
      return db
        .selectFrom('chat_sessions')
        .selectAll()
        .where('tourist_id', '=', touristId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },
    insertSession,
    /** Opens a conversation; null when the visitor already has an open one (another tab was first). */
    async insertOpenSession(row: Insertable<ChatSessionsTable>): Promise<number | null> {
      try {
        return await insertSession(row);
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
    updateSession(id: number, patch: Partial<Omit<SessionRow, 'id'>>) {
      return db.updateTable('chat_sessions').set(patch).where('id', '=', id).execute();
    },
    /**
     * Gives a conversation to an agent, only while they hold fewer open conversations than their cap
     * (theirs, else `fallbackCap`) and only if the conversation is still as `seen` (queued, or with
     * the agent it had): 'full' when the agent has no room by now, 'moved' when another instance
     * changed the conversation first. On PostgreSQL the agent's assignments are serialized by a
     * lock held to the end of the transaction, so two instances never both fill an agent's last
     * place (decision 0063); SQLite has one writer at a time.
     */
    assignWithinCap(
      seen: Pick<SessionRow, 'id' | 'status' | 'csr_id'>,
      csrId: number,
      fallbackCap: number,
      at: number,
      /** more to change with it (a transfer clears the agents' unread count) */
      also: Partial<Pick<SessionRow, 'unread_csr'>> = {},
    ): Promise<'assigned' | 'full' | 'moved'> {
      return inTransaction(db, async (trx) => {
        if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${AGENT_ASSIGNMENT_LOCK}, ${csrId})`.execute(trx);
        const load = await agentStore(trx).agentLoad(csrId);
        if (load.open >= (load.chatCap ?? fallbackCap)) return 'full';
        const result = await trx
          .updateTable('chat_sessions')
          .set({ ...also, csr_id: csrId, status: 'active', sort_time: at })
          .where('id', '=', seen.id)
          .where('status', '=', seen.status)
          .where((eb) => (seen.csr_id === null ? eb('csr_id', 'is', null) : eb('csr_id', '=', seen.csr_id)))
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1 ? 'assigned' : 'moved';
      });
    },
    /**
     * The longest-waiting queued conversations with their visitor and the visitor's first message
     * (its type and content, for the preview), and how many wait in all.
     */
    async queueView(limit: number) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('chat_sessions')
          .innerJoin('chat_tourists', 'chat_tourists.id', 'chat_sessions.tourist_id')
          .select((eb) => {
            const first = () =>
              eb
                .selectFrom('chat_messages')
                .whereRef('chat_messages.session_id', '=', 'chat_sessions.id')
                .where('chat_messages.sender_type', '=', 'tourist')
                .orderBy('chat_messages.seq')
                .limit(1);
            return [
              'chat_sessions.id as session_id',
              'chat_sessions.tourist_id as tourist_id',
              'chat_sessions.created_at as created_at',
              'chat_tourists.nickname as nickname',
              'chat_tourists.avatar as avatar',
              first().select('chat_messages.type').as('first_type'),
              first().select('chat_messages.content').as('first_content'),
            ];
          })
          .where('chat_sessions.status', '=', 'queued')
          .orderBy('chat_sessions.id')
          .limit(limit)
          .execute(),
        db
          .selectFrom('chat_sessions')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('status', '=', 'queued')
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(count.n) };
    },
    /** A visitor's open conversation that has an agent, with the visitor as their agent sees them (one query). */
    openSessionWithVisitor(touristId: number) {
      return db
        .selectFrom('chat_sessions')
        .innerJoin('chat_tourists', 'chat_tourists.id', 'chat_sessions.tourist_id')
        .select([
          'chat_sessions.id as session_id',
          'chat_sessions.csr_id as csr_id',
          'chat_tourists.nickname as nickname',
          'chat_tourists.avatar as avatar',
          'chat_tourists.last_seen_at as last_seen_at',
        ])
        .where('chat_sessions.tourist_id', '=', touristId)
        .where('chat_sessions.status', '=', 'active')
        .where('chat_sessions.csr_id', 'is not', null)
        .orderBy('chat_sessions.id', 'desc')
        .executeTakeFirst();
    },
    /** The conversations an agent holds (with them, not closed): whose visitors see the agent in their header. */
    activeSessionsOfCsr(csrId: number) {
      return db
        .selectFrom('chat_sessions')
        .select(['id', 'tourist_id'])
        .where('csr_id', '=', csrId)
        .where('status', '=', 'active')
        .execute();
    },
    queuedSessions() {
      return db.selectFrom('chat_sessions').selectAll().where('status', '=', 'queued').orderBy('id').execute();
    },
    sessionsOfTourist(touristId: number) {
      return db
        .selectFrom('chat_sessions')
        .selectAll()
        .where('tourist_id', '=', touristId)
        .orderBy('sort_time', 'desc')
        .execute();
    },
    sessionsOfCsr(csrId: number) {
      return db
        .selectFrom('chat_sessions')
        .selectAll()
        .where('csr_id', '=', csrId)
        .where('status', '!=', 'closed')
        .orderBy('top', 'desc')
        .orderBy('sort_time', 'desc')
        .execute();
    },

    /**
     * Changes a conversation's state, unless it is closed; returns it as it now is. Resolving
     * counts one more resolution, which the visitor may rate once.
     */
    changeState(sessionId: number, state: ChatSessionState, at: number, snoozedUntil = 0) {
      return db
        .updateTable('chat_sessions')
        .set((eb) => ({
          state,
          state_at: at,
          snoozed_until: state === 'snoozed' ? snoozedUntil : 0,
          resolutions: state === 'resolved' ? eb('resolutions', '+', 1) : eb.ref('resolutions'),
        }))
        .where('id', '=', sessionId)
        .where('status', '!=', 'closed')
        .returningAll()
        .executeTakeFirst();
    },
    /** Snoozed conversations whose time has come, opened again; each is returned to one caller only. */
    wakeSnoozed(at: number) {
      return db
        .updateTable('chat_sessions')
        .set({ state: 'open', snoozed_until: 0, state_at: at })
        .where('state', '=', 'snoozed')
        .where('snoozed_until', '<=', at)
        .returningAll()
        .execute();
    },
    /** A page of an agent's list, pinned first then the latest. */
    sessionPage(query: SessionListQuery, page: number, pageSize: number) {
      let q = db
        .selectFrom('chat_sessions')
        .selectAll()
        .where('status', '!=', 'closed')
        .where((eb) => inState(eb, query.state, query.at));
      if (query.view === 'mine') q = q.where('csr_id', '=', query.csrId);
      if (query.view === 'unassigned') q = q.where('status', '=', 'queued');
      const { labelKey } = query;
      if (labelKey !== undefined) q = q.where((eb) => labelled(eb, labelKey));
      return q
        .orderBy('top', 'desc')
        .orderBy('sort_time', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
    },
    /** How many conversations in the state each view holds, in one query. */
    async sessionCounts(query: Omit<SessionListQuery, 'view'>) {
      const { labelKey } = query;
      const row = await db
        .selectFrom('chat_sessions')
        .select((eb) => [
          eb.fn.sum<number | string | null>(eb.case().when('csr_id', '=', query.csrId).then(1).else(0).end()).as('mine'),
          eb.fn.sum<number | string | null>(eb.case().when('status', '=', 'queued').then(1).else(0).end()).as('unassigned'),
          eb.fn.countAll<number | string>().as('all'),
        ])
        .where('status', '!=', 'closed')
        .where((eb) => inState(eb, query.state, query.at))
        .$if(labelKey !== undefined, (q) => q.where((eb) => labelled(eb, labelKey as string)))
        .executeTakeFirstOrThrow();
      return { mine: Number(row.mine ?? 0), unassigned: Number(row.unassigned ?? 0), all: Number(row.all) };
    },

    /** The visitor's rating of one resolution; null when that resolution is rated already. */
    async insertRating(row: Insertable<ChatRatingsTable>): Promise<number | null> {
      try {
        const inserted = await db.insertInto('chat_ratings').values(row).returning('id').executeTakeFirstOrThrow();
        return inserted.id;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
    /** The latest rating of a conversation, and the resolution it rated. */
    latestRating(sessionId: number) {
      return db
        .selectFrom('chat_ratings')
        .select(['stars', 'comment', 'resolution', 'created_at'])
        .where('session_id', '=', sessionId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    /**
     * Sessions by id, read to be written in this transaction: on PostgreSQL each is locked until the
     * transaction ends, taken in id order so that two writers never wait on each other in a circle.
     * (SQLite has one writer at a time.)
     */
    sessionsToWrite(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      const query = db.selectFrom('chat_sessions').selectAll().where('id', 'in', ids).orderBy('id');
      return isPostgres(db) ? query.forUpdate().execute() : query.execute();
    },
  };
}

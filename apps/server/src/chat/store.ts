import type { StaffRoleName } from '@shop/contracts/permissions';
import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../db/database';
import { isPostgres } from '../db/engine';
import { isUniqueViolation } from '../db/errors';
import type {
  ChatMessagesTable,
  ChatNotesTable,
  ChatRatingsTable,
  ChatSessionState,
  ChatSessionsTable,
  ChatTouristsTable,
  Database,
} from '../db/schema';
import { inTransaction } from '../db/transaction';
import { markStaffGone, setAgentStatus, touchStaffPresence } from '../modules/staff/service';

export type TouristRow = Selectable<ChatTouristsTable>;
export type SessionRow = Selectable<ChatSessionsTable>;
export type MessageRow = Selectable<ChatMessagesTable>;
export type NoteRow = Selectable<ChatNotesTable>;

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
class LabelRefused extends Error {
  constructor(readonly reason: 'full' | 'taken' | 'gone') {
    super(reason);
  }
}

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

/** The chat's SQL. Rules live in service.ts. */
export function chatStore(db: Db) {
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

    findStaff(id: number) {
      return db
        .selectFrom('staff')
        .select(['id', 'nickname', 'avatar', 'status', 'role', 'last_seen_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    setStaffStatus(id: number, status: string) {
      return setAgentStatus(db, id, status);
    },
    /** Marks participants as connected now (each instance, for the connections it holds). */
    async touchPresence(touristIds: number[], staffIds: number[], at: number) {
      if (touristIds.length)
        await db.updateTable('chat_tourists').set({ last_seen_at: at }).where('id', 'in', touristIds).execute();
      await touchStaffPresence(db, staffIds, at);
    },
    /** Marks a participant as gone; an instance still holding a connection of theirs restores them. */
    async markGone(type: 'tourist' | 'csr', id: number) {
      if (type === 'tourist') await db.updateTable('chat_tourists').set({ last_seen_at: 0 }).where('id', '=', id).execute();
      else await markStaffGone(db, id);
    },
    /** Agents who chose 'online' and are connected, with their open-session counts and last assignment. */
    onlineAgents(seenSince: number) {
      return db
        .selectFrom('staff')
        .leftJoin('chat_sessions', (join) =>
          join
            .onRef('chat_sessions.csr_id', '=', 'staff.id')
            .on('chat_sessions.status', '=', 'active')
            // resolved and snoozed conversations wait on the visitor, not on the agent
            .on('chat_sessions.state', '=', 'open'),
        )
        .select((eb) => [
          'staff.id as id',
          'staff.chat_cap as chat_cap',
          eb.fn.count<number>('chat_sessions.id').as('active'),
          eb.fn.max<number | null>('chat_sessions.created_at').as('last_assigned'),
        ])
        .where('staff.role', '=', 'csr')
        .where('staff.status', '=', 'online')
        .where('staff.last_seen_at', '>', seenSince)
        .groupBy(['staff.id', 'staff.chat_cap'])
        .execute();
    },
    /** An agent's own cap and how many open conversations they hold now (decision 0056). */
    async agentLoad(csrId: number) {
      const [staff, open] = await Promise.all([
        db.selectFrom('staff').select('chat_cap').where('id', '=', csrId).executeTakeFirst(),
        db
          .selectFrom('chat_sessions')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('csr_id', '=', csrId)
          .where('status', '=', 'active')
          .where('state', '=', 'open')
          .executeTakeFirstOrThrow(),
      ]);
      return { chatCap: staff?.chat_cap ?? null, open: Number(open.n) };
    },

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
    async insertSession(row: Insertable<ChatSessionsTable>) {
      const inserted = await db.insertInto('chat_sessions').values(row).returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    },
    /** Opens a conversation; null when the visitor already has an open one (another tab was first). */
    async insertOpenSession(row: Insertable<ChatSessionsTable>): Promise<number | null> {
      try {
        return await this.insertSession(row);
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
        const load = await chatStore(trx).agentLoad(csrId);
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
    /** A private note (decision 0058); the stored one when the conversation already holds its client id. */
    async insertNote(row: Insertable<ChatNotesTable>): Promise<{ row: NoteRow; duplicate: boolean }> {
      const inserted = await db
        .insertInto('chat_notes')
        .values(row)
        .onConflict((oc) => oc.columns(['session_id', 'client_note_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { row: inserted, duplicate: false };
      const existing = await db
        .selectFrom('chat_notes')
        .selectAll()
        .where('session_id', '=', row.session_id)
        .where('client_note_id', '=', row.client_note_id)
        .executeTakeFirstOrThrow();
      return { row: existing, duplicate: true };
    },
    /** Up to `limit` notes of a conversation written before `beforeId` (all when absent), newest first. */
    notesBefore(sessionId: number, beforeId: number | undefined, limit: number) {
      let query = db.selectFrom('chat_notes').selectAll().where('session_id', '=', sessionId);
      if (beforeId !== undefined) query = query.where('id', '<', beforeId);
      return query.orderBy('id', 'desc').limit(limit).execute();
    },
    async countNotes(sessionId: number) {
      const row = await db
        .selectFrom('chat_notes')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A conversation's labels, in the order they were added. */
    async labelsOf(sessionId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('chat_session_labels')
        .select('label')
        .where('session_id', '=', sessionId)
        .orderBy('id')
        .execute();
      return rows.map((row) => row.label);
    },
    /**
     * Adds a label in one transaction: the conversation's count is raised only while below `max`
     * (the row's lock lines concurrent adds up on PostgreSQL; SQLite has one writer), and the label
     * is stored once per key. 'full', 'taken' or 'gone' (closed or missing) change nothing.
     */
    addLabel(
      row: { session_id: number; label: string; label_key: string; csr_id: number; created_at: number },
      max: number,
    ): Promise<'added' | 'full' | 'taken' | 'gone'> {
      return db
        .transaction()
        .execute(async (trx) => {
          const raised = await trx
            .updateTable('chat_sessions')
            .set((eb) => ({ label_count: eb('label_count', '+', 1) }))
            .where('id', '=', row.session_id)
            .where('status', '!=', 'closed')
            .where('label_count', '<', max)
            .returning('id')
            .executeTakeFirst();
          if (!raised) {
            const session = await trx
              .selectFrom('chat_sessions')
              .select(['status'])
              .where('id', '=', row.session_id)
              .executeTakeFirst();
            throw new LabelRefused(!session || session.status === 'closed' ? 'gone' : 'full');
          }
          const inserted = await trx
            .insertInto('chat_session_labels')
            .values(row)
            .onConflict((oc) => oc.columns(['session_id', 'label_key']).doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!inserted) throw new LabelRefused('taken');
          return 'added' as const;
        })
        .catch((error: unknown) => {
          if (error instanceof LabelRefused) return error.reason;
          throw error;
        });
    },
    /** Removes a label by its key, and counts it off; false when the conversation had none such. */
    removeLabel(sessionId: number, labelKey: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('chat_session_labels')
          .where('session_id', '=', sessionId)
          .where('label_key', '=', labelKey)
          .returning('id')
          .executeTakeFirst();
        if (!removed) return false;
        await trx
          .updateTable('chat_sessions')
          .set((eb) => ({ label_count: eb('label_count', '-', 1) }))
          .where('id', '=', sessionId)
          .execute();
        return true;
      });
    },
    /** The staff who may see every conversation (roles given), for notes delivered live to supervisors. */
    async staffInRoles(roles: readonly StaffRoleName[]): Promise<number[]> {
      if (!roles.length) return [];
      const rows = await db.selectFrom('staff').select('id').where('role', 'in', roles).where('active', '=', 1).execute();
      return rows.map((row) => row.id);
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

export type ChatStore = ReturnType<typeof chatStore>;

import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import { isPostgres } from '../db/engine';
import type { ChatMessagesTable } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { AppError } from '../http/errors';
import { chatStore, type MessageRow, type SessionRow } from './store';

type Sender = { type: 'tourist' | 'csr'; id: number };

export type MessageToStore = {
  sessionId: number;
  sender: Sender | 'system';
  /** Stores the message only when the session is this participant's and still open. */
  onlyBy?: Sender;
  message: {
    type: string;
    content: string;
    title?: string;
    extend?: Record<string, unknown>;
    client_msg_id: string;
    auto_reply?: boolean;
  };
  /** The session list's preview of the message. */
  preview: string;
};

export type StoredMessage = { row: MessageRow; duplicate: boolean; session: SessionRow };

/** At most this many messages share one transaction. */
const MAX_BATCH = 256;

/**
 * On PostgreSQL a batch starts at least this long after the previous one started (decision 0067).
 * Group commit clocks itself: the next batch starts as the last one ends, so under a steady load
 * the round trips a second stay the same however few a batch takes, and each blocks the event
 * loop in a socket write. A short wait makes the batches fewer and larger; an idle writer (the last
 * batch long ago) still starts at once. SQLite, with no round trips, starts at once always.
 */
export const POSTGRES_BATCH_GAP_MS = 10;

/** A message's client id stored by a writer that did not hold its session: the transaction is undone. */
class Resend extends Error {}

const clientKey = (sessionId: number, clientMsgId: string) => `${sessionId}\u0000${clientMsgId}`;

/** Why a message may not be stored in a session; null when it may. Decided on the session as locked. */
function refusal(session: SessionRow | undefined, onlyBy: Sender | undefined): AppError | null {
  if (!session) return AppError.notFound('Session not found');
  if (!onlyBy) return null;
  const owner = onlyBy.type === 'tourist' ? session.tourist_id : session.csr_id;
  if (owner !== onlyBy.id) return AppError.notFound('Session not found');
  if (session.status === 'closed') return AppError.field('session_id', 'This conversation has ended');
  return null;
}

/** The session as it is once one more message is stored in it. */
function advanced(session: SessionRow, preview: string, senderType: 'tourist' | 'csr' | 'system', at: number): SessionRow {
  const next = {
    ...session,
    last_seq: session.last_seq + 1,
    last_message: preview,
    sort_time: at,
    unread_csr: session.unread_csr + (senderType === 'tourist' ? 1 : 0),
    unread_tourist: session.unread_tourist + (senderType === 'csr' ? 1 : 0),
  };
  // the visitor writing reopens a resolved or snoozed conversation (decision 0053); state_at tells
  // the caller it happened now
  if (senderType === 'tourist') {
    next.state_at = session.state === 'open' ? session.state_at : at;
    next.state = 'open';
    next.snoozed_until = 0;
  }
  return next;
}

/**
 * Stores chat messages: each with the session's next sequence number, once per client id (a resend
 * returns the stored message). The messages that arrive while a transaction runs are stored
 * together in the next one (group commit, at most MAX_BATCH), with a fixed number of set-based
 * statements whatever their number: the sessions are read (locked on PostgreSQL), the sequence
 * numbers counted out in order, then one update writes every session and one insert every message
 * (one statement on PostgreSQL). Committing and round trips, not the rows, are the cost on both
 * databases, so a tick's messages cost about what one did. A batch takes its messages to be new;
 * only when one turns out to be a resend is it stored again after looking them up (decision 0067).
 */
export function createMessageWriter({
  db,
  groupCommit,
  now,
  stored: afterStored,
  batchGapMs = isPostgres(db) ? POSTGRES_BATCH_GAP_MS : 0,
}: {
  db: Db;
  groupCommit: boolean;
  now: () => number;
  /** the least time from one batch's start to the next's (default: by the database, see POSTGRES_BATCH_GAP_MS) */
  batchGapMs?: number;
  /** runs in the transaction that stored these new messages (not resends), before it commits */
  stored?: (trx: Db, rows: MessageRow[], at: number) => Promise<void>;
}) {
  /**
   * The requests in one transaction, in order; a refusal is returned in its place and writes
   * nothing. Without `lookForResends` the messages are taken to be new, as nearly all are: a
   * resend among them makes the insert leave its row out, and `Resend` undoes the transaction.
   */
  async function storeMany(
    trx: Db,
    requests: MessageToStore[],
    lookForResends: boolean,
  ): Promise<Array<StoredMessage | AppError>> {
    const s = chatStore(trx);
    const sessionIds = [...new Set(requests.map((request) => request.sessionId))];
    // Locked before looking for resends: a resend stored by another writer is committed by then.
    const sessions = new Map((await s.sessionsToWrite(sessionIds)).map((session) => [session.id, session]));
    const stored = new Map<string, MessageRow>();
    if (lookForResends) {
      const clientIds = [...new Set(requests.map((request) => request.message.client_msg_id))];
      for (const row of await s.messagesByClientIds([...sessions.keys()], clientIds))
        stored.set(clientKey(row.session_id, row.client_msg_id), row);
    }

    const at = now();
    const outcomes: Array<StoredMessage | AppError | { pending: string; session: SessionRow }> = [];
    const fresh = new Map<string, Insertable<ChatMessagesTable>>();
    const changed = new Set<number>();
    for (const { sessionId, sender, message, onlyBy, preview } of requests) {
      const key = clientKey(sessionId, message.client_msg_id);
      const session = sessions.get(sessionId);
      const before = stored.get(key);
      if (before && session) {
        outcomes.push({ row: before, duplicate: true, session });
        continue;
      }
      if (fresh.has(key) && session) {
        // sent twice in this batch: the second is the first's resend
        outcomes.push({ pending: key, session });
        continue;
      }
      const refused = refusal(session, onlyBy);
      if (refused || !session) {
        outcomes.push(refused ?? AppError.notFound('Session not found'));
        continue;
      }
      const senderType = sender === 'system' ? 'system' : sender.type;
      const after = advanced(session, preview, senderType, at);
      sessions.set(sessionId, after);
      changed.add(sessionId);
      fresh.set(key, {
        session_id: sessionId,
        seq: after.last_seq,
        sender_type: senderType,
        sender_id: sender === 'system' ? 0 : sender.id,
        type: message.type,
        content: message.content,
        title: message.title ?? '',
        extend: JSON.stringify(message.extend ?? {}),
        client_msg_id: message.client_msg_id,
        status: 'unread',
        auto_reply: message.auto_reply ? 1 : 0,
        created_at: at,
      });
      outcomes.push({ pending: key, session: after });
    }
    if (fresh.size === 0) return outcomes as Array<StoredMessage | AppError>;

    const inserted = new Map<string, MessageRow>();
    const written = await s.writeSessionsAndMessages(
      [...changed].map((id) => sessions.get(id) as SessionRow),
      [...fresh.values()],
    );
    for (const row of written) inserted.set(clientKey(row.session_id, row.client_msg_id), row);
    if (inserted.size !== fresh.size) throw new Resend();
    await afterStored?.(trx, [...inserted.values()], at);

    const firstOf = new Set<string>();
    return outcomes.map((outcome) => {
      if (!('pending' in outcome)) return outcome;
      const row = inserted.get(outcome.pending) as MessageRow;
      const duplicate = firstOf.has(outcome.pending);
      firstOf.add(outcome.pending);
      return { row, duplicate, session: outcome.session };
    });
  }

  /** One message in a transaction of its own. */
  async function storeAlone(request: MessageToStore): Promise<StoredMessage> {
    let outcome: StoredMessage | AppError;
    try {
      [outcome] = (await inTransaction(db, (trx) => storeMany(trx, [request], true))) as [StoredMessage | AppError];
    } catch (error) {
      if (!(error instanceof Resend)) throw error;
      const s = chatStore(db);
      const [row, session] = await Promise.all([
        s.findMessageByClientId(request.sessionId, request.message.client_msg_id),
        s.findSession(request.sessionId),
      ]);
      if (!row || !session) throw error;
      outcome = { row, duplicate: true, session };
    }
    if (outcome instanceof AppError) throw outcome;
    return outcome;
  }

  type Waiting = { request: MessageToStore; resolve: (stored: StoredMessage) => void; reject: (error: unknown) => void };
  const waiting: Waiting[] = [];
  let flushing = false;
  let lastBatchAt = Number.NEGATIVE_INFINITY;

  /** The next batch: at once, or when the gap since the last one's start has passed. */
  function scheduleFlush() {
    const wait = lastBatchAt + batchGapMs - performance.now();
    if (wait > 0) setTimeout(flush, wait);
    else setImmediate(flush);
  }

  /**
   * A batch in one transaction, taking its messages to be new; when one was a resend, once more
   * looking for them first (a batch costs at most two transactions, whatever a client resends).
   */
  async function storeBatch(requests: MessageToStore[]) {
    try {
      return await inTransaction(db, (trx) => storeMany(trx, requests, false));
    } catch (error) {
      if (!(error instanceof Resend)) throw error;
    }
    return inTransaction(db, (trx) => storeMany(trx, requests, true));
  }

  async function flush() {
    lastBatchAt = performance.now();
    const batch = waiting.splice(0, MAX_BATCH);
    try {
      const outcomes = await storeBatch(batch.map(({ request }) => request));
      batch.forEach(({ resolve, reject }, i) => {
        const outcome = outcomes[i] as StoredMessage | AppError;
        if (outcome instanceof AppError) reject(outcome);
        else resolve(outcome);
      });
    } catch {
      // Something undid the batch: each message is stored again on its own, so the others do not fail with it.
      await Promise.all(batch.map(({ request, resolve, reject }) => storeAlone(request).then(resolve, reject)));
    }
    if (waiting.length) scheduleFlush();
    else flushing = false;
  }

  return {
    store(request: MessageToStore): Promise<StoredMessage> {
      if (!groupCommit) return storeAlone(request);
      return new Promise<StoredMessage>((resolve, reject) => {
        waiting.push({ request, resolve, reject });
        if (!flushing) {
          flushing = true;
          scheduleFlush();
        }
      });
    },
  };
}

export type MessageWriter = ReturnType<typeof createMessageWriter>;

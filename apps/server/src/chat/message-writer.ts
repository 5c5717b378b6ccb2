import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { type ChatStore, chatStore, type MessageRow, type SessionRow } from './store';

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

/** The same client id stored by someone else between our check and our insert: the transaction is undone. */
class Resend extends Error {}

/**
 * Stores chat messages: each with the session's next sequence number, once per client id (a resend
 * returns the stored message). On SQLite, where one connection does every write and committing is
 * most of the cost, the messages that arrive while a transaction runs are stored together in the
 * next one (group commit). On PostgreSQL each message has its own transaction, so the pool's
 * connections write side by side.
 */
export function createMessageWriter({ db, groupCommit, now }: { db: Db; groupCommit: boolean; now: () => number }) {
  const store = chatStore(db);

  /** One message inside a transaction. Refusals are returned, not thrown: they write nothing. */
  async function storeOne(s: ChatStore, request: MessageToStore): Promise<StoredMessage | AppError> {
    const { sessionId, sender, message, onlyBy } = request;
    const existing = await s.findMessageByClientId(sessionId, message.client_msg_id);
    if (existing) {
      const session = await s.findSession(sessionId);
      if (session) return { row: existing, duplicate: true, session };
    }
    const at = now();
    const senderType = sender === 'system' ? 'system' : sender.type;
    const session = await s.advanceSession(sessionId, { lastMessage: request.preview, at, senderType }, onlyBy);
    if (!session) return refusal(s, onlyBy, sessionId);
    const row = await s.insertMessage({
      session_id: sessionId,
      seq: session.last_seq,
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
    if (!row) throw new Resend();
    return { row, duplicate: false, session };
  }

  /** Why a message could not be stored: the session is someone else's (or gone), or it has ended. */
  async function refusal(s: ChatStore, participant: Sender | undefined, sessionId: number) {
    const session = await s.findSession(sessionId);
    const owner = participant?.type === 'tourist' ? session?.tourist_id : session?.csr_id;
    if (!session || (participant && owner !== participant.id)) return AppError.notFound('Session not found');
    return AppError.field('session_id', 'This conversation has ended');
  }

  /** One message in a transaction of its own. */
  async function storeAlone(request: MessageToStore): Promise<StoredMessage> {
    let outcome: StoredMessage | AppError;
    try {
      outcome = await db.transaction().execute((trx) => storeOne(chatStore(trx), request));
    } catch (error) {
      if (!(error instanceof Resend)) throw error;
      const [row, session] = await Promise.all([
        store.findMessageByClientId(request.sessionId, request.message.client_msg_id),
        store.findSession(request.sessionId),
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

  async function flush() {
    const batch = waiting.splice(0, MAX_BATCH);
    try {
      const outcomes = await db.transaction().execute(async (trx) => {
        const s = chatStore(trx);
        const results: Array<StoredMessage | AppError> = [];
        for (const { request } of batch) results.push(await storeOne(s, request));
        return results;
      });
      batch.forEach(({ resolve, reject }, i) => {
        const outcome = outcomes[i] as StoredMessage | AppError;
        if (outcome instanceof AppError) reject(outcome);
        else resolve(outcome);
      });
    } catch {
      // One message undid the batch: each is stored again on its own, so the others do not fail with it.
      await Promise.all(batch.map(({ request, resolve, reject }) => storeAlone(request).then(resolve, reject)));
    }
    if (waiting.length) setImmediate(flush);
    else flushing = false;
  }

  return {
    store(request: MessageToStore): Promise<StoredMessage> {
      if (!groupCommit) return storeAlone(request);
      return new Promise<StoredMessage>((resolve, reject) => {
        waiting.push({ request, resolve, reject });
        if (!flushing) {
          flushing = true;
          setImmediate(flush);
        }
      });
    },
  };
}

export type MessageWriter = ReturnType<typeof createMessageWriter>;

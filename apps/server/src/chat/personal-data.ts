import { chatPreview } from '@shop/contracts/chat-constants';
import { CUSTOMER_CHAT_PREVIEW } from '@shop/contracts/customer-rules';
import type { Db } from '../db/database';
import { chatStore } from './store';

/** The chat's part of an account's erasure and export (decision 0026). */

/** Erases the nickname, avatar and trail of the shopper's chat identities in `trx`. */
export async function eraseChatIdentity(trx: Db, userId: number): Promise<void> {
  await chatStore(trx).eraseTouristsOfUser(userId);
}

/** The shopper's chat identities and transcripts. */
export async function chatOf(db: Db, userId: number) {
  const tourists = await db
    .selectFrom('chat_tourists')
    .select(['nickname', 'avatar', 'language', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return { identities: tourists, transcripts: await chatStore(db).transcriptsOfUser(userId) };
}

/** The back office's list of a shopper's conversations, newest first: when, the agent, the state and a preview. */
export async function conversationsOfUser(db: Db, userId: number, sessionId?: number) {
  let query = db
    .selectFrom('chat_sessions')
    .innerJoin('chat_tourists', 'chat_tourists.id', 'chat_sessions.tourist_id')
    .leftJoin('staff', 'staff.id', 'chat_sessions.csr_id')
    .select([
      'chat_sessions.id',
      'chat_sessions.state',
      'chat_sessions.last_seq',
      'chat_sessions.last_message',
      'chat_sessions.created_at',
      'chat_sessions.sort_time',
      'staff.nickname',
    ])
    .where('chat_tourists.user_id', '=', userId);
  if (sessionId !== undefined) query = query.where('chat_sessions.id', '=', sessionId);
  const rows = await query.orderBy('chat_sessions.sort_time', 'desc').orderBy('chat_sessions.id', 'desc').execute();
  return rows.map((row) => ({
    id: row.id,
    agent: row.nickname ?? '',
    state: row.state,
    messages: row.last_seq,
    preview: row.last_message.replace(/\s+/g, ' ').slice(0, CUSTOMER_CHAT_PREVIEW),
    created_at: row.created_at,
    last_at: row.sort_time,
  }));
}

/** One of the shopper's conversations with its messages, oldest first, or null when it is not theirs. */
export async function transcriptOfUser(db: Db, userId: number, sessionId: number) {
  const [conversation] = await conversationsOfUser(db, userId, sessionId);
  if (!conversation) return null;
  const messages = await db
    .selectFrom('chat_messages')
    .select(['seq', 'sender_type', 'type', 'content', 'title', 'created_at'])
    .where('session_id', '=', sessionId)
    .orderBy('seq')
    .execute();
  return {
    ...conversation,
    lines: messages.map((message) => ({
      seq: message.seq,
      sender: message.sender_type,
      type: message.type,
      text:
        message.type === 'text' || message.type === 'system'
          ? message.content
          : [chatPreview(message.type, message.content), message.title].filter(Boolean).join(' '),
      created_at: message.created_at,
    })),
  };
}

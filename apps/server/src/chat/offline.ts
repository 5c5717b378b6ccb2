import { createHmac, timingSafeEqual } from 'node:crypto';
import { chatPreview } from '@shop/contracts/chat-constants';
import {
  CHAT_REOPEN_LINK_VALID_MS,
  CHAT_REOPEN_PARAM,
  CHAT_REPLY_MAIL_DELAY_MS,
  ChatOfflineTexts,
  DEFAULT_CHAT_HOURS,
  type TChatAvailability,
  type TChatHours,
  type TChatReopen,
  withinHours,
  ZChatHours,
} from '@shop/contracts/chat-offline';
import type { Db } from '../db/database';
import { inTransaction } from '../db/transaction';
import { AppError } from '../http/errors';
import type { EventSubscriber } from '../infra/events';
import { emit } from '../infra/events';
import type { MailSender } from '../infra/mail/subscriber';
import { chatRepliesMail } from '../infra/mail/templates';
import { saveSetting } from '../infra/settings';
import { recordAudit } from '../modules/audit';
import { signTouristToken } from './identity';
import { chatFigures, seenRecently } from './presence';

/**
 * The chat when no agent is there (decision 0060): the support desk's business hours, the e-mail
 * address a visitor leaves, the agents' replies mailed to a visitor who has left — gathered for
 * CHAT_REPLY_MAIL_DELAY_MS (CHAT_REPLY_MAIL_DELAY_S) after the first, through a due-later domain event — and the signed,
 * expiring link in that mail that brings the visitor back to the same conversation.
 */

/**
 * Agents' replies were stored in these conversations, in this transaction (the message writer's,
 * so a reply and its mail are planned together or not at all): for each whose visitor left an
 * address and is not connected, a mail of the replies is due `delayMs` later — one event per batch
 * of replies: the conditional update lets only the first reply of a batch write it. One query when
 * no visitor is away (the common case); returns how many mails were planned.
 */
async function planReplyMails(trx: Db, sessionIds: number[], at: number, delayMs: number): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const visitors = await trx
    .selectFrom('chat_sessions')
    .innerJoin('chat_tourists', 'chat_tourists.id', 'chat_sessions.tourist_id')
    .innerJoin('chat_offline_contacts', 'chat_offline_contacts.tourist_id', 'chat_sessions.tourist_id')
    .select(['chat_sessions.id as session_id', 'chat_tourists.last_seen_at'])
    .where('chat_sessions.id', 'in', sessionIds)
    .execute();
  const away = visitors.filter((visitor) => !seenRecently(Number(visitor.last_seen_at), at)).map((v) => v.session_id);
  if (away.length === 0) return 0;
  await trx
    .insertInto('chat_reply_mail')
    .values(away.map((session_id) => ({ session_id })))
    .onConflict((oc) => oc.column('session_id').doNothing())
    .execute();
  const claimed = await trx
    .updateTable('chat_reply_mail')
    .set({ pending_since: at })
    .where('session_id', 'in', away)
    .where('pending_since', '=', 0)
    .returning('session_id')
    .execute();
  for (const { session_id } of claimed) await emit(trx, 'chat.reply_waiting', { session_id }, at, at + delayMs);
  return claimed.length;
}

/** The settings-table key of the business hours (JSON). */
export const CHAT_HOURS_SETTING = 'chat.hours';

/** The hours in force: the stored ones, or the defaults (not applied) when none are stored or they no longer parse. */
export async function loadChatHours(db: Db): Promise<TChatHours> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', CHAT_HOURS_SETTING).executeTakeFirst();
  if (!row) return DEFAULT_CHAT_HOURS;
  try {
    const parsed = ZChatHours.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : DEFAULT_CHAT_HOURS;
  } catch {
    return DEFAULT_CHAT_HOURS;
  }
}

/** Replaces the business hours, with its audit entry in the same transaction. */
export async function saveChatHours(db: Db, staffId: number, hours: TChatHours, at: number): Promise<TChatHours> {
  return inTransaction(db, async (trx) => {
    const before = await loadChatHours(trx);
    await saveSetting(trx, CHAT_HOURS_SETTING, JSON.stringify(hours));
    if (JSON.stringify(before) !== JSON.stringify(hours)) {
      await recordAudit(trx, {
        staffId,
        action: 'chat_hours.save',
        object: { type: 'chat_settings', id: 'hours' },
        before,
        after: hours,
        at,
      });
    }
    return hours;
  });
}

// ---------------------------------------------------------------- the link in a reply mail

const LINK_VERSION = 'cr1';
const linkMac = (key: string, body: string) => createHmac('sha256', key).update(`chat-reopen:${body}`).digest('base64url');

/** A link token naming the conversation and its visitor, valid until `expiresAt`. */
export function signReopenToken(key: string, claims: { sessionId: number; touristId: number; expiresAt: number }): string {
  const body = Buffer.from(
    JSON.stringify({ s: claims.sessionId, t: claims.touristId, e: Math.floor(claims.expiresAt / 1000) }),
  ).toString('base64url');
  return `${LINK_VERSION}.${body}.${linkMac(key, body)}`;
}

/** The claims of a genuine link token (expired or not), or null for anything forged or malformed. */
export function readReopenToken(key: string, token: string): { sessionId: number; touristId: number; expiresAt: number } | null {
  const [version, body, given] = token.split('.');
  if (version !== LINK_VERSION || !body || !given) return null;
  const expected = Buffer.from(linkMac(key, body), 'base64url');
  const actual = Buffer.from(given, 'base64url');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { s?: unknown; t?: unknown; e?: unknown };
    const positive = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
    if (!positive(claims.s) || !positive(claims.t) || !positive(claims.e)) return null;
    return { sessionId: claims.s, touristId: claims.t, expiresAt: claims.e * 1000 };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- the service

export function createChatOffline(deps: {
  db: Db;
  signingKey: string;
  /** a shopper's address, to prefill the form (the users module) */
  emailOfUser: (db: Db, userId: number) => Promise<string | undefined>;
  /** how long replies are gathered before they are mailed (CHAT_REPLY_MAIL_DELAY_S) */
  replyMailDelayMs?: number;
  clock?: () => number;
}) {
  const { db, signingKey } = deps;
  const now = deps.clock ?? Date.now;

  async function storedEmail(touristId: number): Promise<string | null> {
    const row = await db
      .selectFrom('chat_offline_contacts')
      .select('email')
      .where('tourist_id', '=', touristId)
      .executeTakeFirst();
    return row?.email ?? null;
  }

  return {
    /** Whether someone answers now, and why not: outside the hours, or no agent online. */
    async availability(touristId: number | null): Promise<TChatAvailability> {
      const at = now();
      const [hours, figures] = await Promise.all([loadChatHours(db), chatFigures(db, at)]);
      const open = withinHours(hours, at);
      const reason = !open ? 'closed' : figures.agents_online === 0 ? 'away' : 'open';
      const email = touristId === null ? null : await storedEmail(touristId);
      const tourist =
        touristId === null || email !== null
          ? undefined
          : await db.selectFrom('chat_tourists').select('user_id').where('id', '=', touristId).executeTakeFirst();
      const suggested = tourist?.user_id ? ((await deps.emailOfUser(db, tourist.user_id)) ?? null) : null;
      return { staffed: reason === 'open', reason, hours, email, suggested_email: email ?? suggested };
    },

    /** The address a visitor leaves for replies (one per visitor; a new one replaces it). */
    async saveEmail(touristId: number, email: string): Promise<{ email: string }> {
      const at = now();
      await db
        .insertInto('chat_offline_contacts')
        .values({ tourist_id: touristId, email, updated_at: at })
        .onConflict((oc) => oc.column('tourist_id').doUpdateSet({ email, updated_at: at }))
        .execute();
      return { email };
    },

    /** Agents' replies were stored in these conversations, in `trx` (the message writer's): see `planReplyMails`. */
    repliesStored(trx: Db, sessionIds: number[], at: number): Promise<number> {
      return planReplyMails(trx, sessionIds, at, deps.replyMailDelayMs ?? CHAT_REPLY_MAIL_DELAY_MS);
    },

    /** The link of a reply mail traded for the visitor's chat identity; forged, expired or gone: a clear 400/404. */
    async reopen(token: string): Promise<TChatReopen> {
      const claims = readReopenToken(signingKey, token);
      if (!claims) throw AppError.field('token', ChatOfflineTexts.linkInvalid);
      if (claims.expiresAt <= now()) throw AppError.field('token', ChatOfflineTexts.linkExpired);
      const session = await db
        .selectFrom('chat_sessions')
        .innerJoin('chat_tourists', 'chat_tourists.id', 'chat_sessions.tourist_id')
        .select(['chat_sessions.id', 'chat_sessions.tourist_id', 'chat_tourists.user_id'])
        .where('chat_sessions.id', '=', claims.sessionId)
        .executeTakeFirst();
      if (!session || session.tourist_id !== claims.touristId) throw AppError.notFound(ChatOfflineTexts.conversationGone);
      return {
        session_id: session.id,
        // a shopper's conversation is theirs once signed in: a link alone never stands for their account
        tourist_token: session.user_id === null ? signTouristToken(signingKey, session.tourist_id, null, now()) : null,
      };
    },
  };
}

export type ChatOffline = ReturnType<typeof createChatOffline>;

/** How many replies one mail quotes at most (the newest); the link shows them all. */
const REPLIES_PER_MAIL = 20;

export const REPLY_MAIL_SUBSCRIBER = 'chat.reply-mail';

/**
 * `chat.reply_waiting`: the agents' replies the visitor has not read, in one mail to the address
 * they left, with a link back to the conversation. A visitor connected again by then reads them
 * in the widget instead; the next reply after they leave mails them.
 */
export function createReplyMailSubscriber(deps: { sender: MailSender; signingKey: string }): EventSubscriber {
  return {
    name: REPLY_MAIL_SUBSCRIBER,
    handles: ['chat.reply_waiting'],
    async handle(event, trx, at) {
      if (event.type !== 'chat.reply_waiting') return;
      const sessionId = event.payload.session_id;
      // taken first: a reply stored meanwhile waits for this transaction, then starts the next batch
      const batch = await trx
        .updateTable('chat_reply_mail')
        .set({ pending_since: 0 })
        .where('session_id', '=', sessionId)
        .returning(['mailed_seq'])
        .executeTakeFirst();
      if (!batch) return;
      const visitor = await trx
        .selectFrom('chat_sessions')
        .innerJoin('chat_tourists', 'chat_tourists.id', 'chat_sessions.tourist_id')
        .innerJoin('chat_offline_contacts', 'chat_offline_contacts.tourist_id', 'chat_sessions.tourist_id')
        .select(['chat_sessions.tourist_id', 'chat_tourists.last_seen_at', 'chat_offline_contacts.email'])
        .where('chat_sessions.id', '=', sessionId)
        .executeTakeFirst();
      if (!visitor || seenRecently(Number(visitor.last_seen_at), at)) return;
      const replies = await trx
        .selectFrom('chat_messages')
        .leftJoin('staff', 'staff.id', 'chat_messages.sender_id')
        .select(['chat_messages.seq', 'chat_messages.type', 'chat_messages.content', 'staff.nickname'])
        .where('chat_messages.session_id', '=', sessionId)
        .where('chat_messages.sender_type', '=', 'csr')
        .where('chat_messages.status', '=', 'unread')
        .where('chat_messages.seq', '>', batch.mailed_seq)
        .orderBy('chat_messages.seq')
        .execute();
      const last = replies.at(-1);
      if (!last) return;
      await trx
        .updateTable('chat_reply_mail')
        .set((eb) => ({ mailed_seq: last.seq, mails: eb('mails', '+', 1) }))
        .where('session_id', '=', sessionId)
        .execute();
      const token = signReopenToken(deps.signingKey, {
        sessionId,
        touristId: visitor.tourist_id,
        expiresAt: at + CHAT_REOPEN_LINK_VALID_MS,
      });
      const shown = replies.slice(-REPLIES_PER_MAIL);
      const content = chatRepliesMail(
        {
          agent: last.nickname ?? '',
          replies: shown.map((reply) => (reply.type === 'text' ? reply.content : chatPreview(reply.type, reply.content))),
          more: replies.length - shown.length,
          path: `/?${CHAT_REOPEN_PARAM}=${encodeURIComponent(token)}`,
          validDays: Math.round(CHAT_REOPEN_LINK_VALID_MS / 86_400_000),
        },
        deps.sender.context,
      );
      await deps.sender.send(trx, at, { to: visitor.email, content }, event.type);
    },
  };
}

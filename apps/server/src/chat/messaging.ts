import { CHAT_RECORDS_PAGE_SIZE, type TChatMessage, type ZChatFrame } from '@shop/contracts/chat-protocol';
import type { z } from 'zod';
import { belongsTo } from './access';
import { isCardType } from './cards';
import type { ChatContext } from './context';
import { type Participant, type Reader, SYSTEM } from './participants';
import { presentMessage } from './present';
import type { SessionRow } from './store';

type SendFrame = Extract<z.infer<typeof ZChatFrame>, { pathInfo: 'worker/kefu.Wsession/sendSessionMessage' }> & {
  session_id: number;
};

/** The messages of a conversation: sending (with the knowledge base's automatic answer), history, replay and read receipts. */
export function chatMessaging(ctx: ChatContext) {
  const { store, deps } = ctx;

  /** A goods, order or file message, built from the shop's records for this conversation (cards.ts). */
  async function cardFor(participant: Participant, frame: SendFrame, actingForShopper: boolean) {
    const session = await ctx.sessionFor(participant, frame.session_id);
    const tourist = await store.findTourist(session.tourist_id);
    const shopperUserId = tourist?.user_id ?? null;
    return deps.cards(
      {
        sender: participant,
        senderIsGuest: participant.type === 'tourist' && shopperUserId === null,
        shopperUserId,
        actingForShopper: actingForShopper && participant.type === 'csr',
      },
      frame,
    );
  }

  /** A queued visitor's question the knowledge base answers: the answer is stored and delivered, marked automatic. */
  async function autoAnswer(session: SessionRow, question: string, messageId: number) {
    const found = deps.autoAnswer ? await deps.autoAnswer(question).catch(() => null) : null;
    if (!found) return;
    const reply = await ctx.storeMessage(session.id, SYSTEM, {
      type: 'text',
      content: found.answer,
      client_msg_id: `kb-${messageId}`,
      auto_reply: true,
    });
    if (!reply.duplicate) {
      deps.onMessage?.('auto');
      ctx.deliverToBoth(reply.session, 'newMessage', presentMessage(reply.row));
    }
  }

  return {
    async send(
      participant: Participant,
      frame: SendFrame,
      /** an agent acting for the shopper from the console's contact panel (cards.ts, decision 0059) */
      options: { actingForShopper?: boolean } = {},
    ): Promise<{ message: TChatMessage; duplicate: boolean; session: SessionRow }> {
      const { row, duplicate, session } = await ctx.storeMessage(
        frame.session_id,
        participant,
        isCardType(frame.type)
          ? { ...(await cardFor(participant, frame, options.actingForShopper === true)), client_msg_id: frame.client_msg_id }
          : {
              type: frame.type,
              content: frame.content,
              title: frame.title,
              extend: frame.extend,
              client_msg_id: frame.client_msg_id,
            },
        participant,
      );
      const message = presentMessage(row);
      if (!duplicate) {
        deps.onMessage?.(participant.type);
        ctx.deliverToBoth(session, 'newMessage', message);
        // The visitor's message reopened a resolved or snoozed conversation (message-writer.ts).
        if (participant.type === 'tourist' && session.state_at === row.created_at) await ctx.announceSession(session);
        if (participant.type === 'tourist' && session.status === 'queued' && frame.type === 'text' && deps.autoAnswer)
          await autoAnswer(session, frame.content, row.id);
      }
      return { message, duplicate, session };
    },

    /** spec 7 loadRecords: pages backwards from the newest. */
    async records(reader: Reader, sessionId: number, page: number) {
      await ctx.sessionToRead(reader, sessionId);
      const [rows, total] = await Promise.all([
        store.messagesPage(sessionId, page, CHAT_RECORDS_PAGE_SIZE),
        store.countMessages(sessionId),
      ]);
      return { session_id: sessionId, page, page_size: CHAT_RECORDS_PAGE_SIZE, total, data: rows.map(presentMessage) };
    },

    /** spec 7 readMessage: marks the other side's messages read and tells both sides. */
    async read(participant: Participant, sessionId: number, upToSeq?: number) {
      const session = await ctx.sessionFor(participant, sessionId);
      const until = upToSeq ?? session.last_seq;
      const marked = await store.markRead(sessionId, participant.type, until);
      await store.updateSession(sessionId, participant.type === 'tourist' ? { unread_tourist: 0 } : { unread_csr: 0 });
      const receipt = { session_id: sessionId, reader_identity: participant.type, reader_id: participant.id, up_to_seq: until };
      if (marked > 0) ctx.deliverToBoth(session, 'readMessage', receipt);
      return receipt;
    },

    /** Messages newer than what the client saw, per session it belongs to (replay after a reconnect). */
    async missed(participant: Participant, lastSeqs: Record<string, number>): Promise<TChatMessage[]> {
      const out: TChatMessage[] = [];
      for (const [id, seq] of Object.entries(lastSeqs).slice(0, 200)) {
        const session = await store.findSession(Number(id));
        if (!session || !belongsTo(participant, session)) continue;
        for (const row of await store.messagesAfter(session.id, seq)) out.push(presentMessage(row));
      }
      return out;
    },

    /** The other party of a session, for relaying typing state. */
    async counterpart(participant: Participant, sessionId: number): Promise<Participant | null> {
      const session = await ctx.sessionFor(participant, sessionId);
      if (participant.type === 'tourist') return session.csr_id === null ? null : { type: 'csr', id: session.csr_id };
      return { type: 'tourist', id: session.tourist_id };
    },
  };
}

import {
  CHAT_LABELS_MAX,
  CHAT_NOTES_PAGE_SIZE,
  ChatNoteTexts,
  labelKey,
  QUICK_REPLY_NAME_FALLBACK,
  type TChatNote,
  type TChatNotes,
  type TChatSession,
  type TReplyVariables,
} from '@shop/contracts/chat-protocol';
import { AppError } from '../http/errors';
import type { ChatContext } from './context';
import type { Agent, Participant } from './participants';

/** The agents' own tools on a conversation (decision 0058): private notes, labels and the quick replies' variables. */
export function chatNotes(ctx: ChatContext) {
  const { store, deliver, now, deps } = ctx;

  return {
    /**
     * A private note (decision 0058): written by the conversation's agent or a supervisor, stored
     * apart from the messages (so no message path can carry it), and delivered live to the
     * conversation's agent, its author and every supervisor, never to the visitor. A resend with the
     * same client id is stored once.
     */
    async addNote(agent: Agent, sessionId: number, content: string, clientNoteId: string): Promise<TChatNote> {
      const csrId = agent.id;
      const session = await ctx.sessionToManage(agent, sessionId);
      const { row, duplicate } = await store.insertNote({
        session_id: session.id,
        csr_id: csrId,
        after_seq: session.last_seq,
        content,
        client_note_id: clientNoteId,
        created_at: now(),
      });
      const note = await ctx.presentNote(row);
      if (!duplicate) for (const id of await ctx.agentsOf(session, csrId)) deliver({ type: 'csr', id }, 'note', note);
      return note;
    },

    /** A page of a conversation's private notes (the newest before `beforeId`), for its agent or a supervisor. */
    async notes(agent: Agent, sessionId: number, beforeId?: number): Promise<TChatNotes> {
      await ctx.sessionToRead({ type: 'csr', ...agent }, sessionId);
      const rows = await store.notesBefore(sessionId, beforeId, CHAT_NOTES_PAGE_SIZE + 1);
      const page = rows.slice(0, CHAT_NOTES_PAGE_SIZE).reverse();
      return {
        session_id: sessionId,
        data: await Promise.all(page.map(ctx.presentNote)),
        total: await store.countNotes(sessionId),
        has_more: rows.length > CHAT_NOTES_PAGE_SIZE,
      };
    },

    /**
     * Adds or removes a label (decision 0058): the conversation's agent or a supervisor; at most
     * CHAT_LABELS_MAX per conversation, each once without regard to case. Its agents hear of it.
     */
    async label(agent: Agent, sessionId: number, action: 'add' | 'remove', label: string): Promise<TChatSession> {
      const csrId = agent.id;
      const session = await ctx.sessionToManage(agent, sessionId);
      const key = labelKey(label);
      if (action === 'add') {
        const outcome = await store.addLabel(
          { session_id: session.id, label: label.trim(), label_key: key, csr_id: csrId, created_at: now() },
          CHAT_LABELS_MAX,
        );
        if (outcome === 'full') throw AppError.field('label', ChatNoteTexts.tooManyLabels);
        if (outcome === 'taken') throw AppError.field('label', ChatNoteTexts.labelTaken);
        if (outcome === 'gone') throw AppError.notFound('Session not found');
      } else if (!(await store.removeLabel(session.id, key))) {
        throw AppError.field('label', ChatNoteTexts.labelMissing);
      }
      for (const id of await ctx.agentsOf(session, csrId)) {
        const csr: Participant = { type: 'csr', id };
        deliver(csr, 'sessionInfo', await ctx.presentSession(session, csr));
      }
      return ctx.presentSession(session, { type: 'csr', id: csrId });
    },

    /**
     * What a quick reply's variables stand for in a conversation (decision 0058): {name} is the
     * signed-in shopper's name, else a greeting's fallback; {order_no} their latest order's number,
     * or null (the agent fills it in). Read from the shop's records, never from the client.
     */
    async replyVariables(agent: Agent, sessionId: number): Promise<TReplyVariables> {
      const session = await ctx.sessionToRead({ type: 'csr', ...agent }, sessionId);
      const tourist = await store.findTourist(session.tourist_id);
      const userId = tourist?.user_id ?? null;
      const name = userId !== null && tourist?.nickname.trim() ? tourist.nickname.trim() : QUICK_REPLY_NAME_FALLBACK;
      const orderNo = userId !== null && deps.latestOrderNo ? await deps.latestOrderNo(userId) : null;
      return { session_id: sessionId, name, order_no: orderNo };
    },
  };
}

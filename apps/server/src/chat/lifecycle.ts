import {
  CHAT_SESSION_LIST_PAGE_SIZE,
  CHAT_SNOOZE_MAX_MS,
  ChatTexts,
  labelKey,
  type TChatSession,
  type TChatSessionList,
  type TChatSessionState,
  type TChatSessionView,
} from '@shop/contracts/chat-protocol';
import { AppError } from '../http/errors';
import { supervises } from './access';
import type { ChatContext } from './context';
import type { Agent, Participant, Reader } from './participants';
import type { ChatRouting } from './routing';

/**
 * A conversation from opening to resolution (decision 0053): the lists that show it, the agent
 * opening one, resolving, snoozing and reopening it, and the visitor's rating.
 */
export function chatLifecycle(ctx: ChatContext, routing: Pick<ChatRouting, 'drainQueue' | 'queueChanged'>) {
  const { store, now } = ctx;

  /** A participant's own conversations: a visitor's all, an agent's not closed, pinned first. */
  async function sessions(participant: Participant): Promise<TChatSession[]> {
    const rows =
      participant.type === 'tourist' ? await store.sessionsOfTourist(participant.id) : await store.sessionsOfCsr(participant.id);
    return Promise.all(rows.map((row) => ctx.presentSession(row, participant)));
  }

  /** spec 7 addSession: an agent opens a conversation with a tourist. */
  async function addSession(csrId: number, touristId: number): Promise<TChatSession> {
    // the conversation is the agent's own once given to them
    const agent: Participant = { type: 'csr', id: csrId };
    if (!(await store.findTourist(touristId))) throw AppError.notFound('Visitor not found');
    const open = await store.openSessionOfTourist(touristId);
    const at = now();
    if (open) {
      if (open.csr_id !== csrId) {
        if (open.csr_id !== null && open.status === 'active')
          throw AppError.forbidden('Another agent is already talking to this visitor');
        await store.updateSession(open.id, { csr_id: csrId, status: 'active', sort_time: at });
        if (open.status === 'queued') await routing.queueChanged();
      }
      return ctx.presentSession(await ctx.sessionFor(agent, open.id), agent);
    }
    const id = await store.insertOpenSession({
      tourist_id: touristId,
      csr_id: csrId,
      status: 'active',
      sort_time: at,
      created_at: at,
    });
    // The visitor asked for service at the same moment: decide again with that conversation.
    if (id === null) return addSession(csrId, touristId);
    return ctx.presentSession(await ctx.sessionFor(agent, id), agent);
  }

  return {
    sessions,
    addSession,

    async sessionInfo(reader: Reader, sessionId: number): Promise<TChatSession> {
      return ctx.presentSession(await ctx.sessionToRead(reader, sessionId), reader);
    },

    /** Pins or unpins a session in the agent's list. */
    async pin(csrId: number, sessionId: number, top: 0 | 1) {
      await ctx.sessionFor({ type: 'csr', id: csrId }, sessionId);
      await store.updateSession(sessionId, { top });
      return sessions({ type: 'csr', id: csrId });
    },

    /**
     * An agent resolves, snoozes or reopens a conversation (decision 0053). Resolving tells the
     * visitor, whose widget then asks for a rating of this resolution.
     */
    async changeState(agent: Agent, sessionId: number, state: TChatSessionState, snoozedUntil?: number) {
      const csrId = agent.id;
      await ctx.sessionToManage(agent, sessionId);
      const at = now();
      if (state === 'snoozed' && (snoozedUntil === undefined || snoozedUntil <= at))
        throw AppError.field('snoozed_until', ChatTexts.snoozeInPast);
      const until = state === 'snoozed' ? Math.min(snoozedUntil as number, at + CHAT_SNOOZE_MAX_MS) : 0;
      let changed = await store.changeState(sessionId, state, at, until);
      if (!changed) throw AppError.notFound('Session not found');
      if (state === 'resolved') {
        await ctx.systemNotice(changed, ChatTexts.resolved, `resolved-${sessionId}-${changed.resolutions}`);
        changed = (await store.findSession(sessionId)) ?? changed;
      }
      await ctx.announceSession(changed, csrId);
      // its agent has one open conversation fewer: the queue may move (decision 0056)
      if (state !== 'open') await routing.drainQueue();
      return ctx.presentSession(changed, { type: 'csr', id: csrId });
    },

    /** Snoozed conversations whose time has come are open again, and their agents told. */
    async wakeSnoozed(at = now()) {
      const woken = await store.wakeSnoozed(at);
      for (const session of woken) await ctx.announceSession(session);
      return woken.length;
    },

    /** An agent's list: Mine, Unassigned or (supervisors) All, in one state, a page at a time, with each view's count. */
    async sessionList(
      agent: Agent,
      view: TChatSessionView,
      state: TChatSessionState,
      page: number,
      label?: string,
    ): Promise<TChatSessionList> {
      const csrId = agent.id;
      const supervisor = supervises(agent);
      if (view === 'all' && !supervisor) throw AppError.forbidden('Only supervisors see every conversation');
      const at = now();
      const key = label === undefined ? undefined : labelKey(label);
      const [rows, counts] = await Promise.all([
        store.sessionPage({ view, state, csrId, at, labelKey: key }, page, CHAT_SESSION_LIST_PAGE_SIZE),
        store.sessionCounts({ state, csrId, at, labelKey: key }),
      ]);
      const viewer: Participant = { type: 'csr', id: csrId };
      return {
        view,
        state,
        page,
        page_size: CHAT_SESSION_LIST_PAGE_SIZE,
        total: counts[view],
        counts: { mine: counts.mine, unassigned: counts.unassigned, all: supervisor ? counts.all : null },
        label: label?.trim() ?? null,
        data: await Promise.all(rows.map((row) => ctx.presentSession(row, viewer))),
      };
    },

    /** The visitor rates a resolved conversation: once per resolution, 1 to 5 stars and a comment. */
    async rate(touristId: number, sessionId: number, stars: number, comment: string) {
      const session = await ctx.sessionFor({ type: 'tourist', id: touristId }, sessionId);
      if (ctx.stateNow(session) !== 'resolved' || session.resolutions === 0)
        throw AppError.field('session_id', ChatTexts.notResolved);
      const id = await store.insertRating({
        session_id: session.id,
        resolution: session.resolutions,
        tourist_id: touristId,
        csr_id: session.csr_id,
        stars,
        comment,
        created_at: now(),
      });
      if (id === null) throw AppError.field('session_id', ChatTexts.alreadyRated);
      await ctx.announceSession(session);
      return ctx.presentSession(session, { type: 'tourist', id: touristId });
    },
  };
}

export type ChatLifecycle = ReturnType<typeof chatLifecycle>;

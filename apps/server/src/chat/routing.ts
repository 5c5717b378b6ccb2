import { CHAT_QUEUE_LIST_SIZE, ChatTexts, chatPreview, type TChatQueue } from '@shop/contracts/chat-protocol';
import { defaultAgentCap } from './config';
import type { ChatContext } from './context';
import type { Participant } from './participants';
import type { SessionRow } from './store';

/** How long an accepted invitation sends the visitor's first message to the inviting agent. */
export const INVITATION_HOLD_MS = 10 * 60_000;

/**
 * Which agent a conversation goes to, and the queue of those that wait for one (decisions 0056,
 * 0057, 0063): the inviting or previous agent when available, else the least busy, always within
 * each agent's cap.
 */
export function chatRouting(ctx: ChatContext) {
  const { db, store, deliver, now, available } = ctx;

  /**
   * Whether an agent may be given one more conversation: their open ones are fewer than their
   * cap, or the chat settings' default (decision 0056). Read at every assignment, so a change made
   * on any instance holds at once.
   */
  async function hasRoom(csrId: number): Promise<boolean> {
    const [load, fallback] = await Promise.all([store.agentLoad(csrId), defaultAgentCap(db)]);
    return load.open < (load.chatCap ?? fallback);
  }

  /** The agent `csrId`, when they are available and have room. */
  async function ready(csrId: number | null | undefined): Promise<number | null> {
    const csr = csrId != null ? await store.findStaff(csrId) : undefined;
    return csr && available(csr) && (await hasRoom(csr.id)) ? csr.id : null;
  }

  /** The agent who invited the visitor within the last INVITATION_HOLD_MS, while available. */
  async function invitingAgent(touristId: number): Promise<number | null> {
    const tourist = await store.findTourist(touristId);
    if (!tourist || tourist.invited_by === null || now() - tourist.invited_at > INVITATION_HOLD_MS) return null;
    return ready(tourist.invited_by);
  }

  /**
   * Among the agents online and below their cap: fewest open conversations first, ties to the
   * agent who waited longest since their last one. None: the conversation waits in the queue.
   */
  async function pickAgent(): Promise<number | null> {
    const [online, fallback] = await Promise.all([store.onlineAgents(ctx.seenSince()), defaultAgentCap(db)]);
    const agents = online.filter((agent) => Number(agent.active) < (agent.chat_cap ?? fallback));
    if (!agents.length) return null;
    agents.sort(
      (a, b) => Number(a.active) - Number(b.active) || Number(a.last_assigned ?? 0) - Number(b.last_assigned ?? 0) || a.id - b.id,
    );
    return agents[0]?.id ?? null;
  }

  /**
   * Gives the conversation to `first` or, when they have no room by now (another instance gave
   * them one a moment ago), to the next agent the routing picks: the agent's id, 'none' when no
   * one has room (it stays as it is), 'moved' when another instance changed it first (decision 0063).
   */
  async function assign(
    seen: Pick<SessionRow, 'id' | 'status' | 'csr_id'>,
    first: number | null,
  ): Promise<number | 'none' | 'moved'> {
    const fallback = await defaultAgentCap(db);
    let to = first;
    // each refusal means one agent filled up meanwhile: a few tries, then the queue
    for (let tries = 0; to !== null && tries < 5; tries++) {
      const outcome = await store.assignWithinCap(seen, to, fallback, now());
      if (outcome === 'assigned') return to;
      if (outcome === 'moved') return 'moved';
      to = await pickAgent();
    }
    return 'none';
  }

  /** The queue as agents see it: the count, and the longest-waiting with their first message. */
  async function queue(): Promise<TChatQueue> {
    const { rows, count } = await store.queueView(CHAT_QUEUE_LIST_SIZE);
    return {
      count,
      at: now(),
      data: rows.map((row) => ({
        session_id: row.session_id,
        tourist_id: row.tourist_id,
        nickname: row.nickname,
        avatar: row.avatar,
        since: new Date(row.created_at).toISOString(),
        preview: row.first_type ? chatPreview(row.first_type, row.first_content ?? '') : '',
      })),
    };
  }

  /** Every connected agent, on every instance, is told how the queue stands now. */
  async function queueChanged() {
    if (ctx.deps.deliverToAgents) ctx.deps.deliverToAgents('operates', { queue: await queue() });
  }

  /** Tells a queued conversation that it waits for the first free agent. */
  async function announceQueue(session: SessionRow) {
    const current = (await store.findSession(session.id)) ?? session;
    await ctx.systemNotice(current, ChatTexts.queued, `queued-${current.id}-${current.last_seq}`);
    await queueChanged();
  }

  /** The visitor's open conversation, or a new one opened in the queue; null when another tab opened one a moment ago. */
  async function openOrCreate(touristId: number, open: SessionRow | undefined) {
    if (open) return open;
    const at = now();
    // opened in the queue, then given within the agent's cap like any queued conversation
    const id = await store.insertOpenSession({
      tourist_id: touristId,
      csr_id: null,
      status: 'queued',
      sort_time: at,
      created_at: at,
    });
    return id === null ? null : ((await store.findSession(id)) as SessionRow);
  }

  /**
   * The visitor's open session, given to an available agent; or a new one with an agent (or
   * queued), which only a message may open (decision 0014). A queued session gets its notice,
   * unless `announceQueue` is false (the first message is stored before it).
   */
  async function distribute(touristId: number, announce = true): Promise<{ session: SessionRow; csrId: number | null }> {
    const open = await store.openSessionOfTourist(touristId);
    if (open?.status === 'active' && open.csr_id !== null) {
      const csr = await store.findStaff(open.csr_id);
      if (available(csr)) return { session: open, csrId: open.csr_id };
    }
    // The agent who invited them a moment ago, or the one they talked to before, when
    // available; else the least busy one.
    const last = open ?? (await store.lastSessionOfTourist(touristId));
    const chosen = (await invitingAgent(touristId)) ?? (await ready(last?.csr_id)) ?? (await pickAgent());
    let session = await openOrCreate(touristId, open);
    // Another tab of this visitor opened the conversation a moment ago: that one is theirs.
    if (!session) return distribute(touristId, announce);
    let csrId = chosen;
    if (chosen !== null && (session.status === 'queued' || session.csr_id !== chosen)) {
      const to = await assign(session, chosen);
      // another instance gave it to someone (or drained it) meanwhile: decide again from what it is now
      if (to === 'moved') return distribute(touristId, announce);
      csrId = to === 'none' ? null : to;
      if (csrId !== null) {
        // a queued conversation others were told of leaves the queue
        if (session.status === 'queued' && open) await queueChanged();
        session = (await store.findSession(session.id)) as SessionRow;
      }
    }
    if (csrId === null) {
      if (announce) await announceQueue(session);
    } else {
      // The agent gets this one session, not the whole list again (that grows with every visitor).
      const csr: Participant = { type: 'csr', id: csrId };
      deliver(csr, 'sessionInfo', await ctx.presentSession(session, csr));
    }
    return { session, csrId };
  }

  return {
    distribute,
    announceQueue,
    queue,
    queueChanged,

    /**
     * spec 7 distribution, as the widget asks when it opens: the visitor's open conversation (given
     * to an available agent), or nothing yet. Opening the widget never opens a conversation.
     */
    async openConversation(touristId: number): Promise<{ session: SessionRow | null; csrId: number | null }> {
      if (!(await store.openSessionOfTourist(touristId))) return { session: null, csrId: null };
      return distribute(touristId);
    },

    /**
     * The queue, oldest first, each conversation to the agent the routing picks among all who
     * are available: fewest open conversations first, within each one's cap (pickAgent). The one
     * drain, run whenever an agent becomes available: signing in or reconnecting while Online,
     * setting Online, resolving or snoozing, a transfer, a higher cap (decisions 0056, 0057).
     * Each queued conversation is claimed by one instance only; returns how many were given.
     */
    async drainQueue(): Promise<number> {
      let given = 0;
      for (const queued of await store.queuedSessions()) {
        const to = await assign(queued, await pickAgent());
        if (to === 'none') break;
        if (to === 'moved') continue;
        given += 1;
        const agent: Participant = { type: 'csr', id: to };
        const session = (await store.findSession(queued.id)) ?? queued;
        deliver({ type: 'tourist', id: queued.tourist_id }, 'distribution', {
          session_id: queued.id,
          csr: await ctx.staffCard(to),
        });
        deliver(agent, 'sessionInfo', await ctx.presentSession(session, agent));
      }
      if (given > 0) await queueChanged();
      return given;
    },
  };
}

export type ChatRouting = ReturnType<typeof chatRouting>;

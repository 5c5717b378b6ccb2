import { CHAT_TOURISTS_PAGE_SIZE, CHAT_TRAJECTORY_PAGE_SIZE, type TChatTourist } from '@shop/contracts/chat-protocol';
import { AppError } from '../http/errors';
import type { ChatContext } from './context';
import type { Agent } from './participants';

/** The visitors as agents see them: who is on the shop now, the pages they opened, and the visitor of a conversation. */
export function chatVisitors(ctx: ChatContext) {
  const { store, now } = ctx;

  async function touristInfo(touristId: number): Promise<TChatTourist> {
    const tourist = await store.findTourist(touristId);
    if (!tourist) throw AppError.notFound('Visitor not found');
    const session = await store.lastSessionOfTourist(touristId);
    return {
      id: tourist.id,
      identity: 'tourist',
      status: ctx.connected(tourist.last_seen_at) ? 'online' : 'offline',
      nickname: tourist.nickname,
      avatar: tourist.avatar,
      last_message: session?.last_message ?? '',
      trajectory_count: tourist.trajectory_count,
      last_trajectory_url: tourist.last_trajectory_url,
      signed_in: tourist.user_id !== null,
    };
  }

  return {
    touristInfo,

    /** spec 7 trajectory: a page the visitor opened, kept for agents to see. */
    async trajectory(touristId: number, page: { title: string; url: string; referrer: string }) {
      await store.insertTrajectory(touristId, page, now());
    },

    async trajectoryData(touristId: number, page: number) {
      if (!(await store.findTourist(touristId))) throw AppError.notFound('Visitor not found');
      const rows = await store.trajectoryPage(touristId, page, CHAT_TRAJECTORY_PAGE_SIZE);
      return {
        tourist_id: touristId,
        page,
        data: rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() })),
      };
    },

    /** The visitors online now (spec 2: agents' tourist list). */
    async tourists(page: number): Promise<TChatTourist[]> {
      const rows = await store.onlineTourists(ctx.seenSince(), page, CHAT_TOURISTS_PAGE_SIZE);
      return Promise.all(rows.map((row) => touristInfo(row.id)));
    },

    /**
     * The visitor of a conversation and their account, if signed in (the console's contact panel,
     * decision 0059): to read, a conversation the agent may read (their own; any for a supervisor,
     * by the role the panel's guard read); to act for the shopper, only the agent's own, since what
     * they do is said in it.
     */
    async visitorOf(agent: Agent | { id: number; role?: undefined }, sessionId: number, purpose: 'read' | 'act') {
      const session =
        purpose === 'read' && agent.role
          ? await ctx.sessionToRead({ type: 'csr', id: agent.id, role: agent.role }, sessionId)
          : await ctx.sessionFor({ type: 'csr', id: agent.id }, sessionId);
      const tourist = await store.findTourist(session.tourist_id);
      if (!tourist) throw AppError.notFound('Visitor not found');
      return { sessionId: session.id, touristId: tourist.id, nickname: tourist.nickname, userId: tourist.user_id };
    },
  };
}

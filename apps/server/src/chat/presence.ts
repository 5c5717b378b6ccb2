import type { TChatStatus, TChatUserBaseInfo } from '@shop/contracts/chat-protocol';
import type { Db } from '../db/database';
import type { ChatContext } from './context';
import type { Participant } from './participants';

/**
 * Presence: every instance refreshes `last_seen_at` of the participants it holds connections of,
 * more often than this window; someone not seen within it is offline (decision 0005).
 */
export const PRESENCE_WINDOW_MS = 100_000;
export const PRESENCE_REFRESH_MS = 30_000;

/** What presence reads of a staff member: the status they chose and when they were last seen. */
export type StaffPresence = { status: string; last_seen_at: number };

/** Someone last seen at or before this moment is offline at `at`. */
export const presenceSince = (at: number) => at - PRESENCE_WINDOW_MS;
/** Whether a participant last seen at `lastSeenAt` is connected at `at`. */
export const seenRecently = (lastSeenAt: number, at: number) => lastSeenAt > presenceSince(at);
/** The status others see of an agent at `at`: the agent's choice while connected, offline otherwise. */
export const visibleStaffStatus = (staff: StaffPresence | undefined, at: number): TChatStatus =>
  staff && seenRecently(staff.last_seen_at, at) ? (staff.status as TChatStatus) : 'offline';

/** The support desk at a glance: conversations waiting in the queue, and agents connected and online now. */
export async function chatFigures(db: Db, at: number): Promise<{ queued: number; agents_online: number }> {
  const [queued, online] = await Promise.all([
    db
      .selectFrom('chat_sessions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', 'queued')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('staff')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('role', '=', 'csr')
      .where('status', '=', 'online')
      .where('last_seen_at', '>', presenceSince(at))
      .executeTakeFirstOrThrow(),
  ]);
  return { queued: Number(queued.n), agents_online: Number(online.n) };
}

/**
 * Who is here: connections coming and going, agents' statuses, and the other side of each
 * conversation told at once. An agent who becomes available drains the queue (decision 0057).
 */
export function chatPresence(
  ctx: ChatContext,
  routing: {
    drainQueue: () => Promise<number>;
    sessions: (participant: Participant) => Promise<unknown>;
  },
) {
  const { store, deliver, now } = ctx;

  /** Tells the visitors of an agent's conversations how the agent shows now (their header). */
  async function announceAgent(csrId: number) {
    const card = await ctx.staffCard(csrId);
    if (!card) return;
    for (const session of await store.activeSessionsOfCsr(csrId)) {
      const info: TChatUserBaseInfo = { session_id: session.id, identity: 'csr', ...card };
      deliver({ type: 'tourist', id: session.tourist_id }, 'changeUserBaseInfo', info);
    }
  }

  /** Tells the agent of a visitor's open conversation whether the visitor is here now. */
  async function announceVisitor(touristId: number) {
    const open = await store.openSessionWithVisitor(touristId);
    if (!open || open.csr_id === null) return;
    const info: TChatUserBaseInfo = {
      session_id: open.session_id,
      id: touristId,
      identity: 'tourist',
      nickname: open.nickname,
      avatar: open.avatar,
      status: ctx.connected(open.last_seen_at) ? 'online' : 'offline',
    };
    deliver({ type: 'csr', id: open.csr_id }, 'changeUserBaseInfo', info);
  }

  /** Tells the other side of a participant's conversations how the participant shows now. */
  const announce = (participant: Participant) =>
    participant.type === 'tourist' ? announceVisitor(participant.id) : announceAgent(participant.id);

  /** Refreshes the presence of the participants whose connections an instance holds. */
  async function seen(participants: Participant[]) {
    const tourists = participants.filter((p) => p.type === 'tourist').map((p) => p.id);
    const staff = participants.filter((p) => p.type === 'csr').map((p) => p.id);
    for (let i = 0; i < Math.max(tourists.length, staff.length); i += 500) {
      await store.touchPresence(tourists.slice(i, i + 500), staff.slice(i, i + 500), now());
    }
  }

  return {
    seen,

    /**
     * An agent's status: their visitors see it at once; coming online drains the queue (decision 0057).
     */
    async changeStatus(csrId: number, status: TChatStatus) {
      await store.setStaffStatus(csrId, status);
      await announceAgent(csrId);
      if (status !== 'online') return;
      await routing.drainQueue();
      const csr: Participant = { type: 'csr', id: csrId };
      deliver(csr, 'sessions', await routing.sessions(csr));
    },

    /**
     * A participant's connection was accepted (a sign-in, a new tab, a reconnect): the other side
     * of their conversations sees them here; an agent whose status is Online is available again, so
     * the queue drains (decision 0057).
     */
    async arrived(participant: Participant) {
      if (participant.type === 'tourist') return announceVisitor(participant.id);
      await announceAgent(participant.id);
      if (ctx.available(await store.findStaff(participant.id))) await routing.drainQueue();
    },

    /** A participant's last connection on an instance closed: the other side sees them gone. */
    async gone(participant: Participant) {
      await store.markGone(participant.type, participant.id);
      await announce(participant);
    },

    /**
     * Another instance saw a participant's last connection there close, and this one holds one of
     * theirs: they are here still, and the other side sees them back at once.
     */
    async stillHere(participant: Participant) {
      await seen([participant]);
      await announce(participant);
    },
  };
}

import type { ZChatFrame, ZInitializeFrame } from '@shop/contracts/chat-protocol';
import {
  CHAT_RECORDS_PAGE_SIZE,
  CHAT_SESSION_LIST_PAGE_SIZE,
  CHAT_SNOOZE_MAX_MS,
  CHAT_TOURISTS_PAGE_SIZE,
  CHAT_TRAJECTORY_PAGE_SIZE,
  ChatTexts,
  chatPreview,
  type TChatMessage,
  type TChatSession,
  type TChatSessionList,
  type TChatSessionState,
  type TChatSessionView,
  type TChatStatus,
  type TChatTourist,
  type TChatUser,
} from '@shop/contracts/chat-protocol';
import { roleMay } from '@shop/contracts/permissions';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import type { AuthService } from '../modules/auth/service';
import { type BuildCard, isCardType } from './cards';
import { defaultAgentCap } from './config';
import { signTouristToken, type TouristClaims, verifyTouristToken } from './identity';
import { createMessageWriter, type MessageToStore, type StoredMessage } from './message-writer';
import { chatStore, type MessageRow, type SessionRow } from './store';

export type Participant = { type: 'tourist' | 'csr'; id: number };
export const participantKey = (p: Participant) => `${p.type}:${p.id}`;

type SendFrame = Extract<z.infer<typeof ZChatFrame>, { pathInfo: 'worker/kefu.Wsession/sendSessionMessage' }>;
type InitializeFrame = z.infer<typeof ZInitializeFrame>;

/** What the service asks the hub to deliver; the hub fans it out to every connection of the participant. */
export type Deliver = (
  to: Participant,
  type: 'newMessage' | 'readMessage' | 'sessions' | 'sessionInfo' | 'distribution' | 'changeStatus' | 'csrTransfer',
  data: unknown,
) => void;

/**
 * A chat identity whose sign-in session has ended (decision 0013): a shopper's tourist token after
 * logout. The connection is told `session_ended`, so the client stops using the token.
 */
export class ChatSessionEnded extends AppError {
  constructor() {
    super('unauthorized', ChatTexts.signedOut);
  }
}

export type AutoAnswer = (question: string) => Promise<{ answer: string } | null>;

const SYSTEM: Participant = { type: 'csr', id: 0 };

/** How long an accepted invitation sends the visitor's first message to the inviting agent. */
const INVITATION_HOLD_MS = 10 * 60_000;

/**
 * Presence: every instance refreshes `last_seen_at` of the participants it holds connections of,
 * more often than this window; someone not seen within it is offline (decision 0005).
 */
export const PRESENCE_WINDOW_MS = 100_000;
export const PRESENCE_REFRESH_MS = 30_000;

type StaffPresence = { status: string; last_seen_at: number };

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

export function presentMessage(row: MessageRow): TChatMessage {
  let extend: Record<string, unknown> = {};
  try {
    extend = JSON.parse(row.extend) as Record<string, unknown>;
  } catch {
    // a row written by hand; shown without extend
  }
  return {
    id: row.id,
    session_id: row.session_id,
    seq: row.seq,
    type: row.type as TChatMessage['type'],
    content: row.content,
    title: row.title,
    sender_id: row.sender_id,
    sender_identity: row.sender_type,
    status: row.status,
    extend,
    client_msg_id: row.client_msg_id,
    auto_reply: row.auto_reply === 1,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function createChatService(deps: {
  db: Db;
  auth: AuthService;
  signingKey: string;
  deliver: Deliver;
  cards: BuildCard;
  autoAnswer?: AutoAnswer;
  clock?: () => number;
  /** store the messages that arrive together in one transaction (SQLite: see message-writer.ts) */
  groupCommit?: boolean;
  /** a message was stored, just before it goes out to the session (the metrics' counter) */
  onMessage?: (sender: 'tourist' | 'csr' | 'auto') => void;
}) {
  const { db, auth, deliver } = deps;
  const now = deps.clock ?? Date.now;
  const store = chatStore(db);
  const writer = createMessageWriter({ db, groupCommit: deps.groupCommit ?? false, now });
  const seenSince = () => presenceSince(now());
  const connected = (lastSeenAt: number) => seenRecently(lastSeenAt, now());
  const staffStatus = (staff: StaffPresence | undefined): TChatStatus => visibleStaffStatus(staff, now());
  const available = (staff: StaffPresence | undefined) => staffStatus(staff) === 'online';

  function belongsTo(participant: Participant, session: SessionRow) {
    return participant.type === 'tourist' ? session.tourist_id === participant.id : session.csr_id === participant.id;
  }

  /** Whether an agent may see and act on every conversation (the supervisors): asked on every frame. */
  async function supervises(csrId: number) {
    return roleMay((await store.findStaff(csrId))?.role, 'chat.configure');
  }

  /** A conversation an agent may change the state of: their own, or any open one for a supervisor. */
  async function sessionToManage(csrId: number, sessionId: number) {
    const session = await store.findSession(sessionId);
    if (!session || session.status === 'closed') throw AppError.notFound('Session not found');
    if (session.csr_id !== csrId && !(await supervises(csrId))) throw AppError.notFound('Session not found');
    return session;
  }

  /** A conversation a participant may read: their own; any for a supervisor (the All list). */
  async function sessionToRead(participant: Participant, sessionId: number) {
    if (participant.type === 'csr') {
      const session = await store.findSession(sessionId);
      if (session && session.csr_id !== participant.id && (await supervises(participant.id))) return session;
    }
    return sessionFor(participant, sessionId);
  }

  /** Tells the visitor and the conversation's agent (and the agent who changed it) how it stands. */
  async function announceSession(session: SessionRow, by?: number) {
    const visitor: Participant = { type: 'tourist', id: session.tourist_id };
    deliver(visitor, 'sessionInfo', await presentSession(session, visitor));
    const agents = new Set([session.csr_id, by].filter((id): id is number => typeof id === 'number'));
    for (const id of agents) {
      const csr: Participant = { type: 'csr', id };
      deliver(csr, 'sessionInfo', await presentSession(session, csr));
    }
  }

  async function sessionFor(participant: Participant, sessionId: number) {
    const session = await store.findSession(sessionId);
    // Someone else's session is answered as if it did not exist.
    if (!session || !belongsTo(participant, session)) throw AppError.notFound('Session not found');
    return session;
  }

  /** The state at this moment: a snooze whose time has passed is open again (decision 0053). */
  function stateNow(session: SessionRow): TChatSessionState {
    return session.state === 'snoozed' && session.snoozed_until <= now() ? 'open' : session.state;
  }

  async function presentSession(session: SessionRow, viewer: Participant): Promise<TChatSession> {
    const state = stateNow(session);
    const rating = await store.latestRating(session.id);
    const common = {
      id: session.id,
      last_message: session.last_message,
      last_seq: session.last_seq,
      sort_time: session.sort_time,
      top: session.top,
      status: session.status,
      state,
      snoozed_until: state === 'snoozed' ? new Date(session.snoozed_until).toISOString() : null,
      csr_id: session.csr_id ?? 0,
      rating: rating
        ? { stars: rating.stars, comment: rating.comment, created_at: new Date(rating.created_at).toISOString() }
        : null,
      rating_due: state === 'resolved' && session.resolutions > 0 && rating?.resolution !== session.resolutions,
    };
    if (viewer.type === 'csr') {
      const tourist = await store.findTourist(session.tourist_id);
      return {
        ...common,
        session_user_id: session.tourist_id,
        session_user_identity: 'tourist',
        session_user_status: tourist && connected(tourist.last_seen_at) ? 'online' : 'offline',
        nickname: tourist?.nickname ?? 'Visitor',
        avatar: tourist?.avatar ?? '',
        unread_message_count: session.unread_csr,
      };
    }
    const csr = session.csr_id === null ? undefined : await store.findStaff(session.csr_id);
    return {
      ...common,
      session_user_id: session.csr_id ?? 0,
      session_user_identity: 'csr',
      session_user_status: csr ? staffStatus(csr) : 'await',
      nickname: csr?.nickname ?? '',
      avatar: csr?.avatar ?? '',
      unread_message_count: session.unread_tourist,
    };
  }

  /** Stores one message (see message-writer.ts); returns the session as it is after the message. */
  function store1(
    sessionId: number,
    sender: Participant | 'system',
    message: MessageToStore['message'],
    onlyBy?: Participant,
  ): Promise<StoredMessage> {
    return writer.store({ sessionId, sender, message, onlyBy, preview: chatPreview(message.type, message.content) });
  }

  /** A goods, order or file message, built from the shop's records for this conversation (cards.ts). */
  async function cardFor(participant: Participant, frame: SendFrame & { session_id: number }, actingForShopper: boolean) {
    const session = await sessionFor(participant, frame.session_id);
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

  function deliverToBoth(session: SessionRow, type: 'newMessage' | 'readMessage', data: unknown) {
    deliver({ type: 'tourist', id: session.tourist_id }, type, data);
    if (session.csr_id !== null) deliver({ type: 'csr', id: session.csr_id }, type, data);
  }

  async function systemNotice(session: SessionRow, content: string, key: string) {
    const stored = await store1(session.id, 'system', { type: 'system', content, client_msg_id: key });
    if (!stored.duplicate) deliverToBoth(stored.session, 'newMessage', presentMessage(stored.row));
  }

  /** The agent who invited the visitor within the last INVITATION_HOLD_MS, while available. */
  async function invitingAgent(touristId: number): Promise<number | null> {
    const tourist = await store.findTourist(touristId);
    if (!tourist || tourist.invited_by === null || now() - tourist.invited_at > INVITATION_HOLD_MS) return null;
    const csr = await store.findStaff(tourist.invited_by);
    return csr && available(csr) && (await hasRoom(csr.id)) ? csr.id : null;
  }

  async function previousAgent(last: SessionRow | undefined): Promise<number | null> {
    const csr = last?.csr_id != null ? await store.findStaff(last.csr_id) : undefined;
    return csr && available(csr) && (await hasRoom(csr.id)) ? csr.id : null;
  }

  /**
   * Whether an agent may be given one more conversation: their open ones are fewer than their
   * cap, or the chat settings' default (decision 0056). Read at every assignment, so a change made
   * on any instance holds at once.
   */
  async function hasRoom(csrId: number): Promise<boolean> {
    const [load, fallback] = await Promise.all([store.agentLoad(csrId), defaultAgentCap(db)]);
    return load.open < (load.chatCap ?? fallback);
  }

  /**
   * Among the agents online and below their cap: fewest open conversations first, ties to the
   * agent who waited longest since their last one. None: the conversation waits in the queue.
   */
  async function pickAgent(): Promise<number | null> {
    const [online, fallback] = await Promise.all([store.onlineAgents(seenSince()), defaultAgentCap(db)]);
    const agents = online.filter((agent) => Number(agent.active) < (agent.chat_cap ?? fallback));
    if (!agents.length) return null;
    agents.sort(
      (a, b) => Number(a.active) - Number(b.active) || Number(a.last_assigned ?? 0) - Number(b.last_assigned ?? 0) || a.id - b.id,
    );
    return agents[0]?.id ?? null;
  }

  /**
   * Whether a tourist token still names this tourist: always for a visitor without an account;
   * for a shopper's record only while the sign-in session the token was given in lives.
   */
  async function tokenHolds(claims: TouristClaims, tourist: { user_id: number | null }) {
    if (tourist.user_id === null) return true;
    return claims.sessionId !== null && (await auth.sessionAlive(claims.sessionId, 'user', tourist.user_id));
  }

  async function pushSessions(participant: Participant) {
    deliver(participant, 'sessions', await service.sessions(participant));
  }

  const service = {
    /**
     * spec 7 initialize: who is on this connection; a new tourist gets a token to keep.
     * `authSession` is the sign-in session the identity rests on (none for a visitor without an
     * account): the connection ends when it does.
     */
    async identify(
      frame: InitializeFrame,
      /** called before a new guest identity is made; throws to refuse it (chat limits) */
      beforeNewVisitor?: () => Promise<void>,
    ): Promise<{ participant: Participant; user: TChatUser; authSession: string | null }> {
      if (frame.backend) {
        const principal = await auth.authenticate(frame.baToken, 'staff');
        const staff = await store.findStaff(principal.subjectId);
        if (!staff) throw AppError.unauthorized();
        return {
          authSession: principal.sessionId,
          participant: { type: 'csr', id: staff.id },
          user: {
            id: staff.id,
            identity: 'csr',
            nickname: staff.nickname,
            avatar: staff.avatar,
            status: staff.status as TChatStatus,
            token: '',
          },
        };
      }
      const at = now();
      const language = frame.language ?? 'en-us';
      const claims = verifyTouristToken(deps.signingKey, frame.baTouristToken);
      let touristId = claims?.touristId;
      let tourist = touristId ? await store.findTourist(touristId) : undefined;
      let authSession: string | null = null;
      if (frame.baUserToken) {
        // A shopper: their own tourist record, or the visitor they were before signing in, linked now.
        const principal = await auth.authenticate(frame.baUserToken, 'user');
        authSession = principal.sessionId;
        const linked = await store.findTouristOfUser(principal.subjectId);
        if (linked) tourist = linked;
        else if (tourist && tourist.user_id === null) await store.updateTourist(tourist.id, { user_id: principal.subjectId });
        else tourist = undefined;
        if (!tourist) {
          const user = await db
            .selectFrom('users')
            .select(['first_name', 'avatar'])
            .where('id', '=', principal.subjectId)
            .executeTakeFirst();
          touristId = await store.insertTourist({
            user_id: principal.subjectId,
            nickname: user?.first_name ?? 'Shopper',
            avatar: user?.avatar ?? '',
            language,
            last_seen_at: at,
            created_at: at,
          });
          tourist = await store.findTourist(touristId);
        }
      } else if (claims && tourist && !(await tokenHolds(claims, tourist))) {
        throw new ChatSessionEnded();
      } else if (claims && tourist?.user_id != null) {
        authSession = claims.sessionId;
      }
      if (!tourist) {
        await beforeNewVisitor?.();
        touristId = await store.insertTourist({
          user_id: null,
          nickname: 'Visitor',
          avatar: '',
          language,
          last_seen_at: at,
          created_at: at,
        });
        await store.updateTourist(touristId, { nickname: `Visitor ${touristId}` });
        tourist = await store.findTourist(touristId);
      }
      if (!tourist) throw new Error('tourist vanished');
      await store.updateTourist(tourist.id, { last_seen_at: at, language });
      return {
        authSession,
        participant: { type: 'tourist', id: tourist.id },
        user: {
          id: tourist.id,
          identity: 'tourist',
          nickname: tourist.nickname,
          avatar: tourist.avatar,
          status: 'online',
          token: signTouristToken(deps.signingKey, tourist.id, authSession),
        },
      };
    },

    /**
     * The visitor's open session, given to an available agent; or a new one with an agent (or
     * queued), which only a message may open (decision 0014). A queued session gets its notice,
     * unless `announceQueue` is false (the first message is stored before it).
     */
    async distribute(touristId: number, announceQueue = true): Promise<{ session: SessionRow; csrId: number | null }> {
      let session = await store.openSessionOfTourist(touristId);
      if (session?.status === 'active' && session.csr_id !== null) {
        const csr = await store.findStaff(session.csr_id);
        if (available(csr)) return { session, csrId: session.csr_id };
      }
      // The agent who invited them a moment ago, or the one they talked to before, when
      // available; else the least busy one.
      const last = session ?? (await store.lastSessionOfTourist(touristId));
      const csrId = (await invitingAgent(touristId)) ?? (await previousAgent(last)) ?? (await pickAgent());
      const at = now();
      if (!session) {
        const id = await store.insertOpenSession({
          tourist_id: touristId,
          csr_id: csrId,
          status: csrId === null ? 'queued' : 'active',
          sort_time: at,
          created_at: at,
        });
        // Another tab of this visitor opened the conversation a moment ago: that one is theirs.
        if (id === null) return service.distribute(touristId, announceQueue);
        session = (await store.findSession(id)) as SessionRow;
      } else if (csrId !== null && (session.status === 'queued' || session.csr_id !== csrId)) {
        await store.updateSession(session.id, { csr_id: csrId, status: 'active', sort_time: at });
        session = (await store.findSession(session.id)) as SessionRow;
      }
      if (csrId === null) {
        if (announceQueue) await service.announceQueue(session);
      } else {
        // The agent gets this one session, not the whole list again (that grows with every visitor).
        const csr: Participant = { type: 'csr', id: csrId };
        deliver(csr, 'sessionInfo', await presentSession(session, csr));
      }
      return { session, csrId };
    },

    /** Tells a queued conversation that it waits for the first free agent. */
    async announceQueue(session: SessionRow) {
      const current = (await store.findSession(session.id)) ?? session;
      await systemNotice(current, ChatTexts.queued, `queued-${current.id}-${current.last_seq}`);
    },

    /**
     * spec 7 distribution, as the widget asks when it opens: the visitor's open conversation (given
     * to an available agent), or nothing yet. Opening the widget never opens a conversation.
     */
    async openConversation(touristId: number): Promise<{ session: SessionRow | null; csrId: number | null }> {
      if (!(await store.openSessionOfTourist(touristId))) return { session: null, csrId: null };
      return service.distribute(touristId);
    },

    async send(
      participant: Participant,
      frame: SendFrame & { session_id: number },
      /** an agent acting for the shopper from the console's contact panel (cards.ts, decision 0059) */
      options: { actingForShopper?: boolean } = {},
    ): Promise<{ message: TChatMessage; duplicate: boolean; session: SessionRow }> {
      const { row, duplicate, session } = await store1(
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
        deliverToBoth(session, 'newMessage', message);
        // The visitor's message reopened a resolved or snoozed conversation (store.advanceSession).
        if (participant.type === 'tourist' && session.state_at === row.created_at) await announceSession(session);
        if (participant.type === 'tourist' && session.status === 'queued' && frame.type === 'text' && deps.autoAnswer) {
          const found = await deps.autoAnswer(frame.content).catch(() => null);
          if (found) {
            const reply = await store1(session.id, SYSTEM, {
              type: 'text',
              content: found.answer,
              client_msg_id: `kb-${row.id}`,
              auto_reply: true,
            });
            if (!reply.duplicate) {
              deps.onMessage?.('auto');
              deliverToBoth(reply.session, 'newMessage', presentMessage(reply.row));
            }
          }
        }
      }
      return { message, duplicate, session };
    },

    /** spec 7 loadRecords: pages backwards from the newest. */
    async records(participant: Participant, sessionId: number, page: number) {
      await sessionToRead(participant, sessionId);
      const [rows, total] = await Promise.all([
        store.messagesPage(sessionId, page, CHAT_RECORDS_PAGE_SIZE),
        store.countMessages(sessionId),
      ]);
      return { session_id: sessionId, page, page_size: CHAT_RECORDS_PAGE_SIZE, total, data: rows.map(presentMessage) };
    },

    /** spec 7 readMessage: marks the other side's messages read and tells both sides. */
    async read(participant: Participant, sessionId: number, upToSeq?: number) {
      const session = await sessionFor(participant, sessionId);
      const until = upToSeq ?? session.last_seq;
      const marked = await store.markRead(sessionId, participant.type, until);
      await store.updateSession(sessionId, participant.type === 'tourist' ? { unread_tourist: 0 } : { unread_csr: 0 });
      const receipt = { session_id: sessionId, reader_identity: participant.type, reader_id: participant.id, up_to_seq: until };
      if (marked > 0) deliverToBoth(session, 'readMessage', receipt);
      return receipt;
    },

    async sessions(participant: Participant): Promise<TChatSession[]> {
      const rows =
        participant.type === 'tourist'
          ? await store.sessionsOfTourist(participant.id)
          : await store.sessionsOfCsr(participant.id);
      return Promise.all(rows.map((row) => presentSession(row, participant)));
    },

    async sessionInfo(participant: Participant, sessionId: number): Promise<TChatSession> {
      return presentSession(await sessionToRead(participant, sessionId), participant);
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
      const session = await sessionFor(participant, sessionId);
      if (participant.type === 'tourist') return session.csr_id === null ? null : { type: 'csr', id: session.csr_id };
      return { type: 'tourist', id: session.tourist_id };
    },

    /** An agent's status; coming online takes over the queue (spec: kept for the first agent online). */
    async changeStatus(csrId: number, status: TChatStatus) {
      await store.setStaffStatus(csrId, status);
      if (status !== 'online') return;
      await service.drainQueue(csrId);
      await pushSessions({ type: 'csr', id: csrId });
    },

    /**
     * The queue, oldest first, given to agents with room: to `csrId` only (an agent who came
     * online) or to whoever the routing picks. Runs when an agent comes online, resolves or
     * snoozes a conversation, or gets a higher cap (decision 0056). Each queued conversation is
     * claimed by one instance only; returns how many were given.
     */
    async drainQueue(csrId?: number): Promise<number> {
      let given = 0;
      for (const queued of await store.queuedSessions()) {
        const to = csrId === undefined ? await pickAgent() : (await hasRoom(csrId)) ? csrId : null;
        if (to === null) break;
        if (!(await store.claimQueued(queued.id, to, now()))) continue;
        given += 1;
        const agent: Participant = { type: 'csr', id: to };
        const session = (await store.findSession(queued.id)) ?? queued;
        deliver({ type: 'tourist', id: queued.tourist_id }, 'distribution', {
          session_id: queued.id,
          csr: await service.staffCard(to),
        });
        deliver(agent, 'sessionInfo', await presentSession(session, agent));
      }
      return given;
    },

    /** spec 7 addSession: an agent opens a conversation with a tourist. */
    async addSession(csrId: number, touristId: number): Promise<TChatSession> {
      if (!(await store.findTourist(touristId))) throw AppError.notFound('Visitor not found');
      const open = await store.openSessionOfTourist(touristId);
      const at = now();
      if (open) {
        if (open.csr_id !== csrId) {
          if (open.csr_id !== null && open.status === 'active')
            throw AppError.forbidden('Another agent is already talking to this visitor');
          await store.updateSession(open.id, { csr_id: csrId, status: 'active', sort_time: at });
        }
        return service.sessionInfo({ type: 'csr', id: csrId }, open.id);
      }
      const id = await store.insertOpenSession({
        tourist_id: touristId,
        csr_id: csrId,
        status: 'active',
        sort_time: at,
        created_at: at,
      });
      // The visitor asked for service at the same moment: decide again with that conversation.
      if (id === null) return service.addSession(csrId, touristId);
      return service.sessionInfo({ type: 'csr', id: csrId }, id);
    },

    async staffCard(csrId: number | null) {
      if (csrId === null) return null;
      const csr = await store.findStaff(csrId);
      return csr ? { id: csr.id, nickname: csr.nickname, avatar: csr.avatar, status: staffStatus(csr) } : null;
    },

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

    async touristInfo(touristId: number): Promise<TChatTourist> {
      const tourist = await store.findTourist(touristId);
      if (!tourist) throw AppError.notFound('Visitor not found');
      const session = await store.lastSessionOfTourist(touristId);
      return {
        id: tourist.id,
        identity: 'tourist',
        status: connected(tourist.last_seen_at) ? 'online' : 'offline',
        nickname: tourist.nickname,
        avatar: tourist.avatar,
        last_message: session?.last_message ?? '',
        trajectory_count: tourist.trajectory_count,
        last_trajectory_url: tourist.last_trajectory_url,
        signed_in: tourist.user_id !== null,
      };
    },

    /** The visitors online now (spec 2: agents' tourist list). */
    async tourists(page: number): Promise<TChatTourist[]> {
      const rows = await store.onlineTourists(seenSince(), page, CHAT_TOURISTS_PAGE_SIZE);
      return Promise.all(rows.map((row) => service.touristInfo(row.id)));
    },

    /** Refreshes the presence of the participants whose connections an instance holds. */
    async seen(participants: Participant[]) {
      const tourists = participants.filter((p) => p.type === 'tourist').map((p) => p.id);
      const staff = participants.filter((p) => p.type === 'csr').map((p) => p.id);
      for (let i = 0; i < Math.max(tourists.length, staff.length); i += 500) {
        await store.touchPresence(tourists.slice(i, i + 500), staff.slice(i, i + 500), now());
      }
    },

    /** A participant's last connection on an instance closed. */
    async gone(participant: Participant) {
      await store.markGone(participant.type, participant.id);
    },

    /** An agent invites a visitor to talk (the `invite` status). */
    async invite(csrId: number, touristId: number) {
      const tourist = await store.findTourist(touristId);
      if (!tourist) throw AppError.notFound('Visitor not found');
      await store.updateTourist(touristId, { invited_by: csrId, invited_at: now() });
      deliver({ type: 'tourist', id: touristId }, 'changeStatus', {
        id: touristId,
        status: 'invite',
        csr: await service.staffCard(csrId),
      });
    },

    /** Hands a session to another agent, with a notice to the visitor and both agents. */
    async transfer(fromCsrId: number, sessionId: number, toCsrId: number) {
      await sessionFor({ type: 'csr', id: fromCsrId }, sessionId);
      if (toCsrId === fromCsrId) throw AppError.field('csr_id', 'The conversation is already yours');
      const target = await store.findStaff(toCsrId);
      if (target?.role !== 'csr') throw AppError.field('csr_id', 'There is no such agent');
      if (!(await hasRoom(toCsrId))) throw AppError.field('csr_id', ChatTexts.agentFull);
      await store.updateSession(sessionId, { csr_id: toCsrId, status: 'active', unread_csr: 0, sort_time: now() });
      const moved = (await store.findSession(sessionId)) as SessionRow;
      await systemNotice(
        moved,
        `The conversation was transferred to ${target.nickname}.`,
        `transfer-${sessionId}-${moved.last_seq}`,
      );
      deliver({ type: 'csr', id: fromCsrId }, 'csrTransfer', { session_id: sessionId, to: await service.staffCard(toCsrId) });
      deliver({ type: 'csr', id: fromCsrId }, 'sessions', await service.sessions({ type: 'csr', id: fromCsrId }));
      deliver({ type: 'csr', id: toCsrId }, 'sessions', await service.sessions({ type: 'csr', id: toCsrId }));
      // the agent who handed it on has room for one more (decision 0056)
      await service.drainQueue();
      return ChatTexts.transferred;
    },

    /**
     * An agent resolves, snoozes or reopens a conversation (decision 0053). Resolving tells the
     * visitor, whose widget then asks for a rating of this resolution.
     */
    async changeState(csrId: number, sessionId: number, state: TChatSessionState, snoozedUntil?: number) {
      await sessionToManage(csrId, sessionId);
      const at = now();
      if (state === 'snoozed' && (snoozedUntil === undefined || snoozedUntil <= at))
        throw AppError.field('snoozed_until', ChatTexts.snoozeInPast);
      const until = state === 'snoozed' ? Math.min(snoozedUntil as number, at + CHAT_SNOOZE_MAX_MS) : 0;
      let changed = await store.changeState(sessionId, state, at, until);
      if (!changed) throw AppError.notFound('Session not found');
      if (state === 'resolved') {
        await systemNotice(changed, ChatTexts.resolved, `resolved-${sessionId}-${changed.resolutions}`);
        changed = (await store.findSession(sessionId)) ?? changed;
      }
      await announceSession(changed, csrId);
      // its agent has one open conversation fewer: the queue may move (decision 0056)
      if (state !== 'open') await service.drainQueue();
      return presentSession(changed, { type: 'csr', id: csrId });
    },

    /** Snoozed conversations whose time has come are open again, and their agents told. */
    async wakeSnoozed(at = now()) {
      const woken = await store.wakeSnoozed(at);
      for (const session of woken) await announceSession(session);
      return woken.length;
    },

    /** An agent's list: Mine, Unassigned or (supervisors) All, in one state, a page at a time, with each view's count. */
    async sessionList(csrId: number, view: TChatSessionView, state: TChatSessionState, page: number): Promise<TChatSessionList> {
      const supervisor = await supervises(csrId);
      if (view === 'all' && !supervisor) throw AppError.forbidden('Only supervisors see every conversation');
      const at = now();
      const [rows, counts] = await Promise.all([
        store.sessionPage({ view, state, csrId, at }, page, CHAT_SESSION_LIST_PAGE_SIZE),
        store.sessionCounts({ state, csrId, at }),
      ]);
      const viewer: Participant = { type: 'csr', id: csrId };
      return {
        view,
        state,
        page,
        page_size: CHAT_SESSION_LIST_PAGE_SIZE,
        total: counts[view],
        counts: { mine: counts.mine, unassigned: counts.unassigned, all: supervisor ? counts.all : null },
        data: await Promise.all(rows.map((row) => presentSession(row, viewer))),
      };
    },

    /**
     * The visitor of a conversation and their account, if signed in (the console's contact panel,
     * decision 0059): to read, a conversation the agent may read (their own; any for a supervisor);
     * to act for the shopper, only the agent's own, since what they do is said in it.
     */
    async visitorOf(csrId: number, sessionId: number, purpose: 'read' | 'act') {
      const agent: Participant = { type: 'csr', id: csrId };
      const session = purpose === 'act' ? await sessionFor(agent, sessionId) : await sessionToRead(agent, sessionId);
      const tourist = await store.findTourist(session.tourist_id);
      if (!tourist) throw AppError.notFound('Visitor not found');
      return { sessionId: session.id, touristId: tourist.id, nickname: tourist.nickname, userId: tourist.user_id };
    },

    /** The visitor rates a resolved conversation: once per resolution, 1 to 5 stars and a comment. */
    async rate(touristId: number, sessionId: number, stars: number, comment: string) {
      const session = await sessionFor({ type: 'tourist', id: touristId }, sessionId);
      if (stateNow(session) !== 'resolved' || session.resolutions === 0)
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
      await announceSession(session);
      return presentSession(session, { type: 'tourist', id: touristId });
    },

    /** Pins or unpins a session in the agent's list. */
    async pin(csrId: number, sessionId: number, top: 0 | 1) {
      await sessionFor({ type: 'csr', id: csrId }, sessionId);
      await store.updateSession(sessionId, { top });
      return service.sessions({ type: 'csr', id: csrId });
    },

    /** The tourist a tourist token names, if it is genuine, the tourist exists and the token still holds. */
    async touristByToken(token: string) {
      const claims = verifyTouristToken(deps.signingKey, token);
      const tourist = claims ? await store.findTourist(claims.touristId) : undefined;
      return claims && tourist && (await tokenHolds(claims, tourist)) ? tourist : null;
    },
  };
  return service;
}

export type ChatService = ReturnType<typeof createChatService>;

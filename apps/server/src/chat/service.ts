import type { ZChatFrame, ZInitializeFrame } from '@shop/contracts/chat-protocol';
import {
  CHAT_LABELS_MAX,
  CHAT_NOTES_PAGE_SIZE,
  CHAT_QUEUE_LIST_SIZE,
  CHAT_RECORDS_PAGE_SIZE,
  CHAT_SEARCH_CONTACTS_MAX,
  CHAT_SEARCH_PAGE_SIZE,
  CHAT_SESSION_LIST_PAGE_SIZE,
  CHAT_SNOOZE_MAX_MS,
  CHAT_TOURISTS_PAGE_SIZE,
  CHAT_TRAJECTORY_PAGE_SIZE,
  ChatNoteTexts,
  ChatTexts,
  chatPreview,
  labelKey,
  QUICK_REPLY_NAME_FALLBACK,
  type TChatMessage,
  type TChatNote,
  type TChatNotes,
  type TChatQueue,
  type TChatSearchResult,
  type TChatSession,
  type TChatSessionList,
  type TChatSessionState,
  type TChatSessionView,
  type TChatStatus,
  type TChatTourist,
  type TChatUser,
  type TChatUserBaseInfo,
  type TReplyVariables,
} from '@shop/contracts/chat-protocol';
import { isStaffRole, type Permission, roleMay, STAFF_ROLES, type StaffRoleName } from '@shop/contracts/permissions';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import type { AuthService } from '../modules/auth/service';
import { type BuildCard, isCardType } from './cards';
import { defaultAgentCap } from './config';
import { signTouristToken, type TouristClaims, verifyTouristToken } from './identity';
import { createMessageWriter, type MessageToStore, type StoredMessage } from './message-writer';
import { chatSearchStore, searchTerms, snippetOf } from './search';
import { chatStore, type MessageRow, type NoteRow, type SessionRow } from './store';

export type Participant = { type: 'tourist' | 'csr'; id: number };
export const participantKey = (p: Participant) => `${p.type}:${p.id}`;
/**
 * An agent as the websocket identified them: their role is read once, where their token is
 * verified (`identify`), and handed in to what depends on it (decision 0019). A connection whose
 * role changes is closed and identified again (gateway.ts).
 */
export type Agent = { id: number; role: StaffRoleName };
/** A staff member's record as it stands now: active or deactivated, and their role (null: one the shop does not know). */
export type StaffStanding = { active: boolean; role: StaffRoleName | null };
/** Who reads a conversation: a visitor, or an agent with their role (a supervisor reads any). */
export type Reader = { type: 'tourist'; id: number } | ({ type: 'csr' } & Agent);

type SendFrame = Extract<z.infer<typeof ZChatFrame>, { pathInfo: 'worker/kefu.Wsession/sendSessionMessage' }>;
type InitializeFrame = z.infer<typeof ZInitializeFrame>;

/** What the service asks the hub to deliver; the hub fans it out to every connection of the participant. */
export type Deliver = (
  to: Participant,
  type:
    | 'newMessage'
    | 'readMessage'
    | 'sessions'
    | 'sessionInfo'
    | 'distribution'
    | 'changeStatus'
    | 'csrTransfer'
    | 'changeUserBaseInfo'
    | 'note',
  data: unknown,
) => void;

/** What the service asks the hub to deliver to every agent connected anywhere (the queue). */
export type DeliverToAgents = (type: 'operates', data: { queue: TChatQueue }) => void;

/**
 * A chat identity whose sign-in session has ended (decision 0013): a shopper's tourist token after
 * logout. The connection is told `session_ended`, so the client stops using the token.
 */
export class ChatSessionEnded extends AppError {
  constructor() {
    super('unauthorized', ChatTexts.signedOut);
  }
}

/** What a staff member's role must allow for them to be an agent: the console's websocket and chat uploads. */
export const CHAT_AGENT_PERMISSION: Permission = 'chat.answer';

/**
 * A staff token whose role does not allow answering chats (a shop operator's): refused at
 * identification, so neither the console nor a chat upload is open to it (decision 0019).
 */
export class ChatRoleRefused extends AppError {
  constructor() {
    super('forbidden', `Your role does not allow answering chats (it needs ${CHAT_AGENT_PERMISSION})`);
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
  /** every connected agent: the queue as it changes */
  deliverToAgents?: DeliverToAgents;
  cards: BuildCard;
  autoAnswer?: AutoAnswer;
  clock?: () => number;
  /** store the messages that arrive together in one transaction (see message-writer.ts) */
  groupCommit?: boolean;
  /** a message was stored, just before it goes out to the session (the metrics' counter) */
  onMessage?: (sender: 'tourist' | 'csr' | 'auto') => void;
  /** the number of the shopper's latest order, if any (the orders module's, for {order_no}) */
  latestOrderNo?: (userId: number) => Promise<string | null>;
  /**
   * agents' replies were stored in these conversations, in this transaction: the offline reply
   * mail is planned with them (decision 0060)
   */
  repliesStored?: (trx: Db, sessionIds: number[], at: number) => Promise<unknown>;
}) {
  const { db, auth, deliver } = deps;
  const now = deps.clock ?? Date.now;
  const store = chatStore(db);
  const writer = createMessageWriter({
    db,
    groupCommit: deps.groupCommit ?? false,
    now,
    stored: async (trx, rows, at) => {
      const replied = [...new Set(rows.filter((row) => row.sender_type === 'csr').map((row) => row.session_id))];
      if (replied.length > 0 && deps.repliesStored) await deps.repliesStored(trx, replied, at);
    },
  });
  const seenSince = () => presenceSince(now());
  const connected = (lastSeenAt: number) => seenRecently(lastSeenAt, now());
  const staffStatus = (staff: StaffPresence | undefined): TChatStatus => visibleStaffStatus(staff, now());
  const available = (staff: StaffPresence | undefined) => staffStatus(staff) === 'online';

  function belongsTo(participant: Participant, session: SessionRow) {
    return participant.type === 'tourist' ? session.tourist_id === participant.id : session.csr_id === participant.id;
  }

  /** Whether an agent may see and act on every conversation (the supervisors), by the role they were identified with. */
  const supervises = (agent: Agent) => roleMay(agent.role, 'chat.configure');

  /** The staff members among `ids` as their records stand now (none for one gone): active or not, and their role if the shop knows it. */
  async function staffNow(ids: readonly number[]): Promise<Map<number, StaffStanding>> {
    if (!ids.length) return new Map();
    const rows = await db.selectFrom('staff').select(['id', 'role', 'active']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, { active: row.active === 1, role: isStaffRole(row.role) ? row.role : null }]));
  }

  /** A conversation an agent may change the state of: their own, or any open one for a supervisor. */
  async function sessionToManage(agent: Agent, sessionId: number) {
    const session = await store.findSession(sessionId);
    if (!session || session.status === 'closed') throw AppError.notFound('Session not found');
    if (session.csr_id !== agent.id && !supervises(agent)) throw AppError.notFound('Session not found');
    return session;
  }

  /** A conversation a participant may read: their own; any for a supervisor (the All list). */
  async function sessionToRead(reader: Reader, sessionId: number) {
    if (reader.type === 'csr' && supervises(reader)) {
      const session = await store.findSession(sessionId);
      if (session) return session;
    }
    return sessionFor(reader, sessionId);
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
      // labels are the agents' own words about the visitor: the visitor never sees them
      labels: [] as string[],
    };
    if (viewer.type === 'csr') {
      const [tourist, labels] = await Promise.all([store.findTourist(session.tourist_id), store.labelsOf(session.id)]);
      return {
        ...common,
        labels,
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

  /**
   * Whether a tourist token still names this tourist: always for a visitor without an account;
   * for a shopper's record only while the sign-in session the token was given in lives.
   */
  async function tokenHolds(claims: TouristClaims, tourist: { user_id: number | null }) {
    if (tourist.user_id === null) return true;
    return claims.sessionId !== null && (await auth.sessionAlive(claims.sessionId, 'user', tourist.user_id));
  }

  /** The staff roles that see every conversation (chat.configure): they see its notes live too. */
  const SUPERVISOR_ROLES = STAFF_ROLES.filter((role) => roleMay(role, 'chat.configure'));

  async function presentNote(row: NoteRow): Promise<TChatNote> {
    const author = await store.findStaff(row.csr_id);
    return {
      id: row.id,
      session_id: row.session_id,
      after_seq: row.after_seq,
      csr_id: row.csr_id,
      author: author?.nickname ?? '',
      content: row.content,
      client_note_id: row.client_note_id,
      created_at: new Date(row.created_at).toISOString(),
    };
  }

  /** Tells the conversation's agents (its own, the one who acted, and every supervisor) how it stands now. */
  async function announceToAgents(session: SessionRow, by: number) {
    const ids = new Set([session.csr_id, by, ...(await store.staffInRoles(SUPERVISOR_ROLES))]);
    for (const id of ids) {
      if (typeof id !== 'number') continue;
      const csr: Participant = { type: 'csr', id };
      deliver(csr, 'sessionInfo', await presentSession(session, csr));
    }
  }

  async function pushSessions(participant: Participant) {
    deliver(participant, 'sessions', await service.sessions(participant));
  }

  /** Tells the visitors of an agent's conversations how the agent shows now (their header). */
  async function announceAgent(csrId: number) {
    const card = await service.staffCard(csrId);
    if (!card) return;
    for (const session of await store.activeSessionsOfCsr(csrId)) {
      const info: TChatUserBaseInfo = { session_id: session.id, identity: 'csr', ...card };
      deliver({ type: 'tourist', id: session.tourist_id }, 'changeUserBaseInfo', info);
    }
  }

  /** Tells the other side of a participant's conversations how the participant shows now. */
  const announce = (participant: Participant) =>
    participant.type === 'tourist' ? announceVisitor(participant.id) : announceAgent(participant.id);

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
      status: connected(open.last_seen_at) ? 'online' : 'offline',
    };
    deliver({ type: 'csr', id: open.csr_id }, 'changeUserBaseInfo', info);
  }

  const service = {
    /**
     * spec 7 initialize: who is on this connection; a new tourist gets a token to keep.
     * `authSession` is the sign-in session the identity rests on (none for a visitor without an
     * account): the connection ends when it does. A staff token is an agent only when its role
     * allows answering chats (`ChatRoleRefused` otherwise); the role, read here with the token, is
     * the identity's (`role`, null for a visitor).
     */
    async identify(
      frame: InitializeFrame,
      /** called before a new guest identity is made; throws to refuse it (chat limits) */
      beforeNewVisitor?: () => Promise<void>,
    ): Promise<{ participant: Participant; role: StaffRoleName | null; user: TChatUser; authSession: string | null }> {
      if (frame.backend) {
        const principal = await auth.authenticate(frame.baToken, 'staff');
        const staff = await db
          .selectFrom('staff')
          .select(['id', 'nickname', 'avatar', 'status', 'role', 'active'])
          .where('id', '=', principal.subjectId)
          .executeTakeFirst();
        // As the staff routes' guard: one gone, deactivated or of an unknown role is nobody (401);
        // a role without the permission is refused (403).
        if (staff?.active !== 1 || !isStaffRole(staff.role)) throw AppError.unauthorized();
        if (!roleMay(staff.role, CHAT_AGENT_PERMISSION)) throw new ChatRoleRefused();
        return {
          authSession: principal.sessionId,
          participant: { type: 'csr', id: staff.id },
          role: staff.role,
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
        role: null,
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
     * These agents' records as they stand now, for connections identified earlier: the gateway
     * reads them at every agent frame (as the staff guard reads the role at every request) and at
     * every sweep, and hands the role in.
     */
    agentsNow: staffNow,

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
      const chosen = (await invitingAgent(touristId)) ?? (await previousAgent(last)) ?? (await pickAgent());
      const fresh = !session;
      if (!session) {
        const at = now();
        // opened in the queue, then given within the agent's cap like any queued conversation
        const id = await store.insertOpenSession({
          tourist_id: touristId,
          csr_id: null,
          status: 'queued',
          sort_time: at,
          created_at: at,
        });
        // Another tab of this visitor opened the conversation a moment ago: that one is theirs.
        if (id === null) return service.distribute(touristId, announceQueue);
        session = (await store.findSession(id)) as SessionRow;
      }
      let csrId = chosen;
      if (chosen !== null && (session.status === 'queued' || session.csr_id !== chosen)) {
        const to = await assign(session, chosen);
        // another instance gave it to someone (or drained it) meanwhile: decide again from what it is now
        if (to === 'moved') return service.distribute(touristId, announceQueue);
        csrId = to === 'none' ? null : to;
        if (csrId !== null) {
          // a queued conversation others were told of leaves the queue
          if (session.status === 'queued' && !fresh) await service.queueChanged();
          session = (await store.findSession(session.id)) as SessionRow;
        }
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
      await service.queueChanged();
    },

    /** The queue as agents see it: the count, and the longest-waiting with their first message. */
    async queue(): Promise<TChatQueue> {
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
    },

    /** Every connected agent, on every instance, is told how the queue stands now. */
    async queueChanged() {
      if (deps.deliverToAgents) deps.deliverToAgents('operates', { queue: await service.queue() });
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
        // The visitor's message reopened a resolved or snoozed conversation (message-writer.ts).
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
    async records(reader: Reader, sessionId: number, page: number) {
      await sessionToRead(reader, sessionId);
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

    async sessionInfo(reader: Reader, sessionId: number): Promise<TChatSession> {
      return presentSession(await sessionToRead(reader, sessionId), reader);
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

    /**
     * An agent's status: their visitors see it at once; coming online drains the queue (decision 0057).
     */
    async changeStatus(csrId: number, status: TChatStatus) {
      await store.setStaffStatus(csrId, status);
      await announceAgent(csrId);
      if (status !== 'online') return;
      await service.drainQueue();
      await pushSessions({ type: 'csr', id: csrId });
    },

    /**
     * A participant's connection was accepted (a sign-in, a new tab, a reconnect): the other side
     * of their conversations sees them here; an agent whose status is Online is available again, so
     * the queue drains (decision 0057).
     */
    async arrived(participant: Participant) {
      if (participant.type === 'tourist') return announceVisitor(participant.id);
      await announceAgent(participant.id);
      if (available(await store.findStaff(participant.id))) await service.drainQueue();
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
          csr: await service.staffCard(to),
        });
        deliver(agent, 'sessionInfo', await presentSession(session, agent));
      }
      if (given > 0) await service.queueChanged();
      return given;
    },

    /** spec 7 addSession: an agent opens a conversation with a tourist. */
    async addSession(csrId: number, touristId: number): Promise<TChatSession> {
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
          if (open.status === 'queued') await service.queueChanged();
        }
        return presentSession(await sessionFor(agent, open.id), agent);
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
      return presentSession(await sessionFor(agent, id), agent);
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
      await service.seen([participant]);
      await announce(participant);
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
      const session = await sessionFor({ type: 'csr', id: fromCsrId }, sessionId);
      if (toCsrId === fromCsrId) throw AppError.field('csr_id', 'The conversation is already yours');
      const target = await store.findStaff(toCsrId);
      if (target?.role !== 'csr') throw AppError.field('csr_id', 'There is no such agent');
      const outcome = await store.assignWithinCap(session, toCsrId, await defaultAgentCap(db), now(), { unread_csr: 0 });
      if (outcome === 'full') throw AppError.field('csr_id', ChatTexts.agentFull);
      if (outcome === 'moved') throw AppError.field('csr_id', ChatTexts.transferMoved);
      const moved = (await store.findSession(sessionId)) as SessionRow;
      // the visitor's header shows the new agent at once; their unread count is the conversation's, kept
      const card = await service.staffCard(toCsrId);
      if (card) {
        const info: TChatUserBaseInfo = { session_id: sessionId, identity: 'csr', ...card };
        deliver({ type: 'tourist', id: moved.tourist_id }, 'changeUserBaseInfo', info);
      }
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
    async changeState(agent: Agent, sessionId: number, state: TChatSessionState, snoozedUntil?: number) {
      const csrId = agent.id;
      await sessionToManage(agent, sessionId);
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
        data: await Promise.all(rows.map((row) => presentSession(row, viewer))),
      };
    },

    /**
     * An agent's search over the conversations they may read (decision 0062): their own, the queue,
     * and for supervisors every one — the same as what they may open. The messages matching every
     * word (the last as a prefix), best first a page at a time; on the first page, the visitors
     * whose names match (and their e-mail or phone for roles that may see customers).
     */
    async search(agent: Agent, keyword: string, page: number): Promise<TChatSearchResult> {
      const csrId = agent.id;
      const terms = searchTerms(keyword);
      if (!terms.length) throw AppError.field('keyword', ChatTexts.searchNoWords);
      const scope = { csrId, supervisor: supervises(agent), mayReadContacts: roleMay(agent.role, 'customers.view') };
      const found = chatSearchStore(db);
      const [messages, contacts] = await Promise.all([
        found.messages(terms, scope, page, CHAT_SEARCH_PAGE_SIZE),
        page === 1 ? found.contacts(terms, scope, CHAT_SEARCH_CONTACTS_MAX) : Promise.resolve([]),
      ]);
      const viewer: Participant = { type: 'csr', id: csrId };
      const sessions = new Map<number, Promise<TChatSession>>();
      const sessionOf = (id: number) => {
        let presented = sessions.get(id);
        if (!presented) {
          presented = store.findSession(id).then((row) => presentSession(row as SessionRow, viewer));
          sessions.set(id, presented);
        }
        return presented;
      };
      const phoneOf = (row: { dial_code: string | null; mobile: string | null }) =>
        row.mobile ? [row.dial_code, row.mobile].filter(Boolean).join(' ') : '';
      return {
        keyword,
        page,
        page_size: CHAT_SEARCH_PAGE_SIZE,
        total: messages.total,
        data: await Promise.all(
          messages.rows.map(async (row) => ({
            message_id: row.id,
            session_id: row.session_id,
            seq: row.seq,
            sender_identity: row.sender_type,
            created_at: new Date(Number(row.created_at)).toISOString(),
            snippet: snippetOf(row.content, terms),
            session: await sessionOf(row.session_id),
          })),
        ),
        contacts: await Promise.all(
          contacts.map(async (row) => ({
            tourist_id: row.id,
            nickname: snippetOf(row.nickname, terms),
            name: snippetOf([row.first_name, row.last_name].filter(Boolean).join(' '), terms),
            email: scope.mayReadContacts ? snippetOf(row.email ?? '', terms) : [],
            phone: scope.mayReadContacts ? snippetOf(phoneOf(row), terms) : [],
            session: await sessionOf(row.session_id),
          })),
        ),
      };
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
          ? await sessionToRead({ type: 'csr', id: agent.id, role: agent.role }, sessionId)
          : await sessionFor({ type: 'csr', id: agent.id }, sessionId);
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

    /**
     * A private note (decision 0058): written by the conversation's agent or a supervisor, stored
     * apart from the messages (so no message path can carry it), and delivered live to the
     * conversation's agent, its author and every supervisor, never to the visitor. A resend with the
     * same client id is stored once.
     */
    async addNote(agent: Agent, sessionId: number, content: string, clientNoteId: string): Promise<TChatNote> {
      const csrId = agent.id;
      const session = await sessionToManage(agent, sessionId);
      const { row, duplicate } = await store.insertNote({
        session_id: session.id,
        csr_id: csrId,
        after_seq: session.last_seq,
        content,
        client_note_id: clientNoteId,
        created_at: now(),
      });
      const note = await presentNote(row);
      if (!duplicate) {
        const ids = new Set([session.csr_id, csrId, ...(await store.staffInRoles(SUPERVISOR_ROLES))]);
        for (const id of ids) if (typeof id === 'number') deliver({ type: 'csr', id }, 'note', note);
      }
      return note;
    },

    /** A page of a conversation's private notes (the newest before `beforeId`), for its agent or a supervisor. */
    async notes(agent: Agent, sessionId: number, beforeId?: number): Promise<TChatNotes> {
      await sessionToRead({ type: 'csr', ...agent }, sessionId);
      const rows = await store.notesBefore(sessionId, beforeId, CHAT_NOTES_PAGE_SIZE + 1);
      const page = rows.slice(0, CHAT_NOTES_PAGE_SIZE).reverse();
      return {
        session_id: sessionId,
        data: await Promise.all(page.map(presentNote)),
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
      const session = await sessionToManage(agent, sessionId);
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
      await announceToAgents(session, csrId);
      return presentSession(session, { type: 'csr', id: csrId });
    },

    /**
     * What a quick reply's variables stand for in a conversation (decision 0058): {name} is the
     * signed-in shopper's name, else a greeting's fallback; {order_no} their latest order's number,
     * or null (the agent fills it in). Read from the shop's records, never from the client.
     */
    async replyVariables(agent: Agent, sessionId: number): Promise<TReplyVariables> {
      const session = await sessionToRead({ type: 'csr', ...agent }, sessionId);
      const tourist = await store.findTourist(session.tourist_id);
      const userId = tourist?.user_id ?? null;
      const name = userId !== null && tourist?.nickname.trim() ? tourist.nickname.trim() : QUICK_REPLY_NAME_FALLBACK;
      const orderNo = userId !== null && deps.latestOrderNo ? await deps.latestOrderNo(userId) : null;
      return { session_id: sessionId, name, order_no: orderNo };
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

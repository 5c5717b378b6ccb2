import websocket from '@fastify/websocket';
import {
  CHAT_CLOSE_SESSION_ENDED,
  CHAT_FRAME_MAX_BYTES,
  CHAT_IDLE_CLOSE_MS,
  ChatTexts,
  PathInfo,
  type TChatFrame,
  type TChatPush,
  type TPushType,
  ZChatFrame,
} from '@shop/contracts/chat-protocol';
import { roleMay, type StaffRoleName } from '@shop/contracts/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import type { Metrics } from '../infra/metrics';
import type { PubSub } from '../infra/pubsub';
import type { SessionEndReason } from '../modules/auth/ended-sessions';
import type { AuthService } from '../modules/auth/service';
import type { StaffChanges } from '../modules/staff/changes';
import type { BuildCard } from './cards';
import { loadChatConfig } from './config';
import { type ChatConnection, ChatHub } from './hub';
import { Lanes } from './lanes';
import type { ChatLimits } from './limits';
import { ringSound } from './ring';
import {
  type Agent,
  type AutoAnswer,
  CHAT_AGENT_PERMISSION,
  ChatRoleRefused,
  type ChatService,
  ChatSessionEnded,
  createChatService,
  type Participant,
  PRESENCE_REFRESH_MS,
  presentMessage,
  type Reader,
} from './service';
import { chatStore, type SessionRow } from './store';

export const CHAT_WS_PATH = '/worker/ws';
/**
 * The close code of an agent's connection whose role no longer allows answering chats: unlike 4001
 * (signed out, their staff session lives on), the console reconnects at once and its initialize is
 * refused with the reason (`init` without a user, reason `forbidden`).
 */
export const CHAT_CLOSE_ROLE_CHANGED = 4003;
/** The agents' frames whose answer depends on their role (supervisors see and manage more): each reads it afresh. */
const ROLE_FRAMES: ReadonlySet<string> = new Set([
  PathInfo.loadRecords,
  PathInfo.sessionInfo,
  PathInfo.changeSessionState,
  PathInfo.sessionList,
  PathInfo.search,
  PathInfo.addNote,
  PathInfo.loadNotes,
  PathInfo.labelSession,
  PathInfo.replyVariables,
]);
/** Frames larger than this close the connection outright; up to it, an oversized frame gets an error push. */
const HARD_FRAME_LIMIT = 1_048_576;
const SWEEP_EVERY_MS = 10_000;

type Deps = {
  db: Db;
  auth: AuthService;
  /** staff role and activity changes, heard from every instance (modules/staff/changes.ts) */
  staffChanges: Pick<StaffChanges, 'onChanged'>;
  signingKey: string;
  pubsub: PubSub;
  /** goods, order and file messages built from the shop's records (cards.ts) */
  cards: BuildCard;
  /** messages, frames and new visitors (limits.ts) */
  limits: ChatLimits;
  autoAnswer?: AutoAnswer;
  /** knowledge-base entries for agents (WsMixed/getKbsData) */
  knowledge?: (query: { page: number; page_size: number; keyword?: string }) => Promise<{ data: unknown[]; total: number }>;
  clock?: () => number;
  /** messages arriving together share a transaction (see message-writer.ts) */
  groupCommit?: boolean;
  /**
   * agents' replies were stored in these conversations, in this transaction: mailed later to a
   * visitor who left an address and is away (decision 0060)
   */
  repliesStored?: (trx: Db, sessionIds: number[], at: number) => Promise<unknown>;
  /** how long a silent connection lives, and how often that is checked (tests shorten both) */
  heartbeat?: { idleCloseMs: number; sweepEveryMs: number };
  /** connections, messages and delivery times (decision 0017) */
  metrics: Metrics;
  /** the number of a shopper's latest order, for the quick replies' {order_no} (decision 0058) */
  latestOrderNo?: (userId: number) => Promise<string | null>;
};

class SocketConnection implements ChatConnection {
  participant: Participant | null = null;
  /** an agent's connection: the agent and their role, read at initialize and again at each frame (decision 0019) */
  agent: Agent | null = null;
  /** the sign-in session this connection's identity rests on (none for a visitor without an account) */
  authSession: string | null = null;
  /** its session ended, or its agent may no longer answer chats: the connection is closing and answers nothing more */
  ended = false;
  readonly lastSeq = new Map<number, number>();
  lastSeen = Date.now();
  constructor(
    readonly socket: WebSocket,
    /** the key its frames are counted under */
    readonly limitKey: string,
  ) {}
  send(push: TChatPush) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(push));
  }
}

/** The open connections of each sign-in session, so that a session's end reaches them. */
class SessionSockets {
  private readonly bySession = new Map<string, Set<SocketConnection>>();

  add(sessionId: string, connection: SocketConnection) {
    let set = this.bySession.get(sessionId);
    if (!set) {
      set = new Set();
      this.bySession.set(sessionId, set);
    }
    set.add(connection);
  }

  delete(sessionId: string, connection: SocketConnection) {
    const set = this.bySession.get(sessionId);
    set?.delete(connection);
    if (set?.size === 0) this.bySession.delete(sessionId);
  }

  of(sessionId: string): SocketConnection[] {
    return [...(this.bySession.get(sessionId) ?? [])];
  }

  sessions(): string[] {
    return [...this.bySession.keys()];
  }
}

type ReadFrame = { frame: TChatFrame; error?: undefined } | { frame?: undefined; error: Record<string, unknown> };

/** A frame off the wire, checked against its schema; or the error push that answers it. */
function readFrame(raw: Buffer, isBinary: boolean): ReadFrame {
  if (isBinary || raw.length > CHAT_FRAME_MAX_BYTES) {
    return { error: { message: isBinary ? ChatTexts.badFrame : 'The message is too large' } };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return { error: { message: ChatTexts.badFrame } };
  }
  const parsed = ZChatFrame.safeParse(json);
  if (parsed.success) return { frame: parsed.data };
  return {
    error: {
      message: parsed.error.issues[0]?.message ?? ChatTexts.badFrame,
      pathInfo: (json as { pathInfo?: unknown } | null)?.pathInfo ?? null,
    },
  };
}

/** Frames about one conversation share its lane; the rest run as barriers (see lanes.ts). */
function laneOf(frame: TChatFrame): string | null {
  switch (frame.pathInfo) {
    case PathInfo.sendSessionMessage:
      // a visitor's first messages, sent before they know their conversation, wait for each other
      return frame.session_id === undefined ? 'session:new' : `session:${frame.session_id}`;
    case PathInfo.readMessage:
    case PathInfo.messageInputState:
    case PathInfo.sessionInfo:
      return `session:${frame.session_id}`;
    case PathInfo.loadRecords:
      return `session:${frame.id}`;
    case PathInfo.changeSessionState:
    case PathInfo.rateSession:
    case PathInfo.addNote:
    case PathInfo.loadNotes:
    case PathInfo.labelSession:
    case PathInfo.replyVariables:
      return `session:${frame.session_id}`;
    case PathInfo.search:
      // searches wait for each other only: a slow one holds back no conversation
      return 'search';
    default:
      return null;
  }
}

/** The chat over websockets (spec 7 "Chat service"): `{pathInfo, …}` in, `{type, data}` out. */
export async function registerChat(app: FastifyInstance, deps: Deps) {
  const store = chatStore(deps.db);
  const hub = new ChatHub(
    deps.pubsub,
    async (sessionId, afterSeq) => (await store.messagesAfter(sessionId, afterSeq)).map(presentMessage),
    (error) => app.log.error({ err: error }, 'chat delivery failed'),
    // from the message's stored time (the server's clock) to its recipient's socket
    (message) => deps.metrics.chatDelivery.observe(Math.max(0, Date.now() - Date.parse(message.created_at)) / 1000),
  );
  const chat = createChatService({
    db: deps.db,
    auth: deps.auth,
    signingKey: deps.signingKey,
    cards: deps.cards,
    autoAnswer: deps.autoAnswer,
    clock: deps.clock,
    groupCommit: deps.groupCommit,
    deliver: (to, type, data) => hub.deliver(to, type, data),
    deliverToAgents: (type, data) => hub.deliverToAgents(type, data),
    onMessage: (sender) => deps.metrics.chatMessages.inc({ sender }),
    latestOrderNo: deps.latestOrderNo,
    repliesStored: deps.repliesStored,
  });

  // Shutting down: clients are told to reconnect (to another instance, or to this one restarted).
  // Added before the websocket plugin, whose own preClose would otherwise close them without a code.
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    clearInterval(presence);
    stopHearing();
    stopHearingStaff();
    const closed = [...connections].map(
      (connection) =>
        new Promise<void>((resolve) => {
          connection.socket.once('close', () => resolve());
          connection.socket.close(1012, 'restarting');
        }),
    );
    await Promise.race([Promise.all(closed), new Promise((resolve) => setTimeout(resolve, 2_000))]);
    await Promise.allSettled([...leavings]);
  });
  await app.register(websocket, { options: { maxPayload: HARD_FRAME_LIMIT } });

  app.get('/worker/kefu.HttpIndex/index', { schema: { hide: true } }, async (request) => {
    const secure = request.protocol === 'https';
    const host = request.headers.host ?? 'localhost';
    const port = Number(host.split(':')[1] ?? (secure ? 443 : 80));
    // the cap on agents' conversations is the routing's, not the widget's
    const { agent_chat_cap: _routing, ...config } = await loadChatConfig(deps.db);
    return {
      code: 200,
      msg: 'ok',
      data: {
        config: {
          ...config,
          ws_url: `${secure ? 'wss' : 'ws'}://${host}${CHAT_WS_PATH}`,
          wss_switch: secure ? 'yes' : 'no',
          websocket_port: port,
        },
      },
    };
  });
  app.get('/worker/kefu.HttpIndex/ring', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', 'audio/wav').header('cache-control', 'public, max-age=86400').send(ringSound()),
  );

  app.get(CHAT_WS_PATH, { websocket: true }, (socket: WebSocket, request: FastifyRequest) => {
    const connection = new SocketConnection(socket, deps.limits.connectionKey());
    connections.add(connection);
    deps.metrics.chatConnections.inc();
    const lanes = new Lanes();
    socket.on('message', (raw: Buffer, isBinary: boolean) => {
      connection.lastSeen = Date.now();
      const read = readFrame(raw, isBinary);
      const task = read.frame ? () => handle(connection, read.frame, request) : async () => push(connection, 'error', read.error);
      lanes.run(read.frame ? laneOf(read.frame) : null, task).catch((error) => {
        request.log.error({ err: error }, 'chat frame failed');
      });
    });
    socket.on('close', () => {
      connections.delete(connection);
      if (connection.authSession) sockets.delete(connection.authSession, connection);
      deps.metrics.chatConnections.dec();
      const leaving = lanes
        .idle()
        .then(() => left(connection))
        .catch((error) => request.log.error({ err: error }, 'chat disconnect failed'))
        .finally(() => leavings.delete(leaving));
      leavings.add(leaving);
    });
  });

  const connections = new Set<SocketConnection>();
  /** the open connections of each sign-in session */
  const sockets = new SessionSockets();
  /** disconnections still being recorded; shutdown waits for them before the database closes */
  const leavings = new Set<Promise<void>>();

  function push(connection: ChatConnection, type: TPushType, data: unknown) {
    connection.send({ type, data });
  }

  async function handle(connection: SocketConnection, frame: TChatFrame, request: FastifyRequest) {
    if (connection.ended) return;
    // Every frame: a session this instance heard end answers nothing more (decision 0013).
    const endedFor = connection.authSession ? deps.auth.sessionEnded(connection.authSession) : null;
    if (endedFor) return endConnection(connection, endedFor);
    try {
      // A frame whose answer depends on the agent's role reads it afresh, as a staff request does; the
      // others (messages, typing, reading) rest on the role announced to the connection (decision 0019).
      if (connection.agent && ROLE_FRAMES.has(frame.pathInfo)) {
        const { id } = connection.agent;
        const standing = (await chat.agentsNow([id])).get(id);
        if (!standing?.active) return endConnection(connection, standing ? 'deactivated' : 'ended');
        if (!mayAnswer(standing.role)) {
          const refused = new ChatRoleRefused();
          push(connection, 'error', { message: refused.message, code: refused.status, pathInfo: frame.pathInfo });
          return closeForRole(connection);
        }
        // a supervisor made an agent loses All at once
        connection.agent = { id, role: standing.role };
      }
      // Agents are the shop's own accounts, one of them answering many visitors: the limits are the visitors'.
      if (connection.participant?.type !== 'csr') await deps.limits.frame(connection.limitKey);
      await dispatch(connection, frame, request.ip);
    } catch (error) {
      if (error instanceof AppError) {
        push(connection, 'error', { message: error.message, code: error.status, pathInfo: frame.pathInfo });
        return;
      }
      request.log.error({ err: error, pathInfo: frame.pathInfo }, 'chat frame failed');
      push(connection, 'error', { message: 'Something went wrong, please try again', pathInfo: frame.pathInfo });
    }
  }

  function needParticipant(connection: ChatConnection): Participant {
    if (!connection.participant) throw new AppError('unauthorized', 'Please initialize the connection first');
    return connection.participant;
  }
  function needCsr(connection: ChatConnection): Participant {
    const participant = needParticipant(connection);
    if (participant.type !== 'csr') throw AppError.forbidden();
    return participant;
  }
  /** The agent on the connection, with the role read for this frame. */
  function needAgent(connection: SocketConnection): Agent {
    needCsr(connection);
    if (!connection.agent) throw AppError.forbidden();
    return connection.agent;
  }
  /** Who reads: the visitor, or the agent with their role. */
  function needReader(connection: SocketConnection): Reader {
    const participant = needParticipant(connection);
    return participant.type === 'csr' ? { type: 'csr', ...needAgent(connection) } : { type: 'tourist', id: participant.id };
  }
  function needTourist(connection: ChatConnection): Participant {
    const participant = needParticipant(connection);
    if (participant.type !== 'tourist') throw AppError.forbidden();
    return participant;
  }

  async function dispatch(connection: SocketConnection, frame: TChatFrame, address: string) {
    switch (frame.pathInfo) {
      case PathInfo.ping:
        return push(connection, 'pong', { time: Date.now() });
      case PathInfo.initialize: {
        if (connection.participant) throw AppError.field('pathInfo', 'This connection is already initialized');
        let identified: Awaited<ReturnType<ChatService['identify']>>;
        try {
          identified = await chat.identify(frame, () => deps.limits.newVisitor(address));
        } catch (error) {
          // spec 4: 'init' without a user turns the chat off on the client.
          if (error instanceof ChatSessionEnded) return push(connection, 'init', { user: null, reason: 'session_ended' });
          // a staff member whose role may not answer chats (decision 0019): told why, as a bad token is
          if (error instanceof ChatRoleRefused) {
            return push(connection, 'init', { user: null, reason: 'forbidden', message: error.message });
          }
          if (error instanceof AppError && (error.status === 401 || error.status === 409)) {
            return push(connection, 'init', { user: null, reason: error.status === 409 ? 'token_expired' : 'unauthorized' });
          }
          throw error;
        }
        const { participant, role, user, authSession } = identified;
        if (participant.type === 'csr' && role) connection.agent = { id: participant.id, role };
        // The session was live when identify asked the database; one that ended since is in the set.
        if (authSession) {
          connection.authSession = authSession;
          sockets.add(authSession, connection);
          const endedFor = deps.auth.sessionEnded(authSession);
          if (endedFor) return endConnection(connection, endedFor);
        }
        for (const [id, seq] of Object.entries(frame.last_seqs ?? {})) connection.lastSeq.set(Number(id), seq);
        await hub.attach(connection, participant);
        await chat.seen([participant]);
        // An agent who opens the console while marked offline is taken as ready to answer.
        const comingOnline = participant.type === 'csr' && user.status === 'offline';
        push(connection, 'init', { user: comingOnline ? { ...user, status: 'online' } : user });
        if (comingOnline) {
          await chat.changeStatus(participant.id, 'online');
          push(connection, 'changeStatus', { id: participant.id, status: 'online' });
        } else {
          // the other side sees them here; an agent still Online takes from the queue (decision 0057)
          await chat.arrived(participant);
        }
        push(connection, participant.type === 'csr' ? 'csrWindowInit' : 'sessions', await chat.sessions(participant));
        if (participant.type === 'csr') push(connection, 'operates', { queue: await chat.queue() });
        for (const message of await chat.missed(participant, frame.last_seqs ?? {})) await hub.sendMessage(connection, message);
        return;
      }
      case PathInfo.distribution: {
        // Opening the widget: the visitor's conversation if they have one; a new one waits for their first message.
        const tourist = needTourist(connection);
        const { session, csrId } = await chat.openConversation(tourist.id);
        if (!session) return push(connection, 'distribution', { session_id: null, csr: null });
        if (!connection.lastSeq.has(session.id)) connection.lastSeq.set(session.id, 0);
        return hub.deliver(tourist, 'distribution', { session_id: session.id, csr: await chat.staffCard(csrId) });
      }
      case PathInfo.sendSessionMessage: {
        const participant = needParticipant(connection);
        if (participant.type === 'tourist') await deps.limits.message(participant, address);
        let sessionId = frame.session_id;
        let queued: SessionRow | null = null;
        if (sessionId === undefined) {
          // A visitor's first message opens their conversation (two at once open one: store.insertOpenSession).
          if (participant.type !== 'tourist') throw AppError.field('session_id', ChatTexts.selectConversation);
          const { session, csrId } = await chat.distribute(participant.id, false);
          sessionId = session.id;
          if (csrId === null) queued = session;
          if (!connection.lastSeq.has(session.id)) connection.lastSeq.set(session.id, 0);
          hub.deliver(participant, 'distribution', { session_id: session.id, csr: await chat.staffCard(csrId) });
        }
        const { message, duplicate } = await chat.send(participant, { ...frame, session_id: sessionId });
        // A resend is stored once; the sender hears about it again so it can stop resending.
        if (duplicate) push(connection, 'newMessage', message);
        if (queued) await chat.announceQueue(queued);
        return;
      }
      case PathInfo.loadRecords:
        return push(connection, 'sessionRecords', await chat.records(needReader(connection), frame.id, frame.page));
      case PathInfo.readMessage:
        await chat.read(needParticipant(connection), frame.session_id, frame.up_to_seq);
        return;
      case PathInfo.sessionInfo:
        return push(connection, 'sessionInfo', await chat.sessionInfo(needReader(connection), frame.session_id));
      case PathInfo.refreshSessionList: {
        const participant = needParticipant(connection);
        return push(connection, 'sessions', await chat.sessions(participant));
      }
      case PathInfo.messageInputState: {
        const participant = needParticipant(connection);
        const other = await chat.counterpart(participant, frame.session_id);
        if (other)
          hub.deliver(other, 'messageInputState', { session_id: frame.session_id, state: frame.state, from: participant.type });
        return;
      }
      case PathInfo.changeStatus: {
        const csr = needCsr(connection);
        await chat.changeStatus(csr.id, frame.status);
        return hub.deliver(csr, 'changeStatus', { id: csr.id, status: frame.status });
      }
      case PathInfo.addSession: {
        const csr = needCsr(connection);
        return push(connection, 'sessionInfo', await chat.addSession(csr.id, frame.tourist_id));
      }
      case PathInfo.getKbsData: {
        needCsr(connection);
        const found = deps.knowledge
          ? await deps.knowledge({ page: frame.page, page_size: 20, keyword: frame.keyword })
          : { data: [], total: 0 };
        return push(connection, 'kbsData', { page: frame.page, ...found });
      }
      case PathInfo.trajectory: {
        const tourist = needTourist(connection);
        await chat.trajectory(tourist.id, { title: frame.title, url: frame.url, referrer: frame.referrer });
        return;
      }
      case PathInfo.getTrajectoryData:
        needCsr(connection);
        return push(connection, 'trajectoryData', await chat.trajectoryData(frame.id, frame.page));
      case PathInfo.touristInfo:
        needCsr(connection);
        return push(connection, 'touristInfo', await chat.touristInfo(frame.id));
      case PathInfo.touristList:
        needCsr(connection);
        return push(connection, 'tourists', { page: frame.page, data: await chat.tourists(frame.page) });
      case PathInfo.invite:
        await chat.invite(needCsr(connection).id, frame.tourist_id);
        return;
      case PathInfo.transfer: {
        const tip = await chat.transfer(needCsr(connection).id, frame.session_id, frame.csr_id);
        return push(connection, 'tip', { message: tip });
      }
      case PathInfo.top:
        return push(connection, 'sessions', await chat.pin(needCsr(connection).id, frame.session_id, frame.top));
      case PathInfo.changeSessionState: {
        const agent = needAgent(connection);
        return push(connection, 'sessionInfo', await chat.changeState(agent, frame.session_id, frame.state, frame.snoozed_until));
      }
      case PathInfo.sessionList: {
        const agent = needAgent(connection);
        return push(connection, 'sessionList', await chat.sessionList(agent, frame.view, frame.state, frame.page, frame.label));
      }
      case PathInfo.search: {
        const agent = needAgent(connection);
        return push(connection, 'searchDone', await chat.search(agent, frame.keyword, frame.page));
      }
      case PathInfo.addNote: {
        const agent = needAgent(connection);
        const note = await chat.addNote(agent, frame.session_id, frame.content, frame.client_note_id);
        // a resend is stored once; the writer hears of it again so it stops resending
        return push(connection, 'note', note);
      }
      case PathInfo.loadNotes:
        return push(connection, 'notes', await chat.notes(needAgent(connection), frame.session_id, frame.before_id));
      case PathInfo.labelSession: {
        const agent = needAgent(connection);
        return push(connection, 'sessionInfo', await chat.label(agent, frame.session_id, frame.action, frame.label));
      }
      case PathInfo.replyVariables:
        return push(connection, 'replyVariables', await chat.replyVariables(needAgent(connection), frame.session_id));
      case PathInfo.rateSession: {
        const tourist = needTourist(connection);
        return push(connection, 'sessionInfo', await chat.rate(tourist.id, frame.session_id, frame.stars, frame.comment));
      }
      case PathInfo.changeLanguage: {
        const participant = needParticipant(connection);
        if (participant.type === 'tourist') await store.updateTourist(participant.id, { language: frame.language });
        return push(connection, 'languageChanged', { language: frame.language });
      }
    }
  }

  /** The connection's sign-in session ended: it is told, then closed with 4001. */
  function endConnection(connection: SocketConnection, reason: SessionEndReason | 'ended') {
    if (connection.ended) return;
    connection.ended = true;
    push(connection, 'session_ended', { reason, message: ChatTexts.signedOut });
    connection.socket.close(CHAT_CLOSE_SESSION_ENDED, 'session ended');
  }

  /**
   * Whether the role an agent holds now (null: one the shop does not know) may answer chats. The
   * staff service announces each role change to every instance; a frame whose answer depends on the
   * role reads it afresh, and the heartbeat sweep reads every connected agent's, for a change that
   * was not announced (Redis away for a moment, a change made in the database). A deactivated agent
   * is signed out, as the end of their sessions, announced a moment later, would do.
   */
  const mayAnswer = (role: StaffRoleName | null): role is StaffRoleName => role !== null && roleMay(role, CHAT_AGENT_PERMISSION);

  /**
   * An agent's role no longer allows answering chats: the connection closes with
   * CHAT_CLOSE_ROLE_CHANGED, and the console, reconnecting, is refused at initialize with the reason.
   */
  function closeForRole(connection: SocketConnection) {
    if (connection.ended) return;
    connection.ended = true;
    connection.socket.close(CHAT_CLOSE_ROLE_CHANGED, 'role changed');
  }

  /** The agents connected here, read in one query: a deactivated one is signed out, one whose role may no longer answer chats closes. */
  async function sweepRoles() {
    const agents = [...connections].filter((connection) => connection.agent && !connection.ended);
    const ids = new Set(agents.flatMap((connection) => (connection.agent ? [connection.agent.id] : [])));
    if (!ids.size) return;
    const standings = await chat.agentsNow([...ids]);
    for (const connection of agents) {
      const standing = connection.agent && standings.get(connection.agent.id);
      if (!standing?.active) endConnection(connection, standing ? 'deactivated' : 'ended');
      else if (!mayAnswer(standing.role)) closeForRole(connection);
      else if (connection.agent) connection.agent = { id: connection.agent.id, role: standing.role };
    }
  }

  // A role or activity change on any instance reaches its agent's connections here at once.
  const stopHearingStaff = deps.staffChanges.onChanged(({ staffId, role, active }) => {
    for (const connection of connections) {
      if (connection.ended || connection.agent?.id !== staffId) continue;
      if (!active) endConnection(connection, 'deactivated');
      else if (!mayAnswer(role)) closeForRole(connection);
      else connection.agent = { id: staffId, role };
    }
  });

  // A session ended on any instance closes its connections here.
  const stopHearing = deps.auth.onSessionsEnded(({ sessionIds, reason }) => {
    for (const id of sessionIds) for (const connection of sockets.of(id)) endConnection(connection, reason);
  });

  /**
   * An announcement this instance missed (Redis away for a moment) or a session that simply ran
   * out: the sessions of the connections held here are checked against the database, in one query,
   * at every heartbeat sweep.
   */
  async function sweepSessions() {
    const held = sockets.sessions();
    if (!held.length) return;
    const live = await deps.auth.liveSessionsAmong(held);
    for (const id of held) {
      if (live.has(id)) continue;
      for (const connection of sockets.of(id)) endConnection(connection, 'ended');
    }
  }

  async function left(connection: ChatConnection) {
    hub.detach(connection);
    const participant = connection.participant;
    if (!participant || hub.localCount(participant) > 0) return;
    // The last connection here: gone, unless another instance holds one, which then says so.
    await chat.gone(participant);
    hub.askWhoHolds(participant);
  }
  hub.whenStillHeld((participant) => {
    chat.stillHere(participant).catch((error) => app.log.error({ err: error }, 'chat presence failed'));
  });

  // Presence: the participants connected here are seen again well within the presence window.
  const presence = setInterval(() => {
    chat.seen(hub.participants()).catch((error) => app.log.error({ err: error }, 'chat presence failed'));
  }, PRESENCE_REFRESH_MS);
  presence.unref();

  // Snoozed conversations are woken by a job of the registry (jobs.ts), on one instance at a time.

  const { idleCloseMs, sweepEveryMs } = deps.heartbeat ?? { idleCloseMs: CHAT_IDLE_CLOSE_MS, sweepEveryMs: SWEEP_EVERY_MS };
  const sweep = setInterval(() => {
    sweepSessions().catch((error) => app.log.error({ err: error }, 'chat session sweep failed'));
    sweepRoles().catch((error) => app.log.error({ err: error }, 'chat role sweep failed'));
    const idleSince = Date.now() - idleCloseMs;
    for (const connection of connections) {
      if (connection.lastSeen < idleSince) {
        connection.send({ type: 'close', data: { reason: 'idle' } });
        connection.socket.close(1001, 'idle');
      }
    }
  }, sweepEveryMs);
  sweep.unref();

  return { chat, hub };
}

import websocket from '@fastify/websocket';
import {
  CHAT_CLOSE_SESSION_ENDED,
  CHAT_IDLE_CLOSE_MS,
  ChatTexts,
  PathInfo,
  type TChatFrame,
} from '@shop/contracts/chat-protocol';
import { roleMay, type StaffRoleName } from '@shop/contracts/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import type { Metrics } from '../infra/metrics';
import type { PubSub } from '../infra/pubsub';
import type { AuthService, SessionEndReason } from '../modules/auth';
import type { StaffChanges } from '../modules/staff';
import type { BuildCard } from './cards';
import { push, readFrame, SessionSockets, SocketConnection } from './connection';
import { dispatch, type KnowledgeSearch } from './frame-handlers';
import { type ChatConnection, ChatHub } from './hub';
import { Lanes, laneOf } from './lanes';
import type { ChatLimits } from './limits';
import {
  type AutoAnswer,
  CHAT_AGENT_PERMISSION,
  ChatRoleRefused,
  createChatService,
  PRESENCE_REFRESH_MS,
  presentMessage,
} from './service';
import { chatStore } from './store';
import { CHAT_WS_PATH, chatWidgetRoutes } from './widget-routes';

export { CHAT_WS_PATH } from './widget-routes';

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
  knowledge?: KnowledgeSearch;
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

/**
 * The chat over websockets (spec 7 "Chat service"): `{pathInfo, …}` in, `{type, data}` out. Here
 * the connections: accepted, checked at every frame, swept, closed; each frame is answered by its
 * handler (frame-handlers.ts).
 */
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
  chatWidgetRoutes(app, deps.db);

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
      await dispatch(frame, {
        connection,
        address: request.ip,
        chat,
        hub,
        store,
        limits: deps.limits,
        auth: deps.auth,
        knowledge: deps.knowledge,
        sockets,
        endConnection,
      });
    } catch (error) {
      if (error instanceof AppError) {
        push(connection, 'error', { message: error.message, code: error.status, pathInfo: frame.pathInfo });
        return;
      }
      request.log.error({ err: error, pathInfo: frame.pathInfo }, 'chat frame failed');
      push(connection, 'error', { message: 'Something went wrong, please try again', pathInfo: frame.pathInfo });
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

import { ChatTexts, PathInfo, type TChatFrame } from '@shop/contracts/chat-protocol';
import { AppError } from '../http/errors';
import type { AuthService, SessionEndReason } from '../modules/auth';
import {
  needAgent,
  needCsr,
  needParticipant,
  needReader,
  needTourist,
  push,
  type SessionSockets,
  type SocketConnection,
} from './connection';
import type { ChatHub } from './hub';
import { initialize } from './initialize-frame';
import type { ChatLimits } from './limits';
import type { Participant } from './participants';
import type { ChatService } from './service';
import type { ChatStore, SessionRow } from './store';

/** Knowledge-base entries for agents (WsMixed/getKbsData). */
export type KnowledgeSearch = (query: {
  page: number;
  page_size: number;
  keyword?: string;
}) => Promise<{ data: unknown[]; total: number }>;

/** What a frame's handler works with: its connection and the gateway's parts. */
export type FrameContext = {
  connection: SocketConnection;
  /** the client's address, which the visitors' limits count by */
  address: string;
  chat: ChatService;
  hub: ChatHub;
  store: ChatStore;
  limits: ChatLimits;
  auth: Pick<AuthService, 'sessionEnded'>;
  knowledge?: KnowledgeSearch;
  /** the open connections of each sign-in session */
  sockets: SessionSockets;
  /** the connection's sign-in session ended: it is told, then closed */
  endConnection: (connection: SocketConnection, reason: SessionEndReason | 'ended') => void;
};

type FrameOf<P extends TChatFrame['pathInfo']> = Extract<TChatFrame, { pathInfo: P }>;
type FrameHandler<P extends TChatFrame['pathInfo']> = (frame: FrameOf<P>, on: FrameContext) => unknown;

/** A visitor's first message opens their conversation (two at once open one: store.insertOpenSession). */
async function openByFirstMessage({ connection, chat, hub }: FrameContext, tourist: Participant) {
  const { session, csrId } = await chat.distribute(tourist.id, false);
  if (!connection.lastSeq.has(session.id)) connection.lastSeq.set(session.id, 0);
  hub.deliver(tourist, 'distribution', { session_id: session.id, csr: await chat.staffCard(csrId) });
  return { session, queued: csrId === null ? session : null };
}

/** Each frame's handler, by its pathInfo: what it does and what it answers (spec 7). */
export const frameHandlers: { [P in TChatFrame['pathInfo']]: FrameHandler<P> } = {
  [PathInfo.ping]: (_frame, { connection }) => push(connection, 'pong', { time: Date.now() }),

  [PathInfo.initialize]: initialize,

  [PathInfo.distribution]: async (_frame, { connection, chat, hub }) => {
    // Opening the widget: the visitor's conversation if they have one; a new one waits for their first message.
    const tourist = needTourist(connection);
    const { session, csrId } = await chat.openConversation(tourist.id);
    if (!session) return push(connection, 'distribution', { session_id: null, csr: null });
    if (!connection.lastSeq.has(session.id)) connection.lastSeq.set(session.id, 0);
    return hub.deliver(tourist, 'distribution', { session_id: session.id, csr: await chat.staffCard(csrId) });
  },

  [PathInfo.sendSessionMessage]: async (frame, on) => {
    const { connection, chat } = on;
    const participant = needParticipant(connection);
    if (participant.type === 'tourist') await on.limits.message(participant, on.address);
    let sessionId = frame.session_id;
    let queued: SessionRow | null = null;
    if (sessionId === undefined) {
      if (participant.type !== 'tourist') throw AppError.field('session_id', ChatTexts.selectConversation);
      const opened = await openByFirstMessage(on, participant);
      sessionId = opened.session.id;
      queued = opened.queued;
    }
    const { message, duplicate } = await chat.send(participant, { ...frame, session_id: sessionId });
    // A resend is stored once; the sender hears about it again so it can stop resending.
    if (duplicate) push(connection, 'newMessage', message);
    if (queued) await chat.announceQueue(queued);
  },

  [PathInfo.loadRecords]: async (frame, { connection, chat }) =>
    push(connection, 'sessionRecords', await chat.records(needReader(connection), frame.id, frame.page)),

  [PathInfo.readMessage]: async (frame, { connection, chat }) => {
    await chat.read(needParticipant(connection), frame.session_id, frame.up_to_seq);
  },

  [PathInfo.sessionInfo]: async (frame, { connection, chat }) =>
    push(connection, 'sessionInfo', await chat.sessionInfo(needReader(connection), frame.session_id)),

  [PathInfo.refreshSessionList]: async (_frame, { connection, chat }) =>
    push(connection, 'sessions', await chat.sessions(needParticipant(connection))),

  [PathInfo.messageInputState]: async (frame, { connection, chat, hub }) => {
    const participant = needParticipant(connection);
    const other = await chat.counterpart(participant, frame.session_id);
    if (other)
      hub.deliver(other, 'messageInputState', { session_id: frame.session_id, state: frame.state, from: participant.type });
  },

  [PathInfo.changeStatus]: async (frame, { connection, chat, hub }) => {
    const csr = needCsr(connection);
    await chat.changeStatus(csr.id, frame.status);
    return hub.deliver(csr, 'changeStatus', { id: csr.id, status: frame.status });
  },

  [PathInfo.addSession]: async (frame, { connection, chat }) =>
    push(connection, 'sessionInfo', await chat.addSession(needCsr(connection).id, frame.tourist_id)),

  [PathInfo.getKbsData]: async (frame, { connection, knowledge }) => {
    needCsr(connection);
    const found = knowledge
      ? await knowledge({ page: frame.page, page_size: 20, keyword: frame.keyword })
      : { data: [], total: 0 };
    return push(connection, 'kbsData', { page: frame.page, ...found });
  },

  [PathInfo.trajectory]: async (frame, { connection, chat }) => {
    const tourist = needTourist(connection);
    await chat.trajectory(tourist.id, { title: frame.title, url: frame.url, referrer: frame.referrer });
  },

  [PathInfo.getTrajectoryData]: async (frame, { connection, chat }) => {
    needCsr(connection);
    return push(connection, 'trajectoryData', await chat.trajectoryData(frame.id, frame.page));
  },

  [PathInfo.touristInfo]: async (frame, { connection, chat }) => {
    needCsr(connection);
    return push(connection, 'touristInfo', await chat.touristInfo(frame.id));
  },

  [PathInfo.touristList]: async (frame, { connection, chat }) => {
    needCsr(connection);
    return push(connection, 'tourists', { page: frame.page, data: await chat.tourists(frame.page) });
  },

  [PathInfo.invite]: async (frame, { connection, chat }) => {
    await chat.invite(needCsr(connection).id, frame.tourist_id);
  },

  [PathInfo.transfer]: async (frame, { connection, chat }) => {
    const tip = await chat.transfer(needCsr(connection).id, frame.session_id, frame.csr_id);
    return push(connection, 'tip', { message: tip });
  },

  [PathInfo.top]: async (frame, { connection, chat }) =>
    push(connection, 'sessions', await chat.pin(needCsr(connection).id, frame.session_id, frame.top)),

  [PathInfo.changeSessionState]: async (frame, { connection, chat }) => {
    const agent = needAgent(connection);
    return push(connection, 'sessionInfo', await chat.changeState(agent, frame.session_id, frame.state, frame.snoozed_until));
  },

  [PathInfo.sessionList]: async (frame, { connection, chat }) => {
    const agent = needAgent(connection);
    return push(connection, 'sessionList', await chat.sessionList(agent, frame.view, frame.state, frame.page, frame.label));
  },

  [PathInfo.search]: async (frame, { connection, chat }) =>
    push(connection, 'searchDone', await chat.search(needAgent(connection), frame.keyword, frame.page)),

  [PathInfo.addNote]: async (frame, { connection, chat }) => {
    const agent = needAgent(connection);
    const note = await chat.addNote(agent, frame.session_id, frame.content, frame.client_note_id);
    // a resend is stored once; the writer hears of it again so it stops resending
    return push(connection, 'note', note);
  },

  [PathInfo.loadNotes]: async (frame, { connection, chat }) =>
    push(connection, 'notes', await chat.notes(needAgent(connection), frame.session_id, frame.before_id)),

  [PathInfo.labelSession]: async (frame, { connection, chat }) => {
    const agent = needAgent(connection);
    return push(connection, 'sessionInfo', await chat.label(agent, frame.session_id, frame.action, frame.label));
  },

  [PathInfo.replyVariables]: async (frame, { connection, chat }) =>
    push(connection, 'replyVariables', await chat.replyVariables(needAgent(connection), frame.session_id)),

  [PathInfo.rateSession]: async (frame, { connection, chat }) => {
    const tourist = needTourist(connection);
    return push(connection, 'sessionInfo', await chat.rate(tourist.id, frame.session_id, frame.stars, frame.comment));
  },

  [PathInfo.changeLanguage]: async (frame, { connection, store }) => {
    const participant = needParticipant(connection);
    if (participant.type === 'tourist') await store.updateTourist(participant.id, { language: frame.language });
    return push(connection, 'languageChanged', { language: frame.language });
  },
};

/** Runs a frame's handler. */
export async function dispatch(frame: TChatFrame, on: FrameContext) {
  const handler = frameHandlers[frame.pathInfo] as FrameHandler<TChatFrame['pathInfo']>;
  await handler(frame, on);
}

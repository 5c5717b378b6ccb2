import type { TChatMessage, TChatSession, TChatStatus, TChatUser, TChatUserBaseInfo } from '@shop/contracts/chat-protocol';
import type { ChatConnectionDetail, ChatConnectionState, ChatPush } from '../connection';
import { applyReadReceipt, mergeMessages, type PendingMessage, type ReadReceipt, settlePending } from '../messages-merge';

/**
 * What the shopper's chat widget knows, and how each server push (spec 7 "Server pushes") and each
 * thing the shopper does changes it: a pure reducer, so the rules (one conversation, unread count,
 * replay without doubles, the invitation) are tested without a browser.
 */

export type AgentCard = { id: number; nickname: string; avatar: string; status: TChatStatus };

export type WidgetState = {
  connection: ChatConnectionState | 'idle';
  /** the connection's text to show now ('Network is weak, reconnecting automatically.', …) */
  notice: string | null;
  /**
   * the chat was turned off (spec 4): why, when there is something to say; `signedOut` when the
   * sign-in session it rested on ended (the widget then says so instead of vanishing)
   */
  off: { message: string | null; signedOut: boolean } | null;
  me: TChatUser | null;
  /** the conversation shown: the visitor's open one, or the one the server just gave them */
  sessionId: number | null;
  sessionStatus: TChatSession['status'] | null;
  agent: AgentCard | null;
  /** the stored messages of the conversation, once each, by sequence */
  messages: TChatMessage[];
  /** sent and not yet stored; sent again after a reconnect with the same client id */
  pending: PendingMessage[];
  /** history pages loaded (loadRecords pages back from the newest) */
  historyPage: number;
  historyLoaded: boolean;
  /** the server has no older page */
  historyExhausted: boolean;
  loadingOlder: boolean;
  /** the agent's messages not read yet */
  unread: number;
  agentTyping: boolean;
  /** the newest message from the agent while the dialog was closed (the new-message tooltip) */
  tooltip: TChatMessage | null;
  invitation: { by: 'auto' | 'agent'; agent: AgentCard | null } | null;
  open: boolean;
  /** a conversation was asked for (distribution) and not yet given */
  distributing: boolean;
  /** the visitor has no conversation yet: their first message opens one (decision 0014) */
  fresh: boolean;
  /**
   * the satisfaction question after a resolve (decision 0053): `due` while the resolution is not
   * rated, `sending` while a rating is on its way, `error` when the server refused it, `thanked`
   * once this widget's rating was stored
   */
  csat: { due: boolean; sending: boolean; error: string | null; thanked: boolean };
};

/** A conversation's history, unread count and typing state before anything of it has arrived. */
const freshConversation = {
  historyPage: 0,
  historyLoaded: false,
  historyExhausted: false,
  loadingOlder: false,
  unread: 0,
  agentTyping: false,
} as const;

export const initialWidgetState: WidgetState = {
  connection: 'idle',
  notice: null,
  off: null,
  me: null,
  sessionId: null,
  sessionStatus: null,
  agent: null,
  messages: [],
  pending: [],
  ...freshConversation,
  tooltip: null,
  invitation: null,
  open: false,
  distributing: false,
  fresh: false,
  csat: { due: false, sending: false, error: null, thanked: false },
};

export type WidgetEvent =
  | { type: 'connection'; state: ChatConnectionState; detail?: ChatConnectionDetail }
  | { type: 'push'; push: ChatPush }
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'distributing' }
  | { type: 'olderRequested' }
  | { type: 'pending'; message: PendingMessage }
  | { type: 'pendingFailed'; clientMsgId: string }
  | { type: 'read' }
  | { type: 'invite'; by: 'auto' | 'agent'; agent?: AgentCard | null }
  | { type: 'invitationDismissed' }
  | { type: 'tooltipDismissed' }
  | { type: 'typingStopped' }
  | { type: 'rating' };

type RecordsPage = { session_id: number; page: number; page_size: number; total: number; data: TChatMessage[] };
type Distribution = { session_id: number | null; csr: AgentCard | null };
type InputState = { session_id: number; state: 'input' | 'blur'; from: 'tourist' | 'csr' };
type StatusPush = { id: number; status: TChatStatus; csr?: AgentCard | null };

const isOpenSession = (session: TChatSession) => session.status === 'active' || session.status === 'queued';

function agentOf(session: TChatSession): AgentCard | null {
  if (session.session_user_identity !== 'csr' || session.session_user_id <= 0) return null;
  return {
    id: session.session_user_id,
    nickname: session.nickname,
    avatar: session.avatar,
    status: session.session_user_status,
  };
}

/**
 * Another conversation than the one held: its messages and history start afresh. Messages sent
 * before there was one (session 0) belong to it.
 */
function switchTo(state: WidgetState, sessionId: number): WidgetState {
  if (state.sessionId === sessionId) return state.fresh ? { ...state, fresh: false } : state;
  return {
    ...state,
    sessionId,
    fresh: false,
    messages: [],
    pending: state.pending
      .filter((message) => message.session_id === sessionId || message.session_id === 0)
      .map((message) => ({ ...message, session_id: sessionId })),
    ...freshConversation,
  };
}

/** What counts as unread for the visitor: the agent's messages, as the server counts them (not its own notices). */
const incoming = (message: TChatMessage) => message.sender_identity === 'csr';

/** The question's state as the server last described the conversation. */
function csatOf(state: WidgetState, session: TChatSession): WidgetState['csat'] {
  const rated = state.csat.sending && !session.rating_due && session.rating !== null;
  return {
    due: session.rating_due,
    sending: session.rating_due ? state.csat.sending : false,
    error: session.rating_due ? state.csat.error : null,
    thanked: rated || (state.csat.thanked && !session.rating_due && session.state === 'resolved'),
  };
}

function onPush(state: WidgetState, push: ChatPush): WidgetState {
  switch (push.type) {
    case 'init': {
      const user = (push.data as { user?: TChatUser | null } | null)?.user ?? null;
      return user ? { ...state, me: user, off: null } : state;
    }
    case 'sessions': {
      const sessions = Array.isArray(push.data) ? (push.data as TChatSession[]) : [];
      const held = sessions.find((session) => session.id === state.sessionId);
      const current = held && isOpenSession(held) ? held : (sessions.find(isOpenSession) ?? held);
      if (!current) return state;
      const next = switchTo(state, current.id);
      return {
        ...next,
        sessionStatus: current.status,
        csat: csatOf(next, current),
        agent: agentOf(current) ?? next.agent,
        // the server's count, unless the shopper is reading the conversation now
        unread: state.open ? 0 : current.unread_message_count,
      };
    }
    case 'sessionInfo': {
      const session = push.data as TChatSession;
      if (session.id !== state.sessionId) return state;
      return { ...state, sessionStatus: session.status, csat: csatOf(state, session), agent: agentOf(session) ?? state.agent };
    }
    case 'distribution': {
      const { session_id, csr } = push.data as Distribution;
      // no conversation yet: the composer is ready, and the first message opens one
      if (session_id === null) return { ...state, distributing: false, fresh: true };
      const next = switchTo(state, session_id);
      return { ...next, distributing: false, agent: csr ?? null, sessionStatus: csr ? 'active' : 'queued' };
    }
    case 'newMessage': {
      const message = push.data as TChatMessage;
      let next = state;
      // a conversation an agent opened, or the first message of a new one
      if (message.session_id !== state.sessionId) {
        if (state.sessionId !== null && state.sessionStatus !== 'closed') return state;
        next = { ...switchTo(state, message.session_id), sessionStatus: 'active' };
      }
      const isNew = !next.messages.some((held) => held.id === message.id);
      const messages = mergeMessages(next.messages, [message]);
      const pending = settlePending(next.pending, [message]);
      if (!isNew || !incoming(message)) return { ...next, messages, pending };
      return {
        ...next,
        messages,
        pending,
        agentTyping: false,
        unread: next.open ? next.unread : next.unread + 1,
        tooltip: next.open ? next.tooltip : message,
      };
    }
    case 'sessionRecords': {
      const page = push.data as RecordsPage;
      if (page.session_id !== state.sessionId) return state;
      return {
        ...state,
        messages: mergeMessages(state.messages, page.data),
        pending: settlePending(state.pending, page.data),
        historyPage: Math.max(state.historyPage, page.page),
        historyLoaded: true,
        historyExhausted: page.data.length < page.page_size || page.page * page.page_size >= page.total,
        loadingOlder: false,
      };
    }
    case 'readMessage':
      return { ...state, messages: applyReadReceipt(state.messages, push.data as ReadReceipt) };
    case 'messageInputState': {
      const typing = push.data as InputState;
      if (typing.session_id !== state.sessionId || typing.from !== 'csr') return state;
      return { ...state, agentTyping: typing.state === 'input' };
    }
    case 'changeUserBaseInfo': {
      // the conversation's agent changed (a transfer) or their status did: the header follows at
      // once; the conversation, its messages and the unread count stay (decision 0057)
      const info = push.data as TChatUserBaseInfo;
      if (info.identity !== 'csr' || info.session_id !== state.sessionId) return state;
      return { ...state, agent: { id: info.id, nickname: info.nickname, avatar: info.avatar, status: info.status } };
    }
    case 'changeStatus': {
      const status = push.data as StatusPush;
      // an agent invites this visitor to talk
      if (status.status === 'invite' && !state.open) return { ...state, invitation: { by: 'agent', agent: status.csr ?? null } };
      return state;
    }
    case 'error': {
      const error = push.data as { pathInfo?: string } | null;
      if (error?.pathInfo === 'worker/kefu.WsIndex/distribution') return { ...state, distributing: false };
      if (error?.pathInfo === 'worker/kefu.Wsession/loadRecords') return { ...state, loadingOlder: false };
      if (error?.pathInfo === 'worker/kefu.Wsession/rateSession') {
        const message = (push.data as { message?: string } | null)?.message ?? null;
        return { ...state, csat: { ...state.csat, sending: false, error: message } };
      }
      return state;
    }
    default:
      return state;
  }
}

export function widgetReducer(state: WidgetState, event: WidgetEvent): WidgetState {
  switch (event.type) {
    case 'connection': {
      const notice = event.state === 'reconnecting' || event.state === 'off' ? (event.detail?.message ?? null) : null;
      if (event.state === 'off' && event.detail?.reason === 'session_ended') {
        // nothing of the signed-out shopper's conversation stays on the page
        return {
          ...initialWidgetState,
          open: state.open,
          connection: 'off',
          notice,
          off: { message: event.detail.message ?? null, signedOut: true },
        };
      }
      return {
        ...state,
        connection: event.state,
        notice,
        off: event.state === 'off' ? { message: event.detail?.message ?? null, signedOut: false } : null,
        // nothing is on its way while the connection is down
        distributing: event.state === 'open' ? state.distributing : false,
        loadingOlder: event.state === 'open' ? state.loadingOlder : false,
        agentTyping: false,
      };
    }
    case 'push':
      return onPush(state, event.push);
    case 'open': {
      // accepting an agent's invitation: that agent is the one the first message goes to
      const invitedBy = state.invitation?.by === 'agent' ? state.invitation.agent : null;
      return { ...state, open: true, invitation: null, tooltip: null, agent: state.agent ?? invitedBy };
    }
    case 'close':
      return { ...state, open: false };
    case 'distributing':
      return { ...state, distributing: true };
    case 'olderRequested':
      return { ...state, loadingOlder: true };
    case 'pending':
      return { ...state, pending: [...state.pending, event.message] };
    case 'pendingFailed':
      return { ...state, pending: state.pending.filter((message) => message.client_msg_id !== event.clientMsgId) };
    case 'read':
      return state.unread === 0 && state.tooltip === null ? state : { ...state, unread: 0, tooltip: null };
    case 'invite':
      return state.open ? state : { ...state, invitation: { by: event.by, agent: event.agent ?? state.agent } };
    case 'invitationDismissed':
      return { ...state, invitation: null };
    case 'tooltipDismissed':
      return { ...state, tooltip: null };
    case 'typingStopped':
      return state.agentTyping ? { ...state, agentTyping: false } : state;
    case 'rating':
      return { ...state, csat: { ...state.csat, sending: true, error: null } };
  }
}

/** The last sequence seen of the conversation, for `last_seqs` in initialize (the replay after a reconnect). */
export function lastSeqs(state: WidgetState): Record<string, number> {
  if (state.sessionId === null || state.messages.length === 0) return {};
  const last = state.messages[state.messages.length - 1];
  return last ? { [String(state.sessionId)]: last.seq } : {};
}

/** There are older messages to load (sequences start at 1 in every conversation). */
export function hasOlder(state: WidgetState): boolean {
  if (!state.historyLoaded || state.historyExhausted) return false;
  const first = state.messages[0];
  return first !== undefined && first.seq > 1;
}

/** The agent's messages not yet marked read, as the sequence to mark read up to (null when none). */
export function unreadUpTo(state: WidgetState): number | null {
  let upTo: number | null = null;
  for (const message of state.messages) {
    if (message.sender_identity === 'csr' && message.status !== 'read') upTo = message.seq;
  }
  if (upTo === null && state.unread > 0) {
    const last = state.messages[state.messages.length - 1];
    return last ? last.seq : null;
  }
  return upTo;
}

/**
 * The conversation the composer writes to: the one held, 0 when the first message is to open one,
 * or null when there is none to write to yet.
 */
export function writingTo(state: WidgetState): number | null {
  return state.fresh ? 0 : state.sessionId;
}

import {
  CHAT_SESSION_LIST_PAGE_SIZE,
  CHAT_TRAJECTORY_PAGE_SIZE,
  chatPreview,
  type TChatSessionState,
  type TChatSessionView,
} from '@shop/contracts/chat-constants';
import type {
  TChatMessage,
  TChatNote,
  TChatNotes,
  TChatQueue,
  TChatSession,
  TChatSessionList,
  TChatStatus,
  TChatTourist,
  TChatUser,
  TChatUserBaseInfo,
} from '@shop/contracts/chat-protocol';
import type { TKbEntry } from '@shop/contracts/chat-support';
import type { ChatConnectionState } from '../chat';
import { applyReadReceipt, lastSeqOf, mergeMessages, type PendingMessage, type ReadReceipt, settlePending } from '../chat';

/**
 * What the agents' console knows, and how each server push (spec 7 "Server pushes") changes it: a
 * pure reducer, so the rules (ordering, unread counts, replay without doubles) are tested without a
 * browser.
 */

export type Conversation = {
  messages: TChatMessage[];
  /** the newest history page loaded (1 = the newest 20) */
  page: number;
  /** every message the server holds for the session */
  total: number;
  loaded: boolean;
  loadingOlder: boolean;
};

export type TrajectoryEntry = { id: number; title: string; url: string; referrer: string; created_at: string };

/** The agent's list as shown: the view, state and page asked for, and the server's last answer to it (decision 0053). */
export type SessionListState = {
  view: TChatSessionView;
  state: TChatSessionState;
  page: number;
  loaded: boolean;
  total: number;
  counts: TChatSessionList['counts'];
  data: TChatSession[];
  /** the label the list is filtered by (decision 0058), null for none */
  label: string | null;
};

/** A conversation's private notes (decision 0058), oldest first; `loaded` once the server sent them all. */
/** A conversation's private notes as far as they were loaded: `total` counts all of them, `hasMore` says older ones remain. */
export type NotesState = { notes: TChatNote[]; loaded: boolean; total: number; hasMore: boolean };

export type ConsoleState = {
  connection: ChatConnectionState | 'idle';
  me: TChatUser | null;
  status: TChatStatus;
  sessions: TChatSession[];
  sessionsLoaded: boolean;
  list: SessionListState;
  tourists: TChatTourist[];
  touristsLoaded: boolean;
  activeId: number | null;
  conversations: Record<number, Conversation>;
  /** sessions whose visitor is typing now */
  typing: Record<number, boolean>;
  /** messages sent and not yet stored; resent after a reconnect with the same client id */
  pending: PendingMessage[];
  trajectory: { touristId: number; page: number; entries: TrajectoryEntry[]; more: boolean; loading: boolean } | null;
  knowledge: { keyword: string; page: number; entries: TKbEntry[]; total: number; loading: boolean; loaded: boolean };
  /** the visitors waiting for an agent, as the server last pushed it (`operates`; decision 0057); null before the first */
  queue: TChatQueue | null;
  /** private notes per conversation */
  notes: Record<number, NotesState>;
};

export const initialConsoleState: ConsoleState = {
  connection: 'idle',
  me: null,
  status: 'offline',
  sessions: [],
  sessionsLoaded: false,
  list: {
    view: 'mine',
    state: 'open',
    page: 1,
    loaded: false,
    total: 0,
    counts: { mine: 0, unassigned: 0, all: null },
    data: [],
    label: null,
  },
  tourists: [],
  touristsLoaded: false,
  activeId: null,
  conversations: {},
  typing: {},
  pending: [],
  trajectory: null,
  knowledge: { keyword: '', page: 1, entries: [], total: 0, loading: false, loaded: false },
  queue: null,
  notes: {},
};

export type ConsoleAction =
  | { type: 'connection'; state: ChatConnectionState }
  | { type: 'push'; push: { type: string; data: unknown }; viewing: boolean }
  | { type: 'select'; sessionId: number | null }
  | { type: 'loadingOlder'; sessionId: number }
  | { type: 'listRequested'; view: TChatSessionView; state: TChatSessionState; page: number; label?: string | null }
  | { type: 'viewed'; sessionId: number }
  | { type: 'pending'; message: PendingMessage }
  | { type: 'trajectoryRequested'; touristId: number; page: number }
  | { type: 'knowledgeRequested'; keyword: string; page: number };

/** Pinned first, then the most recent activity. */
export const sessionOrder = (a: TChatSession, b: TChatSession) => b.top - a.top || b.sort_time - a.sort_time || b.id - a.id;

/** The session list's one-line preview of a message (as the server writes `last_message`). */
export const previewOf = (message: Pick<TChatMessage, 'type' | 'content'>) => chatPreview(message.type, message.content);

export const SNOOZE_CHOICES = ['hour', 'hours4', 'tomorrow', 'week'] as const;
export type SnoozeChoice = (typeof SNOOZE_CHOICES)[number];

/** When a snooze chosen at `now` ends (epoch ms): in 1 or 4 hours, tomorrow at 9:00 local time, or in a week. */
export function snoozeUntil(choice: SnoozeChoice, now: number): number {
  const hour = 3_600_000;
  if (choice === 'hour') return now + hour;
  if (choice === 'hours4') return now + 4 * hour;
  if (choice === 'week') return now + 7 * 24 * hour;
  const tomorrow = new Date(now);
  tomorrow.setDate(tomorrow.getDate() + 1);
  tomorrow.setHours(9, 0, 0, 0);
  return tomorrow.getTime();
}

/** How many pages a list has (at least one, the empty page). */
export const listPages = (list: Pick<SessionListState, 'total'>) =>
  Math.max(1, Math.ceil(list.total / CHAT_SESSION_LIST_PAGE_SIZE));

/** The list's rows with what the console knows newer about each (last message, unread, presence). */
export function listRows(list: SessionListState, sessions: TChatSession[]): TChatSession[] {
  return list.data.map((row) => {
    const live = sessions.find((session) => session.id === row.id);
    return live && live.sort_time >= row.sort_time ? { ...row, ...live } : row;
  });
}

/** Adds notes a conversation did not hold yet (a resend's copy, a live one after the full list), oldest first. */
export function mergeNotes(current: TChatNote[], incoming: TChatNote[]): TChatNote[] {
  const fresh = incoming.filter((note) => !current.some((held) => held.id === note.id));
  if (!fresh.length) return current;
  return [...current, ...fresh].sort((a, b) => a.id - b.id);
}

const emptyConversation: Conversation = { messages: [], page: 0, total: 0, loaded: false, loadingOlder: false };

function upsertSession(list: TChatSession[], session: TChatSession): TChatSession[] {
  const rest = list.filter((item) => item.id !== session.id);
  return [...rest, session].sort(sessionOrder);
}

function withConversation(state: ConsoleState, sessionId: number, change: (c: Conversation) => Conversation): ConsoleState {
  const current = state.conversations[sessionId] ?? emptyConversation;
  const next = change(current);
  return next === current ? state : { ...state, conversations: { ...state.conversations, [sessionId]: next } };
}

/** `last_seqs` for initialize: the newest sequence held per conversation (the server replays what is newer). */
export function lastSeqs(state: ConsoleState): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [id, conversation] of Object.entries(state.conversations)) {
    const seq = lastSeqOf(conversation.messages);
    if (seq > 0) out[id] = seq;
  }
  return out;
}

/** Whether more history pages are left above the loaded ones. */
export const hasOlder = (conversation: Conversation | undefined) =>
  !!conversation?.loaded && conversation.messages.length < conversation.total;

function onNewMessage(state: ConsoleState, message: TChatMessage, viewing: boolean): ConsoleState {
  const stored = [message];
  let next = withConversation(state, message.session_id, (c) => {
    const messages = mergeMessages(c.messages, stored);
    if (messages === c.messages) return c;
    return { ...c, messages, total: c.total + (messages.length - c.messages.length) };
  });
  const isNew = next !== state;
  next = { ...next, pending: settlePending(next.pending, stored) };
  if (next.typing[message.session_id] && message.sender_identity === 'tourist') {
    next = { ...next, typing: { ...next.typing, [message.session_id]: false } };
  }
  const session = next.sessions.find((item) => item.id === message.session_id);
  if (!session || !isNew) return next;
  const fromVisitor = message.sender_identity === 'tourist';
  const seen = viewing && next.activeId === message.session_id;
  const sortTime = Date.parse(message.created_at);
  return {
    ...next,
    sessions: upsertSession(next.sessions, {
      ...session,
      last_message: previewOf(message),
      last_seq: Math.max(session.last_seq, message.seq),
      sort_time: Number.isNaN(sortTime) ? session.sort_time : Math.max(session.sort_time, sortTime),
      unread_message_count: fromVisitor && !seen ? session.unread_message_count + 1 : session.unread_message_count,
    }),
  };
}

function onRecords(state: ConsoleState, data: { session_id: number; page: number; total: number; data: TChatMessage[] }) {
  return withConversation(state, data.session_id, (c) => ({
    messages: mergeMessages(c.messages, data.data),
    page: Math.max(c.page, data.page),
    total: data.total,
    loaded: true,
    loadingOlder: false,
  }));
}

/** The agent's own conversations, whole (on connecting, and after each change to them). */
function onSessions(state: ConsoleState, data: unknown): ConsoleState {
  const sessions = [...(data as TChatSession[])].sort(sessionOrder);
  // Mine holds only the agent's own: one that left them (a transfer) leaves the page at once
  const list =
    state.list.view === 'mine'
      ? { ...state.list, data: state.list.data.filter((row) => sessions.some((s) => s.id === row.id)) }
      : state.list;
  return { ...state, sessions, list, sessionsLoaded: true };
}

type PushHandler = (state: ConsoleState, data: unknown, viewing: boolean) => ConsoleState;

/** What each push does to the console's state, by the push's type. */
const pushHandlers: Record<string, PushHandler> = {
  init: (state, data) => {
    const user = (data as { user: TChatUser | null }).user;
    return user ? { ...state, me: user, status: user.status } : state;
  },
  csrWindowInit: onSessions,
  sessions: onSessions,
  sessionInfo: (state, data) => {
    const session = data as TChatSession;
    const list = state.list.data.some((row) => row.id === session.id)
      ? { ...state.list, data: state.list.data.map((row) => (row.id === session.id ? session : row)) }
      : state.list;
    return { ...state, list, sessions: upsertSession(state.sessions, session) };
  },
  sessionList: (state, data) => {
    const answer = data as TChatSessionList;
    const { view, state: listState, page } = state.list;
    // an answer to an earlier question is not shown over the one asked since
    if (answer.view !== view || answer.state !== listState || answer.page !== page) return state;
    if ((answer.label ?? null) !== state.list.label) return state;
    return { ...state, list: { ...state.list, loaded: true, total: answer.total, counts: answer.counts, data: answer.data } };
  },
  note: (state, data) => {
    const note = data as TChatNote;
    const held = state.notes[note.session_id] ?? { notes: [], loaded: false, total: 0, hasMore: false };
    const notes = mergeNotes(held.notes, [note]);
    if (notes === held.notes) return state;
    const total = Math.max(held.total + 1, notes.length);
    return { ...state, notes: { ...state.notes, [note.session_id]: { ...held, notes, total } } };
  },
  notes: (state, data) => {
    const answer = data as TChatNotes;
    const notes = mergeNotes(state.notes[answer.session_id]?.notes ?? [], answer.data);
    const total = Math.max(answer.total, notes.length);
    // the pages held may reach further back than this one (a reconnect asks for the newest again)
    const entry: NotesState = { notes, loaded: true, total, hasMore: notes.length < total };
    return { ...state, notes: { ...state.notes, [answer.session_id]: entry } };
  },
  newMessage: (state, data, viewing) => onNewMessage(state, data as TChatMessage, viewing),
  sessionRecords: (state, data) =>
    onRecords(state, data as { session_id: number; page: number; total: number; data: TChatMessage[] }),
  readMessage: (state, data) => {
    const receipt = data as ReadReceipt;
    let next = withConversation(state, receipt.session_id, (c) => {
      const messages = applyReadReceipt(c.messages, receipt);
      return messages === c.messages ? c : { ...c, messages };
    });
    if (receipt.reader_identity === 'csr') {
      next = {
        ...next,
        sessions: next.sessions.map((s) => (s.id === receipt.session_id ? { ...s, unread_message_count: 0 } : s)),
      };
    }
    return next;
  },
  messageInputState: (state, data) => {
    const { session_id, state: inputState, from } = data as { session_id: number; state: string; from: string };
    if (from !== 'tourist') return state;
    return { ...state, typing: { ...state.typing, [session_id]: inputState === 'input' } };
  },
  changeStatus: (state, data) => {
    const { id, status } = data as { id: number; status: TChatStatus };
    if (!state.me || id !== state.me.id) return state;
    return { ...state, status, me: { ...state.me, status } };
  },
  tourists: (state, pushed) => {
    const { page, data } = pushed as { page: number; data: TChatTourist[] };
    const tourists = page <= 1 ? data : [...state.tourists.filter((t) => !data.some((d) => d.id === t.id)), ...data];
    return { ...state, tourists, touristsLoaded: true };
  },
  touristInfo: (state, data) => {
    const tourist = data as TChatTourist;
    const known = state.tourists.some((t) => t.id === tourist.id);
    return {
      ...state,
      tourists: known ? state.tourists.map((t) => (t.id === tourist.id ? tourist : t)) : state.tourists,
      sessions: state.sessions.map((s) =>
        s.session_user_id === tourist.id ? { ...s, session_user_status: tourist.status, nickname: tourist.nickname } : s,
      ),
    };
  },
  trajectoryData: (state, pushed) => {
    const { tourist_id, page, data } = pushed as { tourist_id: number; page: number; data: TrajectoryEntry[] };
    const current = state.trajectory;
    if (!current || current.touristId !== tourist_id) return state;
    const entries = page <= 1 ? data : [...current.entries, ...data.filter((d) => !current.entries.some((e) => e.id === d.id))];
    return {
      ...state,
      trajectory: { touristId: tourist_id, page, entries, more: data.length >= CHAT_TRAJECTORY_PAGE_SIZE, loading: false },
    };
  },
  kbsData: (state, pushed) => {
    const { page, data, total } = pushed as { page: number; data: TKbEntry[]; total: number };
    const entries = page <= 1 ? data : [...state.knowledge.entries, ...data];
    return { ...state, knowledge: { ...state.knowledge, page, entries, total, loading: false, loaded: true } };
  },
  operates: (state, data) => {
    const queue = (data as { queue?: TChatQueue } | null)?.queue;
    // snapshots from several instances may cross on the way: the newest stands
    if (!queue || (state.queue && state.queue.at > queue.at)) return state;
    return { ...state, queue };
  },
  changeUserBaseInfo: (state, data) => {
    // a visitor of one of this agent's conversations came or left (decision 0057)
    const info = data as TChatUserBaseInfo;
    if (info.identity !== 'tourist') return state;
    const follow = (session: TChatSession) =>
      session.id === info.session_id
        ? { ...session, session_user_status: info.status, nickname: info.nickname, avatar: info.avatar }
        : session;
    return {
      ...state,
      sessions: state.sessions.map(follow),
      list: { ...state.list, data: state.list.data.map(follow) },
      tourists: state.tourists.map((t) => (t.id === info.id ? { ...t, status: info.status } : t)),
    };
  },
  csrTransfer: (state, data) => {
    // the conversation is another agent's now; the `sessions` push that follows holds the list
    const { session_id } = data as { session_id: number };
    const { [session_id]: _gone, ...conversations } = state.conversations;
    return {
      ...state,
      activeId: state.activeId === session_id ? null : state.activeId,
      sessions: state.sessions.filter((s) => s.id !== session_id),
      conversations,
      pending: state.pending.filter((p) => p.session_id !== session_id),
    };
  },
};

function onPush(state: ConsoleState, push: { type: string; data: unknown }, viewing: boolean): ConsoleState {
  const handler = Object.hasOwn(pushHandlers, push.type) ? pushHandlers[push.type] : undefined;
  return handler ? handler(state, push.data, viewing) : state;
}

export function consoleReducer(state: ConsoleState, action: ConsoleAction): ConsoleState {
  switch (action.type) {
    case 'connection':
      return { ...state, connection: action.state };
    case 'push':
      return onPush(state, action.push, action.viewing);
    case 'select': {
      if (action.sessionId === state.activeId) return state;
      const session = state.sessions.find((s) => s.id === action.sessionId);
      const trajectory = session && state.trajectory?.touristId === session.session_user_id ? state.trajectory : null;
      return { ...state, activeId: action.sessionId, trajectory };
    }
    case 'listRequested': {
      const label = action.label === undefined ? state.list.label : action.label;
      const same = state.list.view === action.view && state.list.state === action.state && state.list.label === label;
      return {
        ...state,
        list: {
          ...state.list,
          view: action.view,
          state: action.state,
          page: action.page,
          label,
          loaded: same && state.list.loaded,
        },
      };
    }
    case 'loadingOlder':
      return withConversation(state, action.sessionId, (c) => ({ ...c, loadingOlder: true }));
    case 'viewed':
      return {
        ...state,
        sessions: state.sessions.map((s) =>
          s.id === action.sessionId && s.unread_message_count > 0 ? { ...s, unread_message_count: 0 } : s,
        ),
      };
    case 'pending':
      return { ...state, pending: [...state.pending, action.message] };
    case 'trajectoryRequested': {
      const same = state.trajectory?.touristId === action.touristId;
      return {
        ...state,
        trajectory: {
          touristId: action.touristId,
          page: same && state.trajectory ? state.trajectory.page : 0,
          entries: same && state.trajectory && action.page > 1 ? state.trajectory.entries : [],
          more: true,
          loading: true,
        },
      };
    }
    case 'knowledgeRequested':
      return {
        ...state,
        knowledge: {
          ...state.knowledge,
          keyword: action.keyword,
          entries: action.page > 1 ? state.knowledge.entries : [],
          loading: true,
        },
      };
  }
}

/** The visitor's messages in a conversation not yet marked read by this agent: the newest one's sequence. */
export function unreadUpTo(conversation: Conversation | undefined): number | null {
  if (!conversation) return null;
  let upTo: number | null = null;
  for (const message of conversation.messages) {
    if (message.sender_identity === 'tourist' && message.status !== 'read') upTo = message.seq;
  }
  return upTo;
}

import { PathInfo, type TChatSessionState, type TChatSessionView } from '@shop/contracts/chat-constants';
import type { TChatStatus, TReplyVariables } from '@shop/contracts/chat-protocol';
import type { Dispatch, RefObject, SetStateAction } from 'react';
import { type ChatPush, newClientMsgId, type PendingMessage } from '../chat';
import type { ConsoleAction, ConsoleState } from './console-state';

/** How long a send waits for the server's copy before the composer is free again (the message stays pending). */
const SEND_ACK_WAIT_MS = 8_000;
/** How long a quick reply waits for its variables before it goes in with them unfilled. */
const VARIABLES_WAIT_MS = 5_000;

export type OutgoingMessage = Pick<PendingMessage, 'type' | 'content' | 'title' | 'extend'>;

/** What the console's actions reach of the live console: its connection, its state and its waiting parts. */
export type ConsoleContext = {
  state: RefObject<ConsoleState>;
  dispatch: Dispatch<ConsoleAction>;
  /** sends a frame; false when the connection is down */
  send: (frame: { pathInfo: string } & Record<string, unknown>) => boolean;
  /** opens a conversation (or none) */
  select: (sessionId: number | null) => void;
  /** parts of the console that hear every push on their own (the search, decision 0062) */
  listeners: Set<(push: ChatPush) => void>;
  /** sends waiting for the server's stored copy, by client message id */
  waiters: Map<string, () => void>;
  /** quick replies waiting for their conversation's variables, by session id */
  variableWaiters: Map<number, Array<(variables: TReplyVariables | null) => void>>;
  /** the visitor an agent just asked to talk to: their session opens once the server answers */
  openingTourist: RefObject<number | null>;
  setNotice: Dispatch<SetStateAction<string | null>>;
  /** a new generation is a new connection */
  setGeneration: Dispatch<SetStateAction<number>>;
};

/** The actions an agent takes in the console, each one frame (or a few) to the chat server. */
export function createConsoleActions(context: ConsoleContext) {
  const { send, select } = context;
  return {
    select,
    send,
    /** hears every push until the returned function is called */
    listen(listener: (push: ChatPush) => void) {
      context.listeners.add(listener);
      return () => void context.listeners.delete(listener);
    },
    /** opens a conversation found elsewhere than the lists (a search): the console asks about it first */
    reveal(sessionId: number) {
      send({ pathInfo: PathInfo.sessionInfo, session_id: sessionId });
      select(sessionId);
    },
    loadOlder(sessionId: number) {
      const conversation = context.state.current.conversations[sessionId];
      if (!conversation || conversation.loadingOlder) return;
      if (send({ pathInfo: PathInfo.loadRecords, id: sessionId, page: conversation.page + 1 })) {
        context.dispatch({ type: 'loadingOlder', sessionId });
      }
    },
    /**
     * Sends a message in the open conversation. It stays pending (shown, and sent again after a
     * reconnect with the same client id, so it is stored once) until the server's copy arrives.
     * Resolves once it is stored, or at once when the connection is down, or after 8 s: the
     * composer is free again and the message is not lost. False only when there was nothing to send.
     */
    sendMessage(message: OutgoingMessage): Promise<boolean> {
      const sessionId = context.state.current.activeId;
      if (sessionId === null) return Promise.resolve(false);
      const pending: PendingMessage = {
        type: message.type,
        content: message.content.trim(),
        ...(message.title ? { title: message.title } : {}),
        ...(message.extend ? { extend: message.extend } : {}),
        session_id: sessionId,
        client_msg_id: newClientMsgId(),
        created_at: Date.now(),
      };
      if (!pending.content) return Promise.resolve(false);
      context.dispatch({ type: 'pending', message: pending });
      if (!send(frameOf(pending))) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = window.setTimeout(() => settle(), SEND_ACK_WAIT_MS);
        const settle = () => {
          window.clearTimeout(timer);
          context.waiters.delete(pending.client_msg_id);
          resolve(true);
        };
        context.waiters.set(pending.client_msg_id, settle);
      });
    },
    typing(state: 'input' | 'blur') {
      const sessionId = context.state.current.activeId;
      if (sessionId !== null) send({ pathInfo: PathInfo.messageInputState, session_id: sessionId, state });
    },
    /** Shows another view, state, page or label filter (null: none; absent: the same) of the agent's list. */
    showList(view: TChatSessionView, listState: TChatSessionState, page = 1, label?: string | null) {
      context.dispatch({ type: 'listRequested', view, state: listState, page, label });
      const filter = label === undefined ? context.state.current.list.label : label;
      send({ pathInfo: PathInfo.sessionList, view, state: listState, page, ...(filter ? { label: filter } : {}) });
    },
    /** Writes a private note (decision 0058); false when the connection is down (the text stays with the agent). */
    addNote(sessionId: number, content: string): boolean {
      return send({ pathInfo: PathInfo.addNote, session_id: sessionId, content, client_note_id: newClientMsgId() });
    },
    /** The newest page of a conversation's notes, or the page before `beforeId`. */
    loadNotes(sessionId: number, beforeId?: number): boolean {
      return send({ pathInfo: PathInfo.loadNotes, session_id: sessionId, ...(beforeId ? { before_id: beforeId } : {}) });
    },
    /** Adds or removes a label of a conversation; the server's sessionInfo brings the result. */
    label(sessionId: number, action: 'add' | 'remove', label: string): boolean {
      return send({ pathInfo: PathInfo.labelSession, session_id: sessionId, action, label });
    },
    /** What {name} and {order_no} stand for in a conversation, from the server; null when it did not answer in time. */
    replyVariables(sessionId: number): Promise<TReplyVariables | null> {
      return new Promise((resolve) => {
        const waiting = context.variableWaiters.get(sessionId) ?? [];
        const timer = window.setTimeout(() => {
          context.variableWaiters.set(
            sessionId,
            (context.variableWaiters.get(sessionId) ?? []).filter((waiter) => waiter !== done),
          );
          resolve(null);
        }, VARIABLES_WAIT_MS);
        const done = (variables: TReplyVariables | null) => {
          window.clearTimeout(timer);
          resolve(variables);
        };
        context.variableWaiters.set(sessionId, [...waiting, done]);
        if (!waiting.length && !send({ pathInfo: PathInfo.replyVariables, session_id: sessionId })) {
          context.variableWaiters.delete(sessionId);
          done(null);
        }
      });
    },
    /** Resolves, reopens or snoozes (until a time, epoch ms) a conversation. */
    changeState(sessionId: number, next: TChatSessionState, snoozedUntil?: number) {
      return send({
        pathInfo: PathInfo.changeSessionState,
        session_id: sessionId,
        state: next,
        ...(snoozedUntil === undefined ? {} : { snoozed_until: snoozedUntil }),
      });
    },
    pin(sessionId: number, top: 0 | 1) {
      send({ pathInfo: PathInfo.top, session_id: sessionId, top });
    },
    changeStatus(status: TChatStatus) {
      send({ pathInfo: PathInfo.changeStatus, status });
    },
    refreshTourists() {
      send({ pathInfo: PathInfo.touristList, page: 1 });
    },
    startChat(touristId: number) {
      const open = context.state.current.sessions.find((s) => s.session_user_id === touristId && s.status !== 'closed');
      if (open) return select(open.id);
      context.openingTourist.current = touristId;
      send({ pathInfo: PathInfo.addSession, tourist_id: touristId });
    },
    invite(touristId: number): boolean {
      return send({ pathInfo: PathInfo.invite, tourist_id: touristId });
    },
    transfer(csrId: number): boolean {
      const sessionId = context.state.current.activeId;
      if (sessionId === null) return false;
      return send({ pathInfo: PathInfo.transfer, session_id: sessionId, csr_id: csrId });
    },
    trajectory(touristId: number, page = 1) {
      context.dispatch({ type: 'trajectoryRequested', touristId, page });
      send({ pathInfo: PathInfo.getTrajectoryData, id: touristId, page });
    },
    knowledge(keyword: string, page = 1) {
      context.dispatch({ type: 'knowledgeRequested', keyword, page });
      send({ pathInfo: PathInfo.getKbsData, page, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) });
    },
    reconnect() {
      context.setNotice(null);
      context.setGeneration((n) => n + 1);
    },
  };
}

export type ConsoleActions = ReturnType<typeof createConsoleActions>;

/** The frame that sends a pending message (again, after a reconnect, with the same client id). */
export function frameOf(pending: PendingMessage) {
  return {
    pathInfo: PathInfo.sendSessionMessage,
    session_id: pending.session_id,
    type: pending.type,
    content: pending.content,
    ...(pending.title ? { title: pending.title } : {}),
    ...(pending.extend ? { extend: pending.extend } : {}),
    client_msg_id: pending.client_msg_id,
  };
}

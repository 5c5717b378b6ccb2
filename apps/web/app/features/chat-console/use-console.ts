import { PathInfo } from '@shop/contracts/chat-constants';
import type { TChatConfig, TChatMessage, TChatSession, TReplyVariables } from '@shop/contracts/chat-protocol';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { notify } from '../../lib/toast';
import {
  ChatConnection,
  type ChatConnectionDetail,
  type ChatConnectionState,
  type ChatPush,
  loadChatConfig,
  withAppName,
} from '../chat';
import { pageVisible } from './alerts';
import { createConsoleActions, frameOf } from './console-actions';
import { consoleReducer, initialConsoleState, lastSeqs, unreadUpTo } from './console-state';
import { rememberedOpenSession, rememberOpenSession } from './open-session-memory';
import { clearStaffTokens, staffApi, staffSessionEnded, staffToken } from './staff-session';
import type { ConsoleLanguage, ConsoleTexts } from './texts';
import { useMessageAlerts } from './use-message-alerts';

/** How often the visitors list is asked for again while the console is open. */
export const TOURISTS_REFRESH_MS = 30_000;
/** Changes arriving within this time refresh the list once. */
const LIST_REFRESH_DELAY_MS = 150;
/** How long a visitor's typing state is shown without a new one. */
const TYPING_SHOWN_MS = 6_000;

export type ChatConfigState = { config: TChatConfig | null; failed: boolean };

/**
 * The agents' console's live side: one chat connection with the staff token (`backend: true`),
 * the console state fed by every push, and the actions an agent takes. A staff token that expired
 * is refreshed and the connection started again; one refused outright signs the agent out.
 */
export function useConsole({ language, texts }: { language: ConsoleLanguage; texts: ConsoleTexts }) {
  const [state, dispatch] = useReducer(consoleReducer, initialConsoleState);
  const [config, setConfig] = useState<ChatConfigState>({ config: null, failed: false });
  const [notice, setNotice] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [generation, setGeneration] = useState(0);

  const stateRef = useRef(state);
  stateRef.current = state;
  const configRef = useRef(config.config);
  configRef.current = config.config;
  const textsRef = useRef(texts);
  textsRef.current = texts;
  const languageRef = useRef(language);
  languageRef.current = language;
  const connectionRef = useRef<ChatConnection | null>(null);
  /** the visitor an agent just asked to talk to: their session opens once the server answers */
  const openingTourist = useRef<number | null>(null);
  /** sessions asked about (sessionInfo) after a message arrived for one not in the list */
  const askedAbout = useRef(new Set<number>());
  const typingTimers = useRef(new Map<number, number>());
  /** sends waiting for the server's stored copy, by client message id */
  const waiters = useRef(new Map<string, () => void>());
  /** parts of the console that hear every push on their own (the search, decision 0062) */
  const listeners = useRef(new Set<(push: ChatPush) => void>());
  /** quick replies waiting for their conversation's variables, by session id */
  const variableWaiters = useRef(new Map<number, Array<(variables: TReplyVariables | null) => void>>());

  const send = useCallback((frame: { pathInfo: string } & Record<string, unknown>) => {
    return connectionRef.current?.send(frame) ?? false;
  }, []);

  /** Asks again for the list shown, once for a burst of changes (decision 0053: lists are paged, not pushed whole). */
  const listTimer = useRef<number | undefined>(undefined);
  const refreshList = useCallback(() => {
    window.clearTimeout(listTimer.current);
    listTimer.current = window.setTimeout(() => {
      const { view, state: listState, page, label } = stateRef.current.list;
      send({ pathInfo: PathInfo.sessionList, view, state: listState, page, ...(label ? { label } : {}) });
    }, LIST_REFRESH_DELAY_MS);
  }, [send]);

  const retryConfig = useCallback(() => {
    setConfig({ config: null, failed: false });
    void loadChatConfig().then((loaded) => setConfig({ config: loaded, failed: loaded === null }));
  }, []);

  useEffect(retryConfig, [retryConfig]);

  const markRead = useCallback(
    (sessionId: number) => {
      const upTo = unreadUpTo(stateRef.current.conversations[sessionId]);
      const session = stateRef.current.sessions.find((s) => s.id === sessionId);
      // a supervisor reading another agent's conversation marks nothing read for them
      const me = stateRef.current.me;
      const other = session ?? stateRef.current.list.data.find((s) => s.id === sessionId);
      if (me && other && other.csr_id !== me.id) return;
      if (upTo === null && !session?.unread_message_count) return;
      dispatch({ type: 'viewed', sessionId });
      send({ pathInfo: PathInfo.readMessage, session_id: sessionId, ...(upTo === null ? {} : { up_to_seq: upTo }) });
    },
    [send],
  );

  /** Opens a conversation (or none): its history is asked for once, what it holds is marked read. */
  const openSession = useCallback(
    (sessionId: number | null) => {
      dispatch({ type: 'select', sessionId });
      rememberOpenSession(sessionId);
      if (sessionId === null) return;
      const conversation = stateRef.current.conversations[sessionId];
      if (!conversation?.loaded) send({ pathInfo: PathInfo.loadRecords, id: sessionId, page: 1 });
      else markRead(sessionId);
    },
    [send, markRead],
  );

  const { alert, shake } = useMessageAlerts({ config: configRef, state: stateRef, texts: textsRef, openSession });

  const onPush = useCallback(
    (push: ChatPush) => {
      const before = stateRef.current;
      const viewing = pageVisible();
      dispatch({ type: 'push', push, viewing });
      for (const listener of listeners.current) listener(push);
      // a conversation that changed, or a new one, may move between the lists and their counts
      if (push.type === 'csrWindowInit' || push.type === 'sessions' || push.type === 'sessionInfo') refreshList();
      if (push.type === 'newMessage' && !before.list.data.some((s) => s.id === (push.data as TChatMessage).session_id))
        refreshList();
      switch (push.type) {
        case 'init': {
          const user = (push.data as { user?: unknown } | null)?.user;
          if (!user) return;
          setNotice(null);
          send({ pathInfo: PathInfo.touristList, page: 1 });
          // what was sent while the connection was down goes again; the same client id is stored once
          for (const pending of before.pending) send(frameOf(pending));
          if (before.activeId !== null) send({ pathInfo: PathInfo.loadRecords, id: before.activeId, page: 1 });
          return;
        }
        case 'csrWindowInit': {
          // a reloaded console opens the conversation this tab had open
          const remembered = rememberedOpenSession();
          if (before.activeId === null && remembered !== null && (push.data as TChatSession[]).some((s) => s.id === remembered)) {
            openSession(remembered);
          }
          return;
        }
        case 'newMessage': {
          const message = push.data as TChatMessage;
          waiters.current.get(message.client_msg_id)?.();
          const known = before.conversations[message.session_id]?.messages.some((m) => m.id === message.id);
          if (known) return;
          if (!before.sessions.some((s) => s.id === message.session_id) && !askedAbout.current.has(message.session_id)) {
            askedAbout.current.add(message.session_id);
            send({ pathInfo: PathInfo.sessionInfo, session_id: message.session_id });
          }
          alert(message);
          if (message.sender_identity === 'tourist' && viewing && before.activeId === message.session_id) {
            send({ pathInfo: PathInfo.readMessage, session_id: message.session_id, up_to_seq: message.seq });
          }
          return;
        }
        case 'sessionInfo': {
          const session = push.data as TChatSession;
          if (openingTourist.current === session.session_user_id) {
            openingTourist.current = null;
            openSession(session.id);
          }
          return;
        }
        case 'messageInputState': {
          const { session_id, state: typing, from } = push.data as { session_id: number; state: string; from: string };
          if (from !== 'tourist') return;
          window.clearTimeout(typingTimers.current.get(session_id));
          if (typing !== 'input') return;
          // a visitor who left mid-sentence sends no 'blur': the state fades on its own
          const blur = { type: 'messageInputState', data: { session_id, state: 'blur', from } };
          typingTimers.current.set(
            session_id,
            window.setTimeout(() => dispatch({ type: 'push', push: blur, viewing: false }), TYPING_SHOWN_MS),
          );
          return;
        }
        case 'replyVariables': {
          const variables = push.data as TReplyVariables;
          const waiting = variableWaiters.current.get(variables.session_id) ?? [];
          variableWaiters.current.delete(variables.session_id);
          for (const resolve of waiting) resolve(variables);
          return;
        }
        case 'tip':
        case 'error': {
          const message = (push.data as { message?: string } | null)?.message;
          if (!message) return;
          const text = withAppName(configRef.current?.app_name ?? '', message);
          if (push.type === 'tip') notify.success(text);
          else notify.error(text);
          return;
        }
      }
    },
    [alert, send, openSession, refreshList],
  );

  const onState = useCallback((connectionState: ChatConnectionState, detail?: ChatConnectionDetail) => {
    dispatch({ type: 'connection', state: connectionState });
    if (connectionState === 'open') return;
    if (connectionState === 'reconnecting') {
      setNotice(detail?.message ?? textsRef.current.reconnecting);
      if (detail?.error) notify.error(detail.error);
      return;
    }
    if (connectionState !== 'off') return;
    if (detail?.reason === 'token_expired') {
      // the staff access token ran out while away: a new one, then the same console connects again
      staffApi.refresh().then((ok) => {
        if (ok) setGeneration((n) => n + 1);
        else setSignedOut(true);
      });
      return;
    }
    if (detail?.reason === 'session_ended') {
      // no reconnecting with the dead token: the sign-in page says the agent was signed out
      staffSessionEnded();
      return;
    }
    if (detail?.reason === 'forbidden') {
      // their role no longer answers chats: the sign-in page says so
      staffSessionEnded('forbidden');
      return;
    }
    if (detail?.reason === 'unauthorized') {
      clearStaffTokens();
      setSignedOut(true);
      return;
    }
    if (detail?.reason !== 'stopped') setNotice(detail?.message ?? textsRef.current.chatOff);
  }, []);

  // One connection per configuration (and per token refresh); replaced, never doubled.
  const wsUrl = config.config?.ws_url ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation is a deliberate reconnect
  useEffect(() => {
    if (!wsUrl) return;
    const connection = new ChatConnection({
      url: wsUrl,
      initialize: () => ({
        baToken: staffToken() ?? '',
        backend: true,
        language: languageRef.current,
        last_seqs: lastSeqs(stateRef.current),
      }),
      onPush,
      onState,
    });
    connectionRef.current = connection;
    connection.start();
    return () => {
      connection.stop();
      if (connectionRef.current === connection) connectionRef.current = null;
    };
  }, [wsUrl, generation, onPush, onState]);

  // spec 7 changeLanguage: the server hears about a switch made while connected.
  const sentLanguage = useRef(language);
  useEffect(() => {
    if (sentLanguage.current === language) return;
    sentLanguage.current = language;
    send({ pathInfo: PathInfo.changeLanguage, language });
  }, [language, send]);

  // The visitors list stays fresh while the console is open.
  useEffect(() => {
    if (state.connection !== 'open') return;
    const timer = window.setInterval(() => send({ pathInfo: PathInfo.touristList, page: 1 }), TOURISTS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [state.connection, send]);

  // Coming back to the console's tab marks the open conversation read.
  useEffect(() => {
    const onVisible = () => {
      const active = stateRef.current.activeId;
      if (active !== null && pageVisible()) markRead(active);
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [markRead]);

  // Timers of a console that closes go with it.
  useEffect(() => {
    const timers = typingTimers.current;
    return () => {
      for (const timer of timers.values()) window.clearTimeout(timer);
      window.clearTimeout(listTimer.current);
    };
  }, []);

  // The open conversation's new visitor messages are read as they arrive (and when it is opened).
  const activeConversation = state.activeId === null ? undefined : state.conversations[state.activeId];
  useEffect(() => {
    if (state.activeId !== null && activeConversation?.loaded && pageVisible()) markRead(state.activeId);
  }, [state.activeId, activeConversation?.loaded, markRead]);

  const actions = useMemo(
    () =>
      createConsoleActions({
        state: stateRef,
        dispatch,
        send,
        select: openSession,
        listeners: listeners.current,
        waiters: waiters.current,
        variableWaiters: variableWaiters.current,
        openingTourist,
        setNotice,
        setGeneration,
      }),
    [send, openSession],
  );

  return { state, config, retryConfig, notice, shake, signedOut, actions };
}

export type { ConsoleActions, OutgoingMessage } from './console-actions';

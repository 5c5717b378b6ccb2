import { PathInfo } from '@shop/contracts/chat-constants';
import type { TChatConfig, TChatMessage } from '@shop/contracts/chat-protocol';
import { LocalKeys, local } from '../../../lib/storage';
import { notify } from '../../../lib/toast';
import { ChatConnection, type ChatConnectionOptions, type ChatPush } from '../connection';
import { type ChatLanguage, changeChatLanguage, storedChatLanguage } from '../language';
import { newClientMsgId, type PendingMessage } from '../messages-merge';
import { widgetTexts, withAppName } from '../texts';
import {
  type AgentCard,
  hasOlder,
  initialWidgetState,
  lastSeqs,
  unreadUpTo,
  type WidgetEvent,
  type WidgetState,
  widgetReducer,
  writingTo,
} from './widget-state';

/** The browser key a guest's chat identity is kept under (the server's signed tourist token, spec 7 baTouristToken). */
export const TOURIST_TOKEN_KEY = 'chat_tourist_token';
/** The upload's header for a guest's tourist token (the server's TOURIST_TOKEN_HEADER). */
export const TOURIST_TOKEN_HEADER = 'tourist-token';
/** How long an agent's typing state is shown without a new one. */
const TYPING_SHOWN_MS = 6_000;
/** How long a send waits for the server's copy before the composer is free again (the message stays pending). */
const SEND_ACK_WAIT_MS = 8_000;

export type OutgoingMessage = {
  type: PendingMessage['type'];
  content: string;
  title?: string;
  extend?: Record<string, unknown>;
};

type Waiter = { clientMsgId: string; resolve: (stored: boolean) => void; timer: ReturnType<typeof setTimeout> };

export type ChatControllerOptions = {
  config: TChatConfig;
  /** tests */
  connect?: (options: ChatConnectionOptions) => Pick<ChatConnection, 'start' | 'send' | 'stop'>;
  toast?: { error: (message: string) => unknown; info: (message: string) => unknown };
  /** renews the shopper's access token (the API client does it on a 409) */
  refreshToken: () => Promise<unknown>;
};

/**
 * The shopper's side of the chat on one page: the connection, the widget's state, and what the
 * shopper does (open, send, read, load older messages). A plain object with subscribe/getSnapshot
 * for React's useSyncExternalStore.
 */
export class ChatController {
  private state: WidgetState = initialWidgetState;
  private readonly listeners = new Set<() => void>();
  private connection: Pick<ChatConnection, 'start' | 'send' | 'stop'>;
  private refreshedToken = false;
  private waiters: Waiter[] = [];
  private typingTimer: ReturnType<typeof setTimeout> | null = null;
  private lastTrajectory: { url: string; title: string } | null = null;
  private trajectorySent = false;
  private referrer = typeof document === 'undefined' ? '' : document.referrer;
  private erroredSinceOpen = false;
  private readonly toast: NonNullable<ChatControllerOptions['toast']>;

  constructor(readonly options: ChatControllerOptions) {
    this.toast = options.toast ?? notify;
    this.connection = this.makeConnection();
  }

  private makeConnection() {
    const connectionOptions: ChatConnectionOptions = {
      url: this.options.config.ws_url,
      initialize: () => this.initializeParams(),
      onPush: (push) => this.onPush(push),
      onState: (state, detail) => {
        // a shopper's access token ran out: refreshed once through the API client, then connect again
        if (state === 'off' && detail?.reason === 'token_expired' && !this.refreshedToken) {
          this.refreshedToken = true;
          this.dispatch({ type: 'connection', state: 'reconnecting' });
          void this.options.refreshToken().then(() => {
            this.connection = this.makeConnection();
            this.connection.start();
          });
          return;
        }
        this.dispatch({ type: 'connection', state, detail });
        // the sign-in session ended: the tourist token named it and is refused from now on; the next
        // page starts as a visitor
        if (state === 'off' && detail?.reason === 'session_ended') {
          local.remove(TOURIST_TOKEN_KEY);
          this.toast.info(this.texts.signedOut);
          this.releaseWaiters(false);
          return;
        }
        // spec 8: the socket's error is said once per outage, not on every retry
        if (detail?.error && !this.erroredSinceOpen) {
          this.erroredSinceOpen = true;
          this.toast.error(this.texts.wsError);
        }
        if (state === 'open') this.erroredSinceOpen = false;
        if (state === 'off' && detail?.message) this.toast.error(this.translate(detail.message));
        if (state === 'off') this.releaseWaiters(false);
      },
    };
    return this.options.connect ? this.options.connect(connectionOptions) : new ChatConnection(connectionOptions);
  }

  // ── React's external store ───────────────────────────────────────────────────────────────

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.state;

  private dispatch(event: WidgetEvent) {
    const next = widgetReducer(this.state, event);
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  get texts() {
    return widgetTexts(storedChatLanguage());
  }

  /** The widget's texts for a spec text the connection reports (English in ChatTexts). */
  private translate(message: string) {
    const english = widgetTexts('en-us');
    const key = (Object.keys(english) as Array<keyof typeof english>).find((name) => english[name] === message);
    const translated = key ? this.texts[key] : undefined;
    return typeof translated === 'string' ? translated : message;
  }

  // ── the connection ───────────────────────────────────────────────────────────────────────

  start() {
    this.connection.start();
  }

  stop() {
    this.connection.stop();
    this.releaseWaiters(false);
    if (this.typingTimer) clearTimeout(this.typingTimer);
  }

  private initializeParams(): Record<string, unknown> {
    const userToken = local.get(LocalKeys.userToken);
    const touristToken = local.get(TOURIST_TOKEN_KEY);
    return {
      ...(userToken ? { baUserToken: userToken } : {}),
      ...(touristToken ? { baTouristToken: touristToken } : {}),
      language: storedChatLanguage(),
      last_seqs: lastSeqs(this.state),
    };
  }

  private send(frame: { pathInfo: string } & Record<string, unknown>) {
    return this.connection.send(frame);
  }

  private onPush(push: ChatPush) {
    this.dispatch({ type: 'push', push });
    switch (push.type) {
      case 'init': {
        const user = (push.data as { user?: { token?: string } | null } | null)?.user;
        if (!user) return;
        this.refreshedToken = false;
        if (user.token) local.set(TOURIST_TOKEN_KEY, user.token);
        this.afterInit();
        return;
      }
      case 'sessions':
        if (this.state.open) this.prepareConversation();
        return;
      case 'distribution':
        if (this.state.open) this.prepareConversation();
        return;
      case 'newMessage': {
        const message = push.data as TChatMessage;
        this.settleWaiter(message.client_msg_id, true);
        if (message.sender_identity !== 'tourist') this.markReadIfSeen();
        return;
      }
      case 'sessionRecords':
        this.markReadIfSeen();
        return;
      case 'messageInputState':
        if (this.state.agentTyping) this.restartTypingTimer();
        return;
      case 'tip': {
        const tip = push.data as { message?: string } | null;
        if (tip?.message) this.toast.info(withAppName(this.options.config.app_name, tip.message));
        return;
      }
      case 'error': {
        const error = push.data as { message?: string; pathInfo?: string } | null;
        if (error?.pathInfo === PathInfo.sendSessionMessage) this.failOldestWaiter();
        if (error?.message) this.toast.error(withAppName(this.options.config.app_name, error.message));
        return;
      }
      default:
        return;
    }
  }

  /** A (re)connection was accepted: the page is recorded, unsent messages go again, the open dialog is readied. */
  private afterInit() {
    if (this.lastTrajectory && !this.trajectorySent) this.sendTrajectory(this.lastTrajectory);
    for (const message of this.state.pending) this.send(sendFrame(message));
    if (this.state.open) this.prepareConversation();
  }

  // ── what the shopper does ────────────────────────────────────────────────────────────────

  open() {
    this.dispatch({ type: 'open' });
    this.prepareConversation();
  }

  close() {
    this.dispatch({ type: 'close' });
  }

  /** The dialog is open: make sure there is a conversation, its newest messages are here, and they are read. */
  private prepareConversation() {
    const state = this.state;
    if (state.connection !== 'open' || !state.me) return;
    if (state.sessionId === null || state.sessionStatus === 'closed') {
      // asked once: a visitor without a conversation opens one with their first message
      if (state.fresh) return;
      if (!state.distributing && this.send({ pathInfo: PathInfo.distribution })) this.dispatch({ type: 'distributing' });
      return;
    }
    if (!state.historyLoaded && !state.loadingOlder) {
      if (this.send({ pathInfo: PathInfo.loadRecords, id: state.sessionId, page: 1 })) this.dispatch({ type: 'olderRequested' });
    }
    this.markReadIfSeen();
  }

  /** Asks for a conversation (the 'select a session' placeholder's button). */
  startConversation() {
    this.prepareConversation();
  }

  /** spec 4 / 9: older history when scrolled near the top. */
  loadOlder() {
    const state = this.state;
    if (state.sessionId === null || state.loadingOlder || !hasOlder(state)) return;
    if (this.send({ pathInfo: PathInfo.loadRecords, id: state.sessionId, page: state.historyPage + 1 })) {
      this.dispatch({ type: 'olderRequested' });
    }
  }

  /** Marks the agent's messages read while the shopper can see them. */
  private markReadIfSeen() {
    const state = this.state;
    if (!state.open || state.sessionId === null) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    const upTo = unreadUpTo(state);
    if (upTo === null && state.unread === 0) return;
    this.send({ pathInfo: PathInfo.readMessage, session_id: state.sessionId, ...(upTo === null ? {} : { up_to_seq: upTo }) });
    this.dispatch({ type: 'read' });
  }

  /** The page came back into view: what arrived meanwhile is read now. */
  pageVisible() {
    this.markReadIfSeen();
  }

  /**
   * Sends a message into the conversation. Resolves true once the server has stored it, false when
   * it was refused; after a short wait it resolves true with the message still pending (it is sent
   * again after a reconnect, and stored once).
   */
  sendMessage(message: OutgoingMessage): Promise<boolean> {
    const sessionId = writingTo(this.state);
    if (sessionId === null) {
      this.toast.error(this.texts.selectConversation);
      return Promise.resolve(false);
    }
    const pending: PendingMessage = {
      client_msg_id: newClientMsgId(),
      session_id: sessionId,
      type: message.type,
      content: message.content,
      ...(message.title ? { title: message.title } : {}),
      ...(message.extend ? { extend: message.extend } : {}),
      created_at: Date.now(),
    };
    this.dispatch({ type: 'pending', message: pending });
    const sent = this.send(sendFrame(pending));
    if (!sent) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.settleWaiter(pending.client_msg_id, true), SEND_ACK_WAIT_MS);
      this.waiters.push({ clientMsgId: pending.client_msg_id, resolve, timer });
    });
  }

  private settleWaiter(clientMsgId: string, stored: boolean) {
    const waiter = this.waiters.find((candidate) => candidate.clientMsgId === clientMsgId);
    if (!waiter) return;
    clearTimeout(waiter.timer);
    this.waiters = this.waiters.filter((candidate) => candidate !== waiter);
    waiter.resolve(stored);
  }

  /** The server refused a message: frames of one conversation are handled in order, so it is the oldest waiting. */
  private failOldestWaiter() {
    const oldest = this.waiters[0];
    if (!oldest) return;
    this.dispatch({ type: 'pendingFailed', clientMsgId: oldest.clientMsgId });
    this.settleWaiter(oldest.clientMsgId, false);
  }

  private releaseWaiters(stored: boolean) {
    for (const waiter of [...this.waiters]) this.settleWaiter(waiter.clientMsgId, stored);
  }

  /** spec 4 "Chat input": the shopper's typing state. */
  sendTyping(state: 'input' | 'blur') {
    const sessionId = this.state.sessionId;
    if (sessionId === null) return;
    this.send({ pathInfo: PathInfo.messageInputState, session_id: sessionId, state });
  }

  private restartTypingTimer() {
    if (this.typingTimer) clearTimeout(this.typingTimer);
    this.typingTimer = setTimeout(() => this.dispatch({ type: 'typingStopped' }), TYPING_SHOWN_MS);
  }

  setLanguage(language: ChatLanguage) {
    changeChatLanguage(language, (frame) => this.send(frame));
  }

  /** spec 7 WsMixed/trajectory: the page the visitor is on, for the agents' trajectory tab. */
  trajectory(page: { url: string; title: string }) {
    if (this.lastTrajectory?.url === page.url) return;
    const previous = this.lastTrajectory;
    this.lastTrajectory = page;
    if (previous) this.referrer = previous.url;
    this.sendTrajectory(page);
  }

  private sendTrajectory(page: { url: string; title: string }) {
    this.trajectorySent = this.send({
      pathInfo: PathInfo.trajectory,
      url: page.url,
      title: page.title.slice(0, 300),
      referrer: this.referrer.slice(0, 2000),
    });
  }

  invite(by: 'auto' | 'agent', agent?: AgentCard | null) {
    this.dispatch({ type: 'invite', by, agent });
  }

  /** The one satisfaction question after a resolve: 1 to 5 stars and an optional comment (decision 0053). */
  rate(stars: number, comment: string) {
    const state = this.state;
    if (state.sessionId === null || !state.csat.due || state.csat.sending) return;
    if (this.send({ pathInfo: PathInfo.rateSession, session_id: state.sessionId, stars, comment: comment.trim() })) {
      this.dispatch({ type: 'rating' });
    }
  }

  dismissInvitation() {
    this.dispatch({ type: 'invitationDismissed' });
  }

  dismissTooltip() {
    this.dispatch({ type: 'tooltipDismissed' });
  }

  /** Headers that identify the uploader (spec 7: a multipart upload to the customer-service host). */
  uploadHeaders(): Record<string, string> {
    const userToken = local.get(LocalKeys.userToken);
    const touristToken = local.get(TOURIST_TOKEN_KEY);
    return {
      ...(userToken ? { 'user-token': userToken, Authorization: `Bearer ${userToken}` } : {}),
      ...(touristToken ? { [TOURIST_TOKEN_HEADER]: touristToken } : {}),
    };
  }
}

function sendFrame(message: PendingMessage) {
  return {
    pathInfo: PathInfo.sendSessionMessage,
    // session 0: the first message, which opens the conversation
    ...(message.session_id === 0 ? {} : { session_id: message.session_id }),
    type: message.type,
    content: message.content,
    ...(message.title ? { title: message.title } : {}),
    ...(message.extend ? { extend: message.extend } : {}),
    client_msg_id: message.client_msg_id,
  };
}

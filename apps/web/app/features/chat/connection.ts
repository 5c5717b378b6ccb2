import { CHAT_HEARTBEAT_MS } from '@shop/contracts';
import { CHAT_CLOSE_SESSION_ENDED, ChatTexts, PathInfo } from '@shop/contracts/chat-constants';

/**
 * The chat's websocket (spec 4 "Chat connection"), free of any framework so that the shoppers'
 * widget and the agents' console share it. It connects, sends `initialize` with what the owner
 * gives (tokens, language, the last sequence seen per session), keeps the connection alive with a
 * ping every 50 s, and reconnects on the spec's plan: at once, then after 6 s, 6 s, then every 18 s
 * (at once, too, when the browser says the network is back; a socket the browser reports offline,
 * or one silent after a ping, counts as dropped).
 * A server `init` without a user, or a `close` push, turns it off for good; so does the end of the
 * sign-in session the identity rested on (a `session_ended` push, an `init` refused for it, or the
 * close code 4001): the token it was using is dead, and reconnecting with it would be refused.
 */

export type ChatConnectionState = 'connecting' | 'open' | 'reconnecting' | 'off';

export type ChatConnectionDetail = {
  /** a text to show for this state (spec 8 "Chat connection") */
  message?: string;
  /** the connection failed with an error event before it closed: 'Websocket error occurred!' */
  error?: string;
  /** why the chat is off: the server refused the user, closed the chat, or the browser cannot connect */
  reason?: 'unauthorized' | 'forbidden' | 'token_expired' | 'session_ended' | 'closed' | 'unsupported' | 'insecure' | 'stopped';
};

export type ChatPush = { type: string; data: unknown };

export type ChatConnectionOptions = {
  /** ws(s)://host/worker/ws */
  url: string;
  /** the initialize frame's params (tokens, language, last_seqs), read again on every connect */
  initialize: () => Record<string, unknown>;
  onPush: (push: ChatPush) => void;
  onState: (state: ChatConnectionState, detail?: ChatConnectionDetail) => void;
  /** tests */
  WebSocketImpl?: typeof WebSocket;
  /** tests: runs `fn` after `ms`; what it returns is handed to `cancel` */
  schedule?: (fn: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
  /** tests: the page's protocol ('https:' demands a wss:// url); the window's by default */
  pageProtocol?: string;
  /** where the browser's online and offline events come from (the window; null for none) */
  network?: NetworkEvents | null;
};

type NetworkEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** spec 4 / 9: the first retry is immediate, retries 2 and 3 wait 6 s, then every 18 s. */
export const RECONNECT_DELAYS_MS = [0, 6_000, 6_000] as const;
export const RECONNECT_EVERY_MS = 18_000;

/** How long to wait before reconnect attempt `attempt` (1 = the first retry after a drop). */
export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[attempt - 1] ?? RECONNECT_EVERY_MS;
}

const OPEN = 1;
/** A ping not answered within this long means the connection is gone. */
export const PONG_WAIT_MS = 10_000;

export class ChatConnection {
  private socket: WebSocket | null = null;
  private state: ChatConnectionState | null = null;
  /** reconnect attempts since the last good `init`; 0 while connected */
  private attempts = 0;
  private retryTimer: unknown = null;
  private pingTimer: unknown = null;
  private pongTimer: unknown = null;
  private stopped = false;
  private Impl: typeof WebSocket | null = null;
  private readonly schedule: (fn: () => void, ms: number) => unknown;
  private readonly cancel: (handle: unknown) => void;
  private readonly network: NetworkEvents | null;

  constructor(private readonly options: ChatConnectionOptions) {
    this.schedule = options.schedule ?? ((fn, ms) => setTimeout(fn, ms));
    this.cancel = options.cancel ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    this.network = options.network !== undefined ? options.network : typeof window === 'undefined' ? null : window;
  }

  /** Connects (once; a second call while running does nothing). */
  start(): void {
    if (this.Impl || this.state === 'off') return;
    const Impl = this.options.WebSocketImpl ?? (typeof WebSocket === 'undefined' ? undefined : WebSocket);
    if (!Impl) {
      this.turnOff({ message: ChatTexts.noWebSocket, reason: 'unsupported' });
      return;
    }
    const protocol = this.options.pageProtocol ?? (typeof location === 'undefined' ? '' : location.protocol);
    if (protocol === 'https:' && !this.options.url.startsWith('wss:')) {
      this.turnOff({ message: ChatTexts.httpsNeedsWss, reason: 'insecure' });
      return;
    }
    this.Impl = Impl;
    this.network?.addEventListener('offline', this.onOffline);
    this.network?.addEventListener('online', this.onOnline);
    this.connect();
  }

  /** Sends a frame; false when the connection is not open (the caller keeps it to send later). */
  send(frame: { pathInfo: string } & Record<string, unknown>): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN || this.state !== 'open') return false;
    try {
      socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  /** No more reconnects: the chat is off. */
  stop(): void {
    this.turnOff({ reason: 'stopped' });
  }

  get current(): ChatConnectionState | null {
    return this.state;
  }

  private setState(state: ChatConnectionState, detail?: ChatConnectionDetail) {
    this.state = state;
    this.options.onState(state, detail);
  }

  private connect() {
    const Impl = this.Impl;
    if (!Impl || this.stopped) return;
    this.retryTimer = null;
    // a retry stays 'reconnecting' (set when the drop was seen) until it opens
    if (this.attempts === 0) this.setState('connecting');
    let socket: WebSocket;
    try {
      socket = new Impl(this.options.url);
    } catch {
      this.scheduleReconnect(ChatTexts.wsError);
      return;
    }
    this.socket = socket;
    let failed = false;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.state = 'open';
      socket.send(JSON.stringify({ pathInfo: PathInfo.initialize, ...this.options.initialize() }));
      this.options.onState('open');
      this.keepAlive();
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      // anything from the server shows the connection is alive
      this.stopPongWait();
      let push: ChatPush;
      try {
        push = JSON.parse(String(event.data)) as ChatPush;
      } catch {
        return;
      }
      if (!push || typeof push.type !== 'string') return;
      this.options.onPush(push);
      if (push.type === 'init') {
        const data = push.data as { user?: unknown; reason?: string; message?: string } | null;
        if (data?.reason === 'session_ended') {
          this.turnOff(sessionEndedDetail);
          return;
        }
        if (!data?.user) {
          // a staff member whose role may not answer chats (decision 0019) is told why
          if (data?.reason === 'forbidden') this.turnOff({ reason: 'forbidden', message: data.message });
          else this.turnOff({ reason: data?.reason === 'token_expired' ? 'token_expired' : 'unauthorized' });
          return;
        }
        // a good start: the next drop begins the plan again with an immediate retry
        this.attempts = 0;
      } else if (push.type === 'close') {
        this.turnOff({ reason: 'closed' });
      } else if (push.type === 'session_ended') {
        this.turnOff(sessionEndedDetail);
      }
    };
    socket.onerror = () => {
      failed = true;
    };
    socket.onclose = (event?: { code?: number }) => {
      // the push may have been lost on the way: the close code says it too
      if (this.socket === socket && event?.code === CHAT_CLOSE_SESSION_ENDED) this.turnOff(sessionEndedDetail);
      else this.dropped(socket, failed);
    };
  }

  /** The connection is gone (closed, offline, or silent): let the socket go and follow the plan. */
  private dropped(socket: WebSocket, failed: boolean) {
    if (this.socket !== socket) return;
    this.socket = null;
    release(socket);
    this.stopKeepAlive();
    if (this.stopped) return;
    this.scheduleReconnect(failed ? ChatTexts.wsError : undefined);
  }

  private scheduleReconnect(error?: string) {
    this.attempts += 1;
    this.setState('reconnecting', error ? { ...reconnectingDetail, error } : reconnectingDetail);
    this.retryTimer = this.schedule(() => this.connect(), reconnectDelay(this.attempts));
  }

  /** The browser lost the network: an open socket would linger unaware, so it is dropped now. */
  private readonly onOffline = () => {
    if (this.socket) this.dropped(this.socket, false);
  };

  /** The network is back: the retry waiting for its turn goes now. */
  private readonly onOnline = () => {
    if (this.retryTimer === null || this.stopped) return;
    this.cancel(this.retryTimer);
    this.connect();
  };

  /**
   * spec 7: WsMixed/ping every 50 s while open. A connection that answers nothing to a ping within
   * PONG_WAIT_MS is taken as dropped (a network that vanished without a close).
   */
  private keepAlive() {
    if (this.pingTimer !== null) this.cancel(this.pingTimer);
    this.pingTimer = this.schedule(() => {
      this.pingTimer = null;
      const socket = this.socket;
      if (!socket || !this.send({ pathInfo: PathInfo.ping })) return;
      if (this.pongTimer === null) {
        this.pongTimer = this.schedule(() => {
          this.pongTimer = null;
          this.dropped(socket, false);
        }, PONG_WAIT_MS);
      }
      this.keepAlive();
    }, CHAT_HEARTBEAT_MS);
  }

  private stopPongWait() {
    if (this.pongTimer !== null) this.cancel(this.pongTimer);
    this.pongTimer = null;
  }

  private stopKeepAlive() {
    if (this.pingTimer !== null) this.cancel(this.pingTimer);
    this.pingTimer = null;
    this.stopPongWait();
  }

  private turnOff(detail: ChatConnectionDetail) {
    if (this.state === 'off') return;
    this.stopped = true;
    if (this.retryTimer !== null) this.cancel(this.retryTimer);
    this.retryTimer = null;
    this.stopKeepAlive();
    this.network?.removeEventListener('offline', this.onOffline);
    this.network?.removeEventListener('online', this.onOnline);
    const socket = this.socket;
    this.socket = null;
    if (socket) release(socket);
    this.setState('off', detail);
  }
}

/** Detaches a socket from the connection and closes it. */
function release(socket: WebSocket) {
  socket.onopen = null;
  socket.onmessage = null;
  socket.onerror = null;
  socket.onclose = null;
  try {
    socket.close();
  } catch {
    // already closing
  }
}

const reconnectingDetail: ChatConnectionDetail = { message: ChatTexts.reconnecting };
const sessionEndedDetail: ChatConnectionDetail = { message: ChatTexts.signedOut, reason: 'session_ended' };

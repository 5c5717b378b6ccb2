import { ChatTexts, PathInfo } from '@shop/contracts/chat-constants';
import { describe, expect, it } from 'vitest';
import { ChatConnection, type ChatConnectionDetail, type ChatConnectionState, PONG_WAIT_MS, reconnectDelay } from './connection';

/** A websocket the test drives: it records what is sent and opens, fails or closes on command. */
class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(raw: string) {
    this.sent.push(JSON.parse(raw) as Record<string, unknown>);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(type: string, data: unknown) {
    this.onmessage?.({ data: JSON.stringify({ type, data }) });
  }
  drop(withError = false, code = 1006) {
    this.readyState = 3;
    if (withError) this.onerror?.();
    this.onclose?.({ code });
  }
}

/** A scheduler under the test's control: timers run only when the test says how much time passed. */
class FakeClock {
  now = 0;
  private timers: Array<{ id: number; at: number; fn: () => void }> = [];
  private next = 1;
  delays: number[] = [];
  schedule = (fn: () => void, ms: number) => {
    const id = this.next++;
    this.delays.push(ms);
    this.timers.push({ id, at: this.now + ms, fn });
    return id;
  };
  cancel = (id: unknown) => {
    this.timers = this.timers.filter((timer) => timer.id !== id);
  };
  advance(ms: number) {
    const until = this.now + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.now = due.at;
      due.fn();
    }
    this.now = until;
  }
}

function setup(initialize: () => Record<string, unknown> = () => ({ baTouristToken: 'tt1.x', language: 'en-us' })) {
  FakeSocket.made = [];
  const network = new EventTarget();
  const clock = new FakeClock();
  const states: Array<[ChatConnectionState, ChatConnectionDetail | undefined]> = [];
  const pushes: Array<{ type: string; data: unknown }> = [];
  const connection = new ChatConnection({
    url: 'ws://shop.test/worker/ws',
    initialize,
    onPush: (push) => pushes.push(push),
    onState: (state, detail) => states.push([state, detail]),
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    schedule: clock.schedule,
    cancel: clock.cancel,
    pageProtocol: 'http:',
    network,
  });
  const socket = (index = FakeSocket.made.length - 1) => FakeSocket.made[index] as FakeSocket;
  return { connection, clock, states, pushes, socket, network };
}

/** A connection started, its socket open and the server's init answered. */
function connected(initialize?: () => Record<string, unknown>) {
  const made = setup(initialize);
  made.connection.start();
  made.socket().open();
  made.socket().push('init', { user: { id: 1 } });
  return made;
}

describe('ChatConnection', () => {
  it('reconnect delays follow spec 4: at once, 6 s, 6 s, then every 18 s', () => {
    expect([1, 2, 3, 4, 5, 9].map(reconnectDelay)).toEqual([0, 6_000, 6_000, 18_000, 18_000, 18_000]);
  });

  it('sends initialize with the owner’s params as soon as the socket opens', () => {
    const { connection, socket, states } = setup(() => ({ baTouristToken: 'tt1.abc', language: 'zh-cn', last_seqs: { 4: 7 } }));
    connection.start();
    expect(states.at(-1)?.[0]).toBe('connecting');
    socket().open();
    expect(socket().sent[0]).toEqual({
      pathInfo: PathInfo.initialize,
      baTouristToken: 'tt1.abc',
      language: 'zh-cn',
      last_seqs: { 4: 7 },
    });
    expect(states.at(-1)?.[0]).toBe('open');
  });

  it('retries a dropped connection at once, after 6 s, 6 s, then every 18 s, saying the network is weak', () => {
    const { socket, clock, states } = connected();
    socket().drop(true);
    expect(states.at(-1)).toEqual(['reconnecting', { message: ChatTexts.reconnecting, error: ChatTexts.wsError }]);

    const attemptsAt: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const before = FakeSocket.made.length;
      // time passes one second at a time until the next attempt is made
      while (FakeSocket.made.length === before) clock.advance(1_000);
      attemptsAt.push(clock.now);
      socket().drop(true);
    }
    // an attempt is made at once (within the first tick), then 6 s, 6 s, 18 s, 18 s, 18 s apart
    expect(attemptsAt).toEqual([1_000, 7_000, 13_000, 31_000, 49_000, 67_000]);
    expect(states.every(([state]) => state !== 'off')).toBe(true);
    expect(states.at(-1)?.[1]?.message).toBe(ChatTexts.reconnecting);
  });

  it('starts the plan again after a successful init: the next drop is retried at once', () => {
    const { socket, clock } = connected();
    socket().drop();
    clock.advance(0);
    socket().drop(); // retry 1 failed
    clock.advance(6_000);
    socket().open(); // retry 2 worked
    socket().push('init', { user: { id: 1 } });
    socket().drop();
    const before = FakeSocket.made.length;
    clock.advance(0);
    expect(FakeSocket.made.length).toBe(before + 1);
  });

  it('reconnects with the initialize params as they are now (the last sequences seen)', () => {
    let lastSeq = 3;
    const { socket, clock } = connected(() => ({ last_seqs: { 9: lastSeq } }));
    lastSeq = 8;
    socket().drop();
    clock.advance(0);
    socket().open();
    expect(socket().sent[0]).toMatchObject({ pathInfo: PathInfo.initialize, last_seqs: { 9: 8 } });
  });

  it('turns off on an init without a user, and never reconnects', () => {
    const { connection, socket, clock, states } = setup();
    connection.start();
    socket().open();
    socket().push('init', { user: null, reason: 'unauthorized' });
    expect(states.at(-1)).toEqual(['off', { reason: 'unauthorized' }]);
    expect(socket().closed).toBe(true);
    clock.advance(100_000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(connection.send({ pathInfo: PathInfo.ping })).toBe(false);
  });

  it('turns off on an init refused for the staff role, passing on why', () => {
    const { connection, socket, clock, states } = setup();
    connection.start();
    socket().open();
    const message = 'Your role does not allow answering chats (it needs chat.answer)';
    socket().push('init', { user: null, reason: 'forbidden', message });
    expect(states.at(-1)).toEqual(['off', { reason: 'forbidden', message }]);
    clock.advance(100_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('turns off on a close push, and never reconnects', () => {
    const { socket, clock, states, pushes } = connected();
    socket().push('close', { reason: 'idle' });
    expect(pushes.map((push) => push.type)).toEqual(['init', 'close']);
    expect(states.at(-1)?.[0]).toBe('off');
    clock.advance(100_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('turns off on session_ended, saying the shopper was signed out, and never reconnects with the dead token', () => {
    const { socket, clock, states } = connected();
    socket().push('session_ended', { reason: 'logout', message: ChatTexts.signedOut });
    expect(states.at(-1)).toEqual(['off', { reason: 'session_ended', message: ChatTexts.signedOut }]);
    expect(socket().closed).toBe(true);
    clock.advance(100_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('turns off on an init refused because the session ended, and on close code 4001 without the push', () => {
    const refused = setup();
    refused.connection.start();
    refused.socket().open();
    refused.socket().push('init', { user: null, reason: 'session_ended' });
    expect(refused.states.at(-1)).toEqual(['off', { reason: 'session_ended', message: ChatTexts.signedOut }]);

    const closed = connected();
    closed.socket().drop(false, 4001);
    expect(closed.states.at(-1)).toEqual(['off', { reason: 'session_ended', message: ChatTexts.signedOut }]);
    closed.clock.advance(100_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('stop() ends it: no reconnect after the socket closes', () => {
    const { connection, socket, clock, states } = setup();
    connection.start();
    socket().open();
    connection.stop();
    expect(states.at(-1)?.[0]).toBe('off');
    clock.advance(100_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('sends frames only while open', () => {
    const { connection, socket } = setup();
    connection.start();
    expect(connection.send({ pathInfo: PathInfo.distribution })).toBe(false);
    socket().open();
    expect(connection.send({ pathInfo: PathInfo.distribution })).toBe(true);
    expect(socket().sent.at(-1)).toEqual({ pathInfo: PathInfo.distribution });
    socket().drop();
    expect(connection.send({ pathInfo: PathInfo.distribution })).toBe(false);
  });

  it('pings every 50 s while open', () => {
    const { connection, socket, clock } = setup();
    connection.start();
    socket().open();
    clock.advance(50_000);
    socket().push('pong', { time: 1 });
    clock.advance(50_000);
    socket().push('pong', { time: 2 });
    expect(socket().sent.filter((frame) => frame.pathInfo === PathInfo.ping)).toHaveLength(2);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('takes a connection that answers no ping within 10 s as dropped, and reconnects', () => {
    const { socket, clock, states } = connected();
    const first = socket();
    clock.advance(50_000 + PONG_WAIT_MS);
    expect(first.closed).toBe(true);
    expect(states.at(-1)).toEqual(['reconnecting', { message: ChatTexts.reconnecting }]);
    clock.advance(0);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('drops the socket when the browser goes offline, and retries at once when it is back', () => {
    const { socket, clock, states, network } = connected();
    const first = socket();
    network.dispatchEvent(new Event('offline'));
    expect(first.closed).toBe(true);
    expect(states.at(-1)?.[1]?.message).toBe(ChatTexts.reconnecting);
    clock.advance(0);
    socket().drop(true); // the immediate retry fails: still offline
    expect(FakeSocket.made).toHaveLength(2);
    // the next retry would wait 6 s; the network coming back does not wait
    network.dispatchEvent(new Event('online'));
    expect(FakeSocket.made).toHaveLength(3);
    socket().open();
    expect(socket().sent[0]?.pathInfo).toBe(PathInfo.initialize);
    clock.advance(60_000);
    expect(FakeSocket.made).toHaveLength(3);
  });

  it('hands every push to the owner', () => {
    const { connection, socket, pushes } = setup();
    connection.start();
    socket().open();
    socket().push('newMessage', { id: 1 });
    socket().onmessage?.({ data: 'not json' });
    expect(pushes).toEqual([{ type: 'newMessage', data: { id: 1 } }]);
  });

  it('says so when the browser has no WebSocket', () => {
    const states: Array<[ChatConnectionState, ChatConnectionDetail | undefined]> = [];
    const original = globalThis.WebSocket;
    // @ts-expect-error: a browser without WebSocket
    delete globalThis.WebSocket;
    try {
      new ChatConnection({
        url: 'ws://shop.test/worker/ws',
        initialize: () => ({}),
        onPush: () => {},
        onState: (state, detail) => states.push([state, detail]),
      }).start();
    } finally {
      if (original) globalThis.WebSocket = original;
    }
    expect(states).toEqual([['off', { message: ChatTexts.noWebSocket, reason: 'unsupported' }]]);
  });

  it('refuses a ws:// url on an https page', () => {
    const states: Array<[ChatConnectionState, ChatConnectionDetail | undefined]> = [];
    FakeSocket.made = [];
    new ChatConnection({
      url: 'ws://shop.test/worker/ws',
      initialize: () => ({}),
      onPush: () => {},
      onState: (state, detail) => states.push([state, detail]),
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
      pageProtocol: 'https:',
    }).start();
    expect(states).toEqual([['off', { message: ChatTexts.httpsNeedsWss, reason: 'insecure' }]]);
    expect(FakeSocket.made).toHaveLength(0);
  });
});

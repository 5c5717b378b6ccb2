import { PathInfo } from '@shop/contracts/chat-constants';
import type { TChatConfig, TChatMessage } from '@shop/contracts/chat-protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from '../../../lib/fake-browser.testing';
import type { ChatConnectionOptions } from '../connection';
import { chatMessage } from '../test-fixtures';
import { ChatController, TOURIST_TOKEN_KEY } from './chat-controller';

const config = {
  app_name: 'Customer Service',
  ws_url: 'ws://shop.test/worker/ws',
  tourist_file_switch: 'yes',
} as TChatConfig;

/** A controller over a connection the test plays the server for. */
function setup() {
  let options!: ChatConnectionOptions;
  let open = false;
  const sent: Array<Record<string, unknown>> = [];
  const toasts: string[] = [];
  const controller = new ChatController({
    config,
    refreshToken: async () => null,
    toast: { error: (message) => toasts.push(message), info: (message) => toasts.push(message) },
    connect: (given) => {
      options = given;
      return {
        start: () => {},
        stop: () => {},
        send: (frame) => {
          if (!open) return false;
          sent.push(frame);
          return true;
        },
      };
    },
  });
  const server = {
    open() {
      open = true;
      options.onState('open');
      sent.push({ pathInfo: PathInfo.initialize, ...options.initialize() });
    },
    drop() {
      open = false;
      options.onState('reconnecting', { message: 'Network is weak, reconnecting automatically.' });
    },
    push(type: string, data: unknown) {
      options.onPush({ type, data });
    },
    /** the connection heard session_ended and turned off */
    end() {
      open = false;
      options.onState('off', { reason: 'session_ended', message: 'You have been signed out' });
    },
    sentOf: (pathInfo: string) => sent.filter((frame) => frame.pathInfo === pathInfo),
  };
  return { controller, server, sent, toasts };
}

const user = { id: 9, identity: 'tourist', nickname: 'Visitor 9', avatar: '', status: 'online', token: '' };

const stored = (seq: number, over: Partial<TChatMessage> = {}) =>
  chatMessage({
    id: 500 + seq,
    seq,
    content: `m${seq}`,
    sender_id: 9,
    sender_identity: 'tourist',
    client_msg_id: `x${seq}`,
    created_at: '2025-01-01T00:00:00.000Z',
    ...over,
  });

/** Connects, opens the dialog and is given conversation 5, no agent yet. */
function inConversation(controller: ChatController, server: ReturnType<typeof setup>['server']) {
  server.open();
  server.push('init', { user });
  server.push('sessions', []);
  controller.open();
  server.push('distribution', { session_id: 5, csr: null });
}

describe('the chat controller', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('forgets the tourist token and says the shopper was signed out when their session ends', () => {
    const stored = fakeBrowser().win.localStorage;
    const { controller, server, toasts } = setup();
    server.open();
    server.push('init', { user: { ...user, token: 'tt1.shopper' } });
    expect(stored.getItem(TOURIST_TOKEN_KEY)).toBe('tt1.shopper');
    server.end();
    expect(stored.getItem(TOURIST_TOKEN_KEY)).toBeNull();
    expect(toasts).toEqual([controller.texts.signedOut]);
    expect(controller.getSnapshot().off).toEqual({ message: 'You have been signed out', signedOut: true });
  });

  it('asks for a conversation when opened, then loads its newest messages', () => {
    const { controller, server } = setup();
    controller.open();
    server.open();
    server.push('init', { user });
    server.push('sessions', []);
    expect(server.sentOf(PathInfo.distribution)).toHaveLength(1);
    server.push('distribution', { session_id: 5, csr: { id: 2, nickname: 'Alice', avatar: '', status: 'online' } });
    expect(server.sentOf(PathInfo.loadRecords)).toEqual([{ pathInfo: PathInfo.loadRecords, id: 5, page: 1 }]);
    expect(controller.getSnapshot()).toMatchObject({ sessionId: 5, agent: { nickname: 'Alice' }, loadingOlder: true });
  });

  it('opens no conversation until the first message, which is sent without one and joins the conversation it opened', async () => {
    const { controller, server } = setup();
    controller.open();
    server.open();
    server.push('init', { user });
    server.push('sessions', []);
    server.push('distribution', { session_id: null, csr: null });
    expect(controller.getSnapshot()).toMatchObject({ sessionId: null, fresh: true, distributing: false });
    // asked once: reopening the dialog does not ask again
    controller.close();
    controller.open();
    expect(server.sentOf(PathInfo.distribution)).toHaveLength(1);

    const sending = controller.sendMessage({ type: 'text', content: 'Is this in stock?' });
    const [frame] = server.sentOf(PathInfo.sendSessionMessage);
    expect(frame).toMatchObject({ type: 'text', content: 'Is this in stock?' });
    expect(frame).not.toHaveProperty('session_id');
    expect(controller.getSnapshot().pending).toHaveLength(1);

    server.push('distribution', { session_id: 7, csr: { id: 2, nickname: 'Alice', avatar: '', status: 'online' } });
    expect(controller.getSnapshot()).toMatchObject({ sessionId: 7, fresh: false, agent: { nickname: 'Alice' } });
    expect(controller.getSnapshot().pending.map((message) => message.session_id)).toEqual([7]);
    server.push(
      'newMessage',
      stored(1, { session_id: 7, content: 'Is this in stock?', client_msg_id: String(frame?.client_msg_id) }),
    );
    await expect(sending).resolves.toBe(true);
    expect(controller.getSnapshot()).toMatchObject({ pending: [], messages: [{ session_id: 7, seq: 1 }] });
  });

  it('keeps a message typed while offline and sends it once connected, with the same client id', async () => {
    const { controller, server } = setup();
    inConversation(controller, server);
    server.drop();
    await expect(controller.sendMessage({ type: 'text', content: 'Are you there?' })).resolves.toBe(true);
    const pending = controller.getSnapshot().pending;
    expect(pending).toHaveLength(1);
    expect(server.sentOf(PathInfo.sendSessionMessage)).toHaveLength(0);

    server.open();
    server.push('init', { user });
    const resent = server.sentOf(PathInfo.sendSessionMessage);
    expect(resent).toHaveLength(1);
    expect(resent[0]).toMatchObject({ session_id: 5, content: 'Are you there?', client_msg_id: pending[0]?.client_msg_id });
    server.push('newMessage', stored(1, { client_msg_id: pending[0]?.client_msg_id, content: 'Are you there?' }));
    expect(controller.getSnapshot().pending).toHaveLength(0);
  });

  it('initializes again with the last sequence seen, so the server replays what was missed', () => {
    const { controller, server, sent } = setup();
    inConversation(controller, server);
    server.push('sessionRecords', { session_id: 5, page: 1, page_size: 20, total: 2, data: [stored(1), stored(2)] });
    server.drop();
    server.open();
    expect(sent.at(-1)).toMatchObject({ pathInfo: PathInfo.initialize, language: 'en-us', last_seqs: { '5': 2 } });
  });

  it('resolves a send once the server has stored it, and false when it refuses it', async () => {
    const { controller, server, toasts } = setup();
    inConversation(controller, server);
    const accepted = controller.sendMessage({ type: 'text', content: 'Hi' });
    const frame = server.sentOf(PathInfo.sendSessionMessage)[0];
    server.push('newMessage', stored(1, { client_msg_id: String(frame?.client_msg_id) }));
    await expect(accepted).resolves.toBe(true);

    const refused = controller.sendMessage({ type: 'text', content: 'x' });
    server.push('error', { message: 'Session not found', pathInfo: PathInfo.sendSessionMessage });
    await expect(refused).resolves.toBe(false);
    expect(toasts).toContain('[Customer Service] Session not found');
    expect(controller.getSnapshot().pending).toHaveLength(0);
  });

  it('says "Please select a conversation" when there is none', async () => {
    const { controller, toasts } = setup();
    await expect(controller.sendMessage({ type: 'text', content: 'Hi' })).resolves.toBe(false);
    expect(toasts).toEqual(['Please select a conversation']);
  });

  it('records each page once, and a page seen before the connection when it opens', () => {
    const { controller, server } = setup();
    controller.trajectory({ url: 'http://shop.test/', title: 'Home' });
    server.open();
    server.push('init', { user });
    controller.trajectory({ url: 'http://shop.test/', title: 'Home' });
    controller.trajectory({ url: 'http://shop.test/product/a.html', title: 'Dress' });
    const pages = server.sentOf(PathInfo.trajectory);
    expect(pages.map((page) => page.url)).toEqual(['http://shop.test/', 'http://shop.test/product/a.html']);
    expect(pages[1]?.referrer).toBe('http://shop.test/');
    // a reconnect does not record the same page again
    server.drop();
    server.open();
    server.push('init', { user });
    expect(server.sentOf(PathInfo.trajectory)).toHaveLength(2);
  });

  it('marks the agent’s messages read while the dialog is open', () => {
    const { controller, server } = setup();
    inConversation(controller, server);
    server.push('newMessage', stored(3, { sender_identity: 'csr', sender_id: 2 }));
    expect(server.sentOf(PathInfo.readMessage).at(-1)).toEqual({ pathInfo: PathInfo.readMessage, session_id: 5, up_to_seq: 3 });
  });

  it('shows the server’s tips with the app name in brackets (spec 8)', () => {
    const { server, toasts } = setup();
    server.open();
    server.push('tip', { message: 'Welcome back' });
    expect(toasts).toEqual(['[Customer Service] Welcome back']);
  });
});

import type { TTokenPair } from '@shop/contracts/auth';
import { PathInfo, type TChatMessage, type TChatUser } from '@shop/contracts/chat-protocol';
import type { ClientOptions } from 'ws';
import type { StaffTable } from '../db/schema';
import { buildStaff } from '../modules/staff/service';
import { ChatClient } from './chat-client';
import { createTestApp, injectAs, listen, type TestApp } from './harness';

/** What the chat answers `initialize` with: the user, or none and the reason it refused. */
type ChatInit = { user: TChatUser | null; reason?: string };

/** A staff member signed in with their password, with a console open; `open` opens another (at `url`: another instance). */
export type ChatAgent = {
  id: number;
  email: string;
  token: string;
  client: ChatClient;
  open: (url?: string) => Promise<ChatClient>;
};

const PASSWORD = 'Agent12345';

/**
 * A chat test file's app, listening, and the websocket connections its tests open. Made at the
 * file's top (its functions can be taken out of it there), started in the file's beforeAll and
 * closed, connections and app, in its afterAll.
 */
export function chatHarness() {
  let app: TestApp | undefined;
  let urls = { http: '', ws: '' };
  const clients: ChatClient[] = [];
  let n = 0;

  /** The app, once `start` has built it. */
  const started = () => {
    if (!app) throw new Error('the chat harness is used before its start()');
    return app;
  };

  /** A connection to the chat (at `url`: another instance's), closed with the harness. */
  async function connect(url?: string, options?: ClientOptions) {
    started();
    const client = await ChatClient.connect(url ?? urls.ws, options);
    clients.push(client);
    return client;
  }

  /** A connection that sent `initialize` with `params` (and the language), with the init push it got. */
  async function initialize(params: Record<string, unknown> = {}, url?: string) {
    const client = await connect(url);
    client.send({ pathInfo: PathInfo.initialize, language: 'en-us', ...params });
    return { client, init: await client.next<ChatInit>('init') };
  }

  /** A visitor's widget, initialized with `params` (a tourist or shopper token, last_seqs…): the connection and who they are. */
  async function visitor(params: Record<string, unknown> = {}, url?: string) {
    const { client, init } = await initialize(params, url);
    if (!init.user) throw new Error(`visitor refused: ${init.reason}`);
    return { client, user: init.user };
  }

  /** An agent's console signed in with the staff `token`, its first pushes (init, csrWindowInit) read: the connection and the agent. */
  async function openConsole(token: string, url?: string) {
    const { client, init } = await initialize({ baToken: token, backend: true }, url);
    if (!init.user) throw new Error(`agent refused: ${init.reason}`);
    await client.next('csrWindowInit');
    return { client, user: init.user };
  }

  /**
   * A visitor's first message, which opens their conversation (decision 0014): the conversation and
   * the agent it went to (null: it waits in the queue). Its echo is taken out of the record.
   */
  async function converse(guest: ChatClient, content = 'Hello') {
    const client_msg_id = `first-${++n}`;
    guest.send({ pathInfo: PathInfo.sendSessionMessage, type: 'text', content, client_msg_id });
    const assigned = await guest.next<{ session_id: number; csr: { id: number } | null }>('distribution');
    await guest.next<TChatMessage>('newMessage', (message) => message.client_msg_id === client_msg_id);
    return assigned;
  }

  /** A staff member of `role`, made with a password and signed in with it at /admin/login. */
  async function staff(role: StaffTable['role'], options: { nickname?: string } = {}) {
    const t = started();
    const email = `chat-staff-${++n}@example.com`;
    const id = await buildStaff(t.database.db, { email, password: PASSWORD, nickname: options.nickname ?? `Agent ${n}`, role });
    const login = await injectAs(t, null).post<TTokenPair>('/admin/login', { username: email, password: PASSWORD });
    if (login.status !== 200) throw new Error(`${email} could not sign in: ${login.msg}`);
    return { id, email, token: login.result.token };
  }

  return {
    /** Builds the app (with `options`) and listens on a free port; the app, for the file's `t`. */
    async start(options?: Parameters<typeof createTestApp>[0]) {
      app = await createTestApp(options);
      const { http, ws } = await listen(app);
      urls = { http, ws: `${ws}/worker/ws` };
      return app;
    },
    /** the chat's websocket URL (`/worker/ws`), once started */
    get wsUrl() {
      return urls.ws;
    },
    /** the app's HTTP base URL, once started */
    get httpUrl() {
      return urls.http;
    },
    connect,
    initialize,
    visitor,
    openConsole,
    converse,
    staff,
    /** A fresh agent (or a supervisor: admin) with a console open. */
    async agent(role: StaffTable['role'] = 'csr', options: { nickname?: string } = {}): Promise<ChatAgent> {
      const member = await staff(role, options);
      const open = async (url?: string) => (await openConsole(member.token, url)).client;
      return { ...member, client: await open(), open };
    },
    /** Closes every connection the tests opened, then the app. */
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await app?.close();
    },
  };
}

export type ChatHarness = ReturnType<typeof chatHarness>;

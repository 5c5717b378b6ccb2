// The staff API's permission matrix: every /admin/* route, called with no token, with a shopper's
// token and as each role, answers 401, 401, and then 403 exactly where the role lacks the route's
// permission. A new /admin route fails here until it is added to the table below. The live chat's
// staff side (the agents' console on the websocket, and chat uploads) asks for `chat.answer` too.
import type { TTokenPair } from '@shop/contracts/auth';
import { CHAT_CLOSE_SESSION_ENDED, PathInfo, type TChatUser } from '@shop/contracts/chat-protocol';
import { type Permission, ROLE_PERMISSIONS, roleMay, STAFF_ROLES, type StaffRoleName } from '@shop/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_CLOSE_ROLE_CHANGED } from '../../chat/gateway';
import { buildUser } from '../../seed/accounts';
import { ChatClient } from '../../testing/chat-client';
import { makeStaff, makeStaffToken } from '../../testing/fixtures';
import { createTestApp, injectAs, listen, type TestApp, testEngine } from '../../testing/harness';
import { buildStaff } from './service';

/** Each staff route and what it needs: a permission, 'signed-in' (any staff member) or 'public'. */
const ROUTES: Record<string, Permission | 'signed-in' | 'public'> = {
  'POST /admin/login': 'public',
  'GET /admin/info': 'signed-in',
  'POST /admin/logout': 'signed-in',
  'GET /admin/dashboard': 'signed-in',
  'GET /admin/order/list': 'orders.view',
  'GET /admin/order/detail': 'orders.view',
  'GET /admin/order/export': 'orders.view',
  'POST /admin/order/cancel': 'orders.cancel',
  'POST /admin/order/ship': 'orders.ship',
  'POST /admin/order/tracking': 'orders.ship',
  'PUT /admin/help/page': 'content.edit',
  'GET /admin/site/home/list': 'catalog.edit',
  'GET /admin/site/home': 'catalog.edit',
  'POST /admin/site/home/save': 'catalog.edit',
  'POST /admin/site/home/reset': 'catalog.edit',
  'POST /admin/site/home/upload': 'catalog.edit',
  'GET /admin/site/settings': 'content.edit',
  'POST /admin/site/settings': 'content.edit',
  'GET /admin/site/currencies': 'content.edit',
  'POST /admin/site/currencies/save': 'content.edit',
  'GET /admin/feedback': 'feedback.view',
  'GET /admin/feedback/averages': 'feedback.view',
  'GET /admin/requests': 'requests.handle',
  'GET /admin/requests/assignees': 'requests.handle',
  'GET /admin/requests/{id}': 'requests.handle',
  'GET /admin/requests/{id}/files/{file_id}': 'requests.handle',
  'POST /admin/requests/assign': 'requests.handle',
  'POST /admin/requests/answer': 'requests.handle',
  'POST /admin/requests/close': 'requests.handle',
  'GET /admin/mail/list': 'mail.view',
  'GET /admin/mail/{id}': 'mail.view',
  'GET /admin/kefu/quickReply/list': 'chat.answer',
  'POST /admin/kefu/quickReply/add': 'chat.answer',
  'POST /admin/kefu/quickReply/edit': 'chat.answer',
  'POST /admin/kefu/quickReply/delete': 'chat.answer',
  'GET /admin/kefu/csr/list': 'chat.answer',
  'GET /admin/kefu/kbs/list': 'chat.answer',
  'POST /admin/kefu/kbs/add': 'chat.configure',
  'POST /admin/kefu/kbs/edit': 'chat.configure',
  'POST /admin/kefu/kbs/delete': 'chat.configure',
  'GET /admin/kefu/config': 'chat.configure',
  'GET /admin/kefu/contact': 'chat.answer',
  'POST /admin/kefu/contact/order-card': 'chat.answer',
  'POST /admin/kefu/contact/tracking': 'chat.answer',
  'POST /admin/kefu/contact/return/quote': 'chat.answer',
  'POST /admin/kefu/contact/return': 'chat.answer',
  'POST /admin/kefu/contact/goodwill': 'chat.answer',
  'POST /admin/kefu/config': 'chat.configure',
  'GET /admin/kefu/hours': 'chat.configure',
  'POST /admin/kefu/hours': 'chat.configure',
  'GET /admin/chat/reports': 'chat.reports',
  'GET /admin/audit': 'audit.view',
  'GET /admin/staff/list': 'staff.manage',
  'POST /admin/staff/invite': 'staff.manage',
  'POST /admin/staff/accept': 'public',
  'POST /admin/staff/role': 'staff.manage',
  'POST /admin/staff/active': 'staff.manage',
  'POST /admin/staff/chat-cap': 'staff.manage',
  'POST /admin/staff/totp/setup': 'signed-in',
  'POST /admin/staff/totp/enable': 'signed-in',
  'POST /admin/staff/totp/disable': 'signed-in',
  'GET /admin/audit/verify': 'audit.view',
  'GET /admin/coupons/list': 'coupons.manage',
  'POST /admin/coupons/add': 'coupons.manage',
  'POST /admin/coupons/edit': 'coupons.manage',
  'POST /admin/coupons/pause': 'coupons.manage',
  'POST /admin/coupons/grant': 'coupons.manage',
  'POST /admin/users/{id}/points': 'points.adjust',
  'GET /admin/customers': 'customers.view',
  'GET /admin/customers/{id}': 'customers.view',
  'GET /admin/customers/{id}/chats': 'customers.view',
  'GET /admin/customers/{id}/chats/{sessionId}': 'customers.view',
  'GET /admin/customers/{id}/notes': 'customers.view',
  'POST /admin/customers/{id}/notes': 'customers.view',
  'POST /admin/customers/{id}/notes/delete': 'customers.view',
  'POST /admin/customers/{id}/erase': 'customers.erase',
  'GET /admin/reviews': 'reviews.moderate',
  'POST /admin/reviews/approve': 'reviews.moderate',
  'POST /admin/reviews/reject': 'reviews.moderate',
  'POST /admin/reviews/reply': 'reviews.moderate',
  'GET /admin/returns/list': 'orders.view',
  'GET /admin/returns/detail': 'orders.view',
  'POST /admin/returns/approve': 'refunds.approve',
  'POST /admin/returns/reject': 'refunds.approve',
  'POST /admin/returns/receive': 'orders.ship',
  'POST /admin/returns/refund': 'refunds.approve',
  'POST /admin/returns/ship': 'orders.ship',
  'POST /admin/order/refund': 'refunds.approve',
  'GET /admin/catalog/products': 'catalog.edit',
  'GET /admin/catalog/products/{id}': 'catalog.edit',
  'POST /admin/catalog/products/save': 'catalog.edit',
  'POST /admin/catalog/images/upload': 'catalog.edit',
  'POST /admin/catalog/stock': 'stock.edit',
  'GET /admin/catalog/categories': 'catalog.edit',
  'POST /admin/catalog/categories/add': 'catalog.edit',
  'POST /admin/catalog/categories/rename': 'catalog.edit',
  'POST /admin/catalog/categories/move': 'catalog.edit',
  'GET /admin/catalog/export/products': 'catalog.edit',
  'GET /admin/catalog/export/stock': 'stock.edit',
  'POST /admin/catalog/import/products': 'catalog.edit',
  'POST /admin/catalog/import/stock': 'stock.edit',
};

let t: TestApp;
const tokens = {} as Record<StaffRoleName, string>;
let shopperToken: string;
let chatUrl: string;
const chatClients: ChatClient[] = [];

async function staffToken(email: string) {
  const login = await injectAs(t, null).post<TTokenPair>('/admin/login', { username: email, password: 'Staff12345' });
  return login.result.token;
}

beforeAll(async () => {
  // the chat's sweep runs often, so that an idle console whose role changed is closed within a test
  t = await createTestApp({ chatHeartbeat: { idleCloseMs: 600_000, sweepEveryMs: 200 } });
  chatUrl = `${(await listen(t)).ws}/worker/ws`;
  for (const role of STAFF_ROLES) {
    const email = `${role}@example.com`;
    await buildStaff(t.database.db, { email, password: 'Staff12345', nickname: role, role });
    tokens[role] = await staffToken(email);
  }
  const shopper = await buildUser(t.database.db);
  const login = await injectAs(t, null).post<TTokenPair>('/shop/login/password', {
    username: shopper.email,
    password: shopper.password,
  });
  shopperToken = login.result.token;
});
afterAll(async () => {
  await Promise.all(chatClients.map((client) => client.close()));
  await t?.close();
});

/** The staff routes the app serves, from its OpenAPI document (every /admin route is documented). */
function adminRoutes(): string[] {
  const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  return Object.entries(paths)
    .filter(([path]) => path.startsWith('/admin/'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

/** Calls `route` ('METHOD /path') as `token`'s holder (or nobody). */
const callRoute = (route: string, token?: string) => {
  const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PUT', string];
  const as = injectAs(t, token);
  // An empty body: the permission is checked before the body is read, so a refusal never depends on it.
  return method === 'GET' ? as.get(url) : method === 'PUT' ? as.put(url, {}) : as.post(url, {});
};

describe('staff permissions', () => {
  it('knows every staff route the app serves', () => {
    expect(adminRoutes()).toEqual(Object.keys(ROUTES).sort());
  });

  const guarded = Object.entries(ROUTES).filter(([, need]) => need !== 'public');

  it.each(guarded)('%s refuses a caller with no token or a shopper token (401)', async (route) => {
    expect((await callRoute(route)).status).toBe(401);
    expect((await callRoute(route, shopperToken)).status).toBe(401);
  });

  for (const role of STAFF_ROLES) {
    it.each(guarded)(`%s as ${role}`, async (route, need) => {
      // signing out ends the session it is called with: it gets a session of its own
      const token = route === 'POST /admin/logout' ? await staffToken(`${role}@example.com`) : tokens[role];
      const answer = await callRoute(route, token);
      const allowed = need === 'signed-in' || roleMay(role, need as Permission);
      if (allowed) {
        // Through the guard: the route's own validation or work answers (never 401 or 403).
        expect(answer.status, answer.response.body).not.toBe(401);
        expect(answer.status, answer.response.body).not.toBe(403);
      } else {
        expect(answer.status, answer.response.body).toBe(403);
      }
    });
  }

  it('refuses a staff member whose role is no longer one the shop knows', async () => {
    await buildStaff(t.database.db, { email: 'leaver@example.com', password: 'Staff12345', nickname: 'Leaver', role: 'admin' });
    const token = await staffToken('leaver@example.com');
    await t.database.db
      .updateTable('staff')
      .set({ role: 'former' as StaffRoleName })
      .where('email', '=', 'leaver@example.com')
      .execute();
    expect((await callRoute('GET /admin/order/list', token)).status).toBe(401);
  });

  it('reads the role on every request, so a changed role counts at once', async () => {
    await buildStaff(t.database.db, { email: 'mover@example.com', password: 'Staff12345', nickname: 'Mover', role: 'csr' });
    const token = await staffToken('mover@example.com');
    expect((await callRoute('POST /admin/order/ship', token)).status).toBe(403);
    await t.database.db.updateTable('staff').set({ role: 'operator' }).where('email', '=', 'mover@example.com').execute();
    expect((await callRoute('POST /admin/order/ship', token)).status).toBe(400);
  });

  it('gives the operator the shop and the agents the chat', () => {
    expect(ROLE_PERMISSIONS.operator).toContain('orders.ship');
    expect(ROLE_PERMISSIONS.operator).not.toContain('content.edit');
    expect(ROLE_PERMISSIONS.csr).not.toContain('orders.ship');
    expect(ROLE_PERMISSIONS.csr).not.toContain('content.edit');
  });
});

/** What the chat answers `initialize` with: the agent, or none, why not and what to show. */
type ChatInit = { user: TChatUser | null; reason?: string; message?: string };

/** The agents' console: a websocket that sent `initialize` with the staff `token`, and the init push it got. */
async function openConsole(token: string) {
  const client = await ChatClient.connect(chatUrl);
  chatClients.push(client);
  client.send({ pathInfo: PathInfo.initialize, backend: true, baToken: token, language: 'en-us' });
  return { client, init: await client.next<ChatInit>('init') };
}

/** A chat upload (a small text file) with `token` in the user-token header. */
function uploadAs(token: string) {
  const boundary = '----permissions-test';
  const payload =
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="note.txt"\r\n` +
    `content-type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`;
  return t.app.inject({
    method: 'POST',
    url: '/worker/kefu.HttpIndex/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'user-token': token },
  });
}

/** The close code of `client`'s socket, or a failure when it is still open after `ms`. */
const closedWithin = (client: ChatClient, ms = 5_000) =>
  Promise.race([
    client.closed,
    new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`the socket is still open after ${ms} ms`)), ms)),
  ]);

/** A new staff member of `role`, signed in with their password. */
async function member(role: StaffRoleName) {
  const email = `chat-${role}-${chatClients.length}-${Date.now()}@example.com`;
  const id = await buildStaff(t.database.db, { email, password: 'Staff12345', nickname: `Chat ${role}`, role });
  return { id, token: await staffToken(email) };
}

const changeRole = (id: number, role: StaffRoleName) => injectAs(t, tokens.admin).post('/admin/staff/role', { id, role });

describe("the live chat's staff side needs chat.answer", () => {
  it("refuses a shop operator's token at the websocket's initialize, with a reason and a message the console can show", async () => {
    const { client, init } = await openConsole(tokens.operator);
    expect(init).toEqual({ user: null, reason: 'forbidden', message: expect.stringContaining('chat.answer') });
    // no agent on this connection: an agent's frame is answered as before initialize
    client.send({ pathInfo: PathInfo.search, keyword: 'hello', page: 1 });
    expect(await client.next<{ code: number; pathInfo: string }>('error')).toMatchObject({
      code: 401,
      pathInfo: PathInfo.search,
    });
    expect(client.take('csrWindowInit')).toEqual([]);
    expect(client.take('searchDone')).toEqual([]);
  });

  it("refuses a shop operator's chat upload (403), storing nothing", async () => {
    const before = await t.database.db.selectFrom('chat_uploads').select('id').execute();
    const refused = await uploadAs(tokens.operator);
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as { msg: string }).msg).toContain('chat.answer');
    expect(await t.database.db.selectFrom('chat_uploads').select('id').execute()).toEqual(before);
  });

  it.each(['csr', 'admin'] as const)('accepts a %s on the websocket and for uploads', async (role) => {
    expect(roleMay(role, 'chat.answer')).toBe(true);
    const { client, init } = await openConsole(tokens[role]);
    expect(init.user).toMatchObject({ identity: 'csr', nickname: role });
    await client.next('csrWindowInit');
    const upload = await uploadAs(tokens[role]);
    expect(upload.statusCode, upload.body).toBe(200);
  });

  it("gives the All list to an administrator's console and refuses it to a support agent's", async () => {
    for (const role of ['admin', 'csr'] as const) {
      const { client } = await openConsole(tokens[role]);
      client.send({ pathInfo: PathInfo.sessionList, view: 'all', state: 'open', page: 1 });
      if (role === 'admin') expect(await client.next('sessionList')).toMatchObject({ view: 'all' });
      else expect(await client.next<{ code: number }>('error')).toMatchObject({ code: 403 });
    }
  });

  it('closes at once the console of an agent made a shop operator; reconnecting, it is refused', async () => {
    // an app whose sweep is far off (10 s): what closes the console is the announced change
    const shop = await createTestApp();
    try {
      const url = `${(await listen(shop)).ws}/worker/ws`;
      const admin = await makeStaffToken(shop, 'admin');
      const agent = await makeStaff(shop, 'csr');
      const open = async () => {
        const client = await ChatClient.connect(url);
        chatClients.push(client);
        client.send({ pathInfo: PathInfo.initialize, backend: true, baToken: agent.token, language: 'en-us' });
        return { client, init: await client.next<ChatInit>('init') };
      };
      const { client, init } = await open();
      expect(init.user).not.toBeNull();
      expect((await injectAs(shop, admin).post('/admin/staff/role', { id: agent.id, role: 'operator' })).status).toBe(200);
      // not signed out (their staff session lives on): the console reconnects and is told why not
      expect(await closedWithin(client)).toBe(CHAT_CLOSE_ROLE_CHANGED);
      expect((await open()).init).toEqual({ user: null, reason: 'forbidden', message: expect.stringContaining('chat.answer') });
    } finally {
      await shop.close();
    }
  });

  it('closes at the next sweep the idle console of an agent whose role changed unannounced, in the database', async () => {
    const agent = await member('csr');
    const { client } = await openConsole(agent.token);
    await client.next('csrWindowInit');
    await t.database.db.updateTable('staff').set({ role: 'operator' }).where('id', '=', agent.id).execute();
    expect(await closedWithin(client)).toBe(CHAT_CLOSE_ROLE_CHANGED);
  });

  it('keeps the console of an administrator made a support agent, who loses the All list at once', async () => {
    const supervisor = await member('admin');
    const { client } = await openConsole(supervisor.token);
    client.send({ pathInfo: PathInfo.sessionList, view: 'all', state: 'open', page: 1 });
    expect(await client.next('sessionList')).toMatchObject({ view: 'all' });
    expect((await changeRole(supervisor.id, 'csr')).status).toBe(200);
    client.send({ pathInfo: PathInfo.sessionList, view: 'all', state: 'open', page: 1 });
    expect(await client.next<{ code: number }>('error')).toMatchObject({ code: 403 });
    client.send({ pathInfo: PathInfo.sessionList, view: 'mine', state: 'open', page: 1 });
    expect(await client.next('sessionList')).toMatchObject({ view: 'mine' });
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it('signs out the console of an agent deactivated while connected, as signing out does (session_ended, 4001)', async () => {
    const agent = await member('csr');
    const { client } = await openConsole(agent.token);
    await client.next('csrWindowInit');
    expect((await injectAs(t, tokens.admin).post('/admin/staff/active', { id: agent.id, active: false })).status).toBe(200);
    expect(await client.next('session_ended')).toMatchObject({ reason: 'deactivated' });
    expect(await closedWithin(client)).toBe(CHAT_CLOSE_SESSION_ENDED);
    expect((await openConsole(agent.token)).init).toMatchObject({ user: null, reason: 'unauthorized' });
  });
});

describe.runIf(testEngine === 'postgres' && process.env.TEST_REDIS_URL)('a role change across instances', () => {
  it('closes the console an agent holds on the other instance when their role no longer answers chats', async () => {
    const other = await createTestApp({ sameStoreAs: t });
    try {
      const otherUrl = `${(await listen(other)).ws}/worker/ws`;
      const agent = await member('csr');
      const client = await ChatClient.connect(otherUrl);
      chatClients.push(client);
      client.send({ pathInfo: PathInfo.initialize, backend: true, baToken: agent.token, language: 'en-us' });
      expect((await client.next<ChatInit>('init')).user).not.toBeNull();
      await client.next('csrWindowInit');
      // changed through this instance, heard by the other through Redis
      expect((await changeRole(agent.id, 'operator')).status).toBe(200);
      expect(await closedWithin(client)).toBe(CHAT_CLOSE_ROLE_CHANGED);
    } finally {
      await other.close();
    }
  });
});

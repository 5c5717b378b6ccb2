import type { TTokenPair } from '@shop/contracts/auth';
import { PathInfo } from '@shop/contracts/chat-protocol';
import { SupportTexts, type TCsrAgent, type TSupportList } from '@shop/contracts/chat-support';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildStaff } from '../../modules/staff/service';
import { buildUser } from '../../seed/accounts';
import type { ChatClient } from '../../testing/chat-client';
import { chatHarness } from '../../testing/chat-harness';
import { injectAs, type TestApp } from '../../testing/harness';
import { PRESENCE_WINDOW_MS } from '../presence';

let t: TestApp;
const harness = chatHarness();
const ids = { admin: 0, alice: 0, ben: 0, carla: 0, dan: 0 };
const tokens = { admin: '', alice: '', ben: '', carla: '', dan: '', shopper: '' };

async function staffToken(email: string, password: string) {
  return (await injectAs(t, null).post<TTokenPair>('/admin/login', { username: email, password })).result.token;
}

/** An agent opens the console: a real chat connection, as the browser makes it. */
const connectAgent = async (token: string) => (await harness.openConsole(token)).client;

type Who = keyof typeof tokens;
const list = (who: Who, query = '') => injectAs(t, tokens[who]).get<TSupportList<TCsrAgent>>(`/admin/kefu/csr/list${query}`);
const agents = async (who: Who, query = '') => {
  const answer = await list(who, query);
  expect(answer.status).toBe(200);
  return answer.result;
};

beforeAll(async () => {
  t = await harness.start();
  const db = t.database.db;
  const agent = (email: string, nickname: string) => buildStaff(db, { email, password: 'Agent1234', nickname, role: 'csr' });
  ids.admin = await buildStaff(db, { email: 'csr-admin@example.com', password: 'Admin1234', nickname: 'Aaron', role: 'admin' });
  // created out of name order: the list sorts them
  ids.dan = await agent('csr-dan@example.com', 'Dan');
  ids.carla = await agent('csr-carla@example.com', 'carla');
  ids.ben = await agent('csr-ben@example.com', 'Ben');
  ids.alice = await agent('csr-alice@example.com', 'Alice');
  for (const [who, email] of [
    ['alice', 'csr-alice@example.com'],
    ['ben', 'csr-ben@example.com'],
    ['carla', 'csr-carla@example.com'],
    ['dan', 'csr-dan@example.com'],
  ] as const) {
    tokens[who] = await staffToken(email, 'Agent1234');
  }
  tokens.admin = await staffToken('csr-admin@example.com', 'Admin1234');
  const shopper = await buildUser(db);
  const login = await injectAs(t, null).post<TTokenPair>('/shop/login/password', {
    username: shopper.email,
    password: shopper.password,
  });
  tokens.shopper = login.result.token;

  // Dan chose 'online' but no instance has seen a connection of his within the presence window.
  await db
    .updateTable('staff')
    .set({ status: 'online', last_seen_at: Date.now() - PRESENCE_WINDOW_MS - 1_000 })
    .where('id', '=', ids.dan)
    .execute();
});
/** Alice and carla have the console open; carla is busy (reopened for the next test when one closes it). */
const consoles: { alice?: ChatClient; carla?: ChatClient } = {};
beforeEach(async () => {
  consoles.alice ??= await connectAgent(tokens.alice);
  if (!consoles.carla) {
    const carla = await connectAgent(tokens.carla);
    carla.send({ pathInfo: PathInfo.changeStatus, status: 'busy' });
    await carla.next('changeStatus', (data: { status: string }) => data.status === 'busy');
    consoles.carla = carla;
  }
});
afterAll(() => harness.close());

describe('GET /admin/kefu/csr/list', () => {
  it('lists every agent (not administrators) with the status the chat shows, connected ones first, then by name', async () => {
    const result = await agents('ben');
    expect(result.total).toBe(4);
    expect(result.data).toEqual([
      { id: ids.alice, nickname: 'Alice', avatar: '', status: 'online', online: 1 },
      { id: ids.carla, nickname: 'carla', avatar: '', status: 'busy', online: 1 },
      { id: ids.ben, nickname: 'Ben', avatar: '', status: 'offline', online: 0 },
      // his own choice is 'online', but he has not been seen: the chat shows him offline
      { id: ids.dan, nickname: 'Dan', avatar: '', status: 'offline', online: 0 },
    ]);
    // the same rule the chat applies to the agent cards it shows visitors
    for (const entry of result.data) {
      expect((await t.app.services.chat.staffCard(entry.id))?.status).toBe(entry.status);
    }
    expect(result.data.map((entry) => entry.id)).not.toContain(ids.admin);
    // administrators may look too
    expect((await agents('admin')).data).toEqual(result.data);
  });

  it('pages the list', async () => {
    const all = await agents('alice');
    const second = await agents('alice', '?page=2&page_size=1');
    expect(second).toEqual({ data: [all.data[1]], total: 4 });
    expect(await agents('alice', '?page=3&page_size=2')).toEqual({ data: [], total: 4 });
  });

  it('shows an agent offline as soon as their last connection closes', async () => {
    const carla = consoles.carla as ChatClient;
    consoles.carla = undefined;
    await carla.close();
    let entry: TCsrAgent | undefined;
    for (let tries = 0; tries < 50; tries++) {
      entry = (await agents('alice')).data.find((agent) => agent.id === ids.carla);
      if (entry?.online === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(entry).toEqual({ id: ids.carla, nickname: 'carla', avatar: '', status: 'offline', online: 0 });
    expect((await agents('alice')).data.map((agent) => agent.id)).toEqual([ids.alice, ids.ben, ids.carla, ids.dan]);
  });

  it('refuses a bad page with the field and its message', async () => {
    for (const [query, field, message] of [
      ['?page=0', 'page', SupportTexts.pageInvalid],
      ['?page=abc', 'page', SupportTexts.pageInvalid],
      ['?page_size=0', 'page_size', SupportTexts.pageSizeInvalid],
      ['?page_size=101', 'page_size', SupportTexts.pageSizeInvalid],
    ] as const) {
      const answer = await list('alice', query);
      expect(answer.status, query).toBe(400);
      expect(answer).toMatchObject({ code: 400, msg: message, result: { fields: { [field]: message } } });
    }
  });

  it('refuses shoppers and callers without a token (401)', async () => {
    const asShopper = await list('shopper');
    expect(asShopper.status).toBe(401);
    expect(asShopper).toMatchObject({ code: 401, result: null });
    const anonymous = await injectAs(t, null).get('/admin/kefu/csr/list');
    expect(anonymous.status).toBe(401);
  });

  it('is described in the OpenAPI document with its query and answer', async () => {
    const answer = await injectAs(t, null).get('/api-docs/json');
    const doc = answer.response.json() as { paths: Record<string, { get?: { tags?: string[] } }> };
    const route = doc.paths['/admin/kefu/csr/list'];
    expect(route?.get?.tags).toEqual(['chat support']);
    const text = JSON.stringify(route);
    for (const field of ['page', 'page_size', 'nickname', 'avatar', 'status', 'online', 'total']) expect(text).toContain(field);
  });
});

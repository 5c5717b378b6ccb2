import { ChatTexts, PathInfo, type TChatMessage } from '@shop/contracts/chat-protocol';
import { StaffTexts, type TStaffMember } from '@shop/contracts/staff';
import { describe, expect, it } from 'vitest';
import type { ChatClient } from '../testing/chat-client';
import { chatHarness } from '../testing/chat-harness';
import { makeStaff } from '../testing/fixtures';
import { createTestApp, injectAs, listen, type TestApp } from '../testing/harness';
import { chatTestHooksWithAdmin } from './desk.testing';

// Each agent's cap on open conversations (decision 0056): the setting, and the routing that honours it.

let t: TestApp;
const harness = chatHarness();
let adminToken: string;

/** A refusal's reasons, by field. */
type Fields = { fields?: Record<string, string> };

const setCap = (id: number, chat_cap: unknown, token = adminToken) =>
  injectAs(t, token).post<TStaffMember & Fields>('/admin/staff/chat-cap', { id, chat_cap });

chatTestHooksWithAdmin(harness, (app, token) => {
  t = app;
  adminToken = token;
});

/** A visitor's widget (at `url`: on another instance), initialized. */
const visitor = async (url?: string) => (await harness.visitor({}, url)).client;

async function agent(cap?: number) {
  const staff = await makeStaff(t, 'csr');
  if (cap !== undefined) expect((await setCap(staff.id, cap)).status).toBe(200);
  return { id: staff.id, client: (await harness.openConsole(staff.token)).client };
}

/** The visitor's first message: the conversation and the agent it went to (null: it waits in the queue). */
async function converse(guest: ChatClient) {
  const { session_id, csr } = await harness.converse(guest);
  return { session_id, csrId: csr?.id ?? null };
}

const resolve = (client: ChatClient, session_id: number) =>
  client.send({ pathInfo: PathInfo.changeSessionState, session_id, state: 'resolved' });

describe('the cap setting', () => {
  it('sets and clears an agent’s cap, audited, and lists it on the staff page', async () => {
    const desk = await makeStaff(t, 'csr');
    const set = await setCap(desk.id, 3);
    expect(set.status).toBe(200);
    expect(set.msg).toBe(StaffTexts.chatCapChanged);
    expect(set.result.chat_cap).toBe(3);
    const list = await injectAs(t, adminToken).get<{ members: TStaffMember[] }>('/admin/staff/list');
    const members = list.result.members;
    expect(members.find((m) => m.id === desk.id)?.chat_cap).toBe(3);
    expect((await setCap(desk.id, null)).result.chat_cap).toBeNull();
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'staff.chat_cap')
      .where('object_id', '=', String(desk.id))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => [JSON.parse(String(row.before_json)), JSON.parse(String(row.after_json))])).toEqual([
      [{ chat_cap: null }, { chat_cap: 3 }],
      [{ chat_cap: 3 }, { chat_cap: null }],
    ]);
  });

  it('refuses a cap out of bounds, a non-agent and a missing member with a clear message, changing nothing', async () => {
    const desk = await makeStaff(t, 'csr');
    for (const [cap, message] of [
      [0, 'At least 1'],
      [51, 'At most 50'],
      [2.5, 'Enter a whole number of conversations'],
      ['5', 'Enter a number of conversations'],
    ] as const) {
      const refused = await setCap(desk.id, cap);
      expect(refused.status).toBe(400);
      expect(refused.result.fields?.chat_cap ?? refused.msg).toBe(message);
    }
    const operator = await makeStaff(t, 'operator');
    const notAgent = await setCap(operator.id, 4);
    expect(notAgent.status).toBe(400);
    expect(notAgent.result.fields?.id).toBe(StaffTexts.notAnAgent);
    expect((await setCap(2_000_000_000, 4)).status).toBe(404);
    // an agent may not set caps (staff.manage)
    expect((await setCap(desk.id, 4, desk.token)).status).toBe(403);
    const row = await t.database.db.selectFrom('staff').select('chat_cap').where('id', '=', desk.id).executeTakeFirstOrThrow();
    expect(row.chat_cap).toBeNull();
  });

  it('takes the default in the chat settings, within the same bounds', async () => {
    const refused = await injectAs(t, adminToken).post('/admin/kefu/config', { agent_chat_cap: 0 });
    expect(refused.status).toBe(400);
    const saved = await injectAs(t, adminToken).post<{ agent_chat_cap: number }>('/admin/kefu/config', { agent_chat_cap: 7 });
    expect(saved.result.agent_chat_cap).toBe(7);
    await injectAs(t, adminToken).post('/admin/kefu/config', { agent_chat_cap: 5 });
    // the widget's public configuration does not carry it
    const config = await injectAs(t, null).get('/worker/kefu.HttpIndex/index');
    expect(JSON.stringify(config.response.json())).not.toContain('agent_chat_cap');
  });
});

describe('the routing', () => {
  it('gives an agent at cap 1 no second visitor; resolving drains the queue to them', async () => {
    const desk = await agent(1);
    const first = await visitor();
    const one = await converse(first);
    expect(one.csrId).toBe(desk.id);

    const second = await visitor();
    const two = await converse(second);
    expect(two.csrId).toBeNull();
    await second.next<TChatMessage>('newMessage', (m) => m.type === 'system' && m.content === ChatTexts.queued);

    resolve(desk.client, one.session_id);
    const given = await second.next<{ session_id: number; csr: { id: number } | null }>(
      'distribution',
      (d) => d.session_id === two.session_id && d.csr !== null,
    );
    expect(given.csr?.id).toBe(desk.id);
    const session = await t.database.db
      .selectFrom('chat_sessions')
      .selectAll()
      .where('id', '=', two.session_id)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ status: 'active', csr_id: desk.id });
  });

  it('never gives an agent more than their cap when visitors on two instances write at once (decision 0063)', async () => {
    const other = await createTestApp({ sameStoreAs: t });
    try {
      const otherUrl = `${(await listen(other)).ws}/worker/ws`;
      const desk = await agent(2);
      const guests = await Promise.all(Array.from({ length: 8 }, (_, i) => visitor(i % 2 === 0 ? harness.wsUrl : otherUrl)));
      const given = await Promise.all(guests.map((guest) => converse(guest)));
      expect(given.filter((g) => g.csrId === desk.id)).toHaveLength(2);
      expect(given.filter((g) => g.csrId === null)).toHaveLength(6);
      const held = await t.database.db
        .selectFrom('chat_sessions')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('csr_id', '=', desk.id)
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      expect(Number(held.n)).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('drains the queue when the agent’s cap is raised', async () => {
    const desk = await agent(1);
    await converse(await visitor());
    const waiting = await visitor();
    const queued = await converse(waiting);
    expect(queued.csrId).toBeNull();
    await setCap(desk.id, 2);
    const given = await waiting.next<{ session_id: number; csr: { id: number } | null }>('distribution', (d) => d.csr !== null);
    expect(given).toMatchObject({ session_id: queued.session_id, csr: { id: desk.id } });
  });

  it('refuses a transfer to an agent at their cap with a clear message', async () => {
    const full = await agent(1);
    const mine = await converse(await visitor());
    expect(mine.csrId).toBe(full.id);
    const other = await agent();
    const theirs = await converse(await visitor());
    expect(theirs.csrId).toBe(other.id);

    other.client.send({ pathInfo: PathInfo.transfer, session_id: theirs.session_id, csr_id: full.id });
    const error = await other.client.next<{ message: string; pathInfo?: string }>(
      'error',
      (e) => e.pathInfo === PathInfo.transfer,
    );
    expect(error.message).toBe(ChatTexts.agentFull);
    const unchanged = await t.database.db
      .selectFrom('chat_sessions')
      .select('csr_id')
      .where('id', '=', theirs.session_id)
      .executeTakeFirstOrThrow();
    expect(unchanged.csr_id).toBe(other.id);

    // below the cap again, the transfer goes through
    resolve(full.client, mine.session_id);
    await full.client.next(
      'sessionInfo',
      (s: { id: number; state: string }) => s.id === mine.session_id && s.state === 'resolved',
    );
    other.client.send({ pathInfo: PathInfo.transfer, session_id: theirs.session_id, csr_id: full.id });
    expect(await other.client.next('tip')).toEqual({ message: ChatTexts.transferred });
  });
});

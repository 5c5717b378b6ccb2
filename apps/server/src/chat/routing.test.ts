import {
  PathInfo,
  type TChatMessage,
  type TChatQueue,
  type TChatSession,
  type TChatUserBaseInfo,
} from '@shop/contracts/chat-protocol';
import { describe, expect, it } from 'vitest';
import type { ChatClient } from '../testing/chat-client';
import { chatHarness } from '../testing/chat-harness';
import { makeStaff } from '../testing/fixtures';
import { createTestApp, injectAs, listen, type TestApp, testEngine } from '../testing/harness';
import { chatTestHooksWithAdmin } from './desk.testing';

// The routing as agents and visitors see it (decision 0057): the queue shown live, drained whenever
// an agent becomes available, transfers and presence reaching the other side at once.

let t: TestApp;
const harness = chatHarness();
const { connect } = harness;
let n = 0;
let adminToken: string;

type Distribution = { session_id: number; csr: { id: number } | null };

const setCap = (id: number, chat_cap: number) => injectAs(t, adminToken).post('/admin/staff/chat-cap', { id, chat_cap });

chatTestHooksWithAdmin(harness, (app, token) => {
  t = app;
  adminToken = token;
});

async function visitor(token?: string) {
  const { client, user } = await harness.visitor(token ? { baTouristToken: token } : {});
  return Object.assign(client, { user });
}

/** An agent's console connecting; `staff` signs in again as one who exists. */
const console_ = async (staff: { token: string }) => (await harness.openConsole(staff.token)).client;

async function agent(cap?: number) {
  const staff = await makeStaff(t, 'csr');
  if (cap !== undefined) expect((await setCap(staff.id, cap)).status).toBe(200);
  return { ...staff, client: await console_(staff) };
}

/** The visitor's first message: the conversation and the agent it went to (null: it waits in the queue). */
async function converse(guest: ChatClient, content?: string) {
  const { session_id, csr } = await harness.converse(guest, content);
  return { session_id, csrId: csr?.id ?? null };
}

const queuePush = (client: ChatClient, where: (queue: TChatQueue) => boolean) =>
  client.next<{ queue: TChatQueue }>('operates', (d) => where(d.queue)).then((d) => d.queue);

const setStatus = (client: ChatClient, status: string) => client.send({ pathInfo: PathInfo.changeStatus, status });

describe('the queue agents see', () => {
  it('is pushed to every agent as it grows and drains: count, who waits, since when, their first words', async () => {
    const desk = await agent(1);
    // an agent who is busy is not given visitors but still sees the queue
    const other = await agent();
    setStatus(other.client, 'busy');
    await other.client.next('changeStatus', (s: { status: string }) => s.status === 'busy');
    expect((await queuePush(desk.client, () => true)).count).toBe(0);

    const first = await converse(await visitor());
    expect(first.csrId).toBe(desk.id);
    const waiting = await visitor();
    const queued = await converse(waiting, 'Do you have   this dress in size 40?');
    expect(queued.csrId).toBeNull();

    for (const client of [desk.client, other.client]) {
      const queue = await queuePush(client, (q) => q.count === 1);
      expect(queue.data).toEqual([
        {
          session_id: queued.session_id,
          tourist_id: waiting.user.id,
          nickname: waiting.user.nickname,
          avatar: '',
          since: expect.any(String),
          preview: 'Do you have this dress in size 40?',
        },
      ]);
      expect(Date.now() - Date.parse(queue.data[0]?.since ?? '')).toBeLessThan(60_000);
    }

    desk.client.send({ pathInfo: PathInfo.changeSessionState, session_id: first.session_id, state: 'resolved' });
    await waiting.next<Distribution>('distribution', (d) => d.csr?.id === desk.id);
    for (const client of [desk.client, other.client]) {
      const drained = await queuePush(client, (q) => q.count === 0);
      expect(drained.data).toEqual([]);
    }
  });
});

describe('the drain', () => {
  it('gives the queue to an agent who signs in with their status left at Online', async () => {
    const staff = await makeStaff(t, 'csr');
    // closed the console yesterday without going offline: Online, but not connected
    await t.database.db.updateTable('staff').set({ status: 'online', last_seen_at: 0 }).where('id', '=', staff.id).execute();
    const waiting = await visitor();
    const queued = await converse(waiting);
    expect(queued.csrId).toBeNull();

    const desk = await console_(staff);
    const given = await waiting.next<Distribution>('distribution', (d) => d.csr !== null);
    expect(given).toMatchObject({ session_id: queued.session_id, csr: { id: staff.id } });
    await desk.next<TChatSession>('sessionInfo', (s) => s.id === queued.session_id);
  });

  it('gives the queue to an agent whose connection dropped and came back', async () => {
    const desk = await agent();
    await desk.client.close();
    // the visitor writes while the agent is away: no one is there
    const waiting = await visitor();
    const queued = await converse(waiting);
    expect(queued.csrId).toBeNull();

    await console_(desk);
    const given = await waiting.next<Distribution>('distribution', (d) => d.csr !== null);
    expect(given).toMatchObject({ session_id: queued.session_id, csr: { id: desk.id } });
  });

  it('shares the queue least-load-first among every available agent, not only the one who came online', async () => {
    const one = await agent();
    const two = await agent();
    for (const desk of [one, two]) {
      setStatus(desk.client, 'busy');
      await desk.client.next('changeStatus', (s: { status: string }) => s.status === 'busy');
    }
    const guests: ChatClient[] = [];
    const queued: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const guest = await visitor();
      guests.push(guest);
      queued.push((await converse(guest)).session_id);
    }
    // the second agent is Online already (set on another screen) while the queue waits
    await t.database.db.updateTable('staff').set({ status: 'online' }).where('id', '=', two.id).execute();

    setStatus(one.client, 'online');
    for (const guest of guests) await guest.next<Distribution>('distribution', (d) => d.csr !== null);
    const rows = await t.database.db.selectFrom('chat_sessions').select(['csr_id']).where('id', 'in', queued).execute();
    const load = (id: number) => rows.filter((row) => row.csr_id === id).length;
    expect([load(one.id), load(two.id)]).toEqual([2, 2]);
  });
});

describe('transfers and presence', () => {
  it('shows the new agent in the visitor’s header at once and keeps the visitor’s unread count', async () => {
    const from = await agent();
    const guest = await visitor();
    const { session_id, csrId } = await converse(guest);
    expect(csrId).toBe(from.id);
    for (const content of ['One moment', 'Let me find a colleague']) {
      from.client.send({ pathInfo: PathInfo.sendSessionMessage, session_id, type: 'text', content, client_msg_id: `m-${++n}` });
      await guest.next<TChatMessage>('newMessage', (m) => m.content === content);
    }
    const to = await agent();

    from.client.send({ pathInfo: PathInfo.transfer, session_id, csr_id: to.id });
    const header = await guest.next<TChatUserBaseInfo>('changeUserBaseInfo', (u) => u.session_id === session_id);
    const toRow = await t.database.db.selectFrom('staff').select('nickname').where('id', '=', to.id).executeTakeFirstOrThrow();
    expect(header).toEqual({
      session_id,
      identity: 'csr',
      id: to.id,
      nickname: toRow.nickname,
      avatar: '',
      status: 'online',
    });
    guest.send({ pathInfo: PathInfo.sessionInfo, session_id });
    const seen = await guest.next<TChatSession>('sessionInfo', (s) => s.id === session_id);
    expect(seen).toMatchObject({ session_user_id: to.id, unread_message_count: 2 });
  });

  it('tells the visitor at once when their agent goes busy, invisible or away, and the agent when the visitor leaves', async () => {
    const desk = await agent();
    const guest = await visitor();
    const { session_id } = await converse(guest);
    const header = (status: string) =>
      guest.next<TChatUserBaseInfo>('changeUserBaseInfo', (u) => u.session_id === session_id && u.status === status);

    for (const status of ['busy', 'invisible', 'online'] as const) {
      setStatus(desk.client, status);
      expect(await header(status)).toMatchObject({ identity: 'csr', id: desk.id });
    }
    await desk.client.close();
    expect(await header('offline')).toMatchObject({ identity: 'csr', id: desk.id });

    const back = await console_(desk);
    expect(await header('online')).toMatchObject({ id: desk.id });

    await guest.close();
    const left = await back.next<TChatUserBaseInfo>(
      'changeUserBaseInfo',
      (u) => u.session_id === session_id && u.status === 'offline',
    );
    expect(left).toMatchObject({ identity: 'tourist', id: guest.user.id, nickname: guest.user.nickname });
    await visitor(guest.user.token);
    const returned = await back.next<TChatUserBaseInfo>(
      'changeUserBaseInfo',
      (u) => u.session_id === session_id && u.status === 'online',
    );
    expect(returned).toMatchObject({ identity: 'tourist', id: guest.user.id });
  });
});

describe.runIf(testEngine === 'postgres' && process.env.TEST_REDIS_URL)('across instances', () => {
  it('shows the queue to an agent on another instance, and their sign-in there drains it', async () => {
    const other = await createTestApp({ sameStoreAs: t });
    try {
      const otherUrl = `${(await listen(other)).ws}/worker/ws`;
      const watcher = await agent();
      setStatus(watcher.client, 'busy');
      await watcher.client.next('changeStatus', (s: { status: string }) => s.status === 'busy');
      const waiting = await visitor();
      const queued = await converse(waiting, 'Anyone there?');
      expect(queued.csrId).toBeNull();

      // an agent signs in on the other instance, status left at Online: the queue drains to them,
      // and the watcher here sees it empty
      const remote = await makeStaff(t, 'csr');
      await t.database.db.updateTable('staff').set({ status: 'online', last_seen_at: 0 }).where('id', '=', remote.id).execute();
      const remoteClient = await connect(otherUrl);
      remoteClient.send({ pathInfo: PathInfo.initialize, baToken: remote.token, backend: true });
      await remoteClient.next('init');
      const given = await waiting.next<Distribution>('distribution', (d) => d.csr !== null);
      expect(given).toMatchObject({ session_id: queued.session_id, csr: { id: remote.id } });
      await queuePush(watcher.client, (q) => q.count === 0 && q.data.length === 0);

      // a new visitor queued here reaches the remote agent's queue too, once the remote agent is busy
      setStatus(remoteClient, 'busy');
      await remoteClient.next('changeStatus', (s: { status: string }) => s.status === 'busy');
      const next = await converse(await visitor(), 'Still there?');
      expect(next.csrId).toBeNull();
      const seen = await queuePush(remoteClient, (q) => q.data.some((entry) => entry.session_id === next.session_id));
      expect(seen.data.find((entry) => entry.session_id === next.session_id)?.preview).toBe('Still there?');
    } finally {
      await other.close();
    }
  });

  it('keeps a visitor or an agent present while another instance holds a connection of theirs', async () => {
    const other = await createTestApp({ sameStoreAs: t });
    try {
      const otherUrl = `${(await listen(other)).ws}/worker/ws`;
      const desk = await agent();
      const guest = await visitor();
      const { session_id } = await converse(guest);
      // the same visitor in a second tab, served by the other instance
      const secondTab = await connect(otherUrl);
      secondTab.send({ pathInfo: PathInfo.initialize, language: 'en-us', baTouristToken: guest.user.token });
      await secondTab.next('init');
      const visitorShown = (status: string) =>
        desk.client.next<TChatUserBaseInfo>(
          'changeUserBaseInfo',
          (u) => u.identity === 'tourist' && u.session_id === session_id && u.status === status,
        );
      const touristSeen = async () =>
        (
          await t.database.db
            .selectFrom('chat_tourists')
            .select('last_seen_at')
            .where('id', '=', guest.user.id)
            .executeTakeFirstOrThrow()
        ).last_seen_at;

      await visitorShown('online'); // the second tab's arrival

      // the first tab closes: the instance that held it sees no other tab of theirs and says gone; the
      // instance holding the second tab answers that the visitor is still here
      await guest.close();
      await visitorShown('offline');
      await visitorShown('online');
      expect(await touristSeen()).toBeGreaterThan(0);
      // the last tab closes: gone
      await secondTab.close();
      await visitorShown('offline');
      expect(await touristSeen()).toBe(0);

      // an agent with a console on each instance closes one: their visitors still see them online
      const fresh = await visitor();
      const talk = await converse(fresh);
      expect(talk.csrId).toBe(desk.id);
      const secondConsole = await connect(otherUrl);
      secondConsole.send({ pathInfo: PathInfo.initialize, baToken: desk.token, backend: true });
      await secondConsole.next('csrWindowInit');
      await fresh.next('changeUserBaseInfo', (u: TChatUserBaseInfo) => u.identity === 'csr' && u.status === 'online');
      await desk.client.close();
      await fresh.next('changeUserBaseInfo', (u: TChatUserBaseInfo) => u.identity === 'csr' && u.status === 'offline');
      const agentShown = await fresh.next<TChatUserBaseInfo>(
        'changeUserBaseInfo',
        (u) => u.identity === 'csr' && u.session_id === talk.session_id && u.status === 'online',
      );
      expect(agentShown).toMatchObject({ id: desk.id });
    } finally {
      await other.close();
    }
  });
});

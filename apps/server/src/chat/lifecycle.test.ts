import {
  CHAT_AGENT_CAP_MAX,
  CHAT_SESSION_LIST_PAGE_SIZE,
  ChatTexts,
  PathInfo,
  type TChatMessage,
  type TChatSession,
  type TChatSessionList,
} from '@shop/contracts/chat-protocol';
import { describe, expect, it } from 'vitest';
import type { ChatClient } from '../testing/chat-client';
import { deskTestFile } from './desk.testing';

// The conversation's lifecycle (decision 0053): resolve, snooze, the agents' lists and the visitor's rating.

const { harness, app, next, converse } = deskTestFile();
const { visitor, agent } = harness;

const say = (client: ChatClient, session_id: number, content: string) =>
  client.send({ pathInfo: PathInfo.sendSessionMessage, session_id, type: 'text', content, client_msg_id: `m-${next()}` });

const setState = (client: ChatClient, session_id: number, state: string, extra: Record<string, unknown> = {}) =>
  client.send({ pathInfo: PathInfo.changeSessionState, session_id, state, ...extra });

const list = async (client: ChatClient, view: string, state = 'open', page = 1) => {
  client.send({ pathInfo: PathInfo.sessionList, view, state, page });
  return client.next<TChatSessionList>('sessionList', (l) => l.view === view && l.state === state && l.page === page);
};

const infoOf = (client: ChatClient, id: number, where: (s: TChatSession) => boolean) =>
  client.next<TChatSession>('sessionInfo', (s) => s.id === id && where(s));

const errorOf = (client: ChatClient, pathInfo: string) =>
  client.next<{ message: string; code?: number }>('error', (e) => (e as { pathInfo?: string }).pathInfo === pathInfo);

async function resolved() {
  const desk = await agent();
  const guest = await visitor();
  const session_id = await converse(guest.client);
  setState(desk.client, session_id, 'resolved');
  await infoOf(desk.client, session_id, (s) => s.state === 'resolved');
  await infoOf(guest.client, session_id, (s) => s.state === 'resolved' && s.rating_due);
  return { desk, guest, session_id };
}

describe('resolving', () => {
  it('tells the visitor, asks for a rating, and the visitor’s next message reopens it in the agent’s Mine list', async () => {
    const { desk, guest, session_id } = await resolved();
    const notice = await guest.client.next<TChatMessage>(
      'newMessage',
      (m) => m.type === 'system' && m.content === ChatTexts.resolved,
    );
    expect(notice.session_id).toBe(session_id);
    expect((await list(desk.client, 'mine', 'resolved')).data.map((s) => s.id)).toEqual([session_id]);
    expect((await list(desk.client, 'mine', 'open')).data.map((s) => s.id)).not.toContain(session_id);

    desk.client.take('sessionInfo');
    say(guest.client, session_id, 'One more question');
    const reopened = await infoOf(desk.client, session_id, (s) => s.state === 'open');
    expect(reopened).toMatchObject({ rating_due: false, last_message: 'One more question' });
    const mine = await list(desk.client, 'mine', 'open');
    expect(mine.data.map((s) => s.id)).toEqual([session_id]);
    expect(mine.counts.mine).toBe(1);
  });

  it('is the conversation’s agent’s (or a supervisor’s) to do: another agent is told it does not exist', async () => {
    const { session_id } = await resolved();
    const other = await agent();
    setState(other.client, session_id, 'open');
    expect((await errorOf(other.client, PathInfo.changeSessionState)).code).toBe(404);
    // another agent's history is not theirs to read; a supervisor's to read and to reopen
    other.client.send({ pathInfo: PathInfo.loadRecords, id: session_id, page: 1 });
    expect((await errorOf(other.client, PathInfo.loadRecords)).code).toBe(404);
    const supervisor = await agent('admin');
    supervisor.client.send({ pathInfo: PathInfo.loadRecords, id: session_id, page: 1 });
    const records = await supervisor.client.next<{ session_id: number; data: TChatMessage[] }>('sessionRecords');
    expect(records.session_id).toBe(session_id);
    expect(records.data.some((m) => m.content === ChatTexts.resolved)).toBe(true);
    setState(supervisor.client, session_id, 'open');
    expect(await infoOf(supervisor.client, session_id, () => true)).toMatchObject({ state: 'open' });
  });

  it('is refused to a visitor, and an unknown state is a clear error', async () => {
    const desk = await agent();
    const guest = await visitor();
    const session_id = await converse(guest.client);
    setState(guest.client, session_id, 'resolved');
    expect((await errorOf(guest.client, PathInfo.changeSessionState)).code).toBe(403);
    setState(desk.client, session_id, 'closed');
    expect((await errorOf(desk.client, PathInfo.changeSessionState)).message).toBeTruthy();
    expect(
      (await app().database.db.selectFrom('chat_sessions').select('state').where('id', '=', session_id).executeTakeFirst())
        ?.state,
    ).toBe('open');
  });
});

describe('snoozing', () => {
  it('needs a time in the future, and wakes when it passes', async () => {
    const desk = await agent();
    const guest = await visitor();
    const session_id = await converse(guest.client);
    setState(desk.client, session_id, 'snoozed');
    expect((await errorOf(desk.client, PathInfo.changeSessionState)).message).toBe('Choose a time to snooze until');
    setState(desk.client, session_id, 'snoozed', { snoozed_until: Date.now() - 1000 });
    expect((await errorOf(desk.client, PathInfo.changeSessionState)).message).toBe(ChatTexts.snoozeInPast);

    const until = Date.now() + 60 * 60_000;
    setState(desk.client, session_id, 'snoozed', { snoozed_until: until });
    const snoozed = await infoOf(desk.client, session_id, (s) => s.state === 'snoozed');
    expect(snoozed.snoozed_until).toBe(new Date(until).toISOString());
    expect((await list(desk.client, 'mine', 'snoozed')).data.map((s) => s.id)).toEqual([session_id]);
    // a snooze not yet due stays
    expect(await app().app.services.chat.wakeSnoozed(until - 1)).toBe(0);

    // its time passes: the wake-up opens it and tells the agent
    desk.client.take('sessionInfo');
    expect(await app().app.services.chat.wakeSnoozed(until)).toBeGreaterThanOrEqual(1);
    expect(await infoOf(desk.client, session_id, (s) => s.state === 'open')).toMatchObject({ snoozed_until: null });
    expect(await app().app.services.chat.wakeSnoozed(until)).toBe(0);
  });

  it('wakes when the visitor writes', async () => {
    const desk = await agent();
    const guest = await visitor();
    const session_id = await converse(guest.client);
    setState(desk.client, session_id, 'snoozed', { snoozed_until: Date.now() + 60 * 60_000 });
    await infoOf(desk.client, session_id, (s) => s.state === 'snoozed');
    desk.client.take('sessionInfo');
    say(guest.client, session_id, 'Are you there?');
    await infoOf(desk.client, session_id, (s) => s.state === 'open');
    expect((await list(desk.client, 'mine', 'snoozed')).counts.mine).toBe(0);
  });
});

describe('the agents’ lists', () => {
  it('pages Mine with its count, and counts Unassigned; All is for supervisors only', async () => {
    const desk = await agent();
    // more conversations than the default cap (decision 0056) allows one agent
    await app().database.db.updateTable('staff').set({ chat_cap: CHAT_AGENT_CAP_MAX }).where('id', '=', desk.id).execute();
    const sessions: number[] = [];
    for (let i = 0; i < CHAT_SESSION_LIST_PAGE_SIZE + 2; i++) sessions.push(await converse((await visitor()).client, `Hi ${i}`));
    const first = await list(desk.client, 'mine');
    expect(first).toMatchObject({ total: CHAT_SESSION_LIST_PAGE_SIZE + 2, page_size: CHAT_SESSION_LIST_PAGE_SIZE });
    expect(first.data).toHaveLength(CHAT_SESSION_LIST_PAGE_SIZE);
    expect(first.counts.all).toBeNull();
    const second = await list(desk.client, 'mine', 'open', 2);
    expect(second.data).toHaveLength(2);
    expect([...first.data, ...second.data].map((s) => s.id).sort((a, b) => a - b)).toEqual(sessions);

    // the agent goes away: the next visitor waits in the queue, Unassigned
    desk.client.send({ pathInfo: PathInfo.changeStatus, status: 'busy' });
    await desk.client.next('changeStatus', (s: { status: string }) => s.status === 'busy');
    const before = (await list(desk.client, 'unassigned')).counts.unassigned;
    const waiting = await converse((await visitor()).client);
    const unassigned = await list(desk.client, 'unassigned');
    expect(unassigned.counts.unassigned).toBe(before + 1);
    expect(unassigned.data.map((s) => s.id)).toContain(waiting);
    expect(unassigned.data.find((s) => s.id === waiting)).toMatchObject({ status: 'queued', csr_id: 0 });

    desk.client.send({ pathInfo: PathInfo.sessionList, view: 'all', page: 1 });
    expect((await errorOf(desk.client, PathInfo.sessionList)).code).toBe(403);

    const supervisor = await agent('admin');
    const all = await list(supervisor.client, 'all');
    expect(all.counts.all).toBe(all.total);
    expect(all.total).toBeGreaterThanOrEqual(CHAT_SESSION_LIST_PAGE_SIZE + 3);
  });

  it('asks the role on every frame: a supervisor made an agent loses All at once', async () => {
    const supervisor = await agent('admin');
    expect((await list(supervisor.client, 'all')).counts.all).not.toBeNull();
    await app().database.db.updateTable('staff').set({ role: 'csr' }).where('id', '=', supervisor.id).execute();
    supervisor.client.send({ pathInfo: PathInfo.sessionList, view: 'all', page: 1 });
    expect((await errorOf(supervisor.client, PathInfo.sessionList)).code).toBe(403);
  });

  it('previews every kind of message the same way', async () => {
    const { chatPreview } = await import('@shop/contracts/chat-constants');
    expect(['good', 'order', 'file', 'image', 'link'].map((type) => chatPreview(type, 'x'))).toEqual([
      '[Product]',
      '[Order]',
      '[File]',
      '[Image]',
      '[Link]',
    ]);
    const desk = await agent();
    const guest = await visitor();
    const session_id = await converse(guest.client);
    guest.client.send({
      pathInfo: PathInfo.sendSessionMessage,
      session_id,
      type: 'link',
      content: 'https://example.com/page',
      client_msg_id: `l-${next()}`,
    });
    await desk.client.next<TChatMessage>('newMessage', (m) => m.type === 'link');
    expect((await list(desk.client, 'mine')).data[0]?.last_message).toBe('[Link]');
  });
});

describe('the visitor’s rating (CSAT)', () => {
  it('is taken once per resolution, and the agent sees it on the conversation', async () => {
    const { desk, guest, session_id } = await resolved();
    guest.client.send({ pathInfo: PathInfo.rateSession, session_id, stars: 4, comment: '  Quick and kind  ' });
    expect(await infoOf(guest.client, session_id, (s) => s.rating !== null)).toMatchObject({ rating_due: false });
    expect(await infoOf(desk.client, session_id, (s) => s.rating !== null)).toMatchObject({
      rating: { stars: 4, comment: 'Quick and kind' },
    });

    guest.client.send({ pathInfo: PathInfo.rateSession, session_id, stars: 5 });
    expect((await errorOf(guest.client, PathInfo.rateSession)).message).toBe(ChatTexts.alreadyRated);

    // reopened and resolved again: a new resolution, a new question
    desk.client.take('sessionInfo');
    guest.client.take('sessionInfo');
    say(guest.client, session_id, 'Another thing');
    await infoOf(desk.client, session_id, (s) => s.state === 'open');
    setState(desk.client, session_id, 'resolved');
    await infoOf(guest.client, session_id, (s) => s.state === 'resolved' && s.rating_due);
    guest.client.send({ pathInfo: PathInfo.rateSession, session_id, stars: 5 });
    expect(await infoOf(desk.client, session_id, (s) => s.rating?.stars === 5)).toBeTruthy();
    const rows = await app()
      .database.db.selectFrom('chat_ratings')
      .select(['resolution', 'stars'])
      .where('session_id', '=', session_id)
      .execute();
    expect(rows.sort((a, b) => a.resolution - b.resolution)).toEqual([
      { resolution: 1, stars: 4 },
      { resolution: 2, stars: 5 },
    ]);
  });

  it('takes 1 to 5 stars only, for a resolved conversation of the visitor’s own', async () => {
    const { guest, session_id } = await resolved();
    for (const stars of [0, 6, 2.5, '3', null]) {
      guest.client.send({ pathInfo: PathInfo.rateSession, session_id, stars });
      expect((await errorOf(guest.client, PathInfo.rateSession)).message).toBe('Choose from 1 to 5 stars');
    }
    const stranger = await visitor();
    stranger.client.send({ pathInfo: PathInfo.rateSession, session_id, stars: 3 });
    expect((await errorOf(stranger.client, PathInfo.rateSession)).code).toBe(404);

    const desk = await agent();
    const other = await visitor();
    const open = await converse(other.client);
    other.client.send({ pathInfo: PathInfo.rateSession, session_id: open, stars: 3 });
    expect((await errorOf(other.client, PathInfo.rateSession)).message).toBe(ChatTexts.notResolved);
    desk.client.send({ pathInfo: PathInfo.rateSession, session_id: open, stars: 3 });
    expect((await errorOf(desk.client, PathInfo.rateSession)).code).toBe(403);
    const count = await app()
      .database.db.selectFrom('chat_ratings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', 'in', [session_id, open])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('keeps the comment as the shop keeps text, and refuses one that is too long', async () => {
    const { desk, guest, session_id } = await resolved();
    guest.client.send({ pathInfo: PathInfo.rateSession, session_id, stars: 3, comment: 'x'.repeat(1001) });
    expect((await errorOf(guest.client, PathInfo.rateSession)).message).toBe('The comment may be at most 1000 characters');
    guest.client.send({ pathInfo: PathInfo.rateSession, session_id, stars: 3, comment: 'Fine\u0000 thanks' });
    expect(await infoOf(desk.client, session_id, (s) => s.rating !== null)).toMatchObject({
      rating: { stars: 3, comment: 'Fine thanks' },
    });
  });
});

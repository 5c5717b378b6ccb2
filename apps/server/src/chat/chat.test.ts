import { ChatTexts, PathInfo, type TChatMessage, type TChatSession } from '@shop/contracts/chat-protocol';
import { describe, expect, it, vi } from 'vitest';
import { ChatClient } from '../testing/chat-client';
import { chatHarness } from '../testing/chat-harness';
import { makeShopper, makeStaff } from '../testing/fixtures';
import { createTestApp, injectAs, listen, type TestApp, testEngine } from '../testing/harness';
import { seededRandom } from '../testing/random';
import { chatTestHooks } from './desk.testing';

let t: TestApp;
let wsUrl: string;
let httpUrl: string;
const harness = chatHarness();
const { connect } = harness;
let n = 0;

chatTestHooks(harness, (app) => {
  t = app;
  ({ wsUrl, httpUrl } = harness);
});

const tourist = (token?: string, extra: Record<string, unknown> = {}) => harness.visitor({ baTouristToken: token, ...extra });

const newAgent = (nickname = `Agent ${++n}`) => makeStaff(t, 'csr', { nickname });

const agentOnline = (agent: { token: string }) => harness.openConsole(agent.token);

/** A visitor's first message opens their conversation (decision 0014); its echo is taken out of the record. */
const startSession = harness.converse;

const say = (client: ChatClient, session_id: number, content: string, extra: Record<string, unknown> = {}) =>
  client.send({ pathInfo: PathInfo.sendSessionMessage, session_id, type: 'text', content, client_msg_id: `m-${++n}`, ...extra });

/** A fresh agent online, and a visitor whose conversation with them is open: `first` as the visitor's message stored. */
async function talking(first: string) {
  const desk = await agentOnline(await newAgent());
  const visitor = await tourist();
  const { session_id } = await startSession(visitor.client);
  say(visitor.client, session_id, first);
  const sent = await visitor.client.next<TChatMessage>('newMessage', (m) => m.content === first);
  return { desk, visitor, session_id, sent };
}

/**
 * Waits until everything the server had to send these clients has reached them: a ping is a
 * barrier on its connection (it runs after every frame sent before it, decision 0005), so its pong
 * follows whatever those frames pushed. Used before asserting that nothing (more) arrived.
 */
async function drained(...clients: ChatClient[]) {
  for (const client of clients) {
    client.send({ pathInfo: PathInfo.ping });
    await client.next('pong');
  }
}

/** The chat connections the server holds, as /metrics tells. */
async function chatConnections() {
  const { body } = (await injectAs(t, null).get('/metrics')).response;
  return Number(/^shop_chat_connections (\d+)$/m.exec(body)?.[1] ?? Number.NaN);
}

describe('chat configuration (HttpIndex)', () => {
  it('serves every config key of spec 3, with ws_url pointing at this server', async () => {
    const response = await fetch(`${httpUrl}/worker/kefu.HttpIndex/index`);
    const json = (await response.json()) as { code: number; data: { config: Record<string, unknown> } };
    expect(json.code).toBe(200);
    for (const key of [
      'app_name',
      'ws_url',
      'wss_switch',
      'websocket_port',
      'not_start_paths',
      'new_message_sound',
      'ring',
      'new_message_shake',
      'new_message_notification',
      'input_status_display',
      'tourist_file_switch',
      'auto_invitation_switch',
      'auto_invitation_max',
      'auto_invitation_timing',
      'auto_invitation_no_session',
      'click_button_mode',
      'session_link_prod',
      'new_user_tip',
      'goods_api',
      'orders_api',
      'send_goods_identity',
      'send_orders_identity',
      'notice',
      'notice_theme',
      'auto_invitation_bg',
    ]) {
      expect(json.data.config, key).toHaveProperty(key);
    }
    expect(json.data.config.ws_url).toBe(`${wsUrl}`);
    expect(json.data.config.wss_switch).toBe('no');
  });

  it('serves the ring sound', async () => {
    const response = await fetch(`${httpUrl}/worker/kefu.HttpIndex/ring?server=1`);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(bytes.length).toBeGreaterThan(1000);
  });
});

describe('identities', () => {
  it('gives a new tourist a lasting token and the same identity when they come back', async () => {
    const first = await tourist();
    expect(first.user).toMatchObject({ identity: 'tourist', status: 'online' });
    expect(first.user.token).toMatch(/^tt1\./);
    await first.client.close();
    const again = await tourist(first.user.token);
    expect(again.user.id).toBe(first.user.id);
  });

  it('links a tourist who signs in to the shopper, and keeps that link', async () => {
    const visitor = await tourist();
    const shopper = await makeShopper(t);
    const signedIn = await tourist(visitor.user.token, { baUserToken: shopper.token });
    expect(signedIn.user.id).toBe(visitor.user.id);
    const row = await t.database.db
      .selectFrom('chat_tourists')
      .select('user_id')
      .where('id', '=', visitor.user.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(shopper.id);
    const elsewhere = await tourist(undefined, { baUserToken: shopper.token });
    expect(elsewhere.user.id).toBe(visitor.user.id);
  });

  it('answers init without a user for a bad staff token, and ignores a forged tourist token', async () => {
    const client = await connect();
    client.send({ pathInfo: PathInfo.initialize, baToken: 'at1.bad.token', backend: true });
    expect((await client.next<{ user: unknown }>('init')).user).toBeNull();
    const forged = await tourist('tt1.eyJ0aWQiOjF9.AAAA');
    expect(forged.user.token).not.toBe('tt1.eyJ0aWQiOjF9.AAAA');
  });
});

describe('frames', () => {
  it('answers bad JSON, bad schema and a frame before initialize with an error push, and stays open', async () => {
    const client = await connect();
    client.send('{not json');
    expect((await client.next<{ message: string }>('error')).message).toBe(ChatTexts.badFrame);
    client.send({ pathInfo: 'worker/kefu.Nothing/here' });
    await client.next('error');
    client.send({ pathInfo: PathInfo.loadRecords, id: 1, page: 1 });
    expect((await client.next<{ message: string }>('error')).message).toMatch(/initialize/);
    client.send({ pathInfo: PathInfo.ping });
    await client.next('pong');
  });

  it('answers ids past the integer columns with a clear error push, on either database', async () => {
    const desk = await agentOnline(await newAgent());
    const frames = [
      { pathInfo: PathInfo.loadRecords, id: 2147483648, page: 1 },
      { pathInfo: PathInfo.sessionInfo, session_id: '9007199254740993' },
      { pathInfo: PathInfo.getTrajectoryData, id: 2147483648, page: 1 },
      { pathInfo: PathInfo.touristInfo, id: 2147483648 },
      { pathInfo: PathInfo.invite, tourist_id: 2147483648 },
      { pathInfo: PathInfo.addSession, tourist_id: 2147483648 },
      { pathInfo: PathInfo.transfer, session_id: 2147483648, csr_id: 1 },
      { pathInfo: PathInfo.top, session_id: 2147483648, top: 1 },
      { pathInfo: PathInfo.readMessage, session_id: 1, up_to_seq: 2 ** 40 },
    ];
    for (const frame of frames) {
      desk.client.send(frame);
      const error = await desk.client.next<{ message: string; pathInfo: string }>('error', (e) => e.pathInfo === frame.pathInfo);
      // the schema's own message naming the field, not the catch-all of a failed query
      expect(error.message, frame.pathInfo).toMatch(/^(id|session_id|tourist_id|up_to_seq) (is not a known|must be a whole)/);
    }
    desk.client.send({ pathInfo: PathInfo.getKbsData, page: 1, keyword: 'size\u0000 guide' });
    await desk.client.next('kbsData');
  });

  it('refuses an oversized frame with an error push and stays open', async () => {
    const { client } = await tourist();
    client.send({ pathInfo: PathInfo.ping, padding: 'x'.repeat(70_000) });
    expect((await client.next<{ message: string }>('error')).message).toMatch(/too large/);
    client.send({ pathInfo: PathInfo.ping });
    await client.next('pong');
  });
});

describe('conversations', () => {
  it('queues a visitor with a notice when no agent is online, and gives the conversation to the first agent who comes', async () => {
    const visitor = await tourist();
    const { session_id, csr } = await startSession(visitor.client);
    expect(csr).toBeNull();
    const notice = await visitor.client.next<TChatMessage>('newMessage');
    expect(notice).toMatchObject({ type: 'system', content: ChatTexts.queued, session_id });

    const agent = await newAgent('First');
    const desk = await agentOnline(agent);
    const assigned = await visitor.client.next<{ session_id: number; csr: { id: number; nickname: string } }>('distribution');
    expect(assigned).toMatchObject({ session_id, csr: { id: agent.id, nickname: 'First' } });
    const sessions = await desk.client.next<TChatSession[]>('sessions');
    expect(sessions.map((s) => s.id)).toContain(session_id);
  });

  it('carries text and links both ways, stores each once, and echoes to the sender’s tabs', async () => {
    const agent = await newAgent();
    const desk = await agentOnline(agent);
    const visitor = await tourist();
    const secondTab = await tourist(visitor.user.token);
    const { session_id, csr } = await startSession(visitor.client);
    expect(csr?.id).toBe(agent.id);
    expect(await desk.client.next<TChatSession>('sessionInfo', (x) => x.id === session_id)).toMatchObject({
      session_user_id: visitor.user.id,
      status: 'active',
    });

    // goods, order, image and file cards are built from the shop's records: cards.test.ts
    const kinds = [
      { type: 'text', content: 'Hello **there**' },
      { type: 'link', content: 'https://example.com/guide', title: 'Size guide' },
    ];
    for (const kind of kinds) {
      visitor.client.send({ pathInfo: PathInfo.sendSessionMessage, session_id, client_msg_id: `k-${kind.type}-${n}`, ...kind });
      const atAgent = await desk.client.next<TChatMessage>('newMessage', (m) => m.content === kind.content);
      expect(atAgent).toMatchObject({
        session_id,
        sender_identity: 'tourist',
        content: kind.content,
      });
      await visitor.client.next<TChatMessage>('newMessage', (m) => m.content === kind.content);
      await secondTab.client.next<TChatMessage>('newMessage', (m) => m.content === kind.content);
    }
    say(desk.client, session_id, 'How can I help?', { client_msg_id: 'agent-1' });
    const reply = await visitor.client.next<TChatMessage>('newMessage', (m) => m.sender_identity === 'csr');
    // after the first message, which opened the conversation
    expect(reply.seq).toBe(kinds.length + 2);

    // the same client message id again: stored once, delivered once
    say(desk.client, session_id, 'How can I help?', { client_msg_id: 'agent-1' });
    await desk.client.next<TChatMessage>('newMessage', (m) => m.client_msg_id === 'agent-1');
    await desk.client.next<TChatMessage>('newMessage', (m) => m.client_msg_id === 'agent-1');
    const count = await t.database.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_id', '=', session_id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(kinds.length + 2);
    await drained(desk.client, visitor.client);
    expect(visitor.client.take<TChatMessage>('newMessage').filter((m) => m.client_msg_id === 'agent-1')).toHaveLength(0);
  });

  it('stores and delivers a message holding NUL, other controls or a lone surrogate, cleaned', async () => {
    const agent = await newAgent();
    const desk = await agentOnline(agent);
    const visitor = await tourist();
    const { session_id } = await startSession(visitor.client);
    // a client's JSON may carry any code unit; the wire's own UTF-8 cannot hold a lone surrogate
    visitor.client.send(
      JSON.stringify({
        pathInfo: PathInfo.sendSessionMessage,
        session_id,
        type: 'text',
        content: 'size\u0000 M\u0007 please\ud800\n',
        title: 't\u0000',
        client_msg_id: 'nul-1',
      }),
    );
    const atAgent = await desk.client.next<TChatMessage>('newMessage', (m) => m.client_msg_id === 'nul-1');
    expect(atAgent.content).toBe('size M please\ufffd');
    const echoed = await visitor.client.next<TChatMessage>('newMessage', (m) => m.client_msg_id === 'nul-1');
    expect(echoed.content).toBe('size M please\ufffd');
    const stored = await t.database.db
      .selectFrom('chat_messages')
      .select(['content', 'title'])
      .where('session_id', '=', session_id)
      .where('client_msg_id', '=', 'nul-1')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ content: 'size M please\ufffd', title: 't' });
  });

  it('pages history backwards, relays typing, and sends read receipts to both sides', async () => {
    const agent = await newAgent();
    const desk = await agentOnline(agent);
    const visitor = await tourist();
    const { session_id } = await startSession(visitor.client, 'message 1');
    for (let i = 2; i <= 25; i++) say(visitor.client, session_id, `message ${i}`);
    await desk.client.next<TChatMessage>('newMessage', (m) => m.content === 'message 25');

    desk.client.send({ pathInfo: PathInfo.loadRecords, id: session_id, page: 1 });
    const newest = await desk.client.next<{ data: TChatMessage[]; total: number }>('sessionRecords');
    expect(newest.total).toBe(25);
    expect(newest.data.map((m) => m.content)).toEqual(Array.from({ length: 20 }, (_, i) => `message ${i + 6}`));
    desk.client.send({ pathInfo: PathInfo.loadRecords, id: session_id, page: 2 });
    const older = await desk.client.next<{ data: TChatMessage[] }>('sessionRecords');
    expect(older.data.map((m) => m.content)).toEqual(['message 1', 'message 2', 'message 3', 'message 4', 'message 5']);

    visitor.client.send({ pathInfo: PathInfo.messageInputState, session_id, state: 'input' });
    expect(await desk.client.next('messageInputState')).toMatchObject({ session_id, state: 'input', from: 'tourist' });

    desk.client.take('sessions');
    desk.client.send({ pathInfo: PathInfo.refreshSessionList });
    const before = await desk.client.next<TChatSession[]>('sessions', (list) => list.some((x) => x.id === session_id));
    expect(before.find((x) => x.id === session_id)).toMatchObject({ unread_message_count: 25, last_message: 'message 25' });

    desk.client.send({ pathInfo: PathInfo.readMessage, session_id });
    const receipt = await visitor.client.next<{ up_to_seq: number; reader_identity: string }>('readMessage');
    expect(receipt).toMatchObject({ up_to_seq: 25, reader_identity: 'csr' });
    await desk.client.next('readMessage');
    desk.client.send({ pathInfo: PathInfo.loadRecords, id: session_id, page: 1 });
    expect((await desk.client.next<{ data: TChatMessage[] }>('sessionRecords')).data.every((m) => m.status === 'read')).toBe(
      true,
    );
    desk.client.take('sessions');
    desk.client.send({ pathInfo: PathInfo.refreshSessionList });
    const after = await desk.client.next<TChatSession[]>('sessions', (list) => list.some((x) => x.id === session_id));
    expect(after.find((x) => x.id === session_id)?.unread_message_count).toBe(0);
  });

  it('gives a visitor nothing of another visitor’s session', async () => {
    const agent = await newAgent();
    await agentOnline(agent);
    const owner = await tourist();
    const { session_id } = await startSession(owner.client);
    say(owner.client, session_id, 'private');
    const stranger = await tourist();
    stranger.client.send({ pathInfo: PathInfo.loadRecords, id: session_id, page: 1 });
    expect(await stranger.client.next('error')).toMatchObject({ code: 404 });
    say(stranger.client, session_id, 'intrusion');
    expect(await stranger.client.next('error')).toMatchObject({ code: 404 });
    stranger.client.send({ pathInfo: PathInfo.readMessage, session_id });
    expect(await stranger.client.next('error')).toMatchObject({ code: 404 });
    expect(stranger.client.take('sessionRecords')).toHaveLength(0);
  });

  it('assigns the agent with the fewest open conversations, and keeps a returning visitor with theirs', async () => {
    const busy = await newAgent('Busy');
    const free = await newAgent('Free');
    await agentOnline(busy);
    const first = await tourist();
    expect((await startSession(first.client)).csr?.id).toBe(busy.id);
    await agentOnline(free);
    const second = await tourist();
    expect((await startSession(second.client)).csr?.id).toBe(free.id);
    await first.client.close();
    const back = await tourist(first.user.token);
    expect((await startSession(back.client)).csr?.id).toBe(busy.id);
  });

  it('gives tabs asking for service at the same instant one conversation, queued or not', async () => {
    for (const agentOnlineFirst of [false, true]) {
      if (agentOnlineFirst) await agentOnline(await newAgent('Racer'));
      const { user } = await tourist();
      // three tabs' distribution frames, handled at the same instant
      const assigned = await Promise.all([1, 2, 3].map(() => t.app.services.chat.distribute(user.id)));
      expect(new Set(assigned.map((a) => a.session.id)).size).toBe(1);
      const open = await t.database.db
        .selectFrom('chat_sessions')
        .select('id')
        .where('tourist_id', '=', user.id)
        .where('status', 'in', ['queued', 'active'])
        .execute();
      expect(open).toHaveLength(1);
    }
  });

  it('replays exactly what a visitor missed while away, in order', async () => {
    const { desk, visitor, session_id, sent: mine } = await talking('hi');
    await visitor.client.close();
    for (const text of ['one', 'two', 'three']) say(desk.client, session_id, text);
    await desk.client.next<TChatMessage>('newMessage', (m) => m.content === 'three');
    const back = await tourist(visitor.user.token, { last_seqs: { [session_id]: mine.seq } });
    const replayed = [
      await back.client.next<TChatMessage>('newMessage'),
      await back.client.next<TChatMessage>('newMessage'),
      await back.client.next<TChatMessage>('newMessage'),
    ];
    expect(replayed.map((m) => m.content)).toEqual(['one', 'two', 'three']);
    await drained(back.client);
    expect(back.client.take('newMessage')).toHaveLength(0);
  });
});

describe('agents’ tools', () => {
  it('shows agents the visitors online with their trajectory, and the pages they opened', async () => {
    const desk = await agentOnline(await newAgent());
    const visitor = await tourist();
    visitor.client.send({
      pathInfo: PathInfo.trajectory,
      title: 'Dresses',
      url: '/classify/dresses-5.html',
      referrer: 'https://search.example',
    });
    visitor.client.send({ pathInfo: PathInfo.trajectory, title: 'Floral Dress', url: '/product/floral-dress.html' });
    visitor.client.send({ pathInfo: PathInfo.ping });
    await visitor.client.next('pong');

    // a visitor who has not written is listed (an agent may invite them) but has no conversation
    visitor.client.send({ pathInfo: PathInfo.distribution });
    expect(await visitor.client.next('distribution')).toEqual({ session_id: null, csr: null });
    desk.client.send({ pathInfo: PathInfo.touristList, page: 1 });
    const silent = await desk.client.next<{ data: Array<{ id: number; last_message: string }> }>('tourists');
    expect(silent.data.find((x) => x.id === visitor.user.id)).toMatchObject({ last_message: '' });
    await startSession(visitor.client, 'Is the floral dress lined?');

    desk.client.send({ pathInfo: PathInfo.touristList, page: 1 });
    const list = await desk.client.next<{
      data: Array<{ id: number; status: string; trajectory_count: number; last_trajectory_url: string }>;
    }>('tourists');
    expect(list.data.find((x) => x.id === visitor.user.id)).toMatchObject({
      status: 'online',
      trajectory_count: 2,
      last_trajectory_url: '/product/floral-dress.html',
    });
    desk.client.send({ pathInfo: PathInfo.getTrajectoryData, id: visitor.user.id, page: 1 });
    const pages = await desk.client.next<{ data: Array<{ url: string }> }>('trajectoryData');
    expect(pages.data.map((p) => p.url)).toEqual(['/product/floral-dress.html', '/classify/dresses-5.html']);

    await visitor.client.close();
    await vi.waitFor(async () => {
      desk.client.send({ pathInfo: PathInfo.touristInfo, id: visitor.user.id });
      expect(await desk.client.next('touristInfo')).toMatchObject({ id: visitor.user.id, status: 'offline' });
    });

    const other = await tourist();
    other.client.send({ pathInfo: PathInfo.getTrajectoryData, id: visitor.user.id, page: 1 });
    expect(await other.client.next('error')).toMatchObject({ code: 403 });
  });

  it('invites a visitor, transfers a conversation with notices on both sides, and pins sessions', async () => {
    const first = await newAgent('Ann');
    const second = await newAgent('Bob');
    const deskA = await agentOnline(first);
    const deskB = await agentOnline(second);
    await t.database.db.updateTable('staff').set({ status: 'offline' }).where('id', '=', second.id).execute();
    const visitor = await tourist();
    deskA.client.send({ pathInfo: PathInfo.invite, tourist_id: visitor.user.id });
    expect(await visitor.client.next('changeStatus')).toMatchObject({ status: 'invite', csr: { id: first.id } });

    const { session_id, csr } = await startSession(visitor.client);
    expect(csr?.id).toBe(first.id);
    deskA.client.send({ pathInfo: PathInfo.top, session_id, top: 1 });
    const pinned = await deskA.client.next<TChatSession[]>('sessions', (list) =>
      list.some((s) => s.id === session_id && s.top === 1),
    );
    expect(pinned[0]?.id).toBe(session_id);

    deskA.client.send({ pathInfo: PathInfo.transfer, session_id, csr_id: second.id });
    expect(await deskA.client.next('tip')).toEqual({ message: ChatTexts.transferred });
    expect(await deskA.client.next('csrTransfer')).toMatchObject({ session_id, to: { id: second.id } });
    const notice = await visitor.client.next<TChatMessage>('newMessage', (m) => m.type === 'system' && m.content.includes('Bob'));
    await deskB.client.next<TChatMessage>('newMessage', (m) => m.seq === notice.seq);
    expect(
      (await deskB.client.next<TChatSession[]>('sessions', (list) => list.some((s) => s.id === session_id))).length,
    ).toBeGreaterThan(0);

    // the first agent no longer has it
    deskA.client.send({ pathInfo: PathInfo.loadRecords, id: session_id, page: 1 });
    expect(await deskA.client.next('error')).toMatchObject({ code: 404 });
    say(visitor.client, session_id, 'still there?');
    await deskB.client.next<TChatMessage>('newMessage', (m) => m.content === 'still there?');
  });
});

describe('invitations', () => {
  it('gives the first message after an invitation to the agent who invited, while available', async () => {
    const ann = await agentOnline(await newAgent('Ann'));
    const bob = await agentOnline(await newAgent('Bob'));
    // every assignment would otherwise go to Ann (ties go to the lower id)
    const invited = await tourist();
    bob.client.send({ pathInfo: PathInfo.invite, tourist_id: invited.user.id });
    await invited.client.next('changeStatus');
    expect((await startSession(invited.client)).csr?.id).toBe(bob.user.id);

    // an invitation from an agent who has since gone busy is not followed
    const other = await tourist();
    bob.client.send({ pathInfo: PathInfo.invite, tourist_id: other.user.id });
    await other.client.next('changeStatus');
    bob.client.send({ pathInfo: PathInfo.changeStatus, status: 'busy' });
    await bob.client.next('changeStatus', (d: { status: string }) => d.status === 'busy');
    expect((await startSession(other.client)).csr?.id).not.toBe(bob.user.id);
    expect(ann.user.id).toBeLessThan(bob.user.id);
  });
});

describe('agents’ status and starting conversations', () => {
  it('assigns no visitor to a busy agent, and lets an agent open a session with a visitor', async () => {
    const agent = await newAgent('Status');
    const desk = await agentOnline(agent);
    desk.client.send({ pathInfo: PathInfo.changeStatus, status: 'busy' });
    expect(await desk.client.next('changeStatus', (d: { status: string }) => d.status === 'busy')).toMatchObject({
      id: agent.id,
    });
    const visitor = await tourist();
    expect((await startSession(visitor.client)).csr).toBeNull();

    const other = await tourist();
    desk.client.send({ pathInfo: PathInfo.addSession, tourist_id: other.user.id });
    // (the queued visitor's conversation may be announced too, by an agent of an earlier test taking it)
    const opened = await desk.client.next<TChatSession>('sessionInfo', (session) => session.session_user_id === other.user.id);
    expect(opened).toMatchObject({ session_user_id: other.user.id, session_user_identity: 'tourist', status: 'active' });
    say(desk.client, opened.id, 'Can I help you find a size?');
    const greeting = await other.client.next<TChatMessage>('newMessage');
    expect(greeting).toMatchObject({ session_id: opened.id, sender_identity: 'csr', content: 'Can I help you find a size?' });

    desk.client.send({ pathInfo: PathInfo.changeStatus, status: 'online' });
    expect(await visitor.client.next<{ csr: { id: number } }>('distribution')).toMatchObject({ csr: { id: agent.id } });
  });
});

describe('presence', () => {
  it('gives no visitor to an agent whose connections have all closed, though their status says online', async () => {
    const agent = await newAgent('Gone');
    const desk = await agentOnline(agent);
    const second = await agentOnline(agent);
    const open = await chatConnections();
    expect(open).toBeGreaterThanOrEqual(2);
    await desk.client.close();
    await vi.waitFor(async () => expect(await chatConnections()).toBe(open - 1));
    const first = await tourist();
    expect((await startSession(first.client)).csr?.id).toBe(agent.id);
    await second.client.close();
    // the last connection gone: presence says so, the chosen status stays
    await vi.waitFor(async () => {
      const row = await t.database.db.selectFrom('staff').selectAll().where('id', '=', agent.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ last_seen_at: 0, status: 'online' });
    });
    const later = await tourist();
    expect((await startSession(later.client)).csr).toBeNull();
  });
});

describe('the knowledge base in the chat', () => {
  it('answers a queued visitor automatically when the question matches, marked as automatic', async () => {
    const now = Date.now();
    await t.database.db
      .insertInto('chat_kb_entries')
      .values({
        questions: 'how can I return items\nreturn policy',
        answer: 'You can return items within 30 days.',
        enabled: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    t.app.services.supportContent.forgetKnowledge();
    const visitor = await tourist();
    const { session_id } = await startSession(visitor.client);
    await visitor.client.next<TChatMessage>('newMessage', (m) => m.type === 'system');
    say(visitor.client, session_id, 'How do I return an item?');
    const answer = await visitor.client.next<TChatMessage>('newMessage', (m) => m.auto_reply);
    expect(answer).toMatchObject({ content: 'You can return items within 30 days.', type: 'text', session_id });
    say(visitor.client, session_id, 'hello');
    await visitor.client.next<TChatMessage>('newMessage', (m) => m.content === 'hello');
    await drained(visitor.client);
    expect(visitor.client.take<TChatMessage>('newMessage').filter((m) => m.auto_reply)).toHaveLength(0);
  });

  it('lists knowledge-base entries to agents and to nobody else', async () => {
    const desk = await agentOnline(await newAgent());
    desk.client.send({ pathInfo: PathInfo.getKbsData, page: 1 });
    const kbs = await desk.client.next<{ data: unknown[]; total: number }>('kbsData');
    expect(kbs.total).toBeGreaterThanOrEqual(0);
    const visitor = await tourist();
    visitor.client.send({ pathInfo: PathInfo.getKbsData, page: 1 });
    expect(await visitor.client.next('error')).toMatchObject({ code: 403 });
  });
});

describe('delivery under disconnects', () => {
  it('delivers every message exactly once and in order across 1,000 random disconnects', async () => {
    const { desk, visitor, session_id, sent: start } = await talking('start');

    const received: TChatMessage[] = [];
    let lastSeq = start.seq;
    let client = visitor.client;
    const collect = (c: ChatClient) =>
      c.socket.on('message', (raw) => {
        const push = JSON.parse(String(raw)) as { type: string; data: TChatMessage };
        if (push.type === 'newMessage' && push.data.session_id === session_id && push.data.sender_identity === 'csr') {
          received.push(push.data);
          lastSeq = Math.max(lastSeq, push.data.seq);
        }
      });
    collect(client);
    const random = seededRandom('random disconnects');
    const total = 300;
    let sent = 0;
    const sender = (async () => {
      while (sent < total) {
        say(desk.client, session_id, `msg ${++sent}`);
        await new Promise((r) => setTimeout(r, random.int(1, 3)));
      }
    })();
    for (let i = 0; i < 1_000; i++) {
      client.socket.terminate();
      client = await ChatClient.connect(wsUrl);
      collect(client);
      client.send({ pathInfo: PathInfo.initialize, baTouristToken: visitor.user.token, last_seqs: { [session_id]: lastSeq } });
      await client.next('init');
      if (random.chance(0.3)) await new Promise((r) => setTimeout(r, random.int(0, 2)));
    }
    await sender;
    await desk.client.next<TChatMessage>('newMessage', (m) => m.content === `msg ${total}`, 10_000);
    await vi.waitFor(() => expect(received.filter((m) => m.content.startsWith('msg ')).length).toBeGreaterThanOrEqual(total), {
      timeout: 10_000,
    });
    const texts = received.map((m) => m.content).filter((c) => c.startsWith('msg '));
    expect(texts).toEqual(Array.from({ length: total }, (_, i) => `msg ${i + 1}`));
    const seqs = received.map((m) => m.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    await client.close();
  }, 120_000);
});

describe('heartbeat and shutdown', () => {
  it('closes a connection silent for two heartbeats with a close push, and keeps a pinging one', async () => {
    // The window is wide against the pings (every 100 ms): a loaded machine can stall a test's
    // process for a few hundred milliseconds, and a pinging connection must not look silent then.
    const idleCloseMs = 1_500;
    const quick = await createTestApp({ chatHeartbeat: { idleCloseMs, sweepEveryMs: 100 } });
    try {
      const url = `${(await listen(quick)).ws}/worker/ws`;
      const silent = await ChatClient.connect(url);
      const chatty = await ChatClient.connect(url);
      const pinger = setInterval(() => chatty.send({ pathInfo: PathInfo.ping }), 100);
      const closed = new Promise((resolve) => silent.socket.once('close', (code) => resolve(code)));
      expect(await silent.next('close', () => true, 15_000)).toMatchObject({ reason: 'idle' });
      expect(await closed).toBe(1001);
      // pongs for two more idle windows: the pinging connection outlives them
      chatty.take('pong');
      const until = Date.now() + 2 * idleCloseMs;
      while (Date.now() < until) await chatty.next('pong');
      clearInterval(pinger);
      expect(chatty.socket.readyState).toBe(chatty.socket.OPEN);
      const restarting = new Promise((resolve) => chatty.socket.once('close', (code) => resolve(code)));
      await quick.app.close();
      expect(await restarting).toBe(1012);
    } finally {
      await quick.close().catch(() => {});
    }
  });
});

describe.runIf(testEngine === 'postgres' && process.env.TEST_REDIS_URL)('two instances', () => {
  it('carries a conversation between a visitor on one instance and an agent on another, through Redis', async () => {
    const other = await createTestApp({ sameStoreAs: t });
    try {
      const otherUrl = `${(await listen(other)).ws}/worker/ws`;
      const agent = await newAgent('Remote');
      const { client: deskClient } = await harness.openConsole(agent.token, otherUrl);
      const visitor = await tourist();
      const { session_id, csr } = await startSession(visitor.client);
      expect(csr?.id).toBe(agent.id);
      say(visitor.client, session_id, 'hello from instance A');
      expect((await deskClient.next<TChatMessage>('newMessage', (m) => m.content === 'hello from instance A')).session_id).toBe(
        session_id,
      );
      say(deskClient, session_id, 'hello from instance B');
      await visitor.client.next<TChatMessage>('newMessage', (m) => m.content === 'hello from instance B');
    } finally {
      await other.close();
    }
  });
});

describe('a conversation opened by the first message (decision 0014)', () => {
  const sessionsOf = (touristId: number) =>
    t.database.db.selectFrom('chat_sessions').selectAll().where('tourist_id', '=', touristId).execute();

  it('opening the chat stores nothing and tells no agent; the first message opens the conversation', async () => {
    const agent = await newAgent();
    const desk = await agentOnline(agent);
    const visitor = await tourist();
    for (let i = 0; i < 3; i++) {
      visitor.client.send({ pathInfo: PathInfo.distribution });
      expect(await visitor.client.next('distribution')).toEqual({ session_id: null, csr: null });
    }
    expect(await sessionsOf(visitor.user.id)).toEqual([]);
    visitor.client.send({ pathInfo: PathInfo.ping });
    await visitor.client.next('pong');
    expect(desk.client.take<TChatSession>('sessionInfo').filter((x) => x.session_user_id === visitor.user.id)).toEqual([]);

    visitor.client.send({ pathInfo: PathInfo.sendSessionMessage, type: 'text', content: 'Hi there', client_msg_id: 'open-1' });
    const { session_id, csr } = await visitor.client.next<{ session_id: number; csr: { id: number } | null }>('distribution');
    expect(csr?.id).toBe(agent.id);
    const first = await visitor.client.next<TChatMessage>('newMessage', (m) => m.client_msg_id === 'open-1');
    expect(first).toMatchObject({ session_id, seq: 1, content: 'Hi there', sender_identity: 'tourist' });
    expect(await desk.client.next<TChatSession>('sessionInfo', (x) => x.id === session_id)).toMatchObject({
      session_user_id: visitor.user.id,
    });
    await desk.client.next<TChatMessage>('newMessage', (m) => m.client_msg_id === 'open-1');
    expect(await sessionsOf(visitor.user.id)).toHaveLength(1);

    // now the widget finds the conversation when it opens
    visitor.client.send({ pathInfo: PathInfo.distribution });
    expect(await visitor.client.next('distribution')).toMatchObject({ session_id });
  });

  it('two first messages at once, from two tabs, open one conversation holding both', async () => {
    await agentOnline(await newAgent());
    const visitor = await tourist();
    const secondTab = await tourist(visitor.user.token);
    const tabs = [visitor.client, secondTab.client];
    tabs.forEach((tab, i) => {
      tab.send({ pathInfo: PathInfo.sendSessionMessage, type: 'text', content: `from tab ${i}`, client_msg_id: `tab-${i}` });
    });
    const stored = await Promise.all(
      tabs.map((tab, i) => tab.next<TChatMessage>('newMessage', (m) => m.client_msg_id === `tab-${i}`)),
    );
    const sessions = await sessionsOf(visitor.user.id);
    expect(sessions).toHaveLength(1);
    expect(stored.map((m) => m.session_id)).toEqual([sessions[0]?.id, sessions[0]?.id]);
    expect(stored.map((m) => m.seq).sort()).toEqual([1, 2]);
  });

  it('a queued first message comes before the queue notice; an agent must name the conversation', async () => {
    const visitor = await tourist();
    visitor.client.send({ pathInfo: PathInfo.sendSessionMessage, type: 'text', content: 'Anyone?', client_msg_id: 'q-1' });
    const { csr } = await visitor.client.next<{ csr: unknown }>('distribution');
    expect(csr).toBeNull();
    const first = await visitor.client.next<TChatMessage>('newMessage', (m) => m.client_msg_id === 'q-1');
    const notice = await visitor.client.next<TChatMessage>('newMessage', (m) => m.type === 'system');
    expect([first.seq, notice.seq]).toEqual([1, 2]);
    expect(notice.content).toBe(ChatTexts.queued);

    const desk = await agentOnline(await newAgent());
    desk.client.send({ pathInfo: PathInfo.sendSessionMessage, type: 'text', content: 'Hello', client_msg_id: 'no-session' });
    expect(await desk.client.next('error')).toMatchObject({ message: ChatTexts.selectConversation, code: 400 });
  });
});

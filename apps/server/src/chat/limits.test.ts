import { randomBytes } from 'node:crypto';
import { ChatTexts, PathInfo, type TChatMessage, type TChatPush, type TChatUser } from '@shop/contracts/chat-protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { MemoryRateLimitStore, RateLimiter } from '../infra/rate-limit';
import type { ChatClient } from '../testing/chat-client';
import { chatHarness } from '../testing/chat-harness';
import { body, type TestApp } from '../testing/harness';
import { chatLimits } from './limits';

const MESSAGE_BURST = 10;
const VISITORS_PER_HOUR = 30;
const FRAME_BURST = 60;
const KB = 1024;
const MB = 1024 * KB;

let t: TestApp;
const harness = chatHarness();

beforeAll(async () => {
  t = await harness.start({
    env: {
      // the proxy in front of the shop names the client's address (other addresses in the tests)
      TRUST_PROXY: '1',
      CHAT_MESSAGE_BURST: String(MESSAGE_BURST),
      CHAT_MESSAGES_PER_MINUTE: '40',
      CHAT_MESSAGES_PER_MINUTE_PER_ADDRESS: '300',
      CHAT_FRAME_BURST: String(FRAME_BURST),
      CHAT_VISITORS_PER_HOUR_PER_ADDRESS: String(VISITORS_PER_HOUR),
      CHAT_UPLOAD_MB_PER_DAY: '1',
      CHAT_STORAGE_MB_PER_VISITOR: '2',
    },
  });
});
afterAll(() => harness.close());

/** A fresh address per visitor, so that the per-address counts of one test do not reach the next. */
let addressSeq = 0;
const uniqueAddress = () => `203.0.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`;

const connect = (address: string) => harness.connect(harness.wsUrl, { headers: { 'x-forwarded-for': address } });

/** Resolves with the first `count` pushes to `client` that `match`, from now on. */
function collect(client: ChatClient, count: number, match: (push: TChatPush) => boolean): Promise<TChatPush[]> {
  return new Promise((resolve) => {
    const got: TChatPush[] = [];
    const onMessage = (raw: unknown) => {
      const push = JSON.parse(String(raw)) as TChatPush;
      if (!match(push)) return;
      got.push(push);
      if (got.length < count) return;
      client.socket.off('message', onMessage);
      resolve(got);
    };
    client.socket.on('message', onMessage);
  });
}

type ErrorPush = { message: string; code: number; pathInfo: string };

/** A new guest from `address`: the init push, or the error push that refused them. */
async function guest(address: string) {
  const client = await connect(address);
  const answered = collect(client, 1, (push) => push.type === 'init' || push.type === 'error');
  client.send({ pathInfo: PathInfo.initialize, language: 'en-us' });
  const [push] = await answered;
  return push?.type === 'init'
    ? { client, user: (push.data as { user: TChatUser }).user, error: null }
    : { client, user: null, error: push?.data as ErrorPush };
}

/** A guest with a conversation: the first message opens it. */
async function guestInConversation(address = uniqueAddress()) {
  const { client, user } = await guest(address);
  if (!user) throw new Error('the guest was refused');
  client.send({ pathInfo: PathInfo.sendSessionMessage, type: 'text', content: 'Hello', client_msg_id: 'first' });
  const { session_id } = await client.next<{ session_id: number }>('distribution');
  await client.next<TChatMessage>('newMessage', (message) => message.client_msg_id === 'first');
  return { client, user, sessionId: session_id };
}

const storedMessages = async (sessionId: number) =>
  Number(
    (
      await t.database.db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('session_id', '=', sessionId)
        .where('sender_type', '=', 'tourist')
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Waits until `client` has had `count` of its messages stored or refused. */
async function answers(client: ChatClient, count: number) {
  const pushes = await collect(
    client,
    count,
    (push) => push.type === 'error' || (push.type === 'newMessage' && (push.data as TChatMessage).sender_identity === 'tourist'),
  );
  return {
    stored: pushes.filter((push) => push.type === 'newMessage').map((push) => push.data as TChatMessage),
    refused: pushes.filter((push) => push.type === 'error').map((push) => push.data as ErrorPush),
  };
}

describe('the message limit of a visitor (burst and rate)', () => {
  it('stores at most the burst of a 300-message flood and answers every other message with an error push', async () => {
    const { client, sessionId } = await guestInConversation();
    const answered = answers(client, 300);
    for (let i = 0; i < 300; i++) {
      client.send({
        pathInfo: PathInfo.sendSessionMessage,
        session_id: sessionId,
        type: 'text',
        content: `spam ${i}`,
        client_msg_id: `flood-${i}`,
      });
    }
    const { stored, refused } = await answered;
    expect(stored.length).toBeLessThanOrEqual(MESSAGE_BURST);
    expect(stored.length).toBeGreaterThan(0);
    // the first message, which opened the conversation, counted against the burst too
    expect(stored.length).toBeLessThanOrEqual(MESSAGE_BURST - 1);
    expect(await storedMessages(sessionId)).toBe(stored.length + 1);
    expect(refused.length).toBe(300 - stored.length);
    for (const error of refused) {
      expect(error.message).toBe(ChatTexts.tooFast);
      expect(error.code).toBe(429);
    }
    // not disconnected: the socket still answers (with the same refusal while the window lasts)
    const answer = collect(client, 1, (push) => push.type === 'pong' || push.type === 'error');
    client.send({ pathInfo: PathInfo.ping });
    expect((await answer)[0]?.type).toBeDefined();
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it('lets a visitor send a burst of messages in quick succession', async () => {
    const { client, sessionId } = await guestInConversation();
    const answered = answers(client, MESSAGE_BURST - 1);
    for (let i = 0; i < MESSAGE_BURST - 1; i++) {
      client.send({
        pathInfo: PathInfo.sendSessionMessage,
        session_id: sessionId,
        type: 'text',
        content: `line ${i}`,
        client_msg_id: `quick-${i}`,
      });
    }
    const { stored, refused } = await answered;
    expect(refused).toEqual([]);
    expect(stored).toHaveLength(MESSAGE_BURST - 1);
  });

  it('counts frames of any kind per connection, with error pushes and the socket kept open', async () => {
    const { client } = await guest(uniqueAddress());
    const answered = collect(client, FRAME_BURST + 40, (push) => push.type === 'pong' || push.type === 'error');
    for (let i = 0; i < FRAME_BURST + 40; i++) client.send({ pathInfo: PathInfo.ping });
    const pushes = await answered;
    const pongs = pushes.filter((push) => push.type === 'pong').length;
    const errors = pushes.filter((push) => push.type === 'error');
    for (const error of errors) expect((error.data as ErrorPush).message).toBe(ChatTexts.tooFast);
    // the initialize frame counted too
    expect(pongs).toBe(FRAME_BURST - 1);
    expect(errors).toHaveLength(41);
  });
});

describe('a person typing', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is never refused: a message every few seconds, with a few quick ones now and then, for an hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const limits = chatLimits(new RateLimiter(new MemoryRateLimitStore()), loadConfig({}).chatLimits);
    const person = { type: 'tourist' as const, id: 1 };
    for (let minute = 0; minute < 60; minute++) {
      // three quick lines, then one every 4 seconds
      for (let i = 0; i < 3; i++) {
        await limits.message(person, '192.0.2.1');
        await limits.frame('chat-conn:person');
        vi.advanceTimersByTime(300);
      }
      for (let second = 1; second < 60; second += 4) {
        await limits.message(person, '192.0.2.1');
        await limits.frame('chat-conn:person');
        vi.advanceTimersByTime(4_000);
      }
    }
  });
});

describe('new visitor identities per address', () => {
  it('answers the 31st new visitor from one address with 429, while another address still gets one', async () => {
    const address = uniqueAddress();
    for (let i = 0; i < VISITORS_PER_HOUR; i++) {
      const { user, client } = await guest(address);
      expect(user?.identity).toBe('tourist');
      await client.close();
    }
    const refused = await guest(address);
    expect(refused.user).toBeNull();
    expect(refused.error).toMatchObject({ code: 429, message: ChatTexts.tooManyVisitors });
    // the refused connection stays open and can still be used by a visitor who has an identity
    const earlier = await guest(uniqueAddress());
    refused.client.send({ pathInfo: PathInfo.initialize, baTouristToken: earlier.user?.token, language: 'en-us' });
    expect((await refused.client.next<{ user: TChatUser }>('init')).user.id).toBe(earlier.user?.id);

    const elsewhere = await guest(uniqueAddress());
    expect(elsewhere.user?.identity).toBe('tourist');
  });
});

// ── uploads ─────────────────────────────────────────────────────────────────────────────────

function uploadAs(touristToken: string, size: number) {
  const boundary = `----limits${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    Buffer.alloc(size, 'a'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/worker/kefu.HttpIndex/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'tourist-token': touristToken },
  });
}

describe('upload bytes per visitor', () => {
  it('refuses uploads past the day’s bytes with 429, and counts nothing for the refused one', async () => {
    const { user } = await guest(uniqueAddress());
    const token = user?.token ?? '';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await uploadAs(token, 300 * KB)).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const over = await uploadAs(token, 300 * KB);
    expect(over.statusCode).toBe(429);
    expect(body(over).msg).toBe(ChatTexts.uploadQuota);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // what is left of the day (about 100 KB) can still be used
    expect((await uploadAs(token, 50 * KB)).statusCode).toBe(200);

    // another visitor has a day of their own
    const other = await guest(uniqueAddress());
    expect((await uploadAs(other.user?.token ?? '', 300 * KB)).statusCode).toBe(200);
  });

  it('refuses eight concurrent 300 KB uploads past the day’s megabyte, storing only what fits', async () => {
    const { user } = await guest(uniqueAddress());
    const responses = await Promise.all(Array.from({ length: 8 }, () => uploadAs(user?.token ?? '', 300 * KB)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
  });

  it('refuses an upload that would take the visitor past the space kept for their live files', async () => {
    const { user } = await guest(uniqueAddress());
    const id = user?.id ?? 0;
    // two megabytes already held, uploaded on earlier days
    await t.database.db
      .insertInto('chat_uploads')
      .values({
        uploader_type: 'tourist',
        uploader_id: id,
        storage_key: randomBytes(24).toString('hex'),
        name: 'old.bin',
        size: 2 * MB - 10 * KB,
        mime: 'application/octet-stream',
        suffix: 'bin',
        created_at: Date.now() - 86_400_000,
        expires_at: Date.now() + 86_400_000,
      })
      .execute();
    const refused = await uploadAs(user?.token ?? '', 20 * KB);
    expect(refused.statusCode).toBe(429);
    expect(body(refused).msg).toBe(ChatTexts.storageFull);
    expect((await uploadAs(user?.token ?? '', 2 * KB)).statusCode).toBe(200);
  });
});

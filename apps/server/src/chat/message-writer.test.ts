import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { buildStaff } from '../modules/staff/service';
import { createTestApp, type TestApp } from '../testing/harness';
import { createMessageWriter, type MessageToStore } from './message-writer';
import { chatStore } from './store';

let t: TestApp;
let agentId: number;
beforeAll(async () => {
  t = await createTestApp();
  agentId = await buildStaff(t.database.db, { email: 'writer@example.com', password: 'Agent1234', nickname: 'Ada', role: 'csr' });
});
afterAll(async () => {
  await t?.close();
});

async function openSession(status: 'active' | 'closed' = 'active') {
  const store = chatStore(t.database.db);
  const touristId = await store.insertTourist({
    user_id: null,
    nickname: 'Visitor',
    avatar: '',
    language: 'en',
    last_seen_at: 0,
    created_at: Date.now(),
  });
  const sessionId = await store.insertSession({
    tourist_id: touristId,
    csr_id: agentId,
    status,
    sort_time: Date.now(),
    created_at: Date.now(),
  });
  return { touristId, sessionId };
}

const text = (sessionId: number, sender: MessageToStore['sender'], id: string): MessageToStore => ({
  sessionId,
  sender,
  onlyBy: sender === 'system' ? undefined : sender,
  message: { type: 'text', content: `hello ${id}`, client_msg_id: id },
  preview: `hello ${id}`,
});

// Both ways of writing: grouped (SQLite's) and one transaction per message (PostgreSQL's).
describe.each([
  { groupCommit: true, name: 'grouped in shared transactions' },
  { groupCommit: false, name: 'one transaction each' },
])('storing chat messages, $name', ({ groupCommit }) => {
  it('numbers concurrent messages of both sides 1..n with no gap, once per client id', async () => {
    const writer = createMessageWriter({ db: t.database.db, groupCommit, now: Date.now });
    const { touristId, sessionId } = await openSession();
    const requests: MessageToStore[] = [];
    for (let i = 0; i < 60; i++) {
      requests.push(text(sessionId, { type: 'tourist', id: touristId }, `t-${i}`));
      requests.push(text(sessionId, { type: 'csr', id: agentId }, `c-${i}`));
      // every tenth message is resent at once, as a client does after a reconnect
      if (i % 10 === 0) requests.push(text(sessionId, { type: 'tourist', id: touristId }, `t-${i}`));
    }
    const stored = await Promise.all(requests.map((request) => writer.store(request)));
    const fresh = stored.filter((s) => !s.duplicate);
    expect(fresh).toHaveLength(120);
    expect(fresh.map((s) => s.row.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    for (const resend of stored.filter((s) => s.duplicate)) {
      const original = fresh.find((s) => s.row.client_msg_id === resend.row.client_msg_id);
      expect(resend.row.id).toBe(original?.row.id);
    }
    const session = await chatStore(t.database.db).findSession(sessionId);
    expect(session).toMatchObject({ last_seq: 120, unread_csr: 60, unread_tourist: 60 });
    expect(await chatStore(t.database.db).countMessages(sessionId)).toBe(120);
  });

  it('refuses someone else’s or an ended session without failing the messages stored with it', async () => {
    const writer = createMessageWriter({ db: t.database.db, groupCommit, now: Date.now });
    const mine = await openSession();
    const other = await openSession();
    const ended = await openSession('closed');
    const outcomes = await Promise.allSettled([
      writer.store(text(mine.sessionId, { type: 'tourist', id: mine.touristId }, 'a')),
      writer.store(text(other.sessionId, { type: 'tourist', id: mine.touristId }, 'b')),
      writer.store(text(ended.sessionId, { type: 'tourist', id: ended.touristId }, 'c')),
      writer.store(text(mine.sessionId, { type: 'tourist', id: mine.touristId }, 'd')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    const foreign = outcomes[1] as PromiseRejectedResult;
    const closed = outcomes[2] as PromiseRejectedResult;
    expect(foreign.reason).toBeInstanceOf(AppError);
    expect((foreign.reason as AppError).status).toBe(404);
    expect((closed.reason as AppError).message).toBe('This conversation has ended');
    expect(await chatStore(t.database.db).countMessages(other.sessionId)).toBe(0);
    expect((await chatStore(t.database.db).findSession(other.sessionId))?.last_seq).toBe(0);
    expect((await chatStore(t.database.db).findSession(mine.sessionId))?.last_seq).toBe(2);
  });
});

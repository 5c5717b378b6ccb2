import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('runs what follows a message in the transaction that stores it: the two happen together or not at all', async () => {
    const { touristId, sessionId } = await openSession();
    const seen: number[][] = [];
    const writer = createMessageWriter({
      db: t.database.db,
      groupCommit,
      now: Date.now,
      stored: async (trx, rows) => {
        // the rows are there inside the transaction…
        const inside = await trx.selectFrom('chat_messages').select('id').where('session_id', '=', sessionId).execute();
        seen.push(rows.map((row) => row.id).filter((id) => inside.some((r) => r.id === id)));
        if (rows.some((row) => row.client_msg_id === 'doomed')) throw new Error('the follow-up failed');
      },
    });
    const kept = await writer.store(text(sessionId, { type: 'csr', id: agentId }, 'kept'));
    expect(seen).toEqual([[kept.row.id]]);
    // …and a follow-up that fails takes its message with it
    await expect(writer.store(text(sessionId, { type: 'tourist', id: touristId }, 'doomed'))).rejects.toThrow(
      'the follow-up failed',
    );
    expect(await chatStore(t.database.db).findMessageByClientId(sessionId, 'doomed')).toBeUndefined();
    expect(await chatStore(t.database.db).findSession(sessionId)).toMatchObject({ last_seq: 1 });
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

describe('grouped writes from two instances at once', () => {
  it('keeps each sender’s messages in order, numbers every session 1..n and stores each client id once', async () => {
    // Two writers on one database, as two server instances are: their batches interleave and,
    // on PostgreSQL, wait on each other's session locks.
    const writers = [0, 1].map(() => createMessageWriter({ db: t.database.db, groupCommit: true, now: Date.now }));
    const sessions = await Promise.all(Array.from({ length: 12 }, () => openSession()));
    const perSender = 25;
    let random = 7;
    const next = () => {
      random = (random * 1103515245 + 12345) % 2147483648;
      return random / 2147483648;
    };
    /** One participant writing as a connection's lane does: each message once the previous is stored. */
    async function conversationSide(session: { sessionId: number; touristId: number }, side: 'tourist' | 'csr', home: number) {
      const sender = side === 'tourist' ? { type: side, id: session.touristId } : { type: side, id: agentId };
      const stored = [];
      for (let i = 0; i < perSender; i++) {
        const request = text(session.sessionId, sender, `${side}-${session.sessionId}-${i}`);
        // a third of the messages are sent again at once through the other instance, as after a reconnect
        const resend = next() < 1 / 3;
        const [first, again] = await Promise.all([
          (writers[home] as (typeof writers)[number]).store(request),
          resend ? (writers[1 - home] as (typeof writers)[number]).store(request) : undefined,
        ]);
        stored.push({ first, again });
      }
      return stored;
    }
    const sides = await Promise.all(
      sessions.flatMap((session, k) => [
        conversationSide(session, 'tourist', k % 2),
        conversationSide(session, 'csr', (k + 1) % 2),
      ]),
    );

    for (const side of sides) {
      const rows = side.map(({ first, again }) => {
        // exactly one of a message and its resend is the stored one; both name the same row
        if (again) {
          expect([first.duplicate, again.duplicate].sort()).toEqual([false, true]);
          expect(again.row.id).toBe(first.row.id);
        } else expect(first.duplicate).toBe(false);
        return first.row;
      });
      const seqs = rows.map((row) => row.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).toBe(perSender);
    }
    for (const { sessionId } of sessions) {
      const rows = await chatStore(t.database.db).messagesAfter(sessionId, 0);
      expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 2 * perSender }, (_, i) => i + 1));
      expect(new Set(rows.map((row) => row.client_msg_id)).size).toBe(2 * perSender);
      // each side's messages in the order it sent them
      for (const side of ['tourist', 'csr']) {
        const order = rows.filter((row) => row.sender_type === side).map((row) => Number(row.client_msg_id.split('-')[2]));
        expect(order).toEqual(Array.from({ length: perSender }, (_, i) => i));
      }
      expect(await chatStore(t.database.db).findSession(sessionId)).toMatchObject({
        last_seq: 2 * perSender,
        unread_csr: perSender,
        unread_tourist: perSender,
      });
    }
  });
});

describe('a tick of messages', () => {
  it('is written with the same few statements whatever the number of messages', async () => {
    const writer = createMessageWriter({ db: t.database.db, groupCommit: true, now: Date.now });
    const sessions = await Promise.all(Array.from({ length: 10 }, () => openSession()));
    const queries: string[] = [];
    const stop = t.database.observeQueries((event) => queries.push(event.nodeKind));
    try {
      // sent in one tick: stored in one batch
      const stored = await Promise.all(
        sessions.flatMap(({ sessionId, touristId }) =>
          Array.from({ length: 10 }, (_, i) => writer.store(text(sessionId, { type: 'tourist', id: touristId }, `tick-${i}`))),
        ),
      );
      expect(stored.filter((s) => !s.duplicate)).toHaveLength(100);
    } finally {
      stop();
    }
    // begin, the sessions read (and locked), every session written and every message inserted (one
    // statement on PostgreSQL, two on SQLite), commit
    expect(queries.filter((kind) => kind === 'SelectQueryNode')).toHaveLength(1);
    expect(queries, queries.join(', ')).toHaveLength(t.database.kind === 'postgres' ? 4 : 5);
  });

  it('starts a batch no sooner than the gap after the last one started, and takes what arrived meanwhile', async () => {
    const gap = 60;
    const writer = createMessageWriter({ db: t.database.db, groupCommit: true, now: Date.now, batchGapMs: gap });
    const { sessionId, touristId } = await openSession();
    const visitor = { type: 'tourist' as const, id: touristId };
    let batches = 0;
    const stop = t.database.observeQueries((event) => {
      if (event.nodeKind === 'SelectQueryNode') batches += 1; // each batch locks its sessions with one select
    });
    // the writer's clock and timer are faked, the database's own work is not
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      await writer.store(text(sessionId, visitor, 'gap-first'));
      expect(batches).toBe(1);
      vi.advanceTimersByTime(gap / 2); // half the gap has passed when the next messages arrive
      const timers = vi.getTimerCount();
      const rest = Promise.all(Array.from({ length: 10 }, (_, i) => writer.store(text(sessionId, visitor, `gap-${i}`))));
      // the next batch waits for the rest of the gap on one timer, and starts when it ends
      expect(vi.getTimerCount()).toBe(timers + 1);
      vi.advanceTimersByTime(gap / 2 - 1);
      expect(vi.getTimerCount()).toBe(timers + 1);
      vi.advanceTimersByTime(1);
      expect(vi.getTimerCount()).toBe(timers);
      const stored = await rest;
      expect(batches).toBe(2);
      expect(stored.map((s) => s.row.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 2));
    } finally {
      vi.useRealTimers();
      stop();
    }
  });

  it('holding a resend costs one more transaction that looks the resends up, not a transaction per message', async () => {
    const writer = createMessageWriter({ db: t.database.db, groupCommit: true, now: Date.now });
    const { sessionId, touristId } = await openSession();
    const visitor = { type: 'tourist' as const, id: touristId };
    const first = await writer.store(text(sessionId, visitor, 'first'));
    const queries: string[] = [];
    const stop = t.database.observeQueries((event) => queries.push(event.nodeKind));
    let stored: Awaited<ReturnType<typeof writer.store>>[];
    try {
      stored = await Promise.all([
        ...Array.from({ length: 10 }, (_, i) => writer.store(text(sessionId, visitor, `next-${i}`))),
        writer.store(text(sessionId, visitor, 'first')),
      ]);
    } finally {
      stop();
    }
    // the resend answers the stored message; the others follow it with no gap
    expect(stored.at(-1)).toMatchObject({ duplicate: true, row: { id: first.row.id, seq: 1 } });
    expect(stored.slice(0, 10).map((s) => s.row.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 2));
    // the batch as new (the sessions locked), undone by the resend; then again with the lookup
    expect(queries.filter((kind) => kind === 'SelectQueryNode')).toHaveLength(3);
    const rows = await chatStore(t.database.db).messagesAfter(sessionId, 0);
    expect(rows.map((row) => row.client_msg_id)).toEqual(['first', ...Array.from({ length: 10 }, (_, i) => `next-${i}`)]);
  });
});

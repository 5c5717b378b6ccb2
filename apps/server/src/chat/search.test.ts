import {
  CHAT_SEARCH_MAX_LENGTH,
  CHAT_SEARCH_PAGE_SIZE,
  ChatTexts,
  PathInfo,
  type TChatSearchResult,
  type TChatSearchSnippet,
} from '@shop/contracts/chat-protocol';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database';
import { migrations } from '../db/migrations';
import { buildUser } from '../seed/accounts';
import type { ChatClient } from '../testing/chat-client';
import { chatHarness } from '../testing/chat-harness';
import { createPostgresDatabase, type TestApp, testEngine } from '../testing/harness';
import { chatSearchStore, searchTerms, snippetOf } from './search';

// The agents' search over conversations and contacts (decision 0062), on whichever engine the run uses.

let t: TestApp;
const harness = chatHarness();
let n = 0;
let at = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  t = await harness.start();
});
afterAll(() => harness.close());

type Agent = { id: number; client: ChatClient };

async function agent(role: 'csr' | 'admin' = 'csr'): Promise<Agent> {
  const { id, client } = await harness.agent(role);
  // the conversations the tests write go where the tests put them, not to this agent
  client.send({ pathInfo: PathInfo.changeStatus, status: 'offline' });
  await client.next('changeStatus', (d: { status: string }) => d.status === 'offline');
  return { id, client };
}

/**
 * A conversation as stored: its visitor (a shopper's when `userId` is given), with `csrId` or in
 * the queue, and its messages in order. Rows go in directly: the search reads what is stored.
 */
async function conversation(input: {
  csrId: number | null;
  nickname?: string;
  userId?: number;
  lines: Array<[sender: 'tourist' | 'csr' | 'system', text: string]>;
}) {
  const db = t.database.db;
  const tourist = await db
    .insertInto('chat_tourists')
    .values({
      user_id: input.userId ?? null,
      nickname: input.nickname ?? `Visitor ${++n}`,
      avatar: '',
      language: 'en-us',
      invited_by: null,
      last_seen_at: 0,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const session = await db
    .insertInto('chat_sessions')
    .values({
      tourist_id: tourist.id,
      csr_id: input.csrId,
      status: input.csrId === null ? 'queued' : 'active',
      sort_time: at,
      created_at: at,
      last_seq: input.lines.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const [i, [sender, text]] of input.lines.entries()) {
    at += 1_000;
    const row = await db
      .insertInto('chat_messages')
      .values({
        session_id: session.id,
        seq: i + 1,
        sender_type: sender,
        sender_id: sender === 'tourist' ? tourist.id : (input.csrId ?? 0),
        type: sender === 'system' ? 'system' : 'text',
        content: text,
        title: '',
        extend: '{}',
        status: 'unread',
        auto_reply: 0,
        client_msg_id: `seed-${session.id}-${i}`,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return { touristId: tourist.id, sessionId: session.id, messageIds: ids };
}

async function search(who: Agent, keyword: unknown, page = 1) {
  who.client.send({ pathInfo: PathInfo.search, keyword, page });
  return who.client.next<TChatSearchResult>('searchDone', (r) => r.page === page);
}

async function refused(who: Agent, keyword: unknown) {
  who.client.send({ pathInfo: PathInfo.search, keyword, page: 1 });
  return who.client.next<{ message: string; pathInfo: string }>('error', (e) => e.pathInfo === PathInfo.search);
}

const marked = (snippet: TChatSearchSnippet) => snippet.filter((s) => s.match).map((s) => s.text);
const plain = (snippet: TChatSearchSnippet) => snippet.map((s) => s.text).join('');

describe('an agent searches the conversations', () => {
  let me: Agent;
  let other: Agent;
  let supervisor: Agent;
  beforeAll(async () => {
    [me, other, supervisor] = [await agent(), await agent(), await agent('admin')];
  });

  it('finds words in any order, whatever their case and accents, with the last one as a prefix', async () => {
    const { sessionId, messageIds } = await conversation({
      csrId: me.id,
      lines: [
        ['tourist', 'Is the Crème Brûlée cardigan back in stock?'],
        ['csr', 'Let me check the warehouse for you.'],
      ],
    });
    for (const keyword of ['cardigan creme', 'CRÈME cardigan', 'brulee', 'Cardi', 'crème bRû']) {
      const found = await search(me, keyword);
      expect(
        found.data.map((hit) => hit.message_id),
        keyword,
      ).toEqual([messageIds[0]]);
      expect(found.data[0]?.session_id).toBe(sessionId);
      expect(found.data[0]?.session.id).toBe(sessionId);
    }
    // only the last word may be unfinished
    expect((await search(me, 'cardi creme')).data).toEqual([]);
    // every word must be there
    expect((await search(me, 'cardigan warehouse')).data).toEqual([]);
  });

  it('highlights the matching words in a snippet of the message', async () => {
    const long = `${'Some words before it all. '.repeat(12)}The velvet scarf arrived torn at the seam. ${'More words after. '.repeat(12)}`;
    await conversation({ csrId: me.id, lines: [['tourist', long]] });
    const [hit] = (await search(me, 'velvet sea')).data;
    expect(hit).toBeDefined();
    expect(marked(hit?.snippet ?? [])).toEqual(['velvet', 'seam']);
    const text = plain(hit?.snippet ?? []);
    expect(text.startsWith('…')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(170);
    expect(text).toContain('The velvet scarf arrived torn at the seam.');
  });

  it('ranks the messages that match best first, the same on both engines', async () => {
    const weak = await conversation({
      csrId: me.id,
      lines: [
        [
          'tourist',
          'I wonder whether the linen trousers I ordered last week, the ones in sand, will come before my trip on Friday',
        ],
      ],
    });
    const strong = await conversation({ csrId: me.id, lines: [['tourist', 'Linen, linen, linen: all my linen!']] });
    const middle = await conversation({ csrId: me.id, lines: [['tourist', 'Linen shirt or linen dress?']] });
    const found = await search(me, 'linen');
    expect(found.data.map((hit) => hit.message_id)).toEqual([strong.messageIds[0], middle.messageIds[0], weak.messageIds[0]]);
    expect(found.total).toBe(3);
  });

  it('pages through many matches without losing or repeating one', async () => {
    const lines = Array.from(
      { length: CHAT_SEARCH_PAGE_SIZE + 5 },
      (_, i) => ['tourist', `Parcel ${i} about the gingham skirt`] as ['tourist', string],
    );
    const { messageIds } = await conversation({ csrId: me.id, lines });
    const first = await search(me, 'gingham');
    const second = await search(me, 'gingham', 2);
    expect(first.total).toBe(lines.length);
    expect(second.total).toBe(lines.length);
    expect(first.data).toHaveLength(CHAT_SEARCH_PAGE_SIZE);
    expect(second.data).toHaveLength(5);
    // equal scores: the newest first
    const ids = [...first.data, ...second.data].map((hit) => hit.message_id);
    expect(ids).toEqual([...messageIds].reverse());
    expect(second.contacts).toEqual([]);
    expect((await search(me, 'gingham', 3)).data).toEqual([]);
  });

  it('finds only what the agent may read: their own and the queue; a supervisor everything', async () => {
    const mine = await conversation({ csrId: me.id, lines: [['tourist', 'Where is my tartan parcel?']] });
    const queued = await conversation({ csrId: null, lines: [['tourist', 'Hello? tartan question here']] });
    const theirs = await conversation({
      csrId: other.id,
      nickname: 'Tartan Lover',
      lines: [['tourist', 'Tartan secret size 42']],
    });

    const seen = await search(me, 'tartan');
    expect(seen.data.map((hit) => hit.session_id).sort()).toEqual([mine.sessionId, queued.sessionId].sort());
    expect(seen.total).toBe(2);
    // nothing of another agent's conversation: no hit, no count, no contact
    expect((await search(me, 'secret')).total).toBe(0);
    expect((await search(me, 'tartan lover')).contacts).toEqual([]);
    expect((await search(me, 'tartan')).contacts).toEqual([]);

    const theirsSeen = await search(other, 'tartan');
    expect(theirsSeen.data.map((hit) => hit.session_id).sort()).toEqual([queued.sessionId, theirs.sessionId].sort());

    const all = await search(supervisor, 'tartan');
    expect(all.total).toBe(3);
    expect(all.contacts.map((c) => c.session.id)).toEqual([theirs.sessionId]);
  });

  it('does not match the system notices every conversation carries', async () => {
    const { messageIds } = await conversation({
      csrId: me.id,
      lines: [
        ['system', 'This conversation was marked as resolved. Write again any time to reopen it.'],
        ['tourist', 'Please reopen: the brocade jacket'],
      ],
    });
    expect((await search(me, 'reopen')).data.map((hit) => hit.message_id)).toEqual([messageIds[1]]);
  });

  it('finds a shopper by name, e-mail or phone, with their latest conversation', async () => {
    const user = await buildUser(t.database.db, {
      email: 'Zoe.Quintana@example.com',
      first_name: 'Zoé',
      last_name: 'Quintana',
      dial_code: '+44',
      mobile: '7700900123',
    });
    const older = await conversation({ csrId: me.id, userId: user.id, nickname: 'Zoé', lines: [['tourist', 'Hi']] });
    at += 60_000;
    await t.database.db.updateTable('chat_sessions').set({ sort_time: at }).where('id', '=', older.sessionId).execute();

    for (const keyword of [
      'quintana zoe',
      'zoe.quintana@example',
      'quintana example com',
      '7700900123',
      '+44 7700 900123',
      '447700900',
    ]) {
      const found = await search(me, keyword);
      expect(
        found.contacts.map((c) => c.tourist_id),
        keyword,
      ).toEqual([older.touristId]);
      expect(found.contacts[0]?.session.id).toBe(older.sessionId);
    }
    const [contact] = (await search(me, 'quintana')).contacts;
    expect(plain(contact?.name ?? [])).toBe('Zoé Quintana');
    expect(marked(contact?.name ?? [])).toEqual(['Quintana']);
    expect(plain(contact?.email ?? [])).toBe('zoe.quintana@example.com');
    expect(plain(contact?.phone ?? [])).toBe('+44 7700900123');

    // a role that may not see customers finds shoppers by name only, never by their e-mail or phone
    const byName = chatSearchStore(t.database.db);
    const scope = { csrId: me.id, supervisor: false, mayReadContacts: false };
    expect((await byName.contacts(searchTerms('quintana'), scope, 5)).map((row) => row.id)).toEqual([older.touristId]);
    expect(await byName.contacts(searchTerms('zoe.quintana@example'), scope, 5)).toEqual([]);
    expect(await byName.contacts(searchTerms('7700900123'), scope, 5)).toEqual([]);

    // the index follows the account: a changed address no longer finds the shopper
    await t.database.db.updateTable('users').set({ email: 'zq@example.net' }).where('id', '=', user.id).execute();
    expect((await search(me, 'quintana example com')).contacts).toEqual([]);
    expect((await search(me, 'zq@example.net')).contacts.map((c) => c.tourist_id)).toEqual([older.touristId]);
  });

  it('answers bad input with a clear error and takes operators and special characters as text', async () => {
    expect((await refused(me, '')).message).toBe(ChatTexts.searchEmpty);
    expect((await refused(me, '   ')).message).toBe(ChatTexts.searchEmpty);
    expect((await refused(me, '\u0000')).message).toBe(ChatTexts.searchEmpty);
    expect((await refused(me, undefined)).message).toBe(ChatTexts.searchEmpty);
    expect((await refused(me, 42)).message).toBe(ChatTexts.searchEmpty);
    expect((await refused(me, 'x'.repeat(CHAT_SEARCH_MAX_LENGTH + 1))).message).toBe(ChatTexts.searchTooLong);
    for (const keyword of ['*', '"', '&|!', ':*', '()', '-', "'", '\\']) {
      expect((await refused(me, keyword)).message, keyword).toBe(ChatTexts.searchNoWords);
    }

    const { messageIds } = await conversation({
      csrId: me.id,
      lines: [['tourist', 'NEAR the AND gate: OR not? "quoted" mohair*stole (50%) it_is c:\\path']],
    });
    const hit = [messageIds[0]];
    for (const keyword of [
      'mohair*',
      '"mohair',
      'mohair"stole',
      'NEAR(mohair',
      'AND mohair',
      'mohair OR',
      'NOT mohair',
      'mohair:*',
      'mohair & | stole',
      "mohair' --",
      // a NUL is dropped, as from all free text
      '\u0000mohair\u0000',
      'mohair %',
      '50%',
      'it_is',
      'c:\\path',
      '{mohair}',
      'gate:mohair',
      '^mohair',
    ]) {
      const found = await search(me, keyword);
      expect(
        found.data.map((h) => h.message_id),
        keyword,
      ).toEqual(hit);
    }
    // the connection still answers
    expect((await search(me, 'mohair')).total).toBe(1);
  });

  it('is refused to a visitor', async () => {
    const client = await harness.connect();
    client.send({ pathInfo: PathInfo.initialize, language: 'en-us' });
    await client.next('init');
    client.send({ pathInfo: PathInfo.search, keyword: 'tartan', page: 1 });
    const error = await client.next<{ code: number }>('error');
    expect(error.code).toBe(403);
    expect(client.pushes.some((push) => push.type === 'searchDone')).toBe(false);
  });
});

describe('the search words and snippets', () => {
  it('keeps letters and digits only, folded, at most eight words', () => {
    expect(searchTerms('  Crème-BRÛLÉE "and" (50%)*')).toEqual(['creme', 'brulee', 'and', '50']);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
    expect(searchTerms('*:&|!')).toEqual([]);
    expect(searchTerms('+44 (7700) 900-123')).toEqual(['447700900123']);
    expect(searchTerms('size 42 43')).toEqual(['size', '42', '43']);
    expect(searchTerms('42 43')).toEqual(['42', '43']);
  });

  it('marks whole words and the last word as a prefix', () => {
    expect(snippetOf('Crème brûlée, crèmes', ['creme', 'bru'])).toEqual([
      { text: 'Crème', match: true },
      { text: ' ', match: false },
      { text: 'brûlée', match: true },
      { text: ', crèmes', match: false },
    ]);
  });
});

async function openEngine() {
  if (testEngine === 'postgres') {
    const created = await createPostgresDatabase();
    const handle = openDatabase({ kind: 'postgres', url: created.url });
    const close = async () => {
      await handle.close();
      await created.drop();
    };
    return { db: handle.db, close };
  }
  const handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
  return { db: handle.db, close: handle.close };
}

describe('migration 0041 on a shop that chatted before it', () => {
  it('indexes the messages and contacts already there', async () => {
    const { db, close } = await openEngine();
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0037-agent-chat-cap')).error).toBeUndefined();
      await sql`insert into chat_tourists (id, nickname, last_seen_at, created_at) values (7, 'Odile', 0, 0)`.execute(db);
      await sql`insert into chat_sessions (id, tourist_id, status, sort_time, created_at) values (9, 7, 'queued', 0, 0)`.execute(
        db,
      );
      await sql`insert into chat_messages (session_id, seq, sender_type, sender_id, type, content, client_msg_id, created_at)
        values (9, 1, 'tourist', 7, 'text', 'Mes chaussures en daim sont arrivées', 'a', 0),
               (9, 2, 'system', 0, 'system', 'All our agents are busy right now', 'b', 0)`.execute(db);
      await migrateToLatest(db);
      const found = chatSearchStore(db);
      const scope = { csrId: 1, supervisor: false, mayReadContacts: true };
      const messages = await found.messages(searchTerms('arrivees daim'), scope, 1, 20);
      expect(messages.rows.map((row) => row.content)).toEqual(['Mes chaussures en daim sont arrivées']);
      expect((await found.messages(searchTerms('busy'), scope, 1, 20)).total).toBe(0);
      expect((await found.contacts(searchTerms('odi'), scope, 5)).map((row) => [row.id, row.session_id])).toEqual([[7, 9]]);
    } finally {
      await close();
    }
  });
});

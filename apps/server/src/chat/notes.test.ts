import {
  CHAT_LABEL_MAX_LENGTH,
  CHAT_LABELS_MAX,
  CHAT_NOTE_MAX_LENGTH,
  CHAT_NOTES_PAGE_SIZE,
  ChatNoteTexts,
  PathInfo,
  QUICK_REPLY_NAME_FALLBACK,
  type TChatMessage,
  type TChatNote,
  type TChatNotes,
  type TChatSession,
  type TChatSessionList,
  type TReplyVariables,
} from '@shop/contracts/chat-protocol';
import { describe, expect, it } from 'vitest';
import type { ChatClient } from '../testing/chat-client';
import { makeShopper } from '../testing/fixtures';
import { exportAccount } from '../workflows/export-account';
import { deskTestFile } from './desk.testing';
import { transcriptOfUser } from './personal-data';

// The agents' tools (decision 0058): private notes the visitor never receives, labels, and the
// quick replies' variables.

const { harness, app, next, converse } = deskTestFile();
const { visitor, agent } = harness;

const say = (client: ChatClient, session_id: number, content: string, client_msg_id = `m-${next()}`) => {
  client.send({ pathInfo: PathInfo.sendSessionMessage, session_id, type: 'text', content, client_msg_id });
  return client_msg_id;
};

const writeNote = (client: ChatClient, session_id: number, content: string, client_note_id = `note-${next()}`) => {
  client.send({ pathInfo: PathInfo.addNote, session_id, content, client_note_id });
  return client_note_id;
};

const label = (client: ChatClient, session_id: number, action: 'add' | 'remove', value: unknown) =>
  client.send({ pathInfo: PathInfo.labelSession, session_id, action, label: value });

const errorOf = (client: ChatClient, pathInfo: string) =>
  client.next<{ message: string; code?: number }>('error', (e) => (e as { pathInfo?: string }).pathInfo === pathInfo);

const list = async (client: ChatClient, view: string, labelled?: string) => {
  client.send({ pathInfo: PathInfo.sessionList, view, state: 'open', page: 1, ...(labelled ? { label: labelled } : {}) });
  return client.next<TChatSessionList>('sessionList', (l) => l.view === view && l.label === (labelled?.trim() ?? null));
};

/**
 * The label refusals each tab got, once every frame it sent has been answered: a frame about the
 * same conversation sent after them is answered after them (the conversation's lane).
 */
async function refusedOn(tabs: ChatClient[], session_id: number) {
  for (const tab of tabs) tab.send({ pathInfo: PathInfo.loadNotes, session_id });
  await Promise.all(tabs.map((tab) => tab.next('notes', (answer: { session_id: number }) => answer.session_id === session_id)));
  return tabs.flatMap((tab) =>
    tab
      .take<{ message: string; pathInfo?: string }>('error')
      .filter((error) => error.pathInfo === PathInfo.labelSession)
      .map((error) => error.message),
  );
}

/** Every push a client received that mentions `text` anywhere. */
const mentions = (client: ChatClient, text: string) => client.pushes.filter((push) => JSON.stringify(push).includes(text));

describe('private notes', () => {
  it('reach the conversation’s agent and the supervisors live, and never the visitor: not live, paged, replayed, previewed, counted or exported', async () => {
    const desk = await agent();
    const boss = await agent('admin');
    const shopper = await makeShopper(app());
    const guest = await visitor({ baUserToken: shopper.token });
    const session_id = await converse(guest.client);
    const secret = `Refund fraud check ${next()}: do not promise anything`;

    const noteId = writeNote(desk.client, session_id, `  ${secret}  `);
    const mine = await desk.client.next<TChatNote>('note', (note) => note.client_note_id === noteId);
    expect(mine).toMatchObject({ session_id, content: secret, csr_id: desk.id, author: expect.stringMatching(/^Agent/) });
    expect(mine.after_seq).toBe(1);
    const seenBySupervisor = await boss.client.next<TChatNote>('note', (note) => note.id === mine.id);
    expect(seenBySupervisor.content).toBe(secret);

    // a message after the note: once the visitor has it, anything sent before it has arrived too
    const after = say(desk.client, session_id, 'Let me check that for you');
    await guest.client.next<TChatMessage>('newMessage', (m) => m.client_msg_id === after);
    expect(mentions(guest.client, secret)).toEqual([]);
    expect(guest.client.pushes.some((push) => push.type === 'note')).toBe(false);

    // history paging
    guest.client.send({ pathInfo: PathInfo.loadRecords, id: session_id, page: 1 });
    const records = await guest.client.next<{ data: TChatMessage[]; total: number }>('sessionRecords');
    expect(records.total).toBe(2);
    expect(JSON.stringify(records)).not.toContain(secret);
    // the conversation's sequence has no hole where the note was written
    expect(records.data.map((m) => m.seq)).toEqual([1, 2]);

    // replay after a reconnect, from the start
    const again = await visitor({ baUserToken: shopper.token, last_seqs: { [session_id]: 0 } });
    await again.client.next<TChatMessage>('newMessage', (m) => m.client_msg_id === after);
    expect(mentions(again.client, secret)).toEqual([]);

    // the preview and the unread count: only the agent's message counts
    again.client.send({ pathInfo: PathInfo.sessionInfo, session_id });
    const seen = await again.client.next<TChatSession>('sessionInfo', (s) => s.id === session_id);
    expect(seen.last_message).toBe('Let me check that for you');
    expect(seen.unread_message_count).toBe(1);
    expect(seen.labels).toEqual([]);
    const row = await app()
      .database.db.selectFrom('chat_sessions')
      .selectAll()
      .where('id', '=', session_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ last_seq: 2, unread_tourist: 1 });

    // the shopper's data export and the transcript of the conversation
    const exported = await exportAccount(app().database.db, shopper.id, Date.now());
    expect(JSON.stringify(exported)).toContain('Let me check that for you');
    expect(JSON.stringify(exported)).not.toContain(secret);
    const transcript = await transcriptOfUser(app().database.db, shopper.id, session_id);
    expect(transcript?.lines).toHaveLength(2);
    expect(JSON.stringify(transcript)).not.toContain(secret);

    // the agents read them back with the conversation
    desk.client.send({ pathInfo: PathInfo.loadNotes, session_id });
    const notes = await desk.client.next<TChatNotes>('notes', (answer) => answer.session_id === session_id);
    expect(notes.data.map((note) => note.content)).toEqual([secret]);
  });

  it('come a page at a time, newest page first, each oldest first, with how many there are in all', async () => {
    const desk = await agent();
    const guest = await visitor();
    const session_id = await converse(guest.client);
    const count = CHAT_NOTES_PAGE_SIZE + 7;
    let last = '';
    for (let i = 1; i <= count; i++) last = writeNote(desk.client, session_id, `Note ${i}`);
    await desk.client.next<TChatNote>('note', (note) => note.client_note_id === last);

    desk.client.send({ pathInfo: PathInfo.loadNotes, session_id });
    const newest = await desk.client.next<TChatNotes>('notes', (answer) => answer.session_id === session_id);
    expect(newest.total).toBe(count);
    expect(newest.has_more).toBe(true);
    expect(newest.data.map((note) => note.content)).toEqual(
      Array.from({ length: CHAT_NOTES_PAGE_SIZE }, (_, i) => `Note ${i + 8}`),
    );

    desk.client.send({ pathInfo: PathInfo.loadNotes, session_id, before_id: newest.data[0]?.id });
    const older = await desk.client.next<TChatNotes>('notes', (answer) => answer.session_id === session_id);
    expect(older).toMatchObject({ total: count, has_more: false });
    expect(older.data.map((note) => note.content)).toEqual([
      'Note 1',
      'Note 2',
      'Note 3',
      'Note 4',
      'Note 5',
      'Note 6',
      'Note 7',
    ]);

    for (const before_id of [0, -1, 'x', 2 ** 31]) {
      desk.client.send({ pathInfo: PathInfo.loadNotes, session_id, before_id });
      expect((await errorOf(desk.client, PathInfo.loadNotes)).message).toMatch(/before_id/);
    }
  });

  it('are stored once per client id, refused when empty or too long, and the visitor may not write or read them', async () => {
    const desk = await agent();
    const guest = await visitor();
    const session_id = await converse(guest.client);

    const id = writeNote(desk.client, session_id, 'Once');
    const first = await desk.client.next<TChatNote>('note', (note) => note.client_note_id === id);
    writeNote(desk.client, session_id, 'Once', id);
    const resent = await desk.client.next<TChatNote>('note', (note) => note.client_note_id === id);
    expect(resent.id).toBe(first.id);

    writeNote(desk.client, session_id, '   ');
    expect((await errorOf(desk.client, PathInfo.addNote)).message).toBe(ChatNoteTexts.noteEmpty);
    writeNote(desk.client, session_id, 'x'.repeat(CHAT_NOTE_MAX_LENGTH + 1));
    expect((await errorOf(desk.client, PathInfo.addNote)).message).toBe(ChatNoteTexts.noteTooLong);

    writeNote(guest.client, session_id, 'Visitor trying');
    expect((await errorOf(guest.client, PathInfo.addNote)).code).toBe(403);
    guest.client.send({ pathInfo: PathInfo.loadNotes, session_id });
    expect((await errorOf(guest.client, PathInfo.loadNotes)).code).toBe(403);

    // another agent's conversation does not exist for them
    const other = await agent();
    writeNote(other.client, session_id, 'Not mine');
    expect((await errorOf(other.client, PathInfo.addNote)).code).toBe(404);

    const count = await app()
      .database.db.selectFrom('chat_notes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('session_id', '=', session_id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});

describe('labels', () => {
  it('are trimmed, unique without regard to case, shown to agents only, and filter the lists', async () => {
    const desk = await agent();
    const guest = await visitor();
    const session_id = await converse(guest.client);
    const plain = await visitor();
    const other_id = await converse(plain.client);
    const tag = `vip-${next()}`;

    label(desk.client, session_id, 'add', `  ${tag.toUpperCase()}  `);
    const labelled = await desk.client.next<TChatSession>('sessionInfo', (s) => s.id === session_id && s.labels.length === 1);
    expect(labelled.labels).toEqual([tag.toUpperCase()]);

    label(desk.client, session_id, 'add', tag);
    expect((await errorOf(desk.client, PathInfo.labelSession)).message).toBe(ChatNoteTexts.labelTaken);

    const filtered = await list(desk.client, 'mine', tag);
    expect(filtered.data.map((s) => s.id)).toEqual([session_id]);
    expect(filtered.counts.mine).toBe(1);
    expect(filtered.data[0]?.labels).toEqual([tag.toUpperCase()]);
    const everything = await list(desk.client, 'mine');
    expect(everything.data.map((s) => s.id)).toEqual(expect.arrayContaining([session_id, other_id]));

    // the visitor never sees the agents' labels
    guest.client.send({ pathInfo: PathInfo.sessionInfo, session_id });
    expect((await guest.client.next<TChatSession>('sessionInfo', (s) => s.id === session_id)).labels).toEqual([]);
    expect(mentions(guest.client, tag.toUpperCase())).toEqual([]);

    label(desk.client, session_id, 'remove', tag);
    await desk.client.next<TChatSession>('sessionInfo', (s) => s.id === session_id && s.labels.length === 0);
    expect((await list(desk.client, 'mine', tag)).data).toEqual([]);
    label(desk.client, session_id, 'remove', tag);
    expect((await errorOf(desk.client, PathInfo.labelSession)).message).toBe(ChatNoteTexts.labelMissing);
  });

  it('refuses bad labels with a clear message and changes nothing', async () => {
    const desk = await agent();
    const guest = await visitor();
    const session_id = await converse(guest.client);
    const cases: Array<[unknown, string]> = [
      ['   ', ChatNoteTexts.labelEmpty],
      ['x'.repeat(CHAT_LABEL_MAX_LENGTH + 1), ChatNoteTexts.labelTooLong],
      ['two\nlines', ChatNoteTexts.labelHasLineBreak],
    ];
    for (const [value, message] of cases) {
      label(desk.client, session_id, 'add', value);
      expect((await errorOf(desk.client, PathInfo.labelSession)).message).toBe(message);
    }
    label(desk.client, session_id, 'add', 42);
    expect((await errorOf(desk.client, PathInfo.labelSession)).message).toBe(ChatNoteTexts.labelEmpty);
    desk.client.send({ pathInfo: PathInfo.labelSession, session_id, action: 'rename', label: 'x' });
    expect((await errorOf(desk.client, PathInfo.labelSession)).message).toBe('action must be add or remove');
    label(guest.client, session_id, 'add', 'mine');
    expect((await errorOf(guest.client, PathInfo.labelSession)).code).toBe(403);
    const row = await app()
      .database.db.selectFrom('chat_sessions')
      .select('label_count')
      .where('id', '=', session_id)
      .executeTakeFirstOrThrow();
    expect(row.label_count).toBe(0);
    const labels = await app()
      .database.db.selectFrom('chat_session_labels')
      .select('id')
      .where('session_id', '=', session_id)
      .execute();
    expect(labels).toEqual([]);
  });

  it('hold at most the limit, and one of each, when many are added at the same instant from several tabs', async () => {
    const desk = await agent();
    const guest = await visitor();
    const session_id = await converse(guest.client);
    const tabs = [desk.client, await desk.open(), await desk.open(), await desk.open()];

    // the same label in four spellings at once: one is kept
    for (const [i, tab] of tabs.entries()) label(tab, session_id, 'add', i % 2 ? 'Urgent' : 'URGENT');
    expect(await refusedOn(tabs, session_id)).toEqual(Array(tabs.length - 1).fill(ChatNoteTexts.labelTaken));

    // twice the limit of different labels at once: exactly up to the limit are kept
    const wanted = Array.from({ length: CHAT_LABELS_MAX * 2 }, (_, i) => `topic ${i}`);
    for (const [i, value] of wanted.entries()) label(tabs[i % tabs.length] as ChatClient, session_id, 'add', value);
    const refused = await refusedOn(tabs, session_id);
    expect(refused).toEqual(Array(CHAT_LABELS_MAX * 2 + 1 - CHAT_LABELS_MAX).fill(ChatNoteTexts.tooManyLabels));
    const stored = await app()
      .database.db.selectFrom('chat_session_labels')
      .select('label')
      .where('session_id', '=', session_id)
      .execute();
    expect(stored).toHaveLength(CHAT_LABELS_MAX);
    const row = await app()
      .database.db.selectFrom('chat_sessions')
      .select('label_count')
      .where('id', '=', session_id)
      .executeTakeFirstOrThrow();
    expect(row.label_count).toBe(CHAT_LABELS_MAX);
  });
});

describe('quick replies’ variables', () => {
  it('name a signed-in shopper and their latest order; a guest gets the fallback and no order', async () => {
    const desk = await agent();
    const shopper = await makeShopper(app());
    const at = Date.now();
    const stamp = `N${Date.now().toString(36)}${next()}`;
    for (const [i, order_no] of [`${stamp}A`, `${stamp}B`].entries()) {
      await app()
        .database.db.insertInto('orders')
        .values({
          order_no,
          user_id: shopper.id,
          status: 1,
          currency_code: 'USD',
          exchange_rate: '1',
          goods_amount: 1000,
          discount_amount: 0,
          coupon_amount: 0,
          points_used: 0,
          points_amount: 0,
          shipping_method: 'standard',
          shipping_amount: 0,
          surcharge_amount: 0,
          insurance_amount: 0,
          customs_amount: 0,
          pay_price: 1000,
          total_num: 1,
          address_json: '{}',
          remark: '',
          request_fingerprint: `fp-${order_no}`,
          pay_expires_at: at + 60_000,
          cancel_reason: '',
          created_at: at + i,
          updated_at: at + i,
        })
        .execute();
    }
    const signedIn = await visitor({ baUserToken: shopper.token });
    const shopperSession = await converse(signedIn.client);
    desk.client.send({ pathInfo: PathInfo.replyVariables, session_id: shopperSession });
    expect(await desk.client.next<TReplyVariables>('replyVariables', (v) => v.session_id === shopperSession)).toEqual({
      session_id: shopperSession,
      name: 'Test',
      order_no: `${stamp}B`,
    });

    const guest = await visitor();
    const guestSession = await converse(guest.client);
    desk.client.send({ pathInfo: PathInfo.replyVariables, session_id: guestSession });
    expect(await desk.client.next<TReplyVariables>('replyVariables', (v) => v.session_id === guestSession)).toEqual({
      session_id: guestSession,
      name: QUICK_REPLY_NAME_FALLBACK,
      order_no: null,
    });

    // only for the conversation's agent (or a supervisor); never for the visitor
    const other = await agent();
    other.client.send({ pathInfo: PathInfo.replyVariables, session_id: shopperSession });
    expect((await errorOf(other.client, PathInfo.replyVariables)).code).toBe(404);
    guest.client.send({ pathInfo: PathInfo.replyVariables, session_id: guestSession });
    expect((await errorOf(guest.client, PathInfo.replyVariables)).code).toBe(403);
  });
});

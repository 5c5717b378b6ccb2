import type { TChatConfig, TChatMessage, TChatNote, TChatSession } from '@shop/contracts/chat-protocol';
import { describe, expect, it } from 'vitest';
import { chatMessage, chatSession } from '../../lib/chat-fixtures.testing';
import { alertPlan, offersNotifications } from './alerts';
import {
  type ConsoleAction,
  type ConsoleState,
  consoleReducer,
  hasOlder,
  initialConsoleState,
  lastSeqs,
  listPages,
  listRows,
  previewOf,
  snoozeUntil,
  unreadUpTo,
} from './console-state';

/** Visitor number `id`'s conversation, listed in the order of the ids. */
const session = (id: number, over: Partial<TChatSession> = {}): TChatSession =>
  chatSession({
    id,
    session_user_id: 100 + id,
    session_user_identity: 'tourist',
    nickname: `Visitor ${id}`,
    last_seq: 0,
    unread_message_count: 0,
    sort_time: 1_000 + id,
    ...over,
  });

/** The visitor's message number `seq` in conversation `sessionId`. */
const message = (sessionId: number, seq: number, over: Partial<TChatMessage> = {}): TChatMessage =>
  chatMessage({
    id: sessionId * 1000 + seq,
    session_id: sessionId,
    seq,
    content: `message ${seq}`,
    sender_id: 100 + sessionId,
    sender_identity: 'tourist',
    client_msg_id: `c-${sessionId}-${seq}`,
    created_at: new Date(10_000 + seq).toISOString(),
    ...over,
  });

const push = (type: string, data: unknown, viewing = true): ConsoleAction => ({ type: 'push', push: { type, data }, viewing });
const run = (actions: ConsoleAction[], from: ConsoleState = initialConsoleState) => actions.reduce(consoleReducer, from);

describe('the agents’ console state', () => {
  it('lists pinned conversations first, then the most recent', () => {
    const state = run([push('csrWindowInit', [session(1), session(2, { top: 1, sort_time: 1 }), session(3)])]);
    expect(state.sessions.map((s) => s.id)).toEqual([2, 3, 1]);
    expect(state.sessionsLoaded).toBe(true);
  });

  it('counts a visitor’s message as unread unless the agent is reading that conversation', () => {
    let state = run([push('csrWindowInit', [session(1), session(2)])]);
    state = run([push('newMessage', message(1, 1))], state);
    expect(state.sessions.find((s) => s.id === 1)).toMatchObject({ unread_message_count: 1, last_message: 'message 1' });
    // the conversation just moved to the top
    expect(state.sessions[0]?.id).toBe(1);
    state = run([{ type: 'select', sessionId: 2 }, push('newMessage', message(2, 1))], state);
    expect(state.sessions.find((s) => s.id === 2)?.unread_message_count).toBe(0);
    // a hidden tab does not read
    state = run([push('newMessage', message(2, 2), false)], state);
    expect(state.sessions.find((s) => s.id === 2)?.unread_message_count).toBe(1);
  });

  it('keeps each message once and in sequence across history, live pushes and a replay', () => {
    let state = run([push('csrWindowInit', [session(1)]), { type: 'select', sessionId: 1 }]);
    state = run([push('newMessage', message(1, 23)), push('newMessage', message(1, 25))], state);
    state = run(
      [
        push('sessionRecords', {
          session_id: 1,
          page: 1,
          total: 25,
          data: Array.from({ length: 20 }, (_, i) => message(1, i + 6)),
        }),
        // the replay after a reconnect repeats what is already here
        push('newMessage', message(1, 25)),
        push('newMessage', message(1, 24)),
      ],
      state,
    );
    const conversation = state.conversations[1];
    expect(conversation?.messages.map((m) => m.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 6));
    expect(conversation?.total).toBe(25);
    expect(hasOlder(conversation)).toBe(true);
    // a repeated push changes no unread count
    expect(state.sessions[0]?.unread_message_count).toBe(0);
    expect(lastSeqs(state)).toEqual({ 1: 25 });

    state = run(
      [
        { type: 'loadingOlder', sessionId: 1 },
        push('sessionRecords', {
          session_id: 1,
          page: 2,
          total: 25,
          data: Array.from({ length: 5 }, (_, i) => message(1, i + 1)),
        }),
      ],
      state,
    );
    expect(state.conversations[1]?.messages).toHaveLength(25);
    expect(state.conversations[1]).toMatchObject({ page: 2, loadingOlder: false });
    expect(hasOlder(state.conversations[1])).toBe(false);
  });

  it('marks the agent’s messages read on the visitor’s receipt, and knows what the agent has not read', () => {
    let state = run([
      push('csrWindowInit', [session(1)]),
      push('newMessage', message(1, 1)),
      push('newMessage', message(1, 2, { sender_identity: 'csr', sender_id: 7 })),
      push('newMessage', message(1, 3)),
    ]);
    expect(unreadUpTo(state.conversations[1])).toBe(3);
    state = run([push('readMessage', { session_id: 1, reader_identity: 'tourist', reader_id: 101, up_to_seq: 3 })], state);
    expect(state.conversations[1]?.messages.map((m) => m.status)).toEqual(['unread', 'read', 'unread']);
    state = run([push('readMessage', { session_id: 1, reader_identity: 'csr', reader_id: 7, up_to_seq: 3 })], state);
    expect(unreadUpTo(state.conversations[1])).toBeNull();
    expect(state.sessions[0]?.unread_message_count).toBe(0);
  });

  it('settles a message sent here once the server has stored it', () => {
    let state = run([push('csrWindowInit', [session(1)]), { type: 'select', sessionId: 1 }]);
    state = run(
      [{ type: 'pending', message: { client_msg_id: 'c-x', session_id: 1, type: 'text', content: 'Hi', created_at: 1 } }],
      state,
    );
    expect(state.pending).toHaveLength(1);
    state = run([push('newMessage', message(1, 1, { sender_identity: 'csr', client_msg_id: 'c-x', content: 'Hi' }))], state);
    expect(state.pending).toHaveLength(0);
  });

  it('adds a conversation the server tells about, and drops one transferred away', () => {
    let state = run([push('csrWindowInit', [session(1)]), push('sessionInfo', session(2, { sort_time: 9_999 }))]);
    expect(state.sessions.map((s) => s.id)).toEqual([2, 1]);
    state = run([{ type: 'select', sessionId: 2 }, push('csrTransfer', { session_id: 2, to: { id: 9 } })], state);
    expect(state.activeId).toBeNull();
    expect(state.sessions.map((s) => s.id)).toEqual([1]);
  });

  it('follows the agent’s own status, the visitor’s typing and the visitors list', () => {
    let state = run([
      push('init', { user: { id: 7, identity: 'csr', nickname: 'Alice', avatar: '', status: 'online', token: '' } }),
      push('changeStatus', { id: 7, status: 'busy' }),
      push('changeStatus', { id: 8, status: 'offline' }),
      push('messageInputState', { session_id: 1, state: 'input', from: 'tourist' }),
    ]);
    expect(state.status).toBe('busy');
    expect(state.typing[1]).toBe(true);
    state = run([push('messageInputState', { session_id: 1, state: 'blur', from: 'tourist' })], state);
    expect(state.typing[1]).toBe(false);
    const tourist = {
      id: 5,
      identity: 'tourist',
      status: 'online',
      nickname: 'Visitor 5',
      avatar: '',
      last_message: '',
      trajectory_count: 2,
      last_trajectory_url: '/product/x.html',
      signed_in: false,
    };
    state = run([push('tourists', { page: 1, data: [tourist] }), push('touristInfo', { ...tourist, status: 'offline' })], state);
    expect(state.tourists).toEqual([{ ...tourist, status: 'offline' }]);
  });

  it('pages a visitor’s trajectory and the knowledge base', () => {
    const entry = (id: number) => ({
      id,
      title: `Page ${id}`,
      url: `/p/${id}`,
      referrer: '',
      created_at: '2025-01-01T00:00:00Z',
    });
    let state = run([
      { type: 'trajectoryRequested', touristId: 5, page: 1 },
      push('trajectoryData', { tourist_id: 5, page: 1, data: Array.from({ length: 20 }, (_, i) => entry(i + 1)) }),
    ]);
    expect(state.trajectory).toMatchObject({ touristId: 5, page: 1, more: true, loading: false });
    state = run(
      [
        { type: 'trajectoryRequested', touristId: 5, page: 2 },
        push('trajectoryData', { tourist_id: 5, page: 2, data: [entry(21)] }),
      ],
      state,
    );
    expect(state.trajectory?.entries).toHaveLength(21);
    expect(state.trajectory?.more).toBe(false);
    // another visitor's answer arriving late is not shown
    state = run([push('trajectoryData', { tourist_id: 6, page: 1, data: [entry(99)] })], state);
    expect(state.trajectory?.touristId).toBe(5);

    state = run([{ type: 'knowledgeRequested', keyword: 'size', page: 1 }], state);
    expect(state.knowledge.loading).toBe(true);
    state = run([push('kbsData', { page: 1, total: 1, data: [{ id: 1, questions: ['size?'], answer: 'M' }] })], state);
    expect(state.knowledge).toMatchObject({ keyword: 'size', total: 1, loading: false, loaded: true });
  });
});

describe('new-message alerts', () => {
  const config = {
    new_message_sound: 'yes',
    new_message_shake: 'yes',
    new_message_notification: 'yes',
  } satisfies Pick<TChatConfig, 'new_message_sound' | 'new_message_shake' | 'new_message_notification'>;

  it('rings and shakes for a visitor’s message the agent is not reading; notifies only in a hidden tab once allowed', () => {
    expect(alertPlan(config, message(1, 1), { activeId: 2, pageVisible: true, permission: 'granted' })).toEqual({
      sound: true,
      shake: true,
      notification: false,
    });
    expect(alertPlan(config, message(1, 1), { activeId: 1, pageVisible: false, permission: 'granted' })).toEqual({
      sound: true,
      shake: true,
      notification: true,
    });
    expect(alertPlan(config, message(1, 1), { activeId: 1, pageVisible: false, permission: 'default' }).notification).toBe(false);
  });

  it('stays quiet for the open conversation, the agent’s own messages, notices, and what the config turns off', () => {
    const context = { activeId: 1, pageVisible: true, permission: 'granted' } as const;
    expect(alertPlan(config, message(1, 1), context)).toEqual({ sound: false, shake: false, notification: false });
    const away = { ...context, activeId: 2 };
    expect(alertPlan(config, message(1, 1, { sender_identity: 'csr' }), away).sound).toBe(false);
    expect(alertPlan(config, message(1, 1, { sender_identity: 'system', type: 'system' }), away).sound).toBe(false);
    const off = { new_message_sound: 'no', new_message_shake: 'no', new_message_notification: 'no' } as const;
    expect(alertPlan(off, message(1, 1), { ...away, pageVisible: false })).toEqual({
      sound: false,
      shake: false,
      notification: false,
    });
    expect(alertPlan(null, message(1, 1), away).sound).toBe(false);
  });

  it('offers the notification button only while the agent has not decided and the config enables it', () => {
    expect(offersNotifications(config, 'default')).toBe(true);
    expect(offersNotifications(config, 'granted')).toBe(false);
    expect(offersNotifications(config, 'unsupported')).toBe(false);
    expect(offersNotifications({ ...config, new_message_notification: 'no' }, 'default')).toBe(false);
  });
});

describe('the agent’s lists (decision 0053)', () => {
  const answer = (over: Record<string, unknown> = {}) => ({
    view: 'mine',
    state: 'open',
    page: 1,
    page_size: 20,
    total: 21,
    counts: { mine: 21, unassigned: 2, all: null },
    data: [session(1), session(2)],
    ...over,
  });

  it('shows the answer to the list asked for, and not an older answer', () => {
    let state = run([push('sessionList', answer())]);
    expect(state.list).toMatchObject({ loaded: true, total: 21, counts: { mine: 21, unassigned: 2, all: null } });
    expect(listPages(state.list)).toBe(2);
    state = run([{ type: 'listRequested', view: 'unassigned', state: 'open', page: 1 }], state);
    expect(state.list.loaded).toBe(false);
    // the Mine answer arriving late does not stand in for Unassigned
    state = run([push('sessionList', answer())], state);
    expect(state.list.loaded).toBe(false);
    state = run([push('sessionList', answer({ view: 'unassigned', total: 0, data: [] }))], state);
    expect(state.list).toMatchObject({ view: 'unassigned', loaded: true, data: [] });
    expect(listPages(state.list)).toBe(1);
  });

  it('updates a listed conversation from sessionInfo and merges what the live list knows newer', () => {
    let state = run([push('csrWindowInit', [session(1)]), push('sessionList', answer())]);
    state = run([push('sessionInfo', session(2, { state: 'resolved' }))], state);
    expect(state.list.data.find((s) => s.id === 2)?.state).toBe('resolved');
    state = run([push('newMessage', message(1, 1))], state);
    expect(listRows(state.list, state.sessions).find((s) => s.id === 1)).toMatchObject({ last_message: 'message 1' });
  });

  it('previews every kind of message the same way', () => {
    expect(['good', 'order', 'file', 'image', 'link'].map((type) => previewOf({ type: type as 'good', content: 'x' }))).toEqual([
      '[Product]',
      '[Order]',
      '[File]',
      '[Image]',
      '[Link]',
    ]);
  });

  it('snoozes for an hour, four hours, until tomorrow 9:00 or a week', () => {
    const now = new Date(2026, 0, 10, 15, 30).getTime();
    expect(snoozeUntil('hour', now)).toBe(now + 3_600_000);
    expect(snoozeUntil('hours4', now)).toBe(now + 4 * 3_600_000);
    expect(new Date(snoozeUntil('tomorrow', now))).toEqual(new Date(2026, 0, 11, 9, 0));
    expect(snoozeUntil('week', now)).toBe(now + 7 * 86_400_000);
  });
});

describe('private notes, a page at a time', () => {
  const note = (id: number): TChatNote => ({
    id,
    session_id: 5,
    after_seq: 1,
    csr_id: 2,
    author: 'Alice',
    content: `Note ${id}`,
    client_note_id: `n${id}`,
    created_at: '2025-01-01T00:00:00.000Z',
  });
  const page = (ids: number[], total: number, has_more: boolean) =>
    push('notes', { session_id: 5, data: ids.map(note), total, has_more });

  it('keeps the pages it was given in order, knows the whole count, and whether older ones remain', () => {
    const newest = run([page([4, 5, 6], 6, true)]);
    expect(newest.notes[5]).toMatchObject({ loaded: true, total: 6, hasMore: true });
    const all = run([page([1, 2, 3], 6, false)], newest);
    expect(all.notes[5]?.notes.map((n) => n.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(all.notes[5]).toMatchObject({ total: 6, hasMore: false });
  });

  it('counts a note that arrives live once, and the newest page again after a reconnect keeps the older ones', () => {
    const held = run([page([4, 5, 6], 6, true), page([1, 2, 3], 6, false)]);
    const live = run([push('note', note(7)), push('note', note(7))], held);
    expect(live.notes[5]).toMatchObject({ total: 7, hasMore: false });
    const again = run([page([5, 6, 7], 7, true)], live);
    expect(again.notes[5]?.notes).toHaveLength(7);
    expect(again.notes[5]).toMatchObject({ total: 7, hasMore: false });
  });
});

import { ChatTexts } from '@shop/contracts/chat-constants';
import type { TChatMessage } from '@shop/contracts/chat-protocol';
import { describe, expect, it } from 'vitest';
import { chatMessage, chatSession, pushed, runWidget } from '../test-fixtures';
import { hasOlder, lastSeqs, unreadUpTo } from './widget-state';

const run = runWidget;
const push = pushed;

const message = (seq: number, over: Partial<TChatMessage> = {}) =>
  chatMessage({
    id: 1000 + seq,
    seq,
    content: `m${seq}`,
    sender_id: 2,
    client_msg_id: `c${seq}`,
    created_at: '2025-01-01T00:00:00.000Z',
    ...over,
  });

const session = chatSession;

const me = { id: 9, identity: 'tourist', nickname: 'Visitor 9', avatar: '', status: 'online', token: 'tt1.x' };
const connected = run([{ type: 'connection', state: 'open' }, push('init', { user: me })]);

describe('the widget state', () => {
  it('takes the visitor’s open conversation, its agent and unread count from the sessions list', () => {
    const state = run(
      [push('sessions', [session({ id: 4, status: 'closed' }), session({ id: 5, unread_message_count: 2 })])],
      connected,
    );
    expect(state).toMatchObject({
      sessionId: 5,
      sessionStatus: 'active',
      unread: 2,
      agent: { id: 2, nickname: 'Alice', status: 'online' },
    });
  });

  it('is given a conversation by distribution, queued while no agent is free', () => {
    expect(run([push('distribution', { session_id: 8, csr: null })], connected)).toMatchObject({
      sessionId: 8,
      sessionStatus: 'queued',
      agent: null,
    });
    const assigned = run(
      [push('distribution', { session_id: 8, csr: { id: 3, nickname: 'Bo', avatar: '', status: 'online' } })],
      connected,
    );
    expect(assigned).toMatchObject({ sessionId: 8, sessionStatus: 'active', agent: { nickname: 'Bo' } });
  });

  it('after a reconnect, shows what was missed once and in order', () => {
    let state = run(
      [
        push('sessions', [session()]),
        { type: 'open' },
        push('sessionRecords', { session_id: 5, page: 1, page_size: 20, total: 3, data: [message(1), message(2), message(3)] }),
      ],
      connected,
    );
    expect(lastSeqs(state)).toEqual({ '5': 3 });
    // the connection drops; the server replays 4 and 5, and a live push of 5 races the replay
    state = run(
      [
        { type: 'connection', state: 'reconnecting', detail: { message: ChatTexts.reconnecting } },
        { type: 'connection', state: 'open' },
        push('init', { user: me }),
        push('sessions', [session({ last_seq: 5 })]),
        push('newMessage', message(4)),
        push('newMessage', message(5)),
        push('newMessage', message(5)),
        push('newMessage', message(3)),
      ],
      state,
    );
    expect(state.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(lastSeqs(state)).toEqual({ '5': 5 });
  });

  it('says the network is weak while reconnecting, and nothing once open again', () => {
    const weak = run([{ type: 'connection', state: 'reconnecting', detail: { message: ChatTexts.reconnecting } }], connected);
    expect(weak.notice).toBe(ChatTexts.reconnecting);
    expect(run([{ type: 'connection', state: 'open' }], weak).notice).toBeNull();
  });

  it('is off when the connection turns off', () => {
    const off = run([{ type: 'connection', state: 'off', detail: { reason: 'unauthorized' } }], connected);
    expect(off.off).toEqual({ message: null, signedOut: false });
  });

  it('says the shopper was signed out, and keeps nothing of their conversation, when the session ended', () => {
    const talking = run([push('sessions', [session()]), push('newMessage', message(4)), { type: 'open' }], connected);
    expect(talking.messages).toHaveLength(1);
    const out = run(
      [{ type: 'connection', state: 'off', detail: { reason: 'session_ended', message: ChatTexts.signedOut } }],
      talking,
    );
    expect(out.off).toEqual({ message: ChatTexts.signedOut, signedOut: true });
    expect(out).toMatchObject({ me: null, sessionId: null, messages: [], pending: [], unread: 0, open: true, connection: 'off' });
  });

  it('counts the agent’s new messages while closed, once each, and shows the newest in the tooltip', () => {
    const state = run(
      [
        push('sessions', [session({ unread_message_count: 0 })]),
        push('newMessage', message(4)),
        push('newMessage', message(4)),
        push('newMessage', message(5, { sender_identity: 'tourist', sender_id: 9 })),
        push('newMessage', message(6, { content: 'Hello' })),
      ],
      connected,
    );
    expect(state.unread).toBe(2);
    expect(state.tooltip?.content).toBe('Hello');
    const opened = run([{ type: 'open' }, { type: 'read' }], state);
    expect(opened).toMatchObject({ unread: 0, tooltip: null, open: true });
    expect(run([push('newMessage', message(7))], opened).unread).toBe(0);
  });

  it('counts the agent’s messages only, as the server does: a notice such as a transfer’s adds nothing', () => {
    const state = run(
      [
        push('sessions', [session({ unread_message_count: 2 })]),
        push('newMessage', message(4, { sender_identity: 'system', sender_id: 0, type: 'system', content: 'Ben joined' })),
      ],
      connected,
    );
    expect(state.unread).toBe(2);
    expect(state.tooltip).toBeNull();
    expect(state.messages.map((m) => m.content)).toContain('Ben joined');
  });

  it('settles a pending message when its stored copy arrives', () => {
    const state = run(
      [
        push('sessions', [session()]),
        { type: 'pending', message: { client_msg_id: 'mine-1', session_id: 5, type: 'text', content: 'hi', created_at: 1 } },
      ],
      connected,
    );
    expect(state.pending).toHaveLength(1);
    const stored = run(
      [push('newMessage', message(4, { sender_identity: 'tourist', sender_id: 9, client_msg_id: 'mine-1' }))],
      state,
    );
    expect(stored.pending).toHaveLength(0);
    expect(stored.unread).toBe(state.unread);
  });

  it('marks its own messages read on the agent’s receipt, and knows what to mark read itself', () => {
    const state = run(
      [
        push('sessions', [session({ unread_message_count: 0 })]),
        push('newMessage', message(1, { sender_identity: 'tourist', sender_id: 9 })),
        push('newMessage', message(2)),
        push('readMessage', { session_id: 5, reader_identity: 'csr', reader_id: 2, up_to_seq: 1 }),
      ],
      connected,
    );
    expect(state.messages.map((m) => m.status)).toEqual(['read', 'unread']);
    expect(unreadUpTo(state)).toBe(2);
    const read = run([push('readMessage', { session_id: 5, reader_identity: 'tourist', reader_id: 9, up_to_seq: 2 })], state);
    expect(unreadUpTo({ ...read, unread: 0 })).toBeNull();
  });

  it('knows when older history remains', () => {
    const first = run(
      [
        push('sessions', [session()]),
        push('sessionRecords', { session_id: 5, page: 1, page_size: 2, total: 3, data: [message(2), message(3)] }),
      ],
      connected,
    );
    expect(hasOlder(first)).toBe(true);
    const all = run([push('sessionRecords', { session_id: 5, page: 2, page_size: 2, total: 3, data: [message(1)] })], first);
    expect(hasOlder(all)).toBe(false);
    expect(all.messages.map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it('shows the agent typing only for its conversation', () => {
    const state = run(
      [push('sessions', [session()]), push('messageInputState', { session_id: 5, state: 'input', from: 'csr' })],
      connected,
    );
    expect(state.agentTyping).toBe(true);
    expect(
      run([push('messageInputState', { session_id: 6, state: 'input', from: 'csr' })], { ...state, agentTyping: false })
        .agentTyping,
    ).toBe(false);
    expect(run([push('newMessage', message(4))], state).agentTyping).toBe(false);
  });

  it('shows an agent’s invitation while the dialog is closed; Later hides it', () => {
    const invited = run(
      [push('changeStatus', { id: 9, status: 'invite', csr: { id: 2, nickname: 'Alice', avatar: '', status: 'online' } })],
      connected,
    );
    expect(invited.invitation).toEqual({ by: 'agent', agent: { id: 2, nickname: 'Alice', avatar: '', status: 'online' } });
    expect(run([{ type: 'invitationDismissed' }], invited).invitation).toBeNull();
    expect(run([{ type: 'open' }], invited).invitation).toBeNull();
  });

  it('names the inviting agent in the dialog opened by Consult now', () => {
    const alice = { id: 2, nickname: 'Alice', avatar: '', status: 'online' as const };
    const invited = run([push('changeStatus', { id: 9, status: 'invite', csr: alice })], connected);
    expect(run([{ type: 'open' }], invited).agent).toEqual(alice);
    // the shop's own invitation names nobody
    const auto = run([{ type: 'invite', by: 'auto' }], connected);
    expect(run([{ type: 'open' }], auto).agent).toBeNull();
  });

  it('follows a conversation an agent opened when the visitor had none', () => {
    const state = run([push('newMessage', message(1, { session_id: 12 }))], connected);
    expect(state).toMatchObject({ sessionId: 12, unread: 1 });
  });
});

describe('the satisfaction question (decision 0053)', () => {
  const resolved = session({ state: 'resolved', rating_due: true });

  it('is asked once the conversation is resolved, and thanks once the rating is stored', () => {
    let state = run([push('sessions', [session()]), push('sessionInfo', resolved)], connected);
    expect(state.csat).toEqual({ due: true, sending: false, error: null, thanked: false });
    state = run([{ type: 'rating' }], state);
    expect(state.csat.sending).toBe(true);
    state = run(
      [push('sessionInfo', { ...resolved, rating_due: false, rating: { stars: 4, comment: '', created_at: '' } })],
      state,
    );
    expect(state.csat).toMatchObject({ due: false, sending: false, thanked: true });
    // the visitor writes again: the conversation is open, the thanks go
    state = run([push('sessionInfo', session({ state: 'open', rating: { stars: 4, comment: '', created_at: '' } }))], state);
    expect(state.csat).toMatchObject({ due: false, thanked: false });
  });

  it('shows the server’s refusal and lets the visitor try again', () => {
    const state = run(
      [
        push('sessionInfo', resolved),
        { type: 'rating' },
        push('error', { message: 'Choose from 1 to 5 stars', pathInfo: 'worker/kefu.Wsession/rateSession' }),
      ],
      run([push('sessions', [session()])], connected),
    );
    expect(state.csat).toEqual({ due: true, sending: false, error: 'Choose from 1 to 5 stars', thanked: false });
  });

  it('is not asked about another conversation', () => {
    const state = run([push('sessions', [session()]), push('sessionInfo', { ...resolved, id: 99 })], connected);
    expect(state.csat.due).toBe(false);
  });
});

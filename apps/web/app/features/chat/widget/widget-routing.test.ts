import { describe, expect, it } from 'vitest';
import { chatMessage, chatSession, pushed, runWidget } from '../test-fixtures';

// The visitor's header follows the agent of their conversation (decision 0057).

const run = runWidget;
const push = pushed;
const session = chatSession({ csr_id: 2 });

const notice = chatMessage({
  id: 1004,
  seq: 4,
  type: 'system',
  content: 'The conversation was transferred to Bob.',
  sender_id: 0,
  sender_identity: 'system',
  client_msg_id: 'transfer-5-3',
  created_at: '2025-01-01T00:00:00.000Z',
});

const me = { id: 9, identity: 'tourist', nickname: 'Visitor 9', avatar: '', status: 'online', token: 'tt1.x' };
const held = run([{ type: 'connection', state: 'open' }, push('init', { user: me }), push('sessions', [session])]);

const info = (over: Record<string, unknown> = {}) => ({
  session_id: 5,
  identity: 'csr',
  id: 3,
  nickname: 'Bob',
  avatar: '/bob.png',
  status: 'online',
  ...over,
});

describe('the visitor’s header', () => {
  it('shows the new agent after a transfer at once, keeping the conversation and its unread count', () => {
    expect(held).toMatchObject({ unread: 2, agent: { id: 2, nickname: 'Alice' } });
    const state = run([push('changeUserBaseInfo', info()), push('newMessage', notice)], held);
    expect(state).toMatchObject({
      sessionId: 5,
      agent: { id: 3, nickname: 'Bob', avatar: '/bob.png', status: 'online' },
      // the two unread before it: the transfer's notice is the shop's, not the agent's, and the server
      // does not count it either (a reload would otherwise show one fewer)
      unread: 2,
    });
    expect(state.messages.map((m) => m.seq)).toEqual([4]);
  });

  it('follows the agent’s status, and ignores another conversation’s or a visitor’s change', () => {
    expect(run([push('changeUserBaseInfo', info({ id: 2, nickname: 'Alice', status: 'busy' }))], held).agent).toMatchObject({
      id: 2,
      status: 'busy',
    });
    expect(run([push('changeUserBaseInfo', info({ session_id: 6 }))], held).agent?.id).toBe(2);
    expect(run([push('changeUserBaseInfo', info({ identity: 'tourist' }))], held).agent?.id).toBe(2);
  });
});

import type { TChatQueue, TChatSession, TChatTourist } from '@shop/contracts/chat-protocol';
import { describe, expect, it } from 'vitest';
import { type ConsoleAction, type ConsoleState, consoleReducer, initialConsoleState } from './console-state';

// The queue and the visitors' presence as the console keeps them (decision 0057).

const push = (type: string, data: unknown): ConsoleAction => ({ type: 'push', push: { type, data }, viewing: true });
const run = (actions: ConsoleAction[], from: ConsoleState = initialConsoleState) => actions.reduce(consoleReducer, from);

const session: TChatSession = {
  id: 7,
  session_user_id: 40,
  session_user_identity: 'tourist',
  session_user_status: 'online',
  nickname: 'Visitor 40',
  avatar: '',
  last_message: 'Hi',
  last_seq: 1,
  unread_message_count: 1,
  sort_time: 1,
  top: 0,
  status: 'active',
  state: 'open',
  snoozed_until: null,
  csr_id: 2,
  rating: null,
  rating_due: false,
  labels: [],
};
const tourist: TChatTourist = {
  id: 40,
  identity: 'tourist',
  status: 'online',
  nickname: 'Visitor 40',
  avatar: '',
  last_message: '',
  trajectory_count: 1,
  last_trajectory_url: '/',
  signed_in: false,
};

const queue = (count: number, at: number): TChatQueue => ({
  count,
  at,
  data: Array.from({ length: count }, (_, i) => ({
    session_id: 100 + i,
    tourist_id: 200 + i,
    nickname: `Visitor ${200 + i}`,
    avatar: '',
    since: '2026-01-01T10:00:00.000Z',
    preview: 'Where is my order?',
  })),
});

describe('the queue in the console', () => {
  it('shows the newest snapshot of the queue, whatever order snapshots arrive in', () => {
    let state = run([push('operates', { queue: queue(2, 10) })]);
    expect(state.queue?.count).toBe(2);
    state = run([push('operates', { queue: queue(0, 30) }), push('operates', { queue: queue(1, 20) })], state);
    expect(state.queue).toMatchObject({ count: 0, at: 30, data: [] });
    // a push without a queue changes nothing
    expect(run([push('operates', { other: true })], state)).toBe(state);
  });
});

describe('the visitors’ presence in the console', () => {
  it('marks a visitor who left, and back, in the conversations and the visitors list', () => {
    let state = run([push('csrWindowInit', [session]), push('tourists', { page: 1, data: [tourist] })]);
    const info = { session_id: 7, identity: 'tourist', id: 40, nickname: 'Visitor 40', avatar: '', status: 'offline' };
    state = run([push('changeUserBaseInfo', info)], state);
    expect(state.sessions[0]?.session_user_status).toBe('offline');
    expect(state.tourists[0]?.status).toBe('offline');
    state = run([push('changeUserBaseInfo', { ...info, status: 'online' })], state);
    expect(state.sessions[0]?.session_user_status).toBe('online');
    // an agent's change is the widget's, not the console's
    expect(run([push('changeUserBaseInfo', { ...info, identity: 'csr', status: 'busy' })], state)).toBe(state);
  });
});

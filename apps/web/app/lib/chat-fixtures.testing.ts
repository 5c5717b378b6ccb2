import type { TChatMessage, TChatSession } from '@shop/contracts/chat-protocol';

/**
 * Stored chat messages and conversations as the server sends them, for the tests of the shoppers'
 * chat and of the agents' console (which may not reach into the chat's folder).
 */

let nextId = 1;

/** A stored message as the server sends it. */
export function chatMessage(overrides: Partial<TChatMessage> = {}): TChatMessage {
  const id = overrides.id ?? nextId++;
  return {
    id,
    session_id: 5,
    seq: id,
    type: 'text',
    content: 'Hello',
    title: '',
    sender_id: 9,
    sender_identity: 'csr',
    status: 'unread',
    extend: {},
    client_msg_id: `m-${id}`,
    auto_reply: false,
    created_at: new Date(2025, 0, 1, 10, 0).toISOString(),
    ...overrides,
  };
}

/** A visitor's conversation (number 5) with agent Alice (number 2). */
export function chatSession(over: Partial<TChatSession> = {}): TChatSession {
  return {
    id: 5,
    session_user_id: 2,
    session_user_identity: 'csr',
    session_user_status: 'online',
    nickname: 'Alice',
    avatar: '',
    last_message: '',
    last_seq: 3,
    unread_message_count: 2,
    sort_time: 1,
    top: 0,
    status: 'active',
    state: 'open',
    snoozed_until: null,
    csr_id: 0,
    rating: null,
    rating_due: false,
    labels: [],
    ...over,
  };
}

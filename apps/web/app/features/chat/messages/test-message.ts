import type { TChatMessage } from '@shop/contracts/chat-protocol';

let nextId = 1;

/** A stored message as the server sends it, for the tests of this folder. */
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

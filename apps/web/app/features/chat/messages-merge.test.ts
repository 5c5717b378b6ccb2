import type { TChatMessage } from '@shop/contracts/chat-protocol';
import { describe, expect, it } from 'vitest';
import {
  applyReadReceipt,
  lastSeqOf,
  mergeMessages,
  newClientMsgId,
  type PendingMessage,
  pendingAsMessage,
  settlePending,
} from './messages-merge';
import { chatMessage } from './test-fixtures';

const message = (seq: number, over: Partial<TChatMessage> = {}) =>
  chatMessage({
    id: 100 + seq,
    session_id: 7,
    seq,
    content: `message ${seq}`,
    sender_id: 3,
    client_msg_id: `m-${seq}`,
    created_at: new Date(1_700_000_000_000 + seq).toISOString(),
    ...over,
  });

const seqs = (messages: TChatMessage[]) => messages.map((m) => m.seq);

describe('mergeMessages', () => {
  it('keeps a replayed message once and in sequence order', () => {
    const held = [message(1), message(2), message(3)];
    // after a reconnect the replay repeats 3 and brings 4 and 5, not in order
    const merged = mergeMessages(held, [message(5), message(3), message(4)]);
    expect(seqs(merged)).toEqual([1, 2, 3, 4, 5]);
    expect(mergeMessages(merged, [message(4), message(5)])).toBe(merged);
  });

  it('puts an older history page before what is held', () => {
    const merged = mergeMessages([message(21), message(22)], [message(1), message(2), message(20)]);
    expect(seqs(merged)).toEqual([1, 2, 20, 21, 22]);
  });

  it('returns the same array when nothing is new', () => {
    const held = [message(1)];
    expect(mergeMessages(held, [])).toBe(held);
    expect(mergeMessages(held, [message(1)])).toBe(held);
  });

  it('never turns a read message back to unread', () => {
    const merged = mergeMessages([message(1, { status: 'read' })], [message(1, { content: 'edited' })]);
    expect(merged[0]).toMatchObject({ status: 'read', content: 'edited' });
  });
});

describe('lastSeqOf', () => {
  it('is the highest sequence held, 0 for none', () => {
    expect(lastSeqOf([])).toBe(0);
    expect(lastSeqOf([message(4), message(9), message(2)])).toBe(9);
  });
});

describe('applyReadReceipt', () => {
  it('marks the counterpart’s messages up to the sequence read', () => {
    const held = [
      message(1, { sender_identity: 'tourist' }),
      message(2, { sender_identity: 'csr' }),
      message(3, { sender_identity: 'tourist' }),
      message(4, { sender_identity: 'system' }),
      message(5, { sender_identity: 'tourist' }),
    ];
    const read = applyReadReceipt(held, { session_id: 7, reader_identity: 'csr', up_to_seq: 4 });
    expect(read.map((m) => m.status)).toEqual(['read', 'unread', 'read', 'unread', 'unread']);
  });

  it('ignores another session’s receipt', () => {
    const held = [message(1, { sender_identity: 'tourist' })];
    expect(applyReadReceipt(held, { session_id: 8, reader_identity: 'csr', up_to_seq: 10 })).toBe(held);
  });
});

describe('pending messages', () => {
  const pending = (id: string): PendingMessage => ({
    client_msg_id: id,
    session_id: 7,
    type: 'text',
    content: 'hi',
    created_at: 1,
  });

  it('are settled when the stored message with their client id arrives', () => {
    const waiting = [pending('a'), pending('b')];
    expect(settlePending(waiting, [message(1, { client_msg_id: 'a' })])).toEqual([pending('b')]);
    expect(settlePending(waiting, [message(1, { client_msg_id: 'z' })])).toBe(waiting);
    expect(settlePending(waiting, [message(1, { client_msg_id: 'a', session_id: 9 })])).toBe(waiting);
  });

  it('show after every stored message', () => {
    const shown = pendingAsMessage(pending('a'), 5, 'tourist', 0);
    expect(shown.seq).toBeGreaterThan(1_000_000);
    expect(shown.id).toBeLessThan(0);
  });

  it('get client ids the server accepts, each different', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newClientMsgId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[\w.:-]{1,64}$/);
  });
});

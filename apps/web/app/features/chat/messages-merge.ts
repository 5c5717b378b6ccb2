import type { TChatMessage } from '@shop/contracts/chat-protocol';

/**
 * One conversation's messages as a client holds them. Messages arrive from several places — the
 * history pages (loadRecords), live pushes, and the replay after a reconnect — and may overlap;
 * these pure helpers keep each message once, ordered by its sequence in the session (never by a
 * client's clock: architecture "Live chat").
 */

/** The stored messages of one session plus `incoming`: each id once (the newer copy wins), ordered by seq. */
export function mergeMessages(existing: readonly TChatMessage[], incoming: readonly TChatMessage[]): TChatMessage[] {
  if (incoming.length === 0) return existing as TChatMessage[];
  const byId = new Map<number, TChatMessage>();
  for (const message of existing) byId.set(message.id, message);
  let changed = false;
  for (const message of incoming) {
    const known = byId.get(message.id);
    if (known && sameMessage(known, message)) continue;
    byId.set(message.id, known ? { ...message, status: known.status === 'read' ? 'read' : message.status } : message);
    changed = true;
  }
  if (!changed) return existing as TChatMessage[];
  return [...byId.values()].sort(bySeq);
}

const bySeq = (a: TChatMessage, b: TChatMessage) => a.seq - b.seq || a.id - b.id;

function sameMessage(a: TChatMessage, b: TChatMessage) {
  return a.seq === b.seq && a.status === b.status && a.content === b.content;
}

/** The highest sequence held, for `last_seqs` in initialize (0 when none). */
export function lastSeqOf(messages: readonly TChatMessage[]): number {
  let last = 0;
  for (const message of messages) if (message.seq > last) last = message.seq;
  return last;
}

export type ReadReceipt = {
  session_id: number;
  reader_identity: 'tourist' | 'csr';
  up_to_seq: number;
};

/** spec 4: a read receipt turns the reader's counterpart's messages up to `up_to_seq` read. */
export function applyReadReceipt(messages: readonly TChatMessage[], receipt: ReadReceipt): TChatMessage[] {
  let changed = false;
  const next = messages.map((message) => {
    if (
      message.session_id !== receipt.session_id ||
      message.status === 'read' ||
      message.seq > receipt.up_to_seq ||
      message.sender_identity === receipt.reader_identity ||
      message.sender_identity === 'system'
    ) {
      return message;
    }
    changed = true;
    return { ...message, status: 'read' as const };
  });
  return changed ? next : (messages as TChatMessage[]);
}

/** A message typed here and sent, not yet stored by the server (no id or sequence yet). */
export type PendingMessage = {
  client_msg_id: string;
  session_id: number;
  type: Exclude<TChatMessage['type'], 'system'>;
  content: string;
  title?: string;
  extend?: Record<string, unknown>;
  /** epoch ms, for the time label while it waits */
  created_at: number;
};

/** The pending messages the server has not yet answered for: those `stored` holds are done. */
export function settlePending(pending: readonly PendingMessage[], stored: readonly TChatMessage[]): PendingMessage[] {
  if (pending.length === 0 || stored.length === 0) return pending as PendingMessage[];
  const done = new Set(stored.map((message) => `${message.session_id}:${message.client_msg_id}`));
  const left = pending.filter((message) => !done.has(`${message.session_id}:${message.client_msg_id}`));
  return left.length === pending.length ? (pending as PendingMessage[]) : left;
}

let counter = 0;

/** A client message id (unique per session on the server, so a resend is stored once). */
export function newClientMsgId(now: number = Date.now()): string {
  counter = (counter + 1) % 1_000_000;
  const random = Math.random().toString(36).slice(2, 10);
  return `c-${now.toString(36)}-${counter.toString(36)}-${random}`;
}

/** A pending message as the message views show it (id and seq negative: never a stored one's). */
export function pendingAsMessage(pending: PendingMessage, senderId: number, identity: 'tourist' | 'csr', index: number) {
  return {
    id: -(index + 1),
    session_id: pending.session_id,
    seq: Number.MAX_SAFE_INTEGER - 1000 + index,
    type: pending.type,
    content: pending.content,
    title: pending.title ?? '',
    sender_id: senderId,
    sender_identity: identity,
    status: 'unread',
    extend: pending.extend ?? {},
    client_msg_id: pending.client_msg_id,
    auto_reply: false,
    created_at: new Date(pending.created_at).toISOString(),
  } satisfies TChatMessage;
}

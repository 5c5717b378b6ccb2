/**
 * The `Idempotency-Key` of one attempt at placing an order or paying for it. A double click, or the
 * same request sent again after a timeout or a dropped connection, is the same attempt and carries
 * the same key, so the server makes one order and takes one payment. Once the server has answered
 * (whatever it answered), or the request itself changes (another address, other lines), the next
 * send is a new attempt with a new key.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A random key: 128 bits as 32 hex digits (works without a secure context, unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type AttemptKeys = {
  /** The key for sending `request`: the same one while the attempt is open and the request unchanged. */
  keyFor(request: unknown): string;
  /** The server answered: the attempt is over, the next send gets a new key. */
  settle(): void;
};

/** One attempt at a time, for one kind of request (placing this order, paying for that one). */
export function createAttemptKeys(makeKey: () => string = newIdempotencyKey): AttemptKeys {
  let open: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(request) {
      const fingerprint = JSON.stringify(request);
      if (open?.fingerprint !== fingerprint) open = { fingerprint, key: makeKey() };
      return open.key;
    },
    settle() {
      open = null;
    },
  };
}

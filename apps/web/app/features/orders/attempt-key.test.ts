import { describe, expect, it } from 'vitest';
import { createAttemptKeys, newIdempotencyKey } from './attempt-key';

describe('idempotency keys per attempt', () => {
  it('makes random 32-digit keys', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('sends a retry of the same request with the same key until the server answers', () => {
    const keys = createAttemptKeys();
    const request = { address_id: 1, cart_ids: [3, 4] };
    const first = keys.keyFor(request);
    expect(keys.keyFor({ address_id: 1, cart_ids: [3, 4] })).toBe(first);
    keys.settle();
    expect(keys.keyFor(request)).not.toBe(first);
  });

  it('starts a new attempt when the request changes', () => {
    const keys = createAttemptKeys();
    const first = keys.keyFor({ address_id: 1 });
    expect(keys.keyFor({ address_id: 2 })).not.toBe(first);
  });
});

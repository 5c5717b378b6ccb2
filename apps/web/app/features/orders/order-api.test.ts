import { describe, expect, it } from 'vitest';
import { orderIdFrom } from './order-api';

describe('the order id of a page address', () => {
  it('reads a positive whole number', () => {
    expect(orderIdFrom(new URLSearchParams('id=42'))).toBe(42);
  });

  it('refuses what cannot be an order id', () => {
    for (const query of ['', 'id=', 'id=0', 'id=-3', 'id=1.5', 'id=abc', 'id=99999999999', 'id=3000000000']) {
      expect(orderIdFrom(new URLSearchParams(query))).toBeNull();
    }
  });
});

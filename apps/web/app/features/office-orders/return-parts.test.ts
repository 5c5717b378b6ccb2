import { describe, expect, it } from 'vitest';
import { receivedText } from './return-parts';

describe('receivedText', () => {
  it('shows a dash for a line whose parcel has not arrived', () => {
    expect(receivedText(undefined)).toBe('—');
    expect(receivedText({ order_item_id: 1, num: 0, restocked: 0 })).toBe('—');
  });

  it('counts what came back into stock, and the damaged units when there are some', () => {
    expect(receivedText({ order_item_id: 1, num: 2, restocked: 2 })).toBe('2 received, 2 back in stock');
    expect(receivedText({ order_item_id: 1, num: 2, restocked: 1 })).toBe('2 received, 1 back in stock, 1 damaged');
  });
});

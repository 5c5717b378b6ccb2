import type { TOrderPreview } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import { checkoutBlockers, previewRequestFor, readyToPlace, savingsFields } from './checkout-rules';

const priced = (problems: string[] = []) => ({ problems }) as unknown as TOrderPreview;

describe('savingsFields', () => {
  it('sends only the coupon and the points chosen', () => {
    expect(savingsFields(null, 0)).toEqual({});
    expect(savingsFields(null, null)).toEqual({});
    expect(savingsFields(7, 300)).toEqual({ coupon_id: 7, points: 300 });
  });
});

describe('previewRequestFor', () => {
  it('names the address once one is chosen', () => {
    const choice = { cartIds: [1, 2], method: 'standard' as const, couponId: null, points: 0 };
    expect(previewRequestFor({ ...choice, addressId: null })).toEqual({ cart_ids: [1, 2], shipping_method: 'standard' });
    expect(previewRequestFor({ ...choice, addressId: 5 })).toEqual({
      cart_ids: [1, 2],
      shipping_method: 'standard',
      address_id: 5,
    });
  });
});

describe('checkoutBlockers', () => {
  const ready = { status: 'ready' as const, message: '' };

  it('lists what the order waits for', () => {
    expect(checkoutBlockers({ addressId: null, points: null, preview: ready, refused: false })).toEqual([
      'Choose or add a shipping address.',
      'Check the points to use.',
    ]);
    expect(checkoutBlockers({ addressId: 3, points: 0, preview: ready, refused: false })).toEqual([]);
  });

  it("gives the server's reason for a failed breakdown, unless a refused coupon or points explain it", () => {
    const failed = { status: 'failed' as const, message: 'Out of stock' };
    expect(checkoutBlockers({ addressId: 3, points: 0, preview: failed, refused: false })).toEqual(['Out of stock']);
    expect(checkoutBlockers({ addressId: 3, points: 0, preview: { ...failed, message: '' }, refused: false })).toEqual([
      'The prices could not be worked out. Please try again.',
    ]);
    expect(checkoutBlockers({ addressId: 3, points: 0, preview: failed, refused: true })).toEqual([]);
  });
});

describe('readyToPlace', () => {
  const fresh = { status: 'ready' as const, preview: priced(), stale: false };

  it('wants an address, valid points and a fresh breakdown without problems', () => {
    expect(readyToPlace({ addressId: 3, points: 0, preview: fresh })).toBe(true);
    expect(readyToPlace({ addressId: null, points: 0, preview: fresh })).toBe(false);
    expect(readyToPlace({ addressId: 3, points: null, preview: fresh })).toBe(false);
    expect(readyToPlace({ addressId: 3, points: 0, preview: { ...fresh, stale: true } })).toBe(false);
    expect(readyToPlace({ addressId: 3, points: 0, preview: { ...fresh, preview: priced(['Sold out']) } })).toBe(false);
    expect(readyToPlace({ addressId: 3, points: 0, preview: { ...fresh, preview: null } })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { quoteRequest } from './quote';
import { quoteLine, quoteOrder, TEN_OFF } from './quote-fixture';

/** The quote's notes: each part of what comes back, in the shopper's words, in the order they read it. */

describe('the quote’s notes', () => {
  it('say the cancellation, the goods less coupon and points, the charges, the points and the coupon, in that order', () => {
    const quote = quoteRequest({
      kind: 'refund',
      order: quoteOrder({ pay_price: 9_000, goods_paid: 8_500, coupon: TEN_OFF }),
      lines: [quoteLine({ id: 1, goods_name: 'Coat', num: 2, total: 10_000, coupon_share: 1_000, points_share: 500 })],
      take: new Map([[1, [0, 1]]]),
      completesOrder: true,
      cancelsOrder: true,
    });
    expect(quote.notes).toEqual([
      'The order has not shipped yet: it is cancelled and everything is refunded.',
      '2 items at $100.00, less $10.00 the coupon took off and less $5.00 paid with points: $85.00 back.',
      'Shipping and charges of $5.00 come back too: nothing of the order is left.',
      '500 points you spent on these items come back to your balance.',
      'Your coupon "Ten off" comes back to your account until its own end date.',
    ]);
  });

  it('keep the coupon with the order when what is kept still reaches its minimum', () => {
    const quote = quoteRequest({
      kind: 'return',
      order: quoteOrder({ pay_price: 12_000, goods_paid: 12_000, coupon: TEN_OFF }),
      lines: [
        quoteLine({ id: 1, goods_name: 'Coat', total: 6_000, coupon_share: 600 }),
        quoteLine({ id: 2, goods_name: 'Boots', total: 6_600, coupon_share: 0 }),
        quoteLine({ id: 3, goods_name: 'Hat', total: 6_000, coupon_share: 600 }),
      ],
      take: new Map([[1, [0]]]),
      completesOrder: false,
    });
    expect(quote.notes.at(-1)).toBe(
      'Your coupon "Ten off" stays with this order; its discount on what you keep is not affected.',
    );
  });
});

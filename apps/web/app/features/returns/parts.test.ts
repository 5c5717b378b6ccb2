import type { TRefundQuote } from '@shop/contracts/returns';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, QuoteSummary } from './parts';

const quote: TRefundQuote = {
  kind: 'return',
  lines: [],
  goods_refund: 33.33,
  charges_refund: 0,
  amount: 33.33,
  points_returned: 250,
  points_clawed: 33,
  coupon: 'kept',
  notes: ['1 item at $33.33: $33.33 back.'],
};

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the return pages’ quote', () => {
  it('shows the server’s figures as they are: the amount in dollars to the cent, points, the coupon and the notes', () => {
    const shown = text(renderToStaticMarkup(createElement(QuoteSummary, { quote })));
    expect(shown).toContain('Refund to your card $33.33');
    expect(shown).toContain('Shipping and charges Not refunded');
    expect(shown).toContain('Points back 250 points');
    expect(shown).toContain('Points taken back 33 points');
    expect(shown).toContain('Coupon Stays with the order');
    expect(shown).toContain('1 item at $33.33: $33.33 back.');
  });

  it('shows the amount refunded when the request has one, and no money lines for an exchange', () => {
    expect(text(renderToStaticMarkup(createElement(QuoteSummary, { quote, amount: 30 })))).toContain('$30.00');
    const exchange = text(
      renderToStaticMarkup(createElement(QuoteSummary, { quote: { ...quote, kind: 'exchange', amount: 0, goods_refund: 0 } })),
    );
    expect(exchange).not.toContain('Shipping and charges');
    expect(exchange).toContain('Money back $0.00');
  });

  it('reads the server’s field messages from a 400, ignoring anything that is not one', () => {
    expect(
      fieldErrorsOf({ fields: { reason: 'Choose a reason', 'items.0.num': 'Only 1 of this item can still be returned', x: 3 } }),
    ).toEqual({
      reason: 'Choose a reason',
      'items.0.num': 'Only 1 of this item can still be returned',
    });
    expect(fieldErrorsOf(null)).toEqual({});
  });
});

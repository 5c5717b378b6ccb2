import type { TOrderListItem } from '@shop/contracts/orders';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OrderActions } from './order-actions';

type Flags = Pick<TOrderListItem, 'can_pay' | 'can_cancel' | 'can_receive' | 'can_track' | 'can_review' | 'can_return'>;
const NONE: Flags = { can_pay: 0, can_cancel: 0, can_receive: 0, can_track: 0, can_review: 0, can_return: 0 };

/** The actions' labels as the shopper sees them, for an order with these flags. */
function actionsFor(flags: Partial<Flags>, status = 1): string[] {
  const html = renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(OrderActions, { order: { id: 5, order_no: 'SO5', status, ...NONE, ...flags }, onChanged: () => undefined }),
    ),
  );
  return [
    'Pay now',
    'Cancel order',
    'Confirm receipt',
    'Review',
    'Cancel and refund',
    'Report a missing item',
    'Return or exchange',
    'Track package',
    'View details',
  ].filter((label) => html.includes(label));
}

describe('the order actions', () => {
  it('offer only what the server’s flags allow', () => {
    expect(actionsFor({})).toEqual(['View details']);
    expect(actionsFor({ can_pay: 1, can_cancel: 1 })).toEqual(['Pay now', 'Cancel order', 'View details']);
    expect(actionsFor({ can_receive: 1, can_track: 1 })).toEqual(['Confirm receipt', 'Track package', 'View details']);
    expect(actionsFor({ can_track: 1 })).toEqual(['Track package', 'View details']);
    expect(actionsFor({ can_track: 1, can_review: 1 })).toEqual(['Review', 'Track package', 'View details']);
  });

  it('leave out payment when its time ran out, keeping the cancel the server still allows', () => {
    expect(actionsFor({ can_pay: 0, can_cancel: 1 })).toEqual(['Cancel order', 'View details']);
  });

  it('link Pay now to the checkout’s payment step', () => {
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(OrderActions, {
          order: { id: 5, order_no: 'SO5', status: 1, ...NONE, can_pay: 1 },
          onChanged: () => undefined,
        }),
      ),
    );
    expect(html).toContain('href="/order?id=5"');
  });

  it('lead an order whose can_return flag is set to the return form, in the words of its stage', () => {
    expect(actionsFor({ can_return: 1 }, 2)).toEqual(['Cancel and refund', 'View details']);
    expect(actionsFor({ can_receive: 1, can_track: 1, can_return: 1 }, 3)).toEqual([
      'Confirm receipt',
      'Report a missing item',
      'Track package',
      'View details',
    ]);
    expect(actionsFor({ can_track: 1, can_review: 1, can_return: 1 }, 4)).toEqual([
      'Review',
      'Return or exchange',
      'Track package',
      'View details',
    ]);
    expect(actionsFor({ can_track: 1, can_return: 1 }, 5)).toEqual(['Return or exchange', 'Track package', 'View details']);
    for (const closed of [1, 6, 7]) expect(actionsFor({}, closed)).toEqual(['View details']);
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(OrderActions, {
          order: { id: 5, order_no: 'SO5', status: 4, ...NONE, can_return: 1 },
          onChanged: () => undefined,
        }),
      ),
    );
    expect(html).toContain('href="/ShoppingListMain/ReturnExchangeOne?id=5"');
  });

  it('offer no return the flag does not allow, whatever the status', () => {
    for (const status of [2, 3, 4, 5]) expect(actionsFor({}, status)).toEqual(['View details']);
  });
});

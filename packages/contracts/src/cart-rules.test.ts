import { describe, expect, it } from 'vitest';
import { ZCartAddRequest, ZCartListQuery, ZCartMergeRequest } from './cart';
import {
  CART_LINE_MAX,
  CART_MAX_LINES,
  CartMessages,
  cappedMessage,
  mergeNotice,
  specLabel,
  specParts,
  stockProblem,
  type TCartMergeChange,
  variantText,
} from './cart-rules';

const change = (overrides: Partial<TCartMergeChange>): TCartMergeChange => ({
  goods_id: 1,
  sku_id: 10,
  name: 'Linen Shirt',
  spec: 'Color:Red;Size:M',
  requested: 1,
  added: 1,
  num: 1,
  status: 'added',
  message: '',
  ...overrides,
});

describe('stockProblem', () => {
  it('says a SKU without stock is sold out, whatever is wanted', () => {
    expect(stockProblem(0, 1)).toBe('This item is sold out');
    expect(stockProblem(-2, 1, 3)).toBe(CartMessages.soldOut);
  });

  it('says how many are left when more are wanted than in stock', () => {
    expect(stockProblem(3, 4)).toBe('Only 3 left in stock');
  });

  it('mentions what the bag already holds when the sum is what goes over', () => {
    expect(stockProblem(3, 4, 2)).toBe('Only 3 left in stock, and 2 already in your bag');
  });

  it('accepts exactly the stock', () => {
    expect(stockProblem(3, 3)).toBeNull();
    expect(stockProblem(3, 3, 2)).toBeNull();
  });

  it('refuses more than a line may hold even with plenty in stock', () => {
    expect(stockProblem(1000, CART_LINE_MAX + 1)).toBe(CartMessages.lineMax);
    expect(stockProblem(1000, CART_LINE_MAX)).toBeNull();
  });
});

describe('spec text', () => {
  it('reads the colour and the size of a cart spec text (spec 3)', () => {
    expect(specParts('Color:Red;Size:M')).toEqual({ color: 'Red', size: 'M' });
    expect(specParts('Color:Dusty Pink;Size:EU 38')).toEqual({ color: 'Dusty Pink', size: 'EU 38' });
    expect(specParts('Size:L')).toEqual({ color: '', size: 'L' });
    expect(specParts('')).toEqual({ color: '', size: '' });
  });

  it('labels a SKU "colour / size"', () => {
    expect(specLabel('Color:Red;Size:M')).toBe('Red / M');
    expect(specLabel('Color:Red')).toBe('Red');
    expect(specLabel('')).toBe('');
  });

  it('reads a line’s variant the same way everywhere, keeping a text that names no colour or size', () => {
    expect(variantText('Color:Camel;Size:S')).toBe('Camel / S');
    expect(variantText('One size')).toBe('One size');
    expect(variantText('')).toBe('');
  });
});

describe('mergeNotice', () => {
  it('says nothing when the browser had no bag', () => {
    expect(mergeNotice([])).toBeNull();
  });

  it('confirms plainly when every line went in whole', () => {
    expect(mergeNotice([change({ added: 2 }), change({ sku_id: 11, added: 1, status: 'merged' })])).toEqual({
      kind: 'success',
      text: 'We added 3 items from this browser to your bag.',
    });
  });

  it('names each line that did not go in whole, with its colour and size', () => {
    const notice = mergeNotice([
      change({ added: 1 }),
      change({ sku_id: 11, requested: 2, added: 1, num: 3, status: 'capped', message: cappedMessage(3, 3) }),
      change({
        sku_id: 12,
        name: 'Wool Coat',
        spec: 'Color:Grey;Size:L',
        added: 0,
        status: 'sold_out',
        message: CartMessages.soldOut,
      }),
      change({ sku_id: 13, name: '', spec: '', added: 0, status: 'unavailable', message: CartMessages.unavailable }),
    ]);
    expect(notice).toEqual({
      kind: 'warning',
      text:
        'We added 2 items from this browser to your bag. Linen Shirt (Red / M): Only 3 left in stock, so your bag has 3. ' +
        'Wool Coat (Grey / L): This item is sold out. An item: This product is no longer available.',
    });
  });

  it('does not pretend anything was added when nothing was', () => {
    const notice = mergeNotice([change({ added: 0, num: 5, status: 'capped', message: cappedMessage(5, 5) })]);
    expect(notice?.text).toBe('Your bag kept what it had. Linen Shirt (Red / M): Only 5 left in stock, so your bag has 5.');
  });

  it('keeps one full stop after a message that has its own', () => {
    const notice = mergeNotice([change({ added: 0, status: 'bag_full', message: CartMessages.bagFull })]);
    expect(notice?.text.endsWith('Please remove something first.')).toBe(true);
  });
});

describe('cart schemas', () => {
  it('refuses a quantity below 1, above the line limit or not whole', () => {
    expect(ZCartAddRequest.safeParse({ goods_id: 1, sku_id: 2, num: 0 }).success).toBe(false);
    expect(ZCartAddRequest.safeParse({ goods_id: 1, sku_id: 2, num: CART_LINE_MAX + 1 }).success).toBe(false);
    expect(ZCartAddRequest.safeParse({ goods_id: 1, sku_id: 2, num: 1.5 }).success).toBe(false);
    expect(ZCartAddRequest.safeParse({ goods_id: 1, sku_id: 2, num: 2 }).success).toBe(true);
  });

  it('reads the list query with the spec defaults', () => {
    expect(ZCartListQuery.parse({})).toEqual({ page: 1, page_size: 50 });
    expect(ZCartListQuery.safeParse({ page_size: String(CART_MAX_LINES + 1) }).success).toBe(false);
  });

  it('takes at most a full bag at sign-in', () => {
    const items = Array.from({ length: CART_MAX_LINES + 1 }, (_, at) => ({ goods_id: 1, sku_id: at + 1, num: 1 }));
    expect(ZCartMergeRequest.safeParse({ items }).success).toBe(false);
    expect(ZCartMergeRequest.safeParse({ items: items.slice(1) }).success).toBe(true);
  });
});

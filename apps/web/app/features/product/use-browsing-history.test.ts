import type { TViewedGoods, TViewLogPage } from '@shop/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { type History, withPage } from './use-browsing-history';

const goods = (id: number) => ({ id }) as TViewedGoods;
const first: History = { status: 'ready', items: [goods(1), goods(2)], total: 4, page: 1, more: 'loading', focusAt: null };

describe('withPage', () => {
  it('adds the products not listed yet and moves the keyboard to the first of them', () => {
    const next = withPage(first, { data: [goods(2), goods(3)], total: 4 } as TViewLogPage, 2);
    expect(next.items.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(next).toMatchObject({ total: 4, page: 2, more: 'idle', focusAt: 2 });
  });

  it('ends the list at an empty page', () => {
    const next = withPage(first, { data: [], total: 9 } as unknown as TViewLogPage, 2);
    expect(next).toMatchObject({ total: 2, focusAt: null });
  });
});

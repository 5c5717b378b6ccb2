import { ReturnMessages } from '@shop/contracts/returns';
import { describe, expect, it } from 'vitest';
import type { ItemRow, Loaded, OrderRow } from './context';
import { allUnits, completes, free, freeUnits, pickUnits } from './units';

/** Which units a request takes: the lowest free indices, never one another request holds. */

const line = (id: number, num: number, refunded_num = 0) => ({ id, num, refunded_num }) as ItemRow;
const loaded = (items: ItemRow[], claimed: Array<[number, number[]]> = []): Loaded => ({
  order: {} as OrderRow,
  items,
  claimed: new Map(claimed.map(([lineId, units]) => [lineId, new Set(units)])),
});

describe('returns: units', () => {
  it('counts and picks the lowest free units of a line', () => {
    expect(free(line(1, 3), new Set([1]))).toBe(2);
    expect(free(line(1, 3), undefined)).toBe(3);
    expect(freeUnits(line(1, 4), new Set([0, 2]), 5)).toEqual([1, 3]);
    expect(freeUnits(line(1, 4), undefined, 2)).toEqual([0, 1]);
  });

  it('takes what a request asks line by line, and names the item it refuses', () => {
    const order = loaded([line(1, 2), line(2, 3)], [[2, [0]]]);
    expect(pickUnits(order, [{ order_item_id: 2, num: 2 }])).toEqual(new Map([[2, [1, 2]]]));
    expect(() => pickUnits(order, [])).toThrow('items must list the items and quantities');
    expect(() => pickUnits(order, [{ order_item_id: 9, num: 1 }])).toThrow(ReturnMessages.lineUnknown);
    expect(() =>
      pickUnits(order, [
        { order_item_id: 1, num: 1 },
        { order_item_id: 1, num: 1 },
      ]),
    ).toThrow(ReturnMessages.lineTwice);
    expect(() => pickUnits(order, [{ order_item_id: 2, num: 3 }])).toThrow(ReturnMessages.tooMany(2));
  });

  it('takes every free unit of the order, and knows when a request leaves nothing unrefunded', () => {
    const order = loaded([line(1, 2, 1), line(2, 1)], [[1, [0]]]);
    const all = allUnits(order);
    expect(all).toEqual(
      new Map([
        [1, [1]],
        [2, [0]],
      ]),
    );
    expect(completes(order, all)).toBe(true);
    expect(completes(order, new Map([[2, [0]]]))).toBe(false);
  });
});

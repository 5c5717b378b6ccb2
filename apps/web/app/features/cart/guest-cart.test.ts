import { CART_MAX_LINES, CartMessages } from '@shop/contracts/cart-rules';
import { describe, expect, it } from 'vitest';
import {
  type AddRequest,
  addGuestLine,
  bagSummary,
  type GuestLine,
  mergeItems,
  parseGuestCart,
  presentGuestCart,
  removeGuestLine,
  updateGuestLine,
} from './guest-cart';

const request = (skuId: number, num = 1, stock = 5, price = 19.99): AddRequest => ({
  goods: { id: 100 + skuId, name: `Goods ${skuId}`, url: `goods-${skuId}` },
  sku: { id: skuId, image: `/media/${skuId}.jpg`, price, max_origin_price: price, spec: 'Color:Red;Size:M', stock },
  num,
});

function added(lines: GuestLine[], add: AddRequest, now: number): GuestLine[] {
  const result = addGuestLine(lines, add, now);
  if (!result.ok) throw new Error(result.message);
  return result.lines;
}

describe('the guest bag', () => {
  it('adds a new line, and more of the same SKU to its line', () => {
    let lines = added([], request(1, 2), 1_000);
    lines = added(lines, request(2), 2_000);
    lines = added(lines, request(1, 1), 3_000);
    expect(lines.map((line) => [line.sku_id, line.num, line.added_at])).toEqual([
      [2, 1, 2_000],
      [1, 3, 1_000],
    ]);
  });

  it('refuses more than the stock the page showed, and a sold-out SKU', () => {
    const lines = added([], request(1, 4, 5), 1);
    expect(addGuestLine(lines, request(1, 2, 5), 2)).toEqual({
      ok: false,
      message: 'Only 5 left in stock, and 4 already in your bag',
    });
    expect(addGuestLine([], request(3, 1, 0), 2)).toEqual({ ok: false, message: CartMessages.soldOut });
  });

  it(`holds at most ${CART_MAX_LINES} lines`, () => {
    let lines: GuestLine[] = [];
    for (let sku = 1; sku <= CART_MAX_LINES; sku++) lines = added(lines, request(sku), sku);
    expect(addGuestLine(lines, request(999), 999)).toEqual({ ok: false, message: CartMessages.bagFull });
    expect(addGuestLine(lines, request(1), 999).ok).toBe(true);
  });

  it('changes and removes lines by SKU id, within the stock', () => {
    const lines = added(added([], request(1), 1), request(2, 1, 2), 2);
    const changed = updateGuestLine(lines, 2, 2);
    expect(changed.ok && changed.lines.find((line) => line.sku_id === 2)?.num).toBe(2);
    expect(updateGuestLine(lines, 2, 3)).toEqual({ ok: false, message: 'Only 2 left in stock' });
    expect(updateGuestLine(lines, 9, 1)).toEqual({ ok: false, message: CartMessages.lineMissing });
    const removed = removeGuestLine(lines, 1);
    expect(removed.ok && removed.lines.map((line) => line.sku_id)).toEqual([2]);
  });

  it('reads back what it stored and drops anything else under the key', () => {
    const lines = added(added([], request(1), 1), request(2), 2);
    expect(parseGuestCart(JSON.stringify(lines))).toEqual(lines);
    expect(parseGuestCart(null)).toEqual([]);
    expect(parseGuestCart('not json')).toEqual([]);
    expect(parseGuestCart('{"a":1}')).toEqual([]);
    const forged = [{ ...lines[0], num: -3 }, { ...lines[1], sku: { ...lines[1]?.sku, id: 77 } }, lines[0], lines[0]];
    expect(parseGuestCart(JSON.stringify(forged))).toEqual([lines[0]]);
  });

  it('draws lines like the account bag: newest first, totals in cents', () => {
    const lines = added(added([], request(1, 3, 5, 0.1), 1), request(2, 1, 5, 19.99), 2);
    const items = presentGuestCart(lines);
    expect(items.map((item) => [item.id, item.total, item.available])).toEqual([
      [2, 19.99, 1],
      [1, 0.3, 1],
    ]);
    expect(bagSummary(items)).toEqual({ pieces: 4, subtotal: 20.29 });
  });

  it('marks a line above the stock it last saw', () => {
    const [item] = presentGuestCart([
      { ...added([], request(1, 2), 1)[0], num: 4, sku: { ...request(1).sku, stock: 3 } } as GuestLine,
    ]);
    expect(item).toMatchObject({ available: 0, message: 'Only 3 left in stock' });
  });

  it('sends the merge oldest first, with goods, SKU and quantity only', () => {
    const lines = added(added([], request(1, 2), 5), request(2), 9);
    expect(mergeItems(lines)).toEqual([
      { goods_id: 101, sku_id: 1, num: 2 },
      { goods_id: 102, sku_id: 2, num: 1 },
    ]);
  });
});

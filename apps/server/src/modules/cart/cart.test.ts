import { CART_LINE_MAX, CART_MAX_LINES, CartMessages, type TCartItem, type TCartMergeResult } from '@shop/contracts/cart';
import { describe, expect, it } from 'vitest';
import { buildCartLine } from '../../seed/cart';
import { buildCategory, buildGoods } from '../../seed/catalog';
import { makeShopper } from '../../testing/fixtures';
import { appPerFile, injectAs, type TestApp } from '../../testing/harness';

/**
 * The bag on a small catalogue (run on SQLite and on PostgreSQL):
 *   DRESS  $40.00  Red,Blue × S,M   stock 5 each
 *   SHIRT  $19.99  White × M        stock 2
 *   COAT   $120    Grey × L         stock 0 (sold out)
 *   HIDDEN $10     Black × M        off the shelf (status 0)
 *   TEE    $9.50   Black × S        stock 200 (for the line limit and the races)
 */

let t: TestApp;
let now = Date.UTC(2026, 2, 1);
const clock = () => now;
const tick = () => {
  now += 1_000;
};

let category = 0;
const goods = { DRESS: 0, SHIRT: 0, COAT: 0, HIDDEN: 0, TEE: 0 };
const skus: Record<keyof typeof goods, number[]> = { DRESS: [], SHIRT: [], COAT: [], HIDDEN: [], TEE: [] };

appPerFile(
  async (made) => {
    t = made;
    const db = t.database.db;
    category = await buildCategory(db, { name: 'Cart Test', url: 'cart-test' });
    const build = async (key: keyof typeof goods, input: Omit<Parameters<typeof buildGoods>[1], 'category_id'>) => {
      const built = await buildGoods(db, { category_id: category, name: `${key} item`, ...input });
      goods[key] = built.goodsId;
      skus[key] = built.skuIds;
    };
    await build('DRESS', { price_cents: 4000, colors: ['Red', 'Blue'], sizes: ['S', 'M'], stock: 5 });
    await build('SHIRT', { price_cents: 1999, colors: ['White'], sizes: ['M'], stock: 2 });
    await build('COAT', { price_cents: 12000, colors: ['Grey'], sizes: ['L'], stock: 0 });
    await build('HIDDEN', { price_cents: 1000, colors: ['Black'], sizes: ['M'], status: 0 });
    await build('TEE', { price_cents: 950, colors: ['Black'], sizes: ['S'], stock: 200 });
  },
  { clock },
);

const list = (token: string, query = '') =>
  injectAs(t, token).get<{ data: TCartItem[]; total: number }>(`/shop/userCart${query}`);
const add = (token: string, goodsId: number, skuId: number, num = 1) =>
  injectAs(t, token).post<{ id: number; num: number }>('/shop/userCart/add', { goods_id: goodsId, sku_id: skuId, num });
const linesOf = async (userId: number) =>
  t.database.db.selectFrom('cart_items').select(['id', 'sku_id', 'num']).where('user_id', '=', userId).orderBy('id').execute();

const dressRedS = () => skus.DRESS[0] as number;
const dressRedM = () => skus.DRESS[1] as number;
const shirt = () => skus.SHIRT[0] as number;

describe('the bag requires a signed-in shopper', () => {
  it('answers 401 to every route without a token', async () => {
    expect((await injectAs(t, null).get('/shop/userCart')).status).toBe(401);
    for (const path of ['add', 'update', 'delete', 'clear', 'merge']) {
      expect((await injectAs(t, null).post(`/shop/userCart/${path}`, {})).status).toBe(401);
    }
  });
});

describe('POST /shop/userCart/add', () => {
  it('makes a line, and adding the same SKU again raises that line', async () => {
    const me = await makeShopper(t);
    const first = await add(me.token, goods.DRESS, dressRedS(), 2);
    expect(first.status).toBe(200);
    expect(first.msg).toBe(CartMessages.added);
    expect(first.result).toEqual({ id: expect.any(Number), num: 2 });
    const again = await add(me.token, goods.DRESS, dressRedS(), 1);
    expect(again.result).toEqual({ id: first.result.id, num: 3 });
    expect(await linesOf(me.id)).toEqual([{ id: first.result.id, sku_id: dressRedS(), num: 3 }]);
  });

  it('refuses more than the stock, saying how many are left, and changes nothing', async () => {
    const me = await makeShopper(t);
    const refused = await add(me.token, goods.SHIRT, shirt(), 3);
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe('Only 2 left in stock');
    expect(refused.result).toEqual({ fields: { num: 'Only 2 left in stock' } });
    expect(await linesOf(me.id)).toEqual([]);
  });

  it('refuses a sum above the stock, naming what the bag already holds', async () => {
    const me = await makeShopper(t);
    await add(me.token, goods.DRESS, dressRedM(), 4);
    const refused = await add(me.token, goods.DRESS, dressRedM(), 2);
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe('Only 5 left in stock, and 4 already in your bag');
    expect((await linesOf(me.id)).map((line) => line.num)).toEqual([4]);
    expect((await add(me.token, goods.DRESS, dressRedM(), 1)).result.num).toBe(5);
  });

  it('says a sold-out SKU is sold out', async () => {
    const me = await makeShopper(t);
    const refused = await add(me.token, goods.COAT, skus.COAT[0] as number);
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe('This item is sold out');
  });

  it('refuses a product taken off the shelf', async () => {
    const me = await makeShopper(t);
    const refused = await add(me.token, goods.HIDDEN, skus.HIDDEN[0] as number);
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe(CartMessages.unavailable);
  });

  it('answers 404 for an unknown SKU, or a SKU of another product', async () => {
    const me = await makeShopper(t);
    const unknown = await add(me.token, goods.DRESS, 987_654);
    expect(unknown.status).toBe(404);
    expect(unknown.msg).toBe(CartMessages.skuUnknown);
    expect((await add(me.token, goods.DRESS, shirt())).status).toBe(404);
    expect(await linesOf(me.id)).toEqual([]);
  });

  it('refuses a bad quantity with the field named', async () => {
    const me = await makeShopper(t);
    for (const num of [0, -1, 1.5, CART_LINE_MAX + 1, '2']) {
      const refused = await injectAs(t, me.token).post('/shop/userCart/add', { goods_id: goods.DRESS, sku_id: dressRedS(), num });
      expect(refused.status).toBe(400);
      expect(refused.result).toMatchObject({ fields: { num: expect.any(String) } });
    }
    expect(await linesOf(me.id)).toEqual([]);
  });

  it('keeps a line within the line limit even with plenty in stock', async () => {
    const me = await makeShopper(t);
    await add(me.token, goods.TEE, skus.TEE[0] as number, CART_LINE_MAX);
    const refused = await add(me.token, goods.TEE, skus.TEE[0] as number, 1);
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe(CartMessages.lineMax);
  });

  it(`holds at most ${CART_MAX_LINES} lines`, async () => {
    const me = await makeShopper(t);
    // many lines of other SKUs: one product with enough sizes
    const built = await buildGoods(t.database.db, {
      category_id: category,
      sizes: Array.from({ length: CART_MAX_LINES }, (_, at) => `Size ${at}`),
    });
    for (const skuId of built.skuIds)
      await buildCartLine(t.database.db, { user_id: me.id, goods_id: built.goodsId, sku_id: skuId, num: 1 }, now);
    const refused = await add(me.token, goods.DRESS, dressRedS());
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe(CartMessages.bagFull);
    // more of a SKU already in the bag is still fine
    expect((await add(me.token, built.goodsId, built.skuIds[0] as number)).result.num).toBe(2);
  });

  it('ends two concurrent adds of one SKU as one line holding their sum', async () => {
    const me = await makeShopper(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => add(me.token, goods.TEE, skus.TEE[0] as number, 2)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await linesOf(me.id)).toEqual([{ id: expect.any(Number), sku_id: skus.TEE[0], num: 40 }]);
  });

  it('never lets concurrent adds take a line above the stock', async () => {
    const me = await makeShopper(t);
    const answers = await Promise.all(Array.from({ length: 12 }, () => add(me.token, goods.DRESS, skus.DRESS[2] as number, 1)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(refused.msg).toBe('Only 5 left in stock, and 5 already in your bag');
    }
    expect((await linesOf(me.id)).map((line) => line.num)).toEqual([5]);
  });
});

describe('GET /shop/userCart', () => {
  it('lists the lines newest first with the spec 3 fields, prices in USD', async () => {
    const me = await makeShopper(t);
    await add(me.token, goods.SHIRT, shirt(), 2);
    tick();
    await add(me.token, goods.DRESS, dressRedM(), 1);
    const answer = await list(me.token);
    expect(answer.status).toBe(200);
    expect(answer.result.total).toBe(2);
    const [dress, shirtLine] = answer.result.data;
    expect(dress).toMatchObject({
      goods_id: goods.DRESS,
      sku_id: dressRedM(),
      num: 1,
      goods: { id: goods.DRESS, name: 'DRESS item', url: expect.any(String) },
      sku: { id: dressRedM(), price: 40, max_origin_price: 40, spec: 'Color:Red;Size:M', stock: 5 },
      total: 40,
      available: 1,
      message: '',
    });
    expect(dress?.sku.image).toMatch(/\S/);
    expect(shirtLine).toMatchObject({ num: 2, sku: { price: 19.99, spec: 'Color:White;Size:M' }, total: 39.98 });
  });

  it('pages the bag and keeps the total', async () => {
    const me = await makeShopper(t);
    for (const sku of skus.DRESS) {
      await add(me.token, goods.DRESS, sku);
      tick();
    }
    const second = await list(me.token, '?page=2&page_size=3');
    expect(second.result.total).toBe(4);
    expect(second.result.data.map((line) => line.sku_id)).toEqual([skus.DRESS[0]]);
    const past = await list(me.token, '?page=5&page_size=3');
    expect(past.result).toEqual({ data: [], total: 4 });
    expect((await list(me.token, `?page_size=${CART_MAX_LINES + 1}`)).status).toBe(400);
  });

  it('marks a line that can no longer be bought as it is', async () => {
    const me = await makeShopper(t);
    const built = await buildGoods(t.database.db, {
      category_id: category,
      stock: 4,
      sizes: ['S', 'M'],
    });
    const [small, medium] = built.skuIds as [number, number];
    await add(me.token, built.goodsId, small, 3);
    await t.app.services.catalog.updateSku(small, { stock: 2 });
    let lines = (await list(me.token)).result.data;
    expect(lines[0]).toMatchObject({ sku_id: small, num: 3, available: 0, message: 'Only 2 left in stock' });
    await add(me.token, built.goodsId, medium, 1);
    await t.app.services.catalog.setGoodsStatus(built.goodsId, 0);
    lines = (await list(me.token)).result.data;
    expect(lines.map((line) => [line.available, line.message])).toEqual([
      [0, CartMessages.unavailable],
      [0, CartMessages.unavailable],
    ]);
  });

  it('shows a shopper only their own bag', async () => {
    const me = await makeShopper(t);
    const other = await makeShopper(t);
    await add(other.token, goods.DRESS, dressRedS());
    expect((await list(me.token)).result).toEqual({ data: [], total: 0 });
  });
});

describe('POST /shop/userCart/update', () => {
  it('sets the quantity within the stock', async () => {
    const me = await makeShopper(t);
    const line = (await add(me.token, goods.DRESS, dressRedS(), 1)).result;
    const changed = await injectAs(t, me.token).post<{ id: number; num: number }>('/shop/userCart/update', {
      id: line.id,
      num: 4,
    });
    expect(changed.status).toBe(200);
    expect(changed.result).toEqual({ id: line.id, num: 4 });
    const down = await injectAs(t, me.token).post<{ id: number; num: number }>('/shop/userCart/update', { id: line.id, num: 1 });
    expect(down.result.num).toBe(1);
  });

  it('refuses a quantity above the stock and keeps the old one', async () => {
    const me = await makeShopper(t);
    const line = (await add(me.token, goods.SHIRT, shirt(), 1)).result;
    const refused = await injectAs(t, me.token).post('/shop/userCart/update', { id: line.id, num: 3 });
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe('Only 2 left in stock');
    expect((await linesOf(me.id))[0]?.num).toBe(1);
  });

  it("answers 404 for another shopper's line and changes nothing", async () => {
    const me = await makeShopper(t);
    const other = await makeShopper(t);
    const theirs = (await add(other.token, goods.DRESS, dressRedS(), 1)).result;
    const refused = await injectAs(t, me.token).post('/shop/userCart/update', { id: theirs.id, num: 2 });
    expect(refused.status).toBe(404);
    expect(refused).toEqual({ status: 404, code: 404, msg: CartMessages.lineMissing, result: null });
    expect((await linesOf(other.id))[0]?.num).toBe(1);
  });
});

describe('POST /shop/userCart/delete and /clear', () => {
  it('deletes one of my lines', async () => {
    const me = await makeShopper(t);
    const kept = (await add(me.token, goods.DRESS, dressRedS())).result;
    const gone = (await add(me.token, goods.SHIRT, shirt())).result;
    const answer = await injectAs(t, me.token).post('/shop/userCart/delete', { id: gone.id });
    expect(answer.status).toBe(200);
    expect((await linesOf(me.id)).map((line) => line.id)).toEqual([kept.id]);
    expect((await injectAs(t, me.token).post('/shop/userCart/delete', { id: gone.id })).status).toBe(404);
  });

  it("answers 404 for another shopper's line and leaves it", async () => {
    const me = await makeShopper(t);
    const other = await makeShopper(t);
    const theirs = (await add(other.token, goods.DRESS, dressRedS())).result;
    const refused = await injectAs(t, me.token).post('/shop/userCart/delete', { id: theirs.id });
    expect(refused.status).toBe(404);
    expect(refused.result).toBeNull();
    expect(await linesOf(other.id)).toHaveLength(1);
  });

  it('clears my bag only', async () => {
    const me = await makeShopper(t);
    const other = await makeShopper(t);
    await add(me.token, goods.DRESS, dressRedS());
    await add(me.token, goods.SHIRT, shirt());
    await add(other.token, goods.SHIRT, shirt());
    const cleared = await injectAs(t, me.token).post('/shop/userCart/clear');
    expect(cleared.status).toBe(200);
    expect(cleared.result).toEqual({ deleted: 2 });
    expect(await linesOf(me.id)).toEqual([]);
    expect(await linesOf(other.id)).toHaveLength(1);
  });
});

describe('POST /shop/userCart/merge', () => {
  const merge = (token: string, items: { goods_id: number; sku_id: number; num: number }[]) =>
    injectAs(t, token).post<TCartMergeResult>('/shop/userCart/merge', { items });

  it("adds a guest's lines, summing with the account's and capping by stock, and reports each", async () => {
    const me = await makeShopper(t);
    await add(me.token, goods.SHIRT, shirt(), 1);
    await add(me.token, goods.DRESS, dressRedS(), 2);
    const answer = await merge(me.token, [
      { goods_id: goods.SHIRT, sku_id: shirt(), num: 2 },
      { goods_id: goods.DRESS, sku_id: dressRedS(), num: 1 },
      { goods_id: goods.DRESS, sku_id: dressRedM(), num: 3 },
      { goods_id: goods.COAT, sku_id: skus.COAT[0] as number, num: 1 },
      { goods_id: goods.HIDDEN, sku_id: skus.HIDDEN[0] as number, num: 1 },
      { goods_id: goods.DRESS, sku_id: 987_654, num: 1 },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.result.changes).toEqual([
      {
        goods_id: goods.SHIRT,
        sku_id: shirt(),
        name: 'SHIRT item',
        spec: 'Color:White;Size:M',
        requested: 2,
        added: 1,
        num: 2,
        status: 'capped',
        message: 'Only 2 left in stock, so your bag has 2',
      },
      expect.objectContaining({ sku_id: dressRedS(), requested: 1, added: 1, num: 3, status: 'merged', message: '' }),
      expect.objectContaining({ sku_id: dressRedM(), requested: 3, added: 3, num: 3, status: 'added', message: '' }),
      expect.objectContaining({ name: 'COAT item', added: 0, num: 0, status: 'sold_out', message: CartMessages.soldOut }),
      expect.objectContaining({ name: 'HIDDEN item', added: 0, status: 'unavailable', message: CartMessages.unavailable }),
      expect.objectContaining({ sku_id: 987_654, name: '', spec: '', status: 'unavailable' }),
    ]);
    expect(Object.fromEntries((await linesOf(me.id)).map((line) => [line.sku_id, line.num]))).toEqual({
      [shirt()]: 2,
      [dressRedS()]: 3,
      [dressRedM()]: 3,
    });
  });

  it('sums repeated guest lines of one SKU before capping', async () => {
    const me = await makeShopper(t);
    const answer = await merge(me.token, [
      { goods_id: goods.DRESS, sku_id: dressRedS(), num: 4 },
      { goods_id: goods.DRESS, sku_id: dressRedS(), num: 4 },
    ]);
    expect(answer.result.changes).toEqual([
      expect.objectContaining({
        requested: 8,
        added: 5,
        num: 5,
        status: 'capped',
        message: 'Only 5 left in stock, so your bag has 5',
      }),
    ]);
  });

  it('is idempotent in effect only up to the stock: merging twice never goes above it', async () => {
    const me = await makeShopper(t);
    const items = [{ goods_id: goods.SHIRT, sku_id: shirt(), num: 2 }];
    await merge(me.token, items);
    const again = await merge(me.token, items);
    expect(again.result.changes[0]).toMatchObject({ added: 0, num: 2, status: 'capped' });
    expect((await linesOf(me.id))[0]?.num).toBe(2);
  });

  it('accepts an empty bag and refuses a malformed one', async () => {
    const me = await makeShopper(t);
    expect((await merge(me.token, [])).result).toEqual({ changes: [] });
    const bad = await injectAs(t, me.token).post('/shop/userCart/merge', { items: [{ goods_id: 1, sku_id: 2, num: 0 }] });
    expect(bad.status).toBe(400);
    expect(await linesOf(me.id)).toEqual([]);
  });

  it('lands concurrent merges and adds of one SKU on one line, within the stock', async () => {
    const me = await makeShopper(t);
    const sku = skus.DRESS[3] as number;
    const answers = await Promise.all([
      merge(me.token, [{ goods_id: goods.DRESS, sku_id: sku, num: 2 }]),
      add(me.token, goods.DRESS, sku, 2),
      merge(me.token, [{ goods_id: goods.DRESS, sku_id: sku, num: 2 }]),
      add(me.token, goods.DRESS, sku, 2),
    ]);
    // every one is answered: accepted, or refused for the stock (never a deadlock's 500)
    for (const answer of answers) expect([200, 400]).toContain(answer.status);
    const lines = await linesOf(me.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.num).toBeLessThanOrEqual(5);
    expect(lines[0]?.num).toBeGreaterThanOrEqual(4);
  });
});

import type { TClassifyDetailQuery, TGoodsDetail, TGoodsListing, TGoodsPage, TGoodsSearchQuery } from '@shop/contracts/catalog';
import { type TWishlistPage, WishlistMessages } from '@shop/contracts/wishlist';
import { describe, expect, it } from 'vitest';
import { MemoryPubSub } from '../../infra/pubsub';
import { buildCategory, buildGoods } from '../../seed/catalog';
import { makeShopper } from '../../testing/fixtures';
import { appPerFile, injectAs, type TestApp } from '../../testing/harness';
import { createCatalogService } from '../catalog';

/** The wishlist and the catalogue's is_favorited (run on SQLite and on PostgreSQL). */

let t: TestApp;
let now = Date.UTC(2026, 2, 1);
const clock = () => now;
let category = 0;
const goods = { A: 0, B: 0, C: 0, HIDDEN: 0 };

appPerFile(
  async (made) => {
    t = made;
    const db = t.database.db;
    category = await buildCategory(db, { name: 'Wishlist Test', url: 'wishlist-test' });
    for (const key of ['A', 'B', 'C'] as const) {
      goods[key] = (
        await buildGoods(db, { category_id: category, name: `Wish ${key}`, price_cents: 2500, discount: 20 })
      ).goodsId;
    }
    goods.HIDDEN = (await buildGoods(db, { category_id: category, name: 'Wish hidden', status: 0 })).goodsId;
  },
  { clock },
);

const favourite = (token: string, goodsId: number) =>
  injectAs(t, token).post<{ id: number }>('/shop/user_favorite/add', { goods_id: goodsId });
const wishlist = (token: string, query = '') => injectAs(t, token).get<TWishlistPage>(`/shop/user_favorite/list${query}`);
const entriesOf = (userId: number) =>
  t.database.db.selectFrom('favorites').select(['id', 'goods_id']).where('user_id', '=', userId).orderBy('id').execute();

describe('the wishlist requires a signed-in shopper', () => {
  it('answers 401 without a token', async () => {
    expect((await injectAs(t, null).get('/shop/user_favorite/list')).status).toBe(401);
    expect((await injectAs(t, null).get('/shop/user_favorite/goodsIds')).status).toBe(401);
    for (const path of [
      '/shop/user_favorite/add',
      '/shop/user_favorite/delete',
      '/shop/goods/favorite',
      '/shop/goods/unfavorite',
    ]) {
      expect((await injectAs(t, null).post(path, { goods_id: goods.A, id: 1 })).status).toBe(401);
    }
  });
});

describe('POST /shop/user_favorite/add', () => {
  it('adds a product once: adding it again answers the same entry', async () => {
    const me = await makeShopper(t);
    const first = await favourite(me.token, goods.A);
    expect(first.status).toBe(200);
    expect(first.msg).toBe(WishlistMessages.added);
    const again = await favourite(me.token, goods.A);
    expect(again.result).toEqual({ id: first.result.id });
    expect(await entriesOf(me.id)).toEqual([{ id: first.result.id, goods_id: goods.A }]);
  });

  it('makes one entry from concurrent adds', async () => {
    const me = await makeShopper(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => favourite(me.token, goods.B)));
    expect(new Set(answers.map((answer) => answer.result.id)).size).toBe(1);
    expect(await entriesOf(me.id)).toHaveLength(1);
  });

  it('answers 404 for a hidden or unknown product, and 400 for a bad id', async () => {
    const me = await makeShopper(t);
    expect((await favourite(me.token, goods.HIDDEN)).status).toBe(404);
    expect((await favourite(me.token, 987_654)).status).toBe(404);
    const bad = await injectAs(t, me.token).post('/shop/user_favorite/add', { goods_id: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.result).toMatchObject({ fields: { goods_id: expect.any(String) } });
    expect(await entriesOf(me.id)).toEqual([]);
  });
});

describe('GET /shop/user_favorite/list', () => {
  it('lists newest first with url, images and price, goods on sale only', async () => {
    const me = await makeShopper(t);
    for (const key of ['A', 'C', 'B'] as const) {
      now += 1_000;
      await favourite(me.token, goods[key]);
    }
    await t.database.db
      .insertInto('favorites')
      .values({ user_id: me.id, goods_id: goods.HIDDEN, created_at: now + 5 })
      .execute();
    const answer = await wishlist(me.token);
    expect(answer.status).toBe(200);
    expect(answer.result.total).toBe(3);
    expect(answer.result.data.map((item) => item.name)).toEqual(['Wish B', 'Wish C', 'Wish A']);
    expect(answer.result.data[0]).toMatchObject({
      id: expect.any(Number),
      goods_id: goods.B,
      url: expect.any(String),
      images: expect.arrayContaining([expect.any(String)]),
      min_price: 25,
      max_origin_price: 31.25,
      discount: 20,
      discount_enabled: 1,
      created_at: now,
    });
    const page = await wishlist(me.token, '?page=2&page_size=2');
    expect(page.result.data.map((item) => item.name)).toEqual(['Wish A']);
    expect(page.result.total).toBe(3);
    expect((await wishlist(me.token, '?page=9&page_size=2')).result).toEqual({ data: [], total: 3 });
    expect((await wishlist(me.token, '?page_size=201')).status).toBe(400);
  });

  it("never shows another shopper's entries", async () => {
    const me = await makeShopper(t);
    const other = await makeShopper(t);
    await favourite(other.token, goods.A);
    expect((await wishlist(me.token)).result).toEqual({ data: [], total: 0 });
  });
});

describe('removing', () => {
  it('deletes my entry by id, and answers 404 when it is not mine or not there', async () => {
    const me = await makeShopper(t);
    const other = await makeShopper(t);
    const mine = (await favourite(me.token, goods.A)).result.id;
    const theirs = (await favourite(other.token, goods.A)).result.id;
    const refused = await injectAs(t, me.token).post('/shop/user_favorite/delete', { id: theirs });
    expect(refused.status).toBe(404);
    expect(refused.result).toBeNull();
    expect(await entriesOf(other.id)).toHaveLength(1);
    expect((await injectAs(t, me.token).post('/shop/user_favorite/delete', { id: mine })).status).toBe(200);
    expect(await entriesOf(me.id)).toEqual([]);
    expect((await injectAs(t, me.token).post('/shop/user_favorite/delete', { id: mine })).status).toBe(404);
  });

  it('adds and removes by goods_id (the pair of spec 7)', async () => {
    const me = await makeShopper(t);
    const other = await makeShopper(t);
    await favourite(other.token, goods.C);
    const added = await injectAs(t, me.token).post<{ id: number }>('/shop/goods/favorite', { goods_id: goods.C });
    expect(added.status).toBe(200);
    expect(await entriesOf(me.id)).toEqual([{ id: added.result.id, goods_id: goods.C }]);
    const removed = await injectAs(t, me.token).post<{ removed: number }>('/shop/goods/unfavorite', { goods_id: goods.C });
    expect(removed.result).toEqual({ removed: 1 });
    expect(
      (await injectAs(t, me.token).post<{ removed: number }>('/shop/goods/unfavorite', { goods_id: goods.C })).result,
    ).toEqual({
      removed: 0,
    });
    expect(await entriesOf(me.id)).toEqual([]);
    expect(await entriesOf(other.id)).toHaveLength(1);
  });
});

describe('the catalogue marks the viewer’s favourites', () => {
  it('sets is_favorited for the signed-in viewer only, on listings, search and the product page', async () => {
    const me = await makeShopper(t);
    const other = await makeShopper(t);
    await favourite(me.token, goods.B);
    const flags = (page: { data: { id: number; is_favorited: number }[] }) =>
      Object.fromEntries(
        page.data.filter((item) => item.id === goods.A || item.id === goods.B).map((item) => [item.id, item.is_favorited]),
      );

    const listingUrl = `/shop/goods/classifyDetail?classify_id=${category}`;
    expect(flags((await injectAs(t, me.token).get<TGoodsListing>(listingUrl)).result)).toEqual({ [goods.A]: 0, [goods.B]: 1 });
    expect(flags((await injectAs(t, other.token).get<TGoodsListing>(listingUrl)).result)).toEqual({ [goods.A]: 0, [goods.B]: 0 });
    expect(flags((await injectAs(t, null).get<TGoodsListing>(listingUrl)).result)).toEqual({ [goods.A]: 0, [goods.B]: 0 });
    expect(flags((await injectAs(t, me.token).get<TGoodsListing>('/shop/goods?name=Wish')).result)).toEqual({
      [goods.A]: 0,
      [goods.B]: 1,
    });
    expect(flags((await injectAs(t, me.token).get<TGoodsPage>('/api/hot/goods?pagesize=100')).result)).toEqual({
      [goods.A]: 0,
      [goods.B]: 1,
    });
    expect((await injectAs(t, me.token).get<TGoodsDetail>(`/shop/goods/detail?id=${goods.B}`)).result.is_favorited).toBe(1);
    expect((await injectAs(t, other.token).get<TGoodsDetail>(`/shop/goods/detail?id=${goods.B}`)).result.is_favorited).toBe(0);

    await injectAs(t, me.token).post('/shop/goods/unfavorite', { goods_id: goods.B });
    expect((await injectAs(t, me.token).get<TGoodsDetail>(`/shop/goods/detail?id=${goods.B}`)).result.is_favorited).toBe(0);
  });

  it('answers a viewer with none of the goods among their favourites the shared cached answer itself', async () => {
    const favourites = new Map<number, Set<number>>([[1, new Set([goods.B])]]);
    const catalog = await createCatalogService({
      db: t.database.db,
      pubsub: new MemoryPubSub(),
      favoritedAmong: async (viewer, ids) => new Set(ids.filter((id) => favourites.get(viewer)?.has(id))),
    });
    const query = { classify_id: category, page: 1, page_size: 24 } as TClassifyDetailQuery;
    const shared = await catalog.classifyDetail(query);
    // the same object: its JSON and compressed forms are made once for every such viewer (okShared)
    expect(await catalog.classifyDetail(query, 2)).toBe(shared);
    expect(await catalog.search({ name: 'Wish', page: 1, page_size: 24 } as TGoodsSearchQuery, 2)).toBe(
      await catalog.search({ name: 'Wish', page: 1, page_size: 24 } as TGoodsSearchQuery),
    );
    const marked = await catalog.classifyDetail(query, 1);
    expect(marked).not.toBe(shared);
    expect(marked.data.find((item) => item.id === goods.B)?.is_favorited).toBe(1);
    expect(shared.data.find((item) => item.id === goods.B)?.is_favorited).toBe(0);
  });

  it('lists every favourite product id for the hearts of cached pages', async () => {
    const me = await makeShopper(t);
    await favourite(me.token, goods.A);
    await favourite(me.token, goods.C);
    const answer = await injectAs(t, me.token).get<{ goods_ids: number[] }>('/shop/user_favorite/goodsIds');
    expect(answer.result.goods_ids.sort((a, b) => a - b)).toEqual([goods.A, goods.C].sort((a, b) => a - b));
  });
});

import type {
  TGoodsDetail,
  TGoodsListing,
  TGoodsPage,
  TIndexClassify,
  TSuggestions,
  TViewLogPage,
} from '@shop/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../seed/accounts';
import { buildCategory, buildGoods } from '../../seed/catalog';
import { appPerFile, createTestApp, injectAs, type TestApp, testEngine } from '../../testing/harness';

/**
 * The storefront catalogue on a small, exactly known catalogue:
 *
 *   Clothing ─ Dresses: D1 Wrap Midi Dress  $40  Red,Blue × S,M  (Red/M sold out)  sales 50
 *            │          D2 Slip Maxi Dress  $90  Red × M,L                        sales 10
 *            │          D3 Tiered Mini Dress $25 (20% off) Blue × S              sales 200
 *            │          D4 Hidden Dress (status 0)
 *            └ Jackets: J1 Cropped Bomber Jacket $120 Black × M,L                sales 5
 *                 └ Denim Jackets: J2 Denim Trucker Jacket $80 Blue × M          sales 80
 *   Shoes ─── Sneakers: S1 Retro Canvas Sneakers $70 White,Red × 38,39           sales 120
 *                       (its description says it goes with any dress)
 *
 * Created one day apart in the order D1, D3, D2, J1, J2, S1.
 */

let t: TestApp;
let now = Date.now();
const clock = () => now;
const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);

const ids = { clothing: 0, dresses: 0, jackets: 0, denim: 0, shoes: 0, sneakers: 0 };
const goods = { D1: 0, D2: 0, D3: 0, D4: 0, J1: 0, J2: 0, S1: 0 };
const skus: Record<string, number[]> = {};
const value = { Red: 0, Blue: 0, Black: 0, White: 0, S: 0, M: 0, L: 0 };

appPerFile(
  async (made) => {
    t = made;
    const db = t.database.db;
    ids.clothing = await buildCategory(db, { name: 'Clothing', url: 'ct-clothing', sort: 1 });
    ids.dresses = await buildCategory(db, { name: 'Dresses', url: 'ct-dresses', parent_id: ids.clothing, sort: 1 });
    ids.jackets = await buildCategory(db, { name: 'Jackets', url: 'ct-jackets', parent_id: ids.clothing, sort: 2 });
    ids.denim = await buildCategory(db, { name: 'Denim Jackets', url: 'ct-denim-jackets', parent_id: ids.jackets });
    ids.shoes = await buildCategory(db, { name: 'Shoes', url: 'ct-shoes', sort: 2 });
    ids.sneakers = await buildCategory(db, { name: 'Sneakers', url: 'ct-sneakers', parent_id: ids.shoes });
    const build = async (key: keyof typeof goods, input: Parameters<typeof buildGoods>[1]) => {
      const built = await buildGoods(db, {
        ...input,
        url: `ct-${key.toLowerCase()}-${input.name?.toLowerCase().replace(/ /g, '-')}`,
      });
      goods[key] = built.goodsId;
      skus[key] = built.skuIds;
    };
    const at = (days: number) => T0 + days * DAY;
    await build('D1', {
      category_id: ids.dresses,
      name: 'Wrap Midi Dress',
      price_cents: 4000,
      colors: ['Red', 'Blue'],
      sizes: ['S', 'M'],
      sales: 50,
      created_at: at(1),
    });
    await build('D3', {
      category_id: ids.dresses,
      name: 'Tiered Mini Dress',
      price_cents: 2500,
      discount: 20,
      colors: ['Blue'],
      sizes: ['S'],
      sales: 200,
      created_at: at(2),
    });
    await build('D2', {
      category_id: ids.dresses,
      name: 'Slip Maxi Dress',
      price_cents: 9000,
      colors: ['Red'],
      sizes: ['M', 'L'],
      sales: 10,
      created_at: at(3),
    });
    await build('D4', {
      category_id: ids.dresses,
      name: 'Hidden Dress',
      price_cents: 1000,
      colors: ['Red'],
      sizes: ['M'],
      status: 0,
      created_at: at(9),
    });
    await build('J1', {
      category_id: ids.jackets,
      name: 'Cropped Bomber Jacket',
      price_cents: 12000,
      colors: ['Black'],
      sizes: ['M', 'L'],
      sales: 5,
      created_at: at(4),
    });
    await build('J2', {
      category_id: ids.denim,
      name: 'Denim Trucker Jacket',
      price_cents: 8000,
      colors: ['Blue'],
      sizes: ['M'],
      sales: 80,
      created_at: at(5),
    });
    await build('S1', {
      category_id: ids.sneakers,
      name: 'Retro Canvas Sneakers',
      description: 'Retro canvas sneakers in White and Red that go with any dress.',
      price_cents: 7000,
      colors: ['White', 'Red'],
      sizes: ['38', '39'],
      sales: 120,
      created_at: at(6),
    });
    const values = await db.selectFrom('attribute_values').select(['id', 'name']).execute();
    for (const v of values) if (v.name in value) value[v.name as keyof typeof value] = v.id;
    // D1's SKUs are Red/S, Red/M, Blue/S, Blue/M (colour by colour): Red/M sells out.
    await t.app.services.catalog.updateSku(skus.D1?.[1] ?? 0, { stock: 0 });
    await t.app.services.catalog.invalidate();
  },
  { clock },
);

async function listing(query: string) {
  const answer = await injectAs(t, null).get<TGoodsListing>(`/shop/goods/classifyDetail?${query}`);
  expect(answer.status, JSON.stringify(answer)).toBe(200);
  return answer.result;
}

const namesOf = (page: { data: { id: number }[] }) =>
  page.data.map((item) => Object.entries(goods).find(([, id]) => id === item.id)?.[0]);

describe('GET /shop/goods/classifyDetail', () => {
  it('lists a category with the goods of all its descendants, hidden goods left out, newest first', async () => {
    const result = await listing(`classify_id=${ids.clothing}`);
    expect(namesOf(result)).toEqual(['J2', 'J1', 'D2', 'D3', 'D1']);
    expect(result).toMatchObject({ total: 5, page: 1, page_size: 20, price: { min: 25, max: 120 } });
    const jackets = await listing(`classify_id=${ids.jackets}`);
    expect(namesOf(jackets)).toEqual(['J2', 'J1']);
  });

  it('accepts the listing URL form of the id ({url}-{id}, with or without .html)', async () => {
    expect(namesOf(await listing(`classify_id=ct-dresses-${ids.dresses}`))).toEqual(['D2', 'D3', 'D1']);
    expect((await listing(`classify_id=ct-dresses-${ids.dresses}.html`)).total).toBe(3);
  });

  it('shapes each item as spec 3 "Goods (listing)" with the carousel fields', async () => {
    const result = await listing(`classify_id=${ids.dresses}&type=price_asc`);
    const tiered = result.data[0];
    expect(tiered).toEqual({
      id: goods.D3,
      name: 'Tiered Mini Dress',
      url: expect.stringMatching(/^ct-d3-/),
      description: 'Tiered Mini Dress. Available in Blue.',
      min_price: 25,
      max_origin_price: 31.25,
      discount: 20,
      discount_enabled: 1,
      images: [`/media/goods/${goods.D3}-blue.svg`],
      image: `/media/goods/${goods.D3}-blue.svg`,
      hoverImage: `/media/goods/${goods.D3}-blue.svg`,
      spec_data: {
        colors: [{ id: value.Blue, name: 'Blue', image: expect.any(String), in_stock: 1 }],
        sizes: [{ id: value.S, name: 'S', in_stock: 1 }],
      },
      is_favorited: 0,
    });
    const wrap = result.data.find((item) => item.id === goods.D1);
    expect(wrap).toMatchObject({
      discount_enabled: 0,
      images: [expect.stringContaining('-red.svg'), expect.stringContaining('-blue.svg')],
    });
    expect(wrap?.hoverImage).toBe(wrap?.images[1]);
    expect(wrap?.spec_data.colors.map((c) => c.name)).toEqual(['Red', 'Blue']);
    expect(wrap?.spec_data.sizes.map((s) => s.name)).toEqual(['S', 'M']);
  });

  it.each([
    ['newest', ['J2', 'J1', 'D2', 'D3', 'D1']],
    ['price_asc', ['D3', 'D1', 'J2', 'D2', 'J1']],
    ['price_desc', ['J1', 'D2', 'J2', 'D1', 'D3']],
    ['best_selling', ['D3', 'J2', 'D1', 'D2', 'J1']],
  ])('sorts by %s', async (type, expected) => {
    expect(namesOf(await listing(`classify_id=${ids.clothing}&type=${type}`))).toEqual(expected);
  });

  it('pages with a stable total; a page past the end is empty', async () => {
    const query = `classify_id=${ids.clothing}&type=price_asc&page_size=2`;
    expect(namesOf(await listing(`${query}&page=1`))).toEqual(['D3', 'D1']);
    expect(namesOf(await listing(`${query}&page=2`))).toEqual(['J2', 'D2']);
    const last = await listing(`${query}&page=3`);
    expect(namesOf(last)).toEqual(['J1']);
    expect(last).toMatchObject({ total: 5, page: 3, page_size: 2 });
    const past = await listing(`${query}&page=4`);
    expect(past.data).toEqual([]);
    expect(past.total).toBe(5);
  });

  it('filters by colour against in-stock SKUs; two colours are alternatives', async () => {
    expect(namesOf(await listing(`classify_id=${ids.clothing}&attribute_value_ids=${value.Red}`))).toEqual(['D2', 'D1']);
    const either = await listing(`classify_id=${ids.clothing}&attribute_value_ids=${value.Red},${value.Blue}`);
    expect(namesOf(either)).toEqual(['J2', 'D2', 'D3', 'D1']);
  });

  it('filters by size, and by colour and size only where one in-stock SKU has both', async () => {
    expect(namesOf(await listing(`classify_id=${ids.clothing}&attribute_value_ids=${value.M}`))).toEqual([
      'J2',
      'J1',
      'D2',
      'D1',
    ]);
    // D1 has Red (S) and M (Blue), but its Red/M is sold out.
    const redM = await listing(`classify_id=${ids.clothing}&attribute_value_ids=${value.Red},${value.M}`);
    expect(namesOf(redM)).toEqual(['D2']);
    expect(redM.total).toBe(1);
  });

  it('filters by a price range in USD, and gives the price span without that filter', async () => {
    const result = await listing(`classify_id=${ids.clothing}&min_price=30&max_price=90`);
    expect(namesOf(result)).toEqual(['J2', 'D2', 'D1']);
    expect(result.price).toEqual({ min: 25, max: 120 });
    expect(namesOf(await listing(`classify_id=${ids.clothing}&min_price=90.01`))).toEqual(['J1']);
  });

  it('counts facets as the goods that would match with each value and the other dimension chosen', async () => {
    const plain = await listing(`classify_id=${ids.clothing}`);
    expect(plain.facets.colors).toEqual([
      { id: value.Black, name: 'Black', count: 1 },
      { id: value.Blue, name: 'Blue', count: 3 },
      { id: value.Red, name: 'Red', count: 2 },
    ]);
    expect(plain.facets.sizes).toEqual([
      { id: value.S, name: 'S', count: 2 },
      { id: value.M, name: 'M', count: 4 },
      { id: value.L, name: 'L', count: 2 },
    ]);
    const withM = await listing(`classify_id=${ids.clothing}&attribute_value_ids=${value.M}`);
    expect(withM.facets.colors).toEqual([
      { id: value.Black, name: 'Black', count: 1 },
      { id: value.Blue, name: 'Blue', count: 2 },
      { id: value.Red, name: 'Red', count: 1 },
    ]);
    // The size facet ignores the size choice itself, so the other sizes stay offered.
    expect(withM.facets.sizes.map((s) => [s.name, s.count])).toEqual([
      ['S', 2],
      ['M', 4],
      ['L', 2],
    ]);
    const cheap = await listing(`classify_id=${ids.clothing}&max_price=50`);
    expect(cheap.facets.colors).toEqual([
      { id: value.Blue, name: 'Blue', count: 2 },
      { id: value.Red, name: 'Red', count: 1 },
    ]);
  });

  it.each([
    ['page=0', 'page must be at least 1'],
    ['page=abc', 'page must be a number'],
    ['page=1.5', 'page must be a whole number'],
    ['page_size=101', 'page_size must be at most 100'],
    ['page_size=0', 'page_size must be at least 1'],
    ['type=cheapest', 'type must be one of newest, price_asc, price_desc, best_selling'],
    ['attribute_value_ids=red', 'attribute_value_ids must be comma-separated attribute value ids'],
    ['attribute_value_ids=99999999', 'Unknown attribute value: 99999999'],
    ['min_price=-1', 'min_price must not be negative'],
    ['min_price=50&max_price=20', 'max_price must not be below min_price'],
  ])('refuses %s with a 400 that names the problem', async (query, message) => {
    const answer = await injectAs(t, null).get(`/shop/goods/classifyDetail?classify_id=${ids.clothing}&${query}`);
    expect(answer.status).toBe(400);
    expect(answer.msg).toBe(message);
    expect(answer.result).toMatchObject({ fields: expect.any(Object) });
  });

  it('refuses a classify_id that is no id (400) and answers an unknown category with 404', async () => {
    for (const bad of ['abc', 'dresses-', '', '12abc']) {
      const answer = await injectAs(t, null).get(`/shop/goods/classifyDetail?classify_id=${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.msg).toMatch(/classify_id/);
    }
    expect((await injectAs(t, null).get('/shop/goods/classifyDetail')).status).toBe(400);
    const unknown = await injectAs(t, null).get('/shop/goods/classifyDetail?classify_id=nothing-99999999');
    expect(unknown.status).toBe(404);
    expect(unknown.msg).toBe('Category not found');
  });

  it('shows a category added after the tree was read', async () => {
    const extra = await buildCategory(t.database.db, { name: 'Knitwear', url: 'ct-knitwear', parent_id: ids.clothing, sort: 3 });
    expect(await listing(`classify_id=${extra}`)).toMatchObject({ data: [], total: 0, price: { min: 0, max: 0 } });
  });
});

describe('GET /shop/goods (search)', () => {
  const search = async (query: string) => {
    const answer = await injectAs(t, null).get<TGoodsListing>(`/shop/goods?${query}`);
    expect(answer.status, JSON.stringify(answer)).toBe(200);
    return answer.result;
  };

  it('lists every visible product, newest first, when the name is empty or missing', async () => {
    expect(namesOf(await search(''))).toEqual(['S1', 'J2', 'J1', 'D2', 'D3', 'D1']);
    expect((await search('name=%20%20')).total).toBe(6);
  });

  it('finds goods by name, category, colour and description, never hidden ones', async () => {
    expect(namesOf(await search('name=bomber'))).toEqual(['J1']);
    expect(namesOf(await search('name=sneakers'))).toEqual(['S1']);
    expect((await search('name=clothing')).total).toBe(5);
    expect(namesOf(await search('name=white'))).toEqual(['S1']);
    expect(namesOf(await search('name=hidden'))).toEqual([]);
  });

  it('forgives small typos and unfinished words', async () => {
    expect(namesOf(await search('name=jaket')).sort()).toEqual(['J1', 'J2']);
    expect(namesOf(await search('name=sneker'))).toEqual(['S1']);
    const dres = namesOf(await search('name=dres'));
    expect(dres.slice(0, 3).sort()).toEqual(['D1', 'D2', 'D3']);
    expect(dres.slice(3)).toEqual(['S1']);
    expect(namesOf(await search('name=DENIM%20jackt'))).toEqual(['J2']);
  });

  it('orders by relevance, ties by sales, and also by any listing sort', async () => {
    const dress = namesOf(await search('name=dress'));
    // Named and filed as dresses before a description that mentions one.
    expect(dress.slice(0, 3).sort()).toEqual(['D1', 'D2', 'D3']);
    expect(dress[3]).toBe('S1');
    // D2 and D3 have documents of the same shape, so they tie; sales decide.
    expect(dress.indexOf('D3')).toBeLessThan(dress.indexOf('D2'));
    expect(namesOf(await search('name=dress&type=price_desc'))).toEqual(['D2', 'S1', 'D1', 'D3']);
    expect(namesOf(await search('name=dress&type=newest'))).toEqual(['S1', 'D2', 'D3', 'D1']);
    // "denim" names J2 and is only J2's category's word too; "jacket" matches both jackets.
    expect(namesOf(await search('name=denim%20jacket'))).toEqual(['J2']);
  });

  it("offers the listing's filters and facets on the results", async () => {
    const red = await search(`name=dress&attribute_value_ids=${value.Red}`);
    expect(namesOf(red).sort()).toEqual(['D1', 'D2', 'S1']);
    expect(red.facets.colors.map((c) => [c.name, c.count])).toEqual([
      ['Blue', 2],
      ['Red', 3],
      ['White', 1],
    ]);
    expect(namesOf(await search('name=dress&max_price=30'))).toEqual(['D3']);
    const answer = await injectAs(t, null).get('/shop/goods?name=dress&type=cheapest');
    expect(answer.status).toBe(400);
  });
});

describe('GET /shop/goods/suggest', () => {
  it('suggests goods and categories for a partly typed, misspelt word', async () => {
    const answer = await injectAs(t, null).get<TSuggestions>('/shop/goods/suggest?keyword=jaket');
    expect(answer.status).toBe(200);
    expect(answer.result.goods.map((g) => g.id).sort()).toEqual([goods.J1, goods.J2].sort());
    expect(answer.result.goods[0]).toEqual({
      id: expect.any(Number),
      name: expect.stringContaining('Jacket'),
      url: expect.any(String),
      image: expect.stringMatching(/^\/media\/goods\//),
      min_price: expect.any(Number),
    });
    expect(answer.result.categories).toEqual([
      { id: ids.jackets, name: 'Jackets', url: 'ct-jackets' },
      { id: ids.denim, name: 'Denim Jackets', url: 'ct-denim-jackets' },
    ]);
  });

  it('refuses an empty keyword', async () => {
    for (const url of ['/shop/goods/suggest', '/shop/goods/suggest?keyword=', '/shop/goods/suggest?keyword=%20']) {
      const answer = await injectAs(t, null).get(url);
      expect(answer.status).toBe(400);
      expect(answer.msg).toBe('Please enter a keyword');
    }
  });
});

describe('GET /shop/goods/detail', () => {
  it('answers the product by id and by url, with SKUs, colours, sizes and the category path', async () => {
    const byId = await injectAs(t, null).get<TGoodsDetail>(`/shop/goods/detail?id=${goods.D1}`);
    expect(byId.status).toBe(200);
    const product = byId.result;
    const byUrl = await injectAs(t, null).get<TGoodsDetail>(`/shop/goods/detail?url=${product.url}.html`);
    expect(byUrl.result).toEqual(product);
    expect(product).toMatchObject({
      id: goods.D1,
      name: 'Wrap Midi Dress',
      min_price: 40,
      max_origin_price: 40,
      discount: 0,
      discount_enabled: 0,
      sales: 50,
      is_favorited: 0,
      category_path: [
        { id: ids.clothing, name: 'Clothing', url: 'ct-clothing' },
        { id: ids.dresses, name: 'Dresses', url: 'ct-dresses' },
      ],
      colors: [
        { id: value.Red, name: 'Red', in_stock: 1 },
        { id: value.Blue, name: 'Blue', in_stock: 1 },
      ],
      sizes: [
        { id: value.S, name: 'S', in_stock: 1 },
        { id: value.M, name: 'M', in_stock: 1 },
      ],
    });
    expect(product.skus.map((s) => [s.spec, s.stock])).toEqual([
      ['Color:Red;Size:S', 10],
      ['Color:Red;Size:M', 0],
      ['Color:Blue;Size:S', 10],
      ['Color:Blue;Size:M', 10],
    ]);
    expect(product.skus[1]).toEqual({
      id: skus.D1?.[1],
      spec: 'Color:Red;Size:M',
      color: 'Red',
      size: 'M',
      color_value_id: value.Red,
      size_value_id: value.M,
      price: 40,
      origin_price: 40,
      stock: 0,
      image: `/media/goods/${goods.D1}-red.svg`,
    });
  });

  it('gives the full path of a product two levels down, and sizes in display order', async () => {
    const jacket = (await injectAs(t, null).get<TGoodsDetail>(`/shop/goods/detail?id=${goods.J2}`)).result;
    expect(jacket.category_path.map((c) => c.name)).toEqual(['Clothing', 'Jackets', 'Denim Jackets']);
    const sneakers = (await injectAs(t, null).get<TGoodsDetail>(`/shop/goods/detail?id=${goods.S1}`)).result;
    expect(sneakers.sizes.map((s) => s.name)).toEqual(['38', '39']);
    expect(sneakers.skus.map((s) => s.spec)).toEqual([
      'Color:White;Size:38',
      'Color:White;Size:39',
      'Color:Red;Size:38',
      'Color:Red;Size:39',
    ]);
  });

  it('answers hidden and unknown goods with 404 and a missing id and url with 400', async () => {
    for (const query of [`id=${goods.D4}`, 'id=99999999', 'url=no-such-product']) {
      const answer = await injectAs(t, null).get(`/shop/goods/detail?${query}`);
      expect(answer.status, query).toBe(404);
      expect(answer.msg).toBe('Product not found');
    }
    for (const query of ['', 'id=abc', 'id=0', 'url=']) {
      expect((await injectAs(t, null).get(`/shop/goods/detail?${query}`)).status, query).toBe(400);
    }
  });
});

describe('best sellers, category homes and recommendations', () => {
  it('GET /api/hot/goods lists the best sellers with their total', async () => {
    const hot = await injectAs(t, null).get<TGoodsPage>('/api/hot/goods?page=1&pagesize=24');
    expect(hot.status).toBe(200);
    expect(namesOf(hot.result)).toEqual(['D3', 'S1', 'J2', 'D1', 'D2', 'J1']);
    expect(hot.result.total).toBe(6);
    expect(namesOf((await injectAs(t, null).get<TGoodsPage>('/api/hot/goods?pagesize=2&page=2')).result)).toEqual(['J2', 'D1']);
    expect((await injectAs(t, null).get('/api/hot/goods?pagesize=101')).status).toBe(400);
  });

  it('GET /api/get/index/classify gives a top category, its children and its best sellers', async () => {
    const home = await injectAs(t, null).get<TIndexClassify>(`/api/get/index/classify?main_classify_id=${ids.clothing}`);
    expect(home.status).toBe(200);
    expect(home.result).toMatchObject({ id: ids.clothing, name: 'Clothing', url: 'ct-clothing' });
    expect(home.result.children.map((c) => c.name)).toEqual(expect.arrayContaining(['Dresses', 'Jackets']));
    expect(home.result.children.find((c) => c.name === 'Jackets')?.children.map((c) => c.name)).toEqual(['Denim Jackets']);
    expect(namesOf({ data: home.result.goods })).toEqual(['D3', 'J2', 'D1', 'D2', 'J1']);
    expect((await injectAs(t, null).get(`/api/get/index/classify?main_classify_id=x-99999999`)).status).toBe(404);
    expect((await injectAs(t, null).get('/api/get/index/classify')).status).toBe(400);
  });

  it('GET /api/recommend/goods takes best sellers from every top category in turn', async () => {
    const all = await injectAs(t, null).get<TGoodsPage>('/api/recommend/goods?page_size=10');
    expect(all.status).toBe(200);
    expect(namesOf(all.result)).toEqual(['D3', 'S1', 'J2', 'D1', 'D2', 'J1']);
    expect(all.result.total).toBe(6);
    expect(namesOf((await injectAs(t, null).get<TGoodsPage>('/api/recommend/goods?page=2&page_size=2')).result)).toEqual([
      'J2',
      'D1',
    ]);
  });
});

describe('visits and browsing history', () => {
  const tokenFor = async (userId: number) =>
    (await t.app.services.auth.startSession('user', userId, { userAgent: 'catalog test', ip: '127.0.0.1' })).token;
  const visit = (goodsId: number, token?: string) => injectAs(t, token).post('/shop/goods/addVisit', { goods_id: goodsId });
  const history = (token: string, query = '') => injectAs(t, token).get<TViewLogPage>(`/api/productViewLog/index?${query}`);
  const visits = async (goodsId: number) =>
    (await t.database.db.selectFrom('goods').select('visits').where('id', '=', goodsId).executeTakeFirstOrThrow()).visits;

  it('counts every visit, and records a signed-in shopper’s in their history', async () => {
    const user = await buildUser(t.database.db);
    const token = await tokenFor(user.id);
    const before = await visits(goods.J1);
    expect((await visit(goods.J1)).status).toBe(200);
    expect((await visit(goods.J1, 'not-a-token')).status).toBe(200);
    expect(await visits(goods.J1)).toBe(before + 2);
    expect((await history(token)).result).toEqual({ data: [], total: 0 });
    now += 1000;
    expect((await visit(goods.J1, token)).status).toBe(200);
    const page = (await history(token)).result;
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ id: goods.J1, name: 'Cropped Bomber Jacket', viewed_at: now });
  });

  it('answers unknown and hidden goods with 404 and a bad body with 400', async () => {
    expect((await visit(99999999)).status).toBe(404);
    expect((await visit(goods.D4)).status).toBe(404);
    const bad = await injectAs(t, null).post('/shop/goods/addVisit', { goods_id: 'x' });
    expect(bad.status).toBe(400);
  });

  it('keeps one row per product, a repeat view moving it to the top, hidden goods not shown', async () => {
    const user = await buildUser(t.database.db);
    const token = await tokenFor(user.id);
    for (const id of [goods.D1, goods.D2, goods.J1, goods.D1]) {
      now += 1000;
      await visit(id, token);
    }
    expect(namesOf((await history(token)).result)).toEqual(['D1', 'J1', 'D2']);
    expect(namesOf((await history(token, 'page=2&page_size=2')).result)).toEqual(['D2']);
    await t.app.services.catalog.setGoodsStatus(goods.J1, 0);
    try {
      const page = (await history(token)).result;
      expect(namesOf(page)).toEqual(['D1', 'D2']);
      expect(page.total).toBe(2);
    } finally {
      await t.app.services.catalog.setGoodsStatus(goods.J1, 1);
    }
    expect((await history(token, 'page_size=101')).status).toBe(400);
  });

  it("merges a guest's local history, most recent first, ignoring unknown ids", async () => {
    const user = await buildUser(t.database.db);
    const token = await tokenFor(user.id);
    now += 1000;
    await visit(goods.J2, token);
    now += 1000;
    const save = (goods_ids: unknown) => injectAs(t, token).post('/api/productViewLog/batchSave', { goods_ids });
    const saved = await save([goods.S1, 99999999, goods.D3, goods.J2, goods.D4]);
    expect(saved.status).toBe(200);
    expect(saved.result).toEqual({ saved: 3 });
    expect(namesOf((await history(token)).result)).toEqual(['S1', 'D3', 'J2']);
    expect((await save(Array.from({ length: 11 }, (_, i) => i + 1))).status).toBe(400);
    expect((await save('1,2')).status).toBe(400);
  });

  it('keeps only the latest 100 products per shopper', async () => {
    const user = await buildUser(t.database.db);
    const token = await tokenFor(user.id);
    const rows = Array.from({ length: 100 }, (_, i) => ({ user_id: user.id, goods_id: goods.S1, viewed_at: i }));
    // 100 old rows need 100 products: the history table only refers to goods, so a hidden batch will do.
    const extra: number[] = [];
    for (let i = 0; i < 100; i++) {
      extra.push((await buildGoods(t.database.db, { category_id: ids.shoes, status: 0, name: `Archived Shoe ${i}` })).goodsId);
    }
    await t.database.db
      .insertInto('browsing_history')
      .values(rows.map((row, i) => ({ ...row, goods_id: extra[i] ?? 0 })))
      .execute();
    now += 1000;
    await visit(goods.S1, token);
    const kept = await t.database.db
      .selectFrom('browsing_history')
      .select('goods_id')
      .where('user_id', '=', user.id)
      .orderBy('viewed_at', 'desc')
      .execute();
    expect(kept).toHaveLength(100);
    expect(kept[0]?.goods_id).toBe(goods.S1);
    expect(kept.map((k) => k.goods_id)).not.toContain(extra[0]);
  });

  it('asks for a token: 401 without one, 409 for an expired one (also where a token is optional)', async () => {
    expect((await injectAs(t, null).get('/api/productViewLog/index')).status).toBe(401);
    const merge = await injectAs(t, null).post('/api/productViewLog/batchSave', { goods_ids: [goods.D1] });
    expect(merge.status).toBe(401);
    const user = await buildUser(t.database.db);
    const token = await tokenFor(user.id);
    now += 3_600_000;
    expect((await history(token)).status).toBe(409);
    expect((await visit(goods.D1, token)).status).toBe(409);
  });
});

describe('the catalogue cache', () => {
  it('serves repeated reads from memory, and shows a price change made through the service at once', async () => {
    const sku = skus.D2?.[0] ?? 0;
    const url = `/shop/goods/classifyDetail?classify_id=${ids.dresses}&type=price_desc`;
    const first = (await injectAs(t, null).get<TGoodsListing>(url)).result;
    expect(first.data[0]).toMatchObject({ id: goods.D2, min_price: 90 });
    await injectAs(t, null).get<TGoodsDetail>(`/shop/goods/detail?id=${goods.D2}`);
    // Written behind the service's back: the cached copies still answer.
    await t.database.db.updateTable('goods').set({ min_price: 100 }).where('id', '=', goods.D2).execute();
    expect((await injectAs(t, null).get<TGoodsListing>(url)).result.data[0]).toMatchObject({ id: goods.D2, min_price: 90 });

    await t.app.services.catalog.updateSku(sku, { price: 2000 });
    const after = (await injectAs(t, null).get<TGoodsListing>(url)).result;
    // D2 is now $20 for M and still $90 for L: the listing shows the lowest.
    expect(after.data.map((item) => [item.id, item.min_price])).toEqual([
      [goods.D1, 40],
      [goods.D3, 25],
      [goods.D2, 20],
    ]);
    const detail = (await injectAs(t, null).get<TGoodsDetail>(`/shop/goods/detail?id=${goods.D2}`)).result;
    expect(detail.skus.find((s) => s.id === sku)).toMatchObject({ price: 20, origin_price: 20 });
    expect(detail.min_price).toBe(20);
    await t.app.services.catalog.updateSku(sku, { price: 9000 });
  });

  it('drops the rendered pages too when the catalogue changes', async () => {
    const pages = t.app.services.pageCache;
    pages.set('/product/some-dress.html', '<html>$90</html>', 'n1', []);
    expect(pages.get('/product/some-dress.html', 'n2')).toBeDefined();
    await t.app.services.catalog.updateSku(skus.D2?.[0] ?? 0, { price: 9000 });
    expect(pages.get('/product/some-dress.html', 'n3')).toBeUndefined();
  });

  it('hides a product everywhere at once and shows it again', async () => {
    const url = `/shop/goods/classifyDetail?classify_id=${ids.sneakers}`;
    expect((await injectAs(t, null).get<TGoodsListing>(url)).result.total).toBe(1);
    await t.app.services.catalog.setGoodsStatus(goods.S1, 0);
    expect((await injectAs(t, null).get<TGoodsListing>(url)).result.total).toBe(0);
    expect((await injectAs(t, null).get(`/shop/goods/detail?id=${goods.S1}`)).status).toBe(404);
    await t.app.services.catalog.setGoodsStatus(goods.S1, 1);
    expect((await injectAs(t, null).get<TGoodsListing>(url)).result.total).toBe(1);
  });

  it('shows a stock change at once: a sold-out size leaves the size filter', async () => {
    const url = `/shop/goods/classifyDetail?classify_id=${ids.sneakers}&attribute_value_ids=${value.White}`;
    expect((await injectAs(t, null).get<TGoodsListing>(url)).result.total).toBe(1);
    const [white38, white39] = skus.S1 ?? [];
    await t.app.services.catalog.updateSku(white38 ?? 0, { stock: 0 });
    await t.app.services.catalog.updateSku(white39 ?? 0, { stock: 0 });
    expect((await injectAs(t, null).get<TGoodsListing>(url)).result.total).toBe(0);
    await t.app.services.catalog.updateSku(white38 ?? 0, { stock: 5 });
    expect((await injectAs(t, null).get<TGoodsListing>(url)).result.total).toBe(1);
  });

  it('refuses bad SKU changes and unknown SKUs', async () => {
    await expect(t.app.services.catalog.updateSku(skus.S1?.[0] ?? 0, { stock: -1 })).rejects.toThrow(/stock/);
    await expect(t.app.services.catalog.updateSku(skus.S1?.[0] ?? 0, { price: 12.5 })).rejects.toThrow(/price/);
    await expect(t.app.services.catalog.updateSku(99999999, { stock: 1 })).rejects.toThrow('SKU not found');
  });

  describe.runIf(testEngine === 'postgres' && process.env.TEST_REDIS_URL)('across instances', () => {
    it('drops the other instance’s cached copies through Redis when a price changes', async () => {
      const other = await createTestApp({ sameStoreAs: t });
      try {
        const url = `/shop/goods/detail?id=${goods.J1}`;
        const read = async () => (await injectAs(other, null).get<TGoodsDetail>(url)).result.min_price;
        expect(await read()).toBe(120);
        await t.database.db.updateTable('goods').set({ min_price: 1 }).where('id', '=', goods.J1).execute();
        expect(await read()).toBe(120);
        await t.app.services.catalog.updateSku(skus.J1?.[0] ?? 0, { price: 11000 });
        const deadline = Date.now() + 3_000;
        let seen = await read();
        while (seen !== 110 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          seen = await read();
        }
        expect(seen).toBe(110);
      } finally {
        await other.close();
        await t.app.services.catalog.updateSku(skus.J1?.[0] ?? 0, { price: 12000 });
      }
    });

    it('drops only the product’s own answer on the other instance when an order moves its stock', async () => {
      const other = await createTestApp({ sameStoreAs: t });
      const sku = skus.J1?.[0] ?? 0;
      const url = `/shop/goods/detail?id=${goods.J1}`;
      const stockShown = async () =>
        (await injectAs(other, null).get<TGoodsDetail>(url)).result.skus.find((s) => s.id === sku)?.stock;
      const before = (await stockShown()) ?? 0;
      try {
        await t.database.db.updateTable('skus').set({ stock: 3 }).where('id', '=', sku).execute();
        expect(await stockShown()).toBe(before); // cached
        await t.app.services.catalog.stockMoved(goods.J1 ?? 0);
        const deadline = Date.now() + 3_000;
        let seen = await stockShown();
        while (seen !== 3 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          seen = await stockShown();
        }
        expect(seen).toBe(3);
      } finally {
        await other.close();
        await t.database.db.updateTable('skus').set({ stock: before }).where('id', '=', sku).execute();
        await t.app.services.catalog.invalidate(goods.J1);
      }
    });
  });
});

describe('the OpenAPI document', () => {
  it('documents every catalogue endpoint from the contracts', async () => {
    const doc = (await injectAs(t, null).get('/api-docs/json')).response.json() as { paths: Record<string, unknown> };
    for (const path of [
      '/shop/goods/classifyDetail',
      '/shop/goods',
      '/shop/goods/suggest',
      '/shop/goods/detail',
      '/api/hot/goods',
      '/api/get/index/classify',
      '/api/recommend/goods',
      '/shop/goods/addVisit',
      '/api/productViewLog/index',
      '/api/productViewLog/batchSave',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(JSON.stringify(doc.paths['/shop/goods/classifyDetail'])).toContain('attribute_value_ids');
  });
});

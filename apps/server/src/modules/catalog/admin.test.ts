import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TCategory, TGoodsDetail, TGoodsListing } from '@shop/contracts/catalog';
import {
  CatalogAdminMessages,
  CatalogAdminPaths,
  type TAdminCategory,
  type TAdminProduct,
  type TAdminProductList,
  type TAdminProductSaveRequest,
  type TAdminUploadedImage,
  type TCsvImportReport,
} from '@shop/contracts/catalog-admin';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { mediaStorage } from '../../media/images';
import { buildCategory, buildGoods } from '../../seed/catalog';
import { auditTrailOf, makeStaffToken } from '../../testing/fixtures';
import { appPerFile, body, createTestApp, injectAs, type TestApp, testEngine } from '../../testing/harness';
import { pricesOf, skuPrices, writeProduct } from './admin';

let t: TestApp;
let admin: string;
let csr: string;
let dresses: number;
let tops: number;

appPerFile(async (made) => {
  t = made;
  admin = await makeStaffToken(t, 'admin');
  csr = await makeStaffToken(t, 'csr');
  const women = await buildCategory(t.database.db, { name: 'Women', url: 'women' });
  dresses = await buildCategory(t.database.db, { name: 'Dresses', url: 'dresses', parent_id: women, sort: 0 });
  tops = await buildCategory(t.database.db, { name: 'Tops', url: 'tops', parent_id: women, sort: 1 });
});

const db = () => t.database.db;
const auditOf = (type: string, id: number | string) =>
  auditTrailOf(db(), type, id, ['action', 'reason', 'before_json', 'after_json'] as const);
const storefront = <T>(url: string) => injectAs(t, null).get<T>(url);

/** A photo from a camera: bigger than the shop keeps, with EXIF. */
const cameraPhoto = (colour: string) =>
  sharp({ create: { width: 2400, height: 1800, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Somebody', Copyright: 'Private place' } })
    .toBuffer();

async function upload(colour: string): Promise<string> {
  const photo = await cameraPhoto(colour);
  const answer = await injectAs(t, admin).post<TAdminUploadedImage>(CatalogAdminPaths.upload, {
    file: `data:image/jpeg;base64,${photo.toString('base64')}`,
  });
  expect(answer.status, answer.msg).toBe(200);
  return answer.result.url;
}

const linen = (images: { url: string; alt: string }[]): TAdminProductSaveRequest => ({
  name: 'Saffron Linen Wrap Dress',
  category_id: dresses,
  description: 'A wrap dress in washed linen.',
  visible: 1,
  price: 89,
  sale_price: 69.5,
  skus: [
    { color: 'Saffron', size: 'S', stock: 4 },
    { color: 'Saffron', size: 'M', stock: 6 },
    { color: 'Saffron', size: 'L', stock: 0, price: 79 },
  ],
  images,
  reason: 'New summer line',
});

describe('a product’s prices read from its SKUs', () => {
  it('takes the price most SKUs have, the sale price most sell at, and keeps each SKU’s own', () => {
    const skus = [skuPrices(8900, 6950, null), skuPrices(8900, 6950, null), skuPrices(8900, 6950, 9900)];
    expect(skus).toEqual([
      { price: 6950, origin_price: 8900 },
      { price: 6950, origin_price: 8900 },
      { price: 9900, origin_price: 9900 },
    ]);
    expect(pricesOf(skus)).toEqual({ regular: 8900, sale: 6950, effective: 6950 });
    expect(pricesOf([skuPrices(4000, null, null)])).toEqual({ regular: 4000, sale: null, effective: 4000 });
  });
});

describe('the product editor’s API', () => {
  it('creates a product with pictures and stock; the storefront finds it at once; hiding it hides it at once', async () => {
    // the storefront's search is answered (and cached) before the product exists
    expect((await storefront<TGoodsListing>('/shop/goods?name=saffron%20wrap')).result.total).toBe(0);

    const first = await upload('#d4a017');
    const second = await upload('#8a5a00');
    const stored = await sharp(await readFile(join(t.dataDir, first))).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 1600 });
    expect(stored.exif).toBeUndefined();

    const saved = await injectAs(t, admin).post<TAdminProduct>(
      CatalogAdminPaths.save,
      linen([
        { url: first, alt: 'The dress from the front' },
        { url: second, alt: 'The dress from the back' },
      ]),
    );
    expect(saved.status, saved.msg).toBe(200);
    expect(saved.msg).toBe(CatalogAdminMessages.saved);
    const product = saved.result;
    expect(product).toMatchObject({
      name: 'Saffron Linen Wrap Dress',
      url: 'saffron-linen-wrap-dress',
      visible: 1,
      price: 89,
      sale_price: 69.5,
      images: [
        { url: first, alt: 'The dress from the front' },
        { url: second, alt: 'The dress from the back' },
      ],
    });
    expect(product.skus.map((sku) => [sku.size, sku.price, sku.stock])).toEqual([
      ['S', null, 4],
      ['M', null, 6],
      ['L', 79, 0],
    ]);

    const [entry] = await auditOf('goods', product.id);
    expect(entry).toMatchObject({ action: 'product.create', reason: 'New summer line', before_json: null });
    expect(JSON.parse(entry?.after_json ?? '{}')).toMatchObject({ name: 'Saffron Linen Wrap Dress', price: 89 });

    const found = await storefront<TGoodsListing>('/shop/goods?name=saffron%20wrap');
    expect(found.result.data.map((item) => item.id)).toEqual([product.id]);
    expect(found.result.data[0]).toMatchObject({ min_price: 69.5, max_origin_price: 89, discount: 22 });
    const detail = await storefront<TGoodsDetail>(`/shop/goods/detail?id=${product.id}`);
    expect(detail.code).toBe(200);
    expect(detail.result.skus.map((sku) => [sku.price, sku.stock])).toEqual([
      [69.5, 4],
      [69.5, 6],
      [79, 0],
    ]);

    // a rename follows into the search at once, and hiding takes it off the storefront
    const renamed = await injectAs(t, admin).post<TAdminProduct>(CatalogAdminPaths.save, {
      ...linen(product.images),
      id: product.id,
      url: product.url,
      name: 'Saffron Linen Tea Dress',
      visible: 0,
      skus: product.skus,
    });
    expect(renamed.status, renamed.msg).toBe(200);
    expect((await storefront<TGoodsListing>('/shop/goods?name=saffron%20wrap')).result.total).toBe(0);
    expect((await storefront(`/shop/goods/detail?id=${product.id}`)).code).toBe(404);
    const shownAgain = await injectAs(t, admin).post(CatalogAdminPaths.save, {
      ...linen(product.images),
      id: product.id,
      url: product.url,
      name: 'Saffron Linen Tea Dress',
      skus: product.skus,
    });
    expect(shownAgain.status).toBe(200);
    expect((await storefront<TGoodsListing>('/shop/goods?name=tea%20dress')).result.data.map((item) => item.id)).toEqual([
      product.id,
    ]);
    expect((await auditOf('goods', product.id)).map((row) => row.action)).toEqual([
      'product.create',
      'product.edit',
      'product.edit',
    ]);
  });

  it('lists products searched, filtered by category and visibility, sorted and paged', async () => {
    // a category of this test's own: the other tests put their products in Tops
    const shelf = await buildCategory(db(), { name: 'Tops', url: 'cobalt-tops' });
    await buildGoods(db(), { category_id: shelf, name: 'Cobalt Rib Tank', price_cents: 1900, stock: 2 });
    await buildGoods(db(), { category_id: shelf, name: 'Cobalt Boxy Tee', price_cents: 2900, status: 0 });
    const list = (query: string) =>
      injectAs(t, admin)
        .get<TAdminProductList>(`${CatalogAdminPaths.products}?${query}`)
        .then((answer) => answer.result);
    expect((await list('q=cobalt&sort=price_asc')).data.map((item) => item.name)).toEqual(['Cobalt Rib Tank', 'Cobalt Boxy Tee']);
    expect((await list('q=cobalt&visibility=hidden')).data.map((item) => item.name)).toEqual(['Cobalt Boxy Tee']);
    expect((await list(`category_id=${shelf}&visibility=shown`)).data.map((item) => item.name)).toEqual(['Cobalt Rib Tank']);
    const page = await list('q=cobalt&pagesize=1&page=2&sort=name');
    expect(page).toMatchObject({ total: 2, data: [{ name: 'Cobalt Rib Tank', category_name: 'Tops', stock: 2, skus: 1 }] });
    expect((await list('q=100%25')).total).toBe(0);
  });

  it('refuses bad input with the contracts’ message and changes nothing', async () => {
    // a product whose url the form below asks for again
    const takenUrl = 'url-holder-dress';
    await buildGoods(db(), { category_id: dresses, name: 'Url Holder Dress', url: takenUrl });
    const before = await db()
      .selectFrom('goods')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const base = linen([]);
    const cases: [object, string, string][] = [
      [{ ...base, sale_price: 89 }, 'sale_price', CatalogAdminMessages.saleNotBelowPrice],
      [{ ...base, skus: [...base.skus, { color: 'saffron', size: 's', stock: 1 }] }, 'skus', CatalogAdminMessages.duplicateSku],
      [{ ...base, skus: [] }, 'skus', 'A product needs at least one colour and size'],
      [{ ...base, price: 10.123 }, 'price', 'price must have at most 2 decimals'],
      [{ ...base, url: 'Not A Slug' }, 'url', 'url may hold only a-z, 0-9 and single hyphens'],
      [{ ...base, category_id: 999999 }, 'category_id', CatalogAdminMessages.categoryNotFound],
      [{ ...base, url: takenUrl }, 'url', CatalogAdminMessages.urlTaken],
      [{ ...base, images: [{ url: '/media/goods/1-black.svg', alt: '' }] }, 'images', CatalogAdminMessages.imageUnknown],
      [{ ...base, id: 999999 }, 'id', CatalogAdminMessages.productNotFound],
      [{ ...base, skus: [{ id: 999999, color: 'Red', size: 'M', stock: 1 }] }, 'skus', CatalogAdminMessages.skuNotFound],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await injectAs(t, admin).post<{ fields: Record<string, string> }>(CatalogAdminPaths.save, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.result.fields[field]).toBe(message);
    }
    const after = await db()
      .selectFrom('goods')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const notPhoto = await injectAs(t, admin).post(CatalogAdminPaths.upload, {
      file: Buffer.from('%PDF-1.4 no').toString('base64'),
    });
    expect(notPhoto).toMatchObject({ status: 400, result: { fields: { file: CatalogAdminMessages.notAPhoto } } });
    expect((await injectAs(t, csr).post(CatalogAdminPaths.save, base)).status).toBe(403);
  });

  it('moves stock only with stock.edit, and a SKU of another product is refused', async () => {
    const { goodsId, skuIds } = await buildGoods(db(), { category_id: tops, name: 'Guarded Knit', stock: 3 });
    const product = (await injectAs(t, admin).get<TAdminProduct>(CatalogAdminPaths.product(goodsId))).result;
    const input = {
      ...product,
      images: product.images,
      url: product.url,
      skus: product.skus.map((sku) => ({ ...sku, stock: 9 })),
    };
    const at = Date.now();
    const refused = inTransaction(db(), (trx) =>
      writeProduct(trx, { media: mediaStorage(''), staffId: 1, at }, input, { stockAllowed: false }),
    );
    await expect(refused).rejects.toThrow(AppError);
    await expect(refused).rejects.toMatchObject({ type: 'forbidden', message: CatalogAdminMessages.stockNeedsPermission });
    expect(
      (
        await db()
          .selectFrom('skus')
          .select('stock')
          .where('id', '=', skuIds[0] ?? 0)
          .executeTakeFirstOrThrow()
      ).stock,
    ).toBe(3);

    const other = await buildGoods(db(), { category_id: tops, name: 'Other Knit' });
    const stolen = await injectAs(t, admin).post(CatalogAdminPaths.save, {
      ...input,
      skus: [{ id: other.skuIds[0], color: 'Black', size: 'M', stock: 1 }],
    });
    expect(stolen).toMatchObject({ status: 400, result: { fields: { skus: CatalogAdminMessages.skuNotOfProduct } } });
  });

  it('sets stock, audited, and the product page shows it at once', async () => {
    const { goodsId, skuIds } = await buildGoods(db(), { category_id: tops, name: 'Stocked Polo', stock: 5 });
    const sku = skuIds[0] ?? 0;
    const shown = async () =>
      (await storefront<TGoodsDetail>(`/shop/goods/detail?id=${goodsId}`)).result.skus.find((s) => s.id === sku)?.stock;
    expect(await shown()).toBe(5);
    const set = await injectAs(t, admin).post(CatalogAdminPaths.stock, {
      items: [{ sku_id: sku, stock: 12 }],
      reason: 'Delivery',
    });
    expect(set).toMatchObject({ status: 200, msg: CatalogAdminMessages.stockSaved });
    expect(await shown()).toBe(12);
    const [entry] = await auditOf('goods', goodsId);
    expect(entry).toMatchObject({ action: 'stock.set', reason: 'Delivery' });
    expect(JSON.parse(entry?.before_json ?? '{}')).toEqual({ [sku]: 5 });
    expect(JSON.parse(entry?.after_json ?? '{}')).toEqual({ [sku]: 12 });

    const unknown = await injectAs(t, admin).post(CatalogAdminPaths.stock, { items: [{ sku_id: 999999, stock: 1 }] });
    expect(unknown).toMatchObject({ status: 400, result: { fields: { items: CatalogAdminMessages.skuNotFound } } });
    const negative = await injectAs(t, admin).post(CatalogAdminPaths.stock, { items: [{ sku_id: sku, stock: -1 }] });
    expect(negative.status).toBe(400);
    expect(await shown()).toBe(12);
  });
});

describe('the category tree', () => {
  it('adds, renames, moves and reorders categories; the storefront’s tree follows at once', async () => {
    const tree = async () => (await storefront<TCategory[]>('/shop/goods/classify')).result;
    expect((await tree()).map((node) => node.name)).toContain('Women');

    const added = await injectAs(t, admin).post<TAdminCategory>(CatalogAdminPaths.categoryAdd, {
      name: 'Knitwear',
      parent_id: null,
    });
    expect(added).toMatchObject({ status: 200, result: { name: 'Knitwear', url: 'knitwear', parent_id: null } });
    const knitwear = added.result.id;
    expect((await tree()).map((node) => node.name)).toContain('Knitwear');

    const renamed = await injectAs(t, admin).post<TAdminCategory>(CatalogAdminPaths.categoryRename, {
      id: knitwear,
      name: 'Knits',
    });
    expect(renamed.result).toMatchObject({ name: 'Knits', url: 'knitwear' });
    expect((await tree()).map((node) => node.name)).toContain('Knits');

    // under Women, first among its children
    const women = (await tree()).find((node) => node.name === 'Women') as TCategory;
    const moved = await injectAs(t, admin).post(CatalogAdminPaths.categoryMove, {
      id: knitwear,
      parent_id: women.id,
      position: 0,
    });
    expect(moved.status).toBe(200);
    const children = (await tree()).find((node) => node.id === women.id)?.children.map((node) => node.name);
    expect(children).toEqual(['Knits', 'Dresses', 'Tops']);

    // reordered among its siblings: last
    await injectAs(t, admin).post(CatalogAdminPaths.categoryMove, { id: knitwear, parent_id: women.id, position: 99 });
    expect((await tree()).find((node) => node.id === women.id)?.children.map((node) => node.name)).toEqual([
      'Dresses',
      'Tops',
      'Knits',
    ]);

    // never under itself or below it
    const loop = await injectAs(t, admin).post(CatalogAdminPaths.categoryMove, {
      id: women.id,
      parent_id: knitwear,
      position: 0,
    });
    expect(loop).toMatchObject({ status: 400, result: { fields: { parent_id: CatalogAdminMessages.moveIntoItself } } });
    const taken = await injectAs(t, admin).post(CatalogAdminPaths.categoryAdd, { name: 'Another', url: 'tops', parent_id: null });
    expect(taken).toMatchObject({ status: 400, result: { fields: { url: CatalogAdminMessages.categoryUrlTaken } } });

    expect((await auditOf('category', knitwear)).map((row) => row.action)).toEqual([
      'category.create',
      'category.rename',
      'category.move',
      'category.move',
    ]);
  });
});

/** An import's NDJSON answer: its progress lines and the final envelope. */
async function importCsv(path: string, csv: string, token = admin) {
  // the answer streams NDJSON, not an envelope: read raw
  const response = await t.app.inject({ method: 'POST', url: path, payload: { csv }, headers: { 'user-token': token } });
  if (response.statusCode !== 200) return { status: response.statusCode, progress: [], final: response.json() };
  const lines = response.body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const final = lines.at(-1) as { code: number; msg: string; result: TCsvImportReport };
  return { status: response.statusCode, progress: lines.slice(0, -1), final };
}

describe('CSV export and import', () => {
  it('exports products and stock, imports them back, and reports every rejected row without half-applying', async () => {
    const { goodsId, skuIds } = await buildGoods(db(), {
      category_id: tops,
      name: 'Csv Linen Shirt',
      colors: ['White', 'Blue'],
      sizes: ['M'],
      price_cents: 4000,
      stock: 3,
    });
    const exported = await t.app.inject({
      method: 'GET',
      url: CatalogAdminPaths.exportProducts,
      headers: { 'user-token': admin },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    const lines = exported.body.trim().split('\n');
    expect(lines[0]).toBe('goods_id,url,name,category_id,visible,price,sale_price,description,sku_id,color,size,sku_price,stock');
    expect(lines.filter((line) => line.startsWith(`${goodsId},`))).toHaveLength(2);

    const header = lines[0];
    const csv = [
      header,
      // an existing product renamed, one SKU's stock changed
      `${goodsId},,"Csv Linen Shirt, Relaxed",${tops},1,40.00,,Soft,${skuIds[0]},White,M,,8`,
      `${goodsId},,"Csv Linen Shirt, Relaxed",${tops},1,40.00,,Soft,${skuIds[1]},Blue,M,,3`,
      // a new product with two SKUs, one of them bad: none of it applied
      `,csv-new-chino,Csv New Chino,${tops},1,55.00,,,,Sand,30,,2`,
      `,csv-new-chino,Csv New Chino,${tops},1,55.00,,,,Sand,32,,many`,
      // a new product that is fine
      `,csv-good-cap,Csv Good Cap,${tops},0,15.00,12.00,,,Navy,One Size,,7`,
      // an unknown category
      `,csv-lost,Csv Lost,999999,1,10.00,,,,Red,M,,1`,
    ].join('\n');
    const { status, final } = await importCsv(CatalogAdminPaths.importProducts, csv);
    expect(status).toBe(200);
    expect(final.msg).toBe(CatalogAdminMessages.imported);
    expect(final.result).toMatchObject({ rows: 6, applied: 3, created: 1, updated: 1 });
    expect(final.result.rejected).toEqual([
      { row: 4, column: 'stock', reason: 'Not applied: row 5 of the same product was rejected' },
      { row: 5, column: 'stock', reason: 'stock must be a number' },
      { row: 7, column: 'category_id', reason: CatalogAdminMessages.categoryNotFound },
    ]);
    expect(await db().selectFrom('goods').select('id').where('url', 'in', ['csv-new-chino', 'csv-lost']).execute()).toEqual([]);
    const renamed = (await injectAs(t, admin).get<TAdminProduct>(CatalogAdminPaths.product(goodsId))).result;
    expect(renamed.name).toBe('Csv Linen Shirt, Relaxed');
    expect(renamed.skus.map((sku) => sku.stock)).toEqual([8, 3]);
    const cap = await db()
      .selectFrom('goods')
      .select(['status', 'min_price'])
      .where('url', '=', 'csv-good-cap')
      .executeTakeFirstOrThrow();
    expect(cap).toEqual({ status: 0, min_price: 1200 });
    // the storefront's search follows the import at once
    expect((await storefront<TGoodsListing>('/shop/goods?name=relaxed')).result.data.map((item) => item.id)).toEqual([goodsId]);

    // stock: good rows applied, each bad one reported
    const stock = [
      'sku_id,goods_id,name,color,size,stock',
      `${skuIds[0]},,,,,11`,
      `${skuIds[1]},,,,,-2`,
      '999999,,,,,1',
      `${skuIds[0]},,,,,12`,
    ].join('\r\n');
    const stocked = await importCsv(CatalogAdminPaths.importStock, stock);
    expect(stocked.final.result).toMatchObject({ rows: 4, applied: 1 });
    expect(stocked.final.result.rejected).toEqual([
      { row: 3, column: 'stock', reason: 'stock must be a whole number from 0 to 1000000' },
      { row: 4, column: 'sku_id', reason: CatalogAdminMessages.skuNotFound },
      { row: 5, column: 'sku_id', reason: 'The same SKU is on row 2' },
    ]);
    expect(stocked.progress.at(-1)).toEqual({ done: 4, total: 4 });
    const skuStock = await db()
      .selectFrom('skus')
      .select(['id', 'stock'])
      .where('goods_id', '=', goodsId)
      .orderBy('id')
      .execute();
    expect(skuStock.map((row) => row.stock)).toEqual([11, 3]);
    expect((await auditOf('goods', goodsId)).map((row) => row.action)).toEqual(['product.edit', 'stock.set']);

    const stockExport = await t.app.inject({
      method: 'GET',
      url: CatalogAdminPaths.exportStock,
      headers: { 'user-token': admin },
    });
    expect(stockExport.body).toContain(`${skuIds[0]},${goodsId},"Csv Linen Shirt, Relaxed",White,M,11`);
  });

  it('refuses a file it cannot read or that lacks columns, with a plain 400', async () => {
    const missing = await importCsv(CatalogAdminPaths.importStock, 'sku,amount\n1,2');
    expect(missing).toMatchObject({
      status: 400,
      final: { result: { fields: { csv: CatalogAdminMessages.csvMissingColumns(['sku_id', 'stock']) } } },
    });
    const broken = await importCsv(CatalogAdminPaths.importProducts, 'name,"category_id\n"unclosed');
    expect(broken).toMatchObject({ status: 400, final: { result: { fields: { csv: CatalogAdminMessages.csvUnreadable } } } });
    expect((await importCsv(CatalogAdminPaths.importStock, 'sku_id,stock\n1,1', csr)).status).toBe(403);
  });
});

describe.runIf(testEngine === 'postgres' && process.env.TEST_REDIS_URL)('across instances', () => {
  it('an edit in the back office drops the other instance’s cached product page and search', async () => {
    const other = await createTestApp({ sameStoreAs: t });
    try {
      const { goodsId } = await buildGoods(db(), { category_id: tops, name: 'Twin Instance Blazer', price_cents: 9000 });
      const read = async () =>
        body<TGoodsDetail>(await other.app.inject({ method: 'GET', url: `/shop/goods/detail?id=${goodsId}` })).result.name;
      expect(await read()).toBe('Twin Instance Blazer');
      const product = (await injectAs(t, admin).get<TAdminProduct>(CatalogAdminPaths.product(goodsId))).result;
      const saved = await injectAs(t, admin).post(CatalogAdminPaths.save, { ...product, name: 'Twin Instance Tuxedo' });
      expect(saved.status).toBe(200);
      const deadline = Date.now() + 3_000;
      let seen = await read();
      while (seen !== 'Twin Instance Tuxedo' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = await read();
      }
      expect(seen).toBe('Twin Instance Tuxedo');
    } finally {
      await other.close();
    }
  });
});

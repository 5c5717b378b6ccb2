import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { originPriceCents } from '@shop/contracts/pricing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../db/database';
import { createTestApp, testEngine } from '../testing/harness';
import { buildCategory, buildGoods, CATALOG_SEED_EPOCH, seedCatalog } from './catalog';

/** An empty, migrated database on the engine this run tests. */
async function freshDatabase(): Promise<{ db: Db; close: () => Promise<void> }> {
  if (testEngine === 'postgres') {
    const testApp = await createTestApp();
    return { db: testApp.database.db, close: testApp.close };
  }
  const handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
  await migrateToLatest(handle.db);
  return { db: handle.db, close: handle.close };
}

const opened: { close: () => Promise<void> }[] = [];
async function seededDatabase(opts: Parameters<typeof seedCatalog>[1]) {
  const database = await freshDatabase();
  opened.push(database);
  const result = await seedCatalog(database.db, opts);
  return { db: database.db, result };
}

afterAll(async () => {
  for (const database of opened) await database.close();
});

async function catalogueOf(db: Db) {
  const [categories, goods, skus, images] = await Promise.all([
    db.selectFrom('categories').selectAll().orderBy('id').execute(),
    db.selectFrom('goods').selectAll().orderBy('id').execute(),
    db.selectFrom('skus').selectAll().orderBy('id').execute(),
    db.selectFrom('goods_images').selectAll().orderBy('goods_id').orderBy('sort').execute(),
  ]);
  return { categories, goods, skus, images };
}

function byGoods<T extends { goods_id: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(row.goods_id, [...(groups.get(row.goods_id) ?? []), row]);
  return groups;
}

describe('seedCatalog, default size', () => {
  let db: Db;
  let result: Awaited<ReturnType<typeof seedCatalog>>;
  let catalogue: Awaited<ReturnType<typeof catalogueOf>>;

  beforeAll(async () => {
    ({ db, result } = await seededDatabase({ mediaDir: join(tmpdir(), 'unused-media'), drawImages: false }));
    catalogue = await catalogueOf(db);
  });

  it('creates the four top categories of spec 2, each with 6 to 8 sub-categories', () => {
    const tops = catalogue.categories.filter((c) => c.parent_id === null).sort((a, b) => a.sort - b.sort);
    expect(tops.map((c) => [c.url, c.name])).toEqual([
      ['clothings', 'Clothing'],
      ['shoes', 'Shoes'],
      ['hobbies', 'Hobbies'],
      ['wedding', 'Wedding'],
    ]);
    for (const top of tops) {
      const children = catalogue.categories.filter((c) => c.parent_id === top.id);
      expect(children.length).toBeGreaterThanOrEqual(6);
      expect(children.length).toBeLessThanOrEqual(8);
      expect(top.image).toBe(`/media/banners/${top.url}.svg`);
    }
    for (const category of catalogue.categories) {
      expect(category.url).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(category.icon).toBe(`/media/icons/${category.url}.svg`);
    }
    expect(result.categories).toBe(catalogue.categories.length);
  });

  it('seeds at least 400 goods, all in sub-categories, with unique kebab-case urls', () => {
    expect(catalogue.goods.length).toBeGreaterThanOrEqual(400);
    expect(result).toMatchObject({ goods: catalogue.goods.length, skus: catalogue.skus.length, images: catalogue.images.length });
    const leafIds = new Set(catalogue.categories.filter((c) => c.parent_id !== null).map((c) => c.id));
    for (const goods of catalogue.goods) {
      expect(leafIds.has(goods.category_id)).toBe(true);
      expect(goods.url).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(new Set(catalogue.goods.map((g) => g.url)).size).toBe(catalogue.goods.length);
  });

  it('gives every product SKUs and images whose prices agree with the listing prices', () => {
    const skusOf = byGoods(catalogue.skus);
    const imagesOf = byGoods(catalogue.images);
    for (const goods of catalogue.goods) {
      const skus = skusOf.get(goods.id) ?? [];
      const images = imagesOf.get(goods.id) ?? [];
      expect(skus.length).toBeGreaterThanOrEqual(1);
      expect(images.length).toBeGreaterThanOrEqual(1);
      expect(images.map((i) => i.sort)).toEqual(images.map((_, index) => index));
      expect(goods.min_price).toBe(Math.min(...skus.map((s) => s.price)));
      expect(goods.max_origin_price).toBe(Math.max(...skus.map((s) => s.origin_price)));
      // spec 9: original price = min_price / ((100 - discount) / 100)
      expect(originPriceCents(goods.min_price, goods.discount)).toBe(Math.min(...skus.map((s) => s.origin_price)));
      for (const sku of skus) {
        expect(sku.origin_price).toBe(Math.round(sku.price / ((100 - goods.discount) / 100)));
        expect(sku.price % 100).toBe(99);
        expect(sku.stock).toBeGreaterThanOrEqual(0);
        expect(sku.stock).toBeLessThanOrEqual(60);
        expect(images.map((i) => i.url)).toContain(sku.image);
      }
    }
  });

  it('looks like a real shop: half the goods discounted, a few hidden, some sizes sold out', () => {
    const { goods, skus } = catalogue;
    const discounted = goods.filter((g) => g.discount > 0);
    expect(discounted.length / goods.length).toBeGreaterThan(0.35);
    expect(discounted.length / goods.length).toBeLessThan(0.65);
    for (const g of discounted) expect(g.discount).toBeGreaterThanOrEqual(10);
    for (const g of goods) expect(g.discount).toBeLessThanOrEqual(60);
    const hidden = goods.filter((g) => g.status === 0).length;
    expect(hidden).toBeGreaterThan(0);
    expect(hidden).toBeLessThan(goods.length * 0.05);
    expect(skus.some((s) => s.stock === 0)).toBe(true);
    expect(new Set(goods.map((g) => g.name)).size).toBeGreaterThan(goods.length * 0.95);
    for (const g of goods) {
      expect(g.created_at).toBeLessThanOrEqual(CATALOG_SEED_EPOCH);
      expect(g.created_at).toBeGreaterThan(CATALOG_SEED_EPOCH - 181 * 86_400_000);
      expect(g.description).toMatch(/Available in /);
    }
  });

  it('writes exactly the same rows on every run', async () => {
    const again = await seededDatabase({ mediaDir: join(tmpdir(), 'unused-media'), drawImages: false });
    const second = await catalogueOf(again.db);
    expect(second.categories).toEqual(catalogue.categories);
    expect(second.goods).toEqual(catalogue.goods);
    expect(second.skus).toEqual(catalogue.skus);
    expect(second.images).toEqual(catalogue.images);
  });
});

describe('seedCatalog with pictures', () => {
  const mediaDir = mkdtempSync(join(tmpdir(), 'shop-media-'));
  afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

  it('draws a valid 3:4 SVG for every product image and every category icon and banner', async () => {
    const { db } = await seededDatabase({ mediaDir, goodsPerLeaf: 1 });
    const { categories, images } = await catalogueOf(db);
    const fileOf = (url: string) => join(mediaDir, url.replace(/^\/media\//, ''));
    for (const image of images) {
      const svg = readFileSync(fileOf(image.url), 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect(meta).toMatchObject({ format: 'svg', width: 600, height: 800 });
    }
    for (const url of categories.flatMap((c) => [c.icon, c.image]).filter(Boolean)) {
      expect((await sharp(fileOf(url)).metadata()).format).toBe('svg');
    }
  });
});

describe('catalogue factories', () => {
  it('builds a product with one SKU per colour and size, priced by the original-price rule', async () => {
    const { db, close } = await freshDatabase();
    try {
      const parent = await buildCategory(db, { name: 'Clothing', url: 'factory-clothing' });
      const leaf = await buildCategory(db, { name: 'Dresses', url: 'factory-dresses', parent_id: parent });
      const { goodsId, skuIds } = await buildGoods(db, {
        category_id: leaf,
        price_cents: 3999,
        discount: 20,
        colors: ['Black', 'Sage Green'],
        sizes: ['S', 'M', 'L'],
        stock: 5,
      });
      expect(skuIds).toHaveLength(6);
      const goods = await db.selectFrom('goods').selectAll().where('id', '=', goodsId).executeTakeFirstOrThrow();
      expect(goods).toMatchObject({ category_id: leaf, min_price: 3999, max_origin_price: 4999, discount: 20, status: 1 });
      const skus = await db.selectFrom('skus').selectAll().where('goods_id', '=', goodsId).execute();
      expect(skus.every((s) => s.origin_price === 4999 && s.stock === 5)).toBe(true);
      const images = await db.selectFrom('goods_images').select('url').where('goods_id', '=', goodsId).orderBy('sort').execute();
      expect(images.map((i) => i.url)).toEqual([`/media/goods/${goodsId}-black.svg`, `/media/goods/${goodsId}-sage-green.svg`]);
    } finally {
      await close();
    }
  });
});

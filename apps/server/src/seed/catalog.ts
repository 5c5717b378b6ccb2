import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { originPriceCents } from '@shop/contracts/pricing';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { GoodsImagesTable, GoodsTable, SkusTable } from '../db/schema';
import { attributeValueIds } from '../modules/catalog/attributes';
import { CATALOG_TREE, type LeafCategory, MATERIAL_WORDS, type ProductType, type SilhouetteKind } from './catalog-data';
import { drawBannerSvg, drawCategoryIconSvg, drawProductSvg } from './images';

/**
 * The demo catalogue: four top categories, their sub-categories, 400+ goods with colour x size
 * SKUs and a drawn picture per colour. Everything comes from a seeded PRNG and a fixed epoch,
 * so two seeds of empty databases write identical rows (ids included).
 */

export type CatalogSeedResult = { categories: number; goods: number; skus: number; images: number };

/** The catalogue's "now": created_at values spread over the 180 days before it. */
export const CATALOG_SEED_EPOCH = Date.UTC(2026, 0, 1);
const PRNG_SEED = 20_260_101;
/** 26 leaves x 16 = 416 goods, above the 400 the demo promises. */
const DEFAULT_GOODS_PER_LEAF = 16;
/** Rows per insert: at most 11 columns (goods) x 80 rows stays under SQLite's classic 999 bound variables. */
const INSERT_BATCH = 80;
const DAY_MS = 86_400_000;
/** The server serves the media directory at this path. */
const MEDIA_URL = '/media';
const DISCOUNTS = [10, 15, 20, 25, 30, 35, 40, 50, 60];

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const goodsImageUrl = (goodsId: number, color: string, view: 'main' | 'alt' = 'main') =>
  `${MEDIA_URL}/goods/${goodsId}-${slugify(color)}${view === 'alt' ? '-alt' : ''}.svg`;
const iconUrl = (categoryUrl: string) => `${MEDIA_URL}/icons/${categoryUrl}.svg`;
const bannerUrl = (categoryUrl: string) => `${MEDIA_URL}/banners/${categoryUrl}.svg`;

// ---------------------------------------------------------------- deterministic randomness

type Random = {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(list: readonly T[]) => T;
  chance: (p: number) => boolean;
  sample: <T>(list: readonly T[], count: number) => T[];
};

/** mulberry32: tiny, fast and good enough to make demo data look unplanned. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    const item = list[int(0, list.length - 1)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const sample = <T>(list: readonly T[], count: number): T[] => {
    const pool = [...list];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(...pool.splice(int(0, pool.length - 1), 1));
    return out;
  };
  return { next, int, pick, chance: (p) => next() < p, sample };
}

// ---------------------------------------------------------------- shared row building

type SkuPlan = { color: string; size: string; price: number; origin_price: number; stock: number };
type ValueIds = Awaited<ReturnType<typeof attributeValueIds>>;

function valueIdOf(ids: Map<string, number>, name: string): number {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`attribute value ${name} was not created`);
  return id;
}

/** The SKU and image rows of one product, once its id is known. First image = main image. */
function childRows(goodsId: number, skus: SkuPlan[], colors: string[], withHoverImage: boolean, valueIds: ValueIds) {
  const urls = colors.flatMap((color, i) =>
    i === 0 && withHoverImage
      ? [goodsImageUrl(goodsId, color), goodsImageUrl(goodsId, color, 'alt')]
      : [goodsImageUrl(goodsId, color)],
  );
  const skuRows: Insertable<SkusTable>[] = skus.map((sku) => ({
    goods_id: goodsId,
    ...sku,
    image: goodsImageUrl(goodsId, sku.color),
    color_value_id: valueIdOf(valueIds.color, sku.color),
    size_value_id: valueIdOf(valueIds.size, sku.size),
  }));
  const imageRows: Insertable<GoodsImagesTable>[] = urls.map((url, sort) => ({ goods_id: goodsId, url, sort }));
  return { skuRows, imageRows };
}

/** A listing shows min_price and max_origin_price, so both follow from the SKUs. */
function priceSummary(skus: SkuPlan[]) {
  return {
    min_price: Math.min(...skus.map((s) => s.price)),
    max_origin_price: Math.max(...skus.map((s) => s.origin_price)),
  };
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) await insert(rows.slice(i, i + INSERT_BATCH));
}

// ---------------------------------------------------------------- test factories

let factoryCounter = 0;

/** Seed and test factory for a category. */
export async function buildCategory(
  db: Db,
  input: { name: string; url: string; parent_id?: number | null; icon?: string; image?: string; sort?: number },
): Promise<number> {
  const row = await db
    .insertInto('categories')
    .values({
      name: input.name,
      url: input.url,
      parent_id: input.parent_id ?? null,
      icon: input.icon ?? iconUrl(input.url),
      image: input.image ?? '',
      sort: input.sort ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Seed and test factory for a product: one SKU per colour x size at one price. Its image URLs
 * follow the seed's pattern; the files are not drawn.
 */
export async function buildGoods(
  db: Db,
  input: {
    category_id: number;
    name?: string;
    url?: string;
    description?: string;
    price_cents?: number;
    discount?: number;
    colors?: string[];
    sizes?: string[];
    stock?: number;
    status?: number;
    sales?: number;
    created_at?: number;
  },
): Promise<{ goodsId: number; skuIds: number[] }> {
  factoryCounter += 1;
  const name = input.name ?? `Test Cotton T-Shirt ${factoryCounter}`;
  const url = input.url ?? `${slugify(name)}-${Date.now().toString(36)}${factoryCounter}`;
  const price = input.price_cents ?? 4999;
  const discount = input.discount ?? 0;
  const colors = input.colors ?? ['Black'];
  const sizes = input.sizes ?? ['M'];
  const skus = colors.flatMap((color) =>
    sizes.map((size) => ({ color, size, price, origin_price: originPriceCents(price, discount), stock: input.stock ?? 10 })),
  );
  const now = input.created_at ?? Date.now();
  const goods = await db
    .insertInto('goods')
    .values({
      category_id: input.category_id,
      name,
      url,
      description: input.description ?? `${name}. Available in ${listOf(colors)}.`,
      ...priceSummary(skus),
      discount,
      status: input.status ?? 1,
      sales: input.sales ?? 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const valueIds = await attributeValueIds(db, { colors, sizes });
  const { skuRows, imageRows } = childRows(goods.id, skus, colors, false, valueIds);
  const inserted = await db.insertInto('skus').values(skuRows).returning('id').execute();
  await db.insertInto('goods_images').values(imageRows).execute();
  return { goodsId: goods.id, skuIds: inserted.map((r) => r.id).sort((a, b) => a - b) };
}

// ---------------------------------------------------------------- the demo catalogue

type GoodsPlan = {
  row: Omit<Insertable<GoodsTable>, 'category_id'>;
  leafUrl: string;
  kind: SilhouetteKind;
  colors: string[];
  skus: SkuPlan[];
  variation: number;
};

const listOf = (words: string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s-]+/)
    .map((w) => w.replace(/s$/, ''))
    .filter(Boolean);

/** Picks one word per group, back to front, leaving out a word the name already says ("Lace … Lace Heels"). */
function composeName(type: ProductType, random: Random): string {
  const groups = type.nameParts;
  const noun = random.pick(groups.at(-1) ?? ['Item']);
  const chosen = [noun];
  for (const group of groups.slice(0, -1).reverse()) {
    const word = random.pick(group);
    if (!word) continue;
    const taken = new Set(chosen.flatMap(wordsOf));
    if (wordsOf(word).some((w) => taken.has(w))) continue;
    chosen.unshift(word);
  }
  return chosen.join(' ');
}

/** The longest material the name spells out as whole words: "Faux Leather", not "Leather"; never the "Lace" of "Lace-Up". */
function materialNamedIn(name: string): string | undefined {
  const padded = ` ${name} `;
  return Object.keys(MATERIAL_WORDS)
    .filter((material) => padded.includes(` ${material} `))
    .sort((a, b) => b.length - a.length)[0];
}

/** Two to four sentences: material and fit, a detail, the colours, sometimes sizing advice. */
function describe(name: string, type: ProductType, colors: string[], random: Random): string {
  const named = materialNamedIn(name);
  const material = named ? MATERIAL_WORDS[named] : random.pick(type.materials);
  const lastWord = name.split(' ').at(-1) ?? '';
  const plural = /[^s]s$/.test(lastWord);
  const lowerName = name
    .split(' ')
    .map((w) => (/\d/.test(w) ? w : w.toLowerCase()))
    .join(' ');
  const sentences = [
    `${random.pick(['Made from', 'Crafted from'])} ${material}, ${plural ? 'these' : 'this'} ${lowerName} ${plural ? 'have' : 'has'} ${random.pick(type.fits)}.`,
    random.pick(type.details),
    `Available in ${listOf(colors)}.`,
  ];
  if (type.sizes.length > 1 && random.chance(0.4)) {
    sentences.push(
      type.sizes.includes('36')
        ? 'True to size; if you are between sizes, take the larger one.'
        : `Sizes ${type.sizes[0]} to ${type.sizes.at(-1)}.`,
    );
  }
  return sentences.join(' ');
}

function planGoods(type: ProductType, leafUrl: string, serial: number, usedNames: Set<string>, random: Random): GoodsPlan {
  let name = composeName(type, random);
  for (let attempt = 0; attempt < 20 && usedNames.has(name); attempt++) name = composeName(type, random);
  usedNames.add(name);

  const palette = [...new Set(type.colors)];
  const colors = random.sample(palette, random.int(2, Math.min(4, palette.length)));
  const [low, high] = type.priceRange;
  const basePrice = random.int(low, high) * 100 + 99;
  const discount = random.chance(0.5) ? 0 : random.pick(DISCOUNTS);
  // Some products charge a little more for the largest sizes.
  const upcharged = type.sizes.length >= 4 && random.chance(0.3) ? type.sizes.slice(-2) : [];
  const lowStock = random.chance(0.06);
  const skus = colors.flatMap((color) =>
    type.sizes.map((size) => {
      const price = basePrice + (upcharged.includes(size) ? 500 : 0);
      const stock = lowStock ? random.int(0, 3) : random.chance(0.12) ? 0 : random.int(1, 60);
      return { color, size, price, origin_price: originPriceCents(price, discount), stock };
    }),
  );
  const createdAt = CATALOG_SEED_EPOCH - random.int(1, 180 * 24 * 60) * 60_000;
  return {
    row: {
      name,
      url: `${slugify(name)}-${serial}`,
      description: describe(name, type, colors, random),
      ...priceSummary(skus),
      discount,
      status: random.chance(0.015) ? 0 : 1,
      sales: Math.floor(random.next() ** 3 * 3000),
      created_at: createdAt,
      updated_at: Math.min(CATALOG_SEED_EPOCH, createdAt + random.int(0, 10) * DAY_MS),
    },
    leafUrl,
    kind: type.kind,
    colors,
    skus,
    variation: random.next(),
  };
}

/** A category is pictured by its first product type: that type's noun, in one of its own colours. */
function showcase(leaf: LeafCategory, index: number) {
  const type = leaf.types[0];
  const colors = type?.colors ?? ['Navy'];
  return {
    kind: type?.kind ?? 'dress',
    name: type?.nameParts.at(-1)?.[0] ?? leaf.name,
    color: colors[(index + 1) % colors.length] ?? 'Navy',
  };
}
/** Kinds that read poorly at banner size without their context. */
const NOT_FOR_BANNERS = new Set<SilhouetteKind>(['veil', 'tiara', 'mat']);
const BANNER_TINTS: Record<string, [string, string]> = {
  clothings: ['#f4e8dd', '#e5d0bd'],
  shoes: ['#e9eef1', '#d2dce4'],
  hobbies: ['#e7f0e8', '#cfe1d4'],
  wedding: ['#efe4e4', '#dcc5c5'],
};

type MediaFile = { path: string; draw: () => string };

/**
 * Seeds the demo catalogue into an empty catalogue. Rows are written in one transaction;
 * pictures are drawn into `mediaDir` after it commits (skipped with `drawImages: false`, the
 * rows still name them).
 */
export async function seedCatalog(
  db: Db,
  opts: { mediaDir: string; goodsPerLeaf?: number; drawImages?: boolean },
): Promise<CatalogSeedResult> {
  const goodsPerLeaf = opts.goodsPerLeaf ?? DEFAULT_GOODS_PER_LEAF;
  const random = createRandom(PRNG_SEED);
  const files: MediaFile[] = [];
  const usedNames = new Set<string>();

  const plans: GoodsPlan[] = [];
  for (const top of CATALOG_TREE) {
    for (const leaf of top.leaves) {
      for (let i = 0; i < goodsPerLeaf; i++) {
        const type = leaf.types[i % leaf.types.length];
        if (type) plans.push(planGoods(type, leaf.url, plans.length + 1, usedNames, random));
      }
    }
  }

  const result = await db.transaction().execute(async (trx) => {
    const tops = await trx
      .insertInto('categories')
      .values(
        CATALOG_TREE.map((top, i) => ({
          name: top.name,
          url: top.url,
          parent_id: null,
          icon: iconUrl(top.url),
          image: bannerUrl(top.url),
          sort: i + 1,
        })),
      )
      .returning(['id', 'url'])
      .execute();
    const topIds = new Map(tops.map((c) => [c.url, c.id]));
    const leafRows = CATALOG_TREE.flatMap((top) =>
      top.leaves.map((leaf, i) => ({
        name: leaf.name,
        url: leaf.url,
        parent_id: topIds.get(top.url) ?? null,
        icon: iconUrl(leaf.url),
        image: '',
        sort: i + 1,
      })),
    );
    const leafIds = new Map<string, number>();
    await insertInBatches(leafRows, async (batch) => {
      for (const c of await trx.insertInto('categories').values(batch).returning(['id', 'url']).execute())
        leafIds.set(c.url, c.id);
    });

    // RETURNING does not promise row order, so ids are matched back by the unique url.
    const goodsIds = new Map<string, number>();
    await insertInBatches(plans, async (batch) => {
      const rows = batch.map((p) => {
        const categoryId = leafIds.get(p.leafUrl);
        if (categoryId === undefined) throw new Error(`category ${p.leafUrl} was not inserted`);
        return { ...p.row, category_id: categoryId };
      });
      for (const g of await trx.insertInto('goods').values(rows).returning(['id', 'url']).execute()) goodsIds.set(g.url, g.id);
    });

    const valueIds = await attributeValueIds(trx, {
      colors: plans.flatMap((p) => p.skus.map((s) => s.color)),
      sizes: plans.flatMap((p) => p.skus.map((s) => s.size)),
    });
    const skuRows: Insertable<SkusTable>[] = [];
    const imageRows: Insertable<GoodsImagesTable>[] = [];
    for (const plan of plans) {
      const goodsId = goodsIds.get(plan.row.url);
      if (goodsId === undefined) throw new Error(`goods ${plan.row.url} was not inserted`);
      const rows = childRows(goodsId, plan.skus, plan.colors, true, valueIds);
      skuRows.push(...rows.skuRows);
      imageRows.push(...rows.imageRows);
      plan.colors.forEach((color, i) => {
        const picture = { kind: plan.kind, name: plan.row.name, color, variation: plan.variation };
        files.push({ path: goodsImageUrl(goodsId, color), draw: () => drawProductSvg({ ...picture, view: 'main' }) });
        if (i === 0)
          files.push({ path: goodsImageUrl(goodsId, color, 'alt'), draw: () => drawProductSvg({ ...picture, view: 'alt' }) });
      });
    }
    await insertInBatches(skuRows, (batch) => trx.insertInto('skus').values(batch).execute());
    await insertInBatches(imageRows, (batch) => trx.insertInto('goods_images').values(batch).execute());
    return { categories: tops.length + leafRows.length, goods: plans.length, skus: skuRows.length, images: imageRows.length };
  });

  if (opts.drawImages ?? true) await writeMedia(opts.mediaDir, [...files, ...categoryArt()]);
  return result;
}

function categoryArt(): MediaFile[] {
  return CATALOG_TREE.flatMap((top) => {
    const topIcon = { ...showcase(top.leaves[0] ?? { name: top.name, url: top.url, types: [] }, 0), label: top.name };
    const bannerItems = top.leaves
      .map(showcase)
      .filter((item) => !NOT_FOR_BANNERS.has(item.kind))
      .slice(0, 4);
    return [
      { path: iconUrl(top.url), draw: () => drawCategoryIconSvg(topIcon) },
      {
        path: bannerUrl(top.url),
        draw: () =>
          drawBannerSvg({
            title: top.name,
            tagline: top.tagline,
            tint: BANNER_TINTS[top.url] ?? ['#f4efe9', '#e6ddd2'],
            items: bannerItems,
          }),
      },
      ...top.leaves.map((leaf, i) => ({
        path: iconUrl(leaf.url),
        draw: () => drawCategoryIconSvg({ ...showcase(leaf, i), label: leaf.name }),
      })),
    ];
  });
}

async function writeMedia(mediaDir: string, files: MediaFile[]) {
  const toPath = (url: string) => join(mediaDir, url.slice(MEDIA_URL.length + 1));
  for (const folder of ['goods', 'icons', 'banners']) await mkdir(join(mediaDir, folder), { recursive: true });
  // A few dozen writes in flight keep the disk busy without opening a file per picture at once.
  for (let i = 0; i < files.length; i += 64) {
    await Promise.all(files.slice(i, i + 64).map((file) => writeFile(toPath(file.path), file.draw())));
  }
}

import { randomUUID } from 'node:crypto';
import {
  BROWSING_HISTORY_KEPT,
  CATEGORY_HOME_GOODS,
  SUGGEST_CATEGORIES_MAX,
  SUGGEST_GOODS_MAX,
  type TCategory,
  type TClassifyDetailQuery,
  type TFacetValue,
  type TGoodsDetail,
  type TGoodsListItem,
  type TGoodsListing,
  type TGoodsPage,
  type TGoodsSearchQuery,
  type TIndexClassify,
  type TSuggestions,
  type TViewLogPage,
} from '@shop/contracts/catalog';
import { centsToPrice, originPriceCents, priceToCents } from '@shop/contracts/pricing';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { PubSub } from '../../infra/pubsub';
import type { AttributeKind } from './attributes';
import { CatalogCache } from './cache';
import { presentDetail, presentListItems } from './presenter';
import { catalogRepo, type GoodsRow, type ListingFilter, type ListingOrder, type ListingScope, ON_SALE } from './repo';
import { fullTextSearchOf, nameMatch, type TermGroup, Vocabulary, wordsOf } from './search';
import { pathOf, type Structure, structureReader, subtreeIds } from './structure';

/** Listing, search and product results are answered from memory this long (or until invalidated). */
const RESULT_TTL_MS = 15_000;
/** The search vocabulary follows the catalogue's words, which change only when goods are added or renamed. */
const VOCABULARY_TTL_MS = 600_000;
/** Every instance listens here for invalidations made by the others (architecture "Scale-out"). */
const INVALIDATION_CHANNEL = 'catalog:invalidate';

/** What other modules may use of the catalogue's SQL: a product on sale, and the pictures of goods. */
export { goodsImages, ON_SALE } from './repo';

export { CATEGORY_NOT_FOUND, categoriesWithDescendants } from './structure';
export const PRODUCT_NOT_FOUND = 'Product not found';

/** The listing's filters as the API receives them (ids and decimal USD). */
type FilterInput = { attribute_value_ids?: number[]; min_price?: number; max_price?: number };
type Paging = { page: number; pageSize: number };

type Deps = {
  db: Db;
  pubsub: PubSub;
  clock?: () => number;
  log?: { warn: (context: object, message: string) => void };
  /**
   * The goods among `goodsIds` the shopper has favourited. The wishlist provides it; without it
   * every is_favorited is 0.
   */
  favoritedAmong?: (userId: number, goodsIds: number[]) => Promise<Set<number>>;
  /** Called on this instance whenever catalogue answers are dropped (the rendered pages go with them). */
  onInvalidate?: (goodsId?: number) => void;
};

/** Round-robin over the groups: the first of each, then the second of each, and so on. */
function interleave<T>(groups: T[][]): T[] {
  const out: T[] = [];
  for (let i = 0; groups.some((group) => i < group.length); i++) {
    for (const group of groups) {
      const item = group[i];
      if (item !== undefined) out.push(item);
    }
  }
  return out;
}

export async function createCatalogService({ db, pubsub, clock = Date.now, log, favoritedAmong, onInvalidate }: Deps) {
  const repo = catalogRepo(db, fullTextSearchOf(db));
  const results = new CatalogCache(RESULT_TTL_MS);
  const instanceId = randomUUID();
  const structure = structureReader(repo);
  let vocabulary: { at: number; value: Promise<Vocabulary> } | undefined;

  function currentVocabulary(): Promise<Vocabulary> {
    if (vocabulary && Date.now() - vocabulary.at < VOCABULARY_TTL_MS) return vocabulary.value;
    const value = repo.vocabularyTexts().then((texts) => new Vocabulary(texts));
    const entry = { at: Date.now(), value };
    vocabulary = entry;
    value.catch(() => {
      if (vocabulary === entry) vocabulary = undefined;
    });
    return value;
  }

  function dropLocal(goodsId?: number) {
    results.invalidate(goodsId);
    onInvalidate?.(goodsId);
    if (goodsId === undefined) {
      structure.drop();
      vocabulary = undefined;
    }
  }

  await pubsub.subscribe(INVALIDATION_CHANNEL, (raw) => {
    try {
      const message = JSON.parse(raw) as { origin?: string; goodsId?: number | null; stockOnly?: boolean };
      if (message.origin === instanceId) return;
      if (message.stockOnly && typeof message.goodsId === 'number') results.invalidateProduct(message.goodsId);
      else dropLocal(typeof message.goodsId === 'number' ? message.goodsId : undefined);
    } catch {
      dropLocal();
    }
  });

  /** Drops what this instance and every other one keeps about one product (a price, stock) or the whole catalogue. */
  async function invalidate(goodsId?: number): Promise<void> {
    dropLocal(goodsId);
    try {
      await pubsub.publish(INVALIDATION_CHANNEL, JSON.stringify({ origin: instanceId, goodsId: goodsId ?? null }));
    } catch (error) {
      // The other instances' entries still expire within RESULT_TTL_MS.
      log?.warn({ err: error }, 'catalogue invalidation was not published');
    }
  }

  /**
   * A product's stock moved without changing what can be bought (no SKU sold out or came back):
   * only its own results are dropped, on every instance; lists and rendered pages stay.
   */
  async function stockMoved(goodsId: number): Promise<void> {
    results.invalidateProduct(goodsId);
    try {
      await pubsub.publish(INVALIDATION_CHANNEL, JSON.stringify({ origin: instanceId, goodsId, stockOnly: true }));
    } catch (error) {
      log?.warn({ err: error }, 'catalogue invalidation was not published');
    }
  }

  /** The shopper's favourites marked on already-presented items (cached items are shared, so copied). */
  async function personalise<T extends { id: number; is_favorited: 0 | 1 }>(items: T[], viewer?: number): Promise<T[]> {
    if (viewer === undefined || !favoritedAmong || items.length === 0) return items;
    const favourites = await favoritedAmong(
      viewer,
      items.map((item) => item.id),
    );
    // none of them a favourite: the shared items themselves, so a shared answer stays shared
    if (!items.some((item) => favourites.has(item.id))) return items;
    return items.map((item) => (favourites.has(item.id) ? { ...item, is_favorited: 1 } : item));
  }

  async function present(rows: GoodsRow[]): Promise<TGoodsListItem[]> {
    const ids = rows.map((row) => row.id);
    const [images, skus] = await Promise.all([repo.imagesOf(ids), repo.skusOf(ids)]);
    return presentListItems(rows, images, skus);
  }

  /** The filters with attribute ids split by dimension and prices in cents; unknown ids are a 400. */
  async function resolveFilter(input: FilterInput): Promise<ListingFilter> {
    const ids = input.attribute_value_ids ?? [];
    const s = await structure.knowing((s) => ids.filter((id) => !s.attributes.has(id)), repo.attributeValuesExist);
    const unknown = ids.filter((id) => !s.attributes.has(id));
    if (unknown.length > 0) throw AppError.field('attribute_value_ids', `Unknown attribute value: ${unknown.join(', ')}`);
    const kindOf = (id: number) => s.attributes.get(id)?.kind;
    return {
      colorIds: ids.filter((id) => kindOf(id) === 'color').sort((a, b) => a - b),
      sizeIds: ids.filter((id) => kindOf(id) === 'size').sort((a, b) => a - b),
      minCents: input.min_price === undefined ? undefined : priceToCents(input.min_price),
      maxCents: input.max_price === undefined ? undefined : priceToCents(input.max_price),
    };
  }

  /** Facet values in display order: those with matches, and those chosen (so they can be unchosen). */
  function facetValues(s: Structure, kind: AttributeKind, counts: Map<number, number>, chosen: number[]): TFacetValue[] {
    return s.ordered
      .filter((value) => value.kind === kind && ((counts.get(value.id) ?? 0) > 0 || chosen.includes(value.id)))
      .map((value) => ({ id: value.id, name: value.name, count: counts.get(value.id) ?? 0 }));
  }

  async function listing(
    scope: ListingScope,
    filter: ListingFilter,
    order: ListingOrder,
    paging: Paging,
  ): Promise<TGoodsListing> {
    const s = await structure.current();
    const offset = (paging.page - 1) * paging.pageSize;
    const [rows, total, span, colorCounts, sizeCounts] = await Promise.all([
      repo.listPage(scope, filter, order, paging.pageSize, offset),
      repo.count(scope, filter),
      repo.priceSpan(scope, filter),
      repo.facetCounts('color', scope, filter),
      repo.facetCounts('size', scope, filter),
    ]);
    return {
      data: await present(rows),
      total,
      page: paging.page,
      page_size: paging.pageSize,
      facets: {
        colors: facetValues(s, 'color', colorCounts, filter.colorIds),
        sizes: facetValues(s, 'size', sizeCounts, filter.sizeIds),
      },
      price: { min: centsToPrice(span.min), max: centsToPrice(span.max) },
    };
  }

  const filterKey = (filter: ListingFilter) => [
    filter.colorIds,
    filter.sizeIds,
    filter.minCents ?? null,
    filter.maxCents ?? null,
  ];

  /**
   * A cached result with the shopper's favourites marked. Unchanged, the shared object itself is
   * returned, so the route can send the JSON made once for it (see `okShared`).
   */
  async function withFavourites<R extends { data: TGoodsListItem[] }>(result: R, viewer?: number): Promise<R> {
    const data = await personalise(result.data, viewer);
    return data === result.data ? result : { ...result, data };
  }

  async function tree(): Promise<TCategory[]> {
    return (await structure.current()).tree;
  }

  return {
    tree,

    /** The subtree under one category (spec 7: GET /shop/goods/classify with id). */
    async subtree(id: number): Promise<TCategory[]> {
      return [await structure.categoryNode(id)];
    },

    /** Forgets what this instance read about the catalogue (after it was edited elsewhere than this service). */
    forget() {
      dropLocal();
    },

    invalidate,
    stockMoved,

    /** Whether `result` is still the shared result this instance answers with (see `CatalogCache.holds`). */
    holds(result: object): boolean {
      return results.holds(result);
    },

    /** GET /shop/goods/classifyDetail: a category with all its descendants, filtered, sorted and paged. */
    async classifyDetail(query: TClassifyDetailQuery, viewer?: number): Promise<TGoodsListing> {
      const node = await structure.categoryNode(query.classify_id);
      const filter = await resolveFilter(query);
      const paging = { page: query.page, pageSize: query.page_size };
      const key = JSON.stringify(['classify', node.id, query.type, paging.page, paging.pageSize, ...filterKey(filter)]);
      const result = await results.remember(key, () => listing({ categoryIds: subtreeIds(node) }, filter, query.type, paging));
      return withFavourites(result, viewer);
    },

    /** GET /shop/goods: search by name (typos forgiven); no name lists everything, newest first. */
    async search(query: TGoodsSearchQuery, viewer?: number): Promise<TGoodsListing> {
      const filter = await resolveFilter(query);
      const paging = { page: query.page, pageSize: query.page_size };
      const text = wordsOf(query.name ?? '').join(' ');
      const key = JSON.stringify(['search', text, query.type ?? null, paging.page, paging.pageSize, ...filterKey(filter)]);
      const result = await results.remember(key, async () => {
        const groups = text ? (await currentVocabulary()).rewrite(text) : [];
        const scope: ListingScope = groups.length > 0 ? { search: groups } : {};
        const order: ListingOrder =
          query.type && (query.type !== 'relevance' || scope.search) ? query.type : scope.search ? 'relevance' : 'newest';
        return listing(scope, filter, order, paging);
      });
      return withFavourites(result, viewer);
    },

    /** GET /shop/goods/suggest: the best goods and categories for what the shopper has typed so far. */
    async suggest(keyword: string): Promise<TSuggestions> {
      const text = wordsOf(keyword).join(' ');
      return results.remember(JSON.stringify(['suggest', text]), async () => {
        const groups: TermGroup[] = text ? (await currentVocabulary()).rewrite(text) : [];
        if (groups.length === 0) return { goods: [], categories: [] };
        const [rows, s] = await Promise.all([
          repo.listPage({ search: groups }, { colorIds: [], sizeIds: [] }, 'relevance', SUGGEST_GOODS_MAX, 0),
          structure.current(),
        ]);
        const images = await repo.imagesOf(rows.map((row) => row.id));
        const firstImage = new Map<number, string>();
        for (const image of images) if (!firstImage.has(image.goods_id)) firstImage.set(image.goods_id, image.url);
        const categories = [...s.categories.values()]
          .map(({ node }, order) => ({ node, order, words: wordsOf(node.name).length, score: nameMatch(node.name, groups) }))
          .filter((c): c is typeof c & { score: number } => c.score !== null)
          // The most exact matches first, then the shortest names ("Jackets" before "Denim Jackets").
          .sort((a, b) => b.score - a.score || a.words - b.words || a.order - b.order)
          .slice(0, SUGGEST_CATEGORIES_MAX);
        return {
          goods: rows.map((row) => ({
            id: row.id,
            name: row.name,
            url: row.url,
            image: firstImage.get(row.id) ?? '',
            min_price: centsToPrice(row.min_price),
          })),
          categories: categories.map(({ node }) => ({ id: node.id, name: node.name, url: node.url })),
        };
      });
    },

    /** GET /shop/goods/detail: the product page, by id or by url; hidden goods are not found. */
    async detail(by: { id: number } | { url: string }, viewer?: number): Promise<TGoodsDetail> {
      const key = JSON.stringify(['detail', 'id' in by ? by.id : by.url]);
      const product = await results.remember(
        key,
        async () => {
          const goods = await repo.findVisible(by);
          if (!goods) throw AppError.notFound(PRODUCT_NOT_FOUND);
          const [images, skus, s] = await Promise.all([repo.imagesOf([goods.id]), repo.skusOf([goods.id]), structure.current()]);
          return presentDetail(goods, images, skus, pathOf(s, goods.category_id));
        },
        (product) => product.id,
      );
      const [marked] = await personalise([product], viewer);
      return marked ?? product;
    },

    /** GET /api/hot/goods: best sellers across the shop. */
    async hot(paging: Paging, viewer?: number): Promise<TGoodsPage> {
      const key = JSON.stringify(['hot', paging.page, paging.pageSize]);
      const result = await results.remember(key, async () => {
        const none = { colorIds: [], sizeIds: [] };
        const [rows, total] = await Promise.all([
          repo.listPage({}, none, 'best_selling', paging.pageSize, (paging.page - 1) * paging.pageSize),
          repo.count({}, none),
        ]);
        return { data: await present(rows), total };
      });
      return withFavourites(result, viewer);
    },

    /** Per category holding on-sale goods: their total sales and latest change (home pages, sitemap). */
    async categoryStats(): Promise<{ sales: Map<number, number>; updatedAt: Map<number, number> }> {
      const sales = new Map<number, number>();
      const updatedAt = new Map<number, number>();
      for (const row of await repo.statsByCategory()) {
        sales.set(row.category_id, Number(row.sales));
        updatedAt.set(row.category_id, Number(row.updated_at));
      }
      return { sales, updatedAt };
    },

    /** The goods among `ids` that are on sale, in the order of `ids` (the home pages' chosen products). */
    async onSaleItems(ids: number[]): Promise<TGoodsListItem[]> {
      if (ids.length === 0) return [];
      const rows = await repo.listPage({ goodsIds: ids }, { colorIds: [], sizeIds: [] }, 'newest', ids.length, 0);
      const byId = new Map((await present(rows)).map((item) => [item.id, item]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** Every on-sale product's page address and last change (the sitemap). */
    productPages(): Promise<Array<{ url: string; updated_at: number }>> {
      return repo.onSaleUrls();
    },

    /** GET /api/get/index/classify: a category home page (its sub-categories and best sellers). */
    async categoryHome(id: number, viewer?: number): Promise<TIndexClassify> {
      const node = await structure.categoryNode(id);
      const result = await results.remember(JSON.stringify(['home', node.id]), async () => {
        const rows = await repo.listPage(
          { categoryIds: subtreeIds(node) },
          { colorIds: [], sizeIds: [] },
          'best_selling',
          CATEGORY_HOME_GOODS,
          0,
        );
        return {
          id: node.id,
          name: node.name,
          url: node.url,
          icon: node.icon,
          image: node.image,
          children: node.children,
          goods: await present(rows),
        };
      });
      const goods = await personalise(result.goods, viewer);
      return goods === result.goods ? result : { ...result, goods };
    },

    /** GET /api/recommend/goods: every top category's best sellers, taken in turns. */
    async recommend(paging: Paging, viewer?: number): Promise<TGoodsPage> {
      const key = JSON.stringify(['recommend', paging.page, paging.pageSize]);
      const result = await results.remember(key, async () => {
        const order = await results.remember('recommend-order', async () => {
          const [pool, s] = await Promise.all([repo.visibleBySales(), structure.current()]);
          const groups = new Map<number, number[]>(s.tree.map((top) => [top.id, []]));
          for (const goods of pool) {
            const top = pathOf(s, goods.category_id)[0];
            if (top) groups.get(top.id)?.push(goods.id);
          }
          return interleave([...groups.values()]);
        });
        const ids = order.slice((paging.page - 1) * paging.pageSize, paging.page * paging.pageSize);
        const rows = await repo.goodsByIds(ids);
        const byId = new Map(rows.map((row) => [row.id, row]));
        return { data: await present(ids.flatMap((id) => byId.get(id) ?? [])), total: order.length };
      });
      return withFavourites(result, viewer);
    },

    /** POST /shop/goods/addVisit: counts the visit and, for a signed-in shopper, records it in their history. */
    async addVisit(goodsId: number, userId?: number): Promise<void> {
      if (!(await repo.addVisit(goodsId))) throw AppError.notFound(PRODUCT_NOT_FOUND);
      if (userId !== undefined) await repo.recordViews(userId, [{ goodsId, at: clock() }], BROWSING_HISTORY_KEPT);
    },

    /** GET /api/productViewLog/index: the shopper's viewed goods, most recent first. */
    async history(userId: number, paging: Paging): Promise<TViewLogPage> {
      const { rows, total } = await repo.historyPage(userId, paging.pageSize, (paging.page - 1) * paging.pageSize);
      const items = await personalise(await present(rows), userId);
      return { data: items.map((item, i) => ({ ...item, viewed_at: Number(rows[i]?.viewed_at ?? 0) })), total };
    },

    /**
     * POST /api/productViewLog/batchSave: a guest's local history (most recent first) merged into the
     * account as just viewed, in that order; unknown and hidden goods are left out.
     */
    async mergeHistory(userId: number, goodsIds: number[]): Promise<{ saved: number }> {
      const unique = [...new Set(goodsIds)];
      const visible = await repo.visibleIds(unique);
      const now = clock();
      const views = unique.filter((id) => visible.has(id)).map((goodsId, i) => ({ goodsId, at: now - i }));
      await repo.recordViews(userId, views, BROWSING_HISTORY_KEPT);
      return { saved: views.length };
    },

    /**
     * Changes a SKU's price (cents), original price (cents) or stock, keeps the product's listing
     * prices in line, and drops every cached copy on every instance. A new price without an
     * original price gets the spec 9 original price under the product's discount.
     */
    async updateSku(
      skuId: number,
      change: { price?: number; origin_price?: number; stock?: number },
    ): Promise<{ goodsId: number }> {
      for (const [field, value] of Object.entries(change)) {
        if (value !== undefined && (!Number.isSafeInteger(value) || value < (field === 'stock' ? 0 : 1))) {
          throw AppError.field(
            field,
            `${field} must be a whole number${field === 'stock' ? ' of 0 or more' : ' of cents above 0'}`,
          );
        }
      }
      const goodsId = await repo.updateSku(
        skuId,
        (discount) => {
          const patch: { price?: number; origin_price?: number; stock?: number } = {};
          if (change.price !== undefined) {
            patch.price = change.price;
            patch.origin_price = change.origin_price ?? originPriceCents(change.price, discount);
          } else if (change.origin_price !== undefined) patch.origin_price = change.origin_price;
          if (change.stock !== undefined) patch.stock = change.stock;
          return patch;
        },
        clock(),
      );
      if (goodsId === undefined) throw AppError.notFound('SKU not found');
      await invalidate(goodsId);
      return { goodsId };
    },

    /** Puts a product on sale (1) or hides it (0) everywhere at once. */
    async setGoodsStatus(goodsId: number, status: 0 | 1): Promise<void> {
      if (!(await repo.setGoodsStatus(goodsId, status === 1 ? ON_SALE : 0, clock()))) throw AppError.notFound(PRODUCT_NOT_FOUND);
      await invalidate(goodsId);
    },
  };
}

export type CatalogService = Awaited<ReturnType<typeof createCatalogService>>;

/**
 * A product's SKU as the catalogue prices it now (cents), for a coupon's saving on the product
 * page: the SKU given, or the product's cheapest on sale; undefined for a product not on sale.
 */
export async function skuForPricing(db: Db, goodsId: number, skuId?: number) {
  return db
    .selectFrom('skus')
    .innerJoin('goods', 'goods.id', 'skus.goods_id')
    .select(['skus.id as sku_id', 'skus.goods_id', 'goods.category_id', 'skus.price', 'skus.origin_price'])
    .where('skus.goods_id', '=', goodsId)
    .where('goods.status', '=', ON_SALE)
    .$if(skuId !== undefined, (qb) => qb.where('skus.id', '=', skuId as number))
    .orderBy('skus.price')
    .orderBy('skus.id')
    .limit(1)
    .executeTakeFirst();
}

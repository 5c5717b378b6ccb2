import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { GoodsTable } from '../../db/schema';
import type { FullTextSearch, TermGroup } from './search';

/** goods.status of a product on sale; anything else is hidden from the storefront. */
export const ON_SALE = 1;

/** Which goods a listing draws from: a category subtree, a search, or the whole catalogue. */
export type ListingScope = { categoryIds?: number[]; search?: TermGroup[]; goodsIds?: number[] };
/** The shopper's filters: attribute value ids per dimension and a price range in cents. */
export type ListingFilter = { colorIds: number[]; sizeIds: number[]; minCents?: number; maxCents?: number };
export type ListingOrder = 'newest' | 'price_asc' | 'price_desc' | 'best_selling' | 'relevance';

export type GoodsRow = Pick<
  Selectable<GoodsTable>,
  'id' | 'name' | 'url' | 'description' | 'min_price' | 'max_origin_price' | 'discount' | 'sales' | 'category_id'
>;
export type SkuRow = {
  id: number;
  goods_id: number;
  color: string;
  size: string;
  color_value_id: number;
  size_value_id: number;
  price: number;
  origin_price: number;
  stock: number;
  image: string;
  size_sort: number;
};

const GOODS_COLUMNS = [
  'goods.id',
  'goods.name',
  'goods.url',
  'goods.description',
  'goods.min_price',
  'goods.max_origin_price',
  'goods.discount',
  'goods.sales',
  'goods.category_id',
] as const;

/** The catalogue's SQL. Engine differences live in `fullText` only. */
/** The pictures of these goods, in each product's order (one query for a whole page). */
export function goodsImages(db: Db, goodsIds: number[]): Promise<{ goods_id: number; url: string; alt: string }[]> {
  if (goodsIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('goods_images')
    .select(['goods_id', 'url', 'alt'])
    .where('goods_id', 'in', goodsIds)
    .orderBy('goods_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function catalogRepo(db: Db, fullText: FullTextSearch) {
  /**
   * Visible goods in the scope that pass the filters. `omit` leaves out one kind of filter, for
   * the facet counts (attributes) and the price span (price).
   */
  function filtered(scope: ListingScope, filter: ListingFilter, omit: { attributes?: boolean; price?: boolean } = {}) {
    const { categoryIds, search, goodsIds } = scope;
    const { colorIds, sizeIds, minCents, maxCents } = filter;
    const byAttributes = !omit.attributes && (colorIds.length > 0 || sizeIds.length > 0);
    return (
      db
        .selectFrom('goods')
        .where('goods.status', '=', ON_SALE)
        .$if(categoryIds !== undefined, (qb) => qb.where('goods.category_id', 'in', categoryIds ?? []))
        .$if(goodsIds !== undefined, (qb) => qb.where('goods.id', 'in', goodsIds ?? []))
        .$if(search !== undefined, (qb) =>
          qb.innerJoin(fullText.matches(search ?? []), (join) => join.onRef('m.goods_id', '=', 'goods.id')),
        )
        // Within a dimension the values are alternatives; across dimensions one in-stock SKU must have both.
        .$if(byAttributes, (qb) =>
          qb.where(({ exists, selectFrom }) =>
            exists(
              selectFrom('skus')
                .select('skus.id')
                .whereRef('skus.goods_id', '=', 'goods.id')
                .where('skus.stock', '>', 0)
                .$if(colorIds.length > 0, (q) => q.where('skus.color_value_id', 'in', colorIds))
                .$if(sizeIds.length > 0, (q) => q.where('skus.size_value_id', 'in', sizeIds)),
            ),
          ),
        )
        .$if(!omit.price && minCents !== undefined, (qb) => qb.where('goods.min_price', '>=', minCents ?? 0))
        .$if(!omit.price && maxCents !== undefined, (qb) => qb.where('goods.min_price', '<=', maxCents ?? 0))
    );
  }

  return {
    /** One page of the listing in the given order; ties fall to sales, then the newest id. */
    listPage(
      scope: ListingScope,
      filter: ListingFilter,
      order: ListingOrder,
      limit: number,
      offset: number,
    ): Promise<GoodsRow[]> {
      let query = filtered(scope, filter).select(GOODS_COLUMNS);
      if (order === 'relevance' && scope.search) query = query.orderBy(sql`m.score`, 'desc').orderBy('goods.sales', 'desc');
      else if (order === 'price_asc') query = query.orderBy('goods.min_price', 'asc').orderBy('goods.sales', 'desc');
      else if (order === 'price_desc') query = query.orderBy('goods.min_price', 'desc').orderBy('goods.sales', 'desc');
      else if (order === 'best_selling') query = query.orderBy('goods.sales', 'desc');
      else query = query.orderBy('goods.created_at', 'desc');
      return query.orderBy('goods.id', 'desc').limit(limit).offset(offset).execute();
    },

    async count(scope: ListingScope, filter: ListingFilter): Promise<number> {
      const row = await filtered(scope, filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The lowest and highest listing price of the matches, the price filter left out. */
    async priceSpan(scope: ListingScope, filter: ListingFilter): Promise<{ min: number; max: number }> {
      const row = await filtered(scope, filter, { price: true })
        .select((eb) => [eb.fn.min<number>('goods.min_price').as('min'), eb.fn.max<number>('goods.min_price').as('max')])
        .executeTakeFirstOrThrow();
      return { min: Number(row.min ?? 0), max: Number(row.max ?? 0) };
    },

    /**
     * Facet counts for one dimension: per value, the goods with an in-stock SKU of that value
     * (and of one of the other dimension's chosen values, if any), other filters applied.
     */
    async facetCounts(kind: 'color' | 'size', scope: ListingScope, filter: ListingFilter): Promise<Map<number, number>> {
      const others = kind === 'color' ? filter.sizeIds : filter.colorIds;
      const rows = await db
        .selectFrom('skus')
        .select((eb) => [
          eb.ref(kind === 'color' ? 'skus.color_value_id' : 'skus.size_value_id').as('value_id'),
          eb.fn.count<number>('skus.goods_id').distinct().as('n'),
        ])
        .where('skus.stock', '>', 0)
        .where('skus.goods_id', 'in', filtered(scope, filter, { attributes: true }).select('goods.id'))
        .$if(others.length > 0, (qb) => qb.where(kind === 'color' ? 'skus.size_value_id' : 'skus.color_value_id', 'in', others))
        .groupBy(kind === 'color' ? 'skus.color_value_id' : 'skus.size_value_id')
        .execute();
      return new Map(rows.map((row) => [row.value_id, Number(row.n)]));
    },

    /** Visible goods by id, in no particular order. */
    goodsByIds(ids: number[]): Promise<GoodsRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('goods')
        .select(GOODS_COLUMNS)
        .where('goods.status', '=', ON_SALE)
        .where('goods.id', 'in', ids)
        .execute();
    },

    /** A visible product by id or by url. */
    findVisible(by: { id: number } | { url: string }): Promise<GoodsRow | undefined> {
      return db
        .selectFrom('goods')
        .select(GOODS_COLUMNS)
        .where('goods.status', '=', ON_SALE)
        .$if('id' in by, (qb) => qb.where('goods.id', '=', 'id' in by ? by.id : 0))
        .$if('url' in by, (qb) => qb.where('goods.url', '=', 'url' in by ? by.url : ''))
        .executeTakeFirst();
    },

    /** Every visible product's id and category, best sellers first (the recommendations' pool). */
    visibleBySales(): Promise<{ id: number; category_id: number }[]> {
      return db
        .selectFrom('goods')
        .select(['id', 'category_id'])
        .where('status', '=', ON_SALE)
        .orderBy('sales', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Sales and the latest change of the on-sale goods, per category that holds any. */
    statsByCategory() {
      return db
        .selectFrom('goods')
        .select((eb) => [
          'category_id',
          eb.fn.sum<number | string>('sales').as('sales'),
          eb.fn.max<number | string>('updated_at').as('updated_at'),
        ])
        .where('status', '=', ON_SALE)
        .groupBy('category_id')
        .execute();
    },

    /** Every on-sale product's page address and last change (for the sitemap). */
    onSaleUrls() {
      return db.selectFrom('goods').select(['url', 'updated_at']).where('status', '=', ON_SALE).orderBy('id').execute();
    },

    imagesOf: (goodsIds: number[]) => goodsImages(db, goodsIds),

    /** The SKUs of these goods: colours in the product's own order, sizes in display order. */
    skusOf(goodsIds: number[]): Promise<SkuRow[]> {
      if (goodsIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('skus')
        .innerJoin('attribute_values as size_value', 'size_value.id', 'skus.size_value_id')
        .select([
          'skus.id',
          'skus.goods_id',
          'skus.color',
          'skus.size',
          'skus.color_value_id',
          'skus.size_value_id',
          'skus.price',
          'skus.origin_price',
          'skus.stock',
          'skus.image',
          'size_value.sort as size_sort',
        ])
        .where('skus.goods_id', 'in', goodsIds)
        .orderBy('skus.goods_id')
        .orderBy('skus.id')
        .execute();
    },

    categories() {
      return db.selectFrom('categories').selectAll().orderBy('sort').orderBy('id').execute();
    },

    /** True when some of these categories exist. */
    async categoriesExist(ids: number[]): Promise<boolean> {
      return ids.length > 0 && Boolean(await db.selectFrom('categories').select('id').where('id', 'in', ids).executeTakeFirst());
    },

    /** True when some of these attribute values exist. */
    async attributeValuesExist(ids: number[]): Promise<boolean> {
      return (
        ids.length > 0 && Boolean(await db.selectFrom('attribute_values').select('id').where('id', 'in', ids).executeTakeFirst())
      );
    },

    attributeValues() {
      return db.selectFrom('attribute_values').selectAll().orderBy('kind').orderBy('sort').orderBy('name').execute();
    },

    /** The texts the search vocabulary is built from. */
    async vocabularyTexts(): Promise<string[]> {
      const [goods, categories, values] = await Promise.all([
        db.selectFrom('goods').select(['name', 'description']).where('status', '=', ON_SALE).execute(),
        db.selectFrom('categories').select('name').execute(),
        db.selectFrom('attribute_values').select('name').where('kind', '=', 'color').execute(),
      ]);
      return [...goods.flatMap((g) => [g.name, g.description]), ...categories.map((c) => c.name), ...values.map((v) => v.name)];
    },

    /** Counts a product page visit; false when the product does not exist or is hidden. */
    async addVisit(goodsId: number): Promise<boolean> {
      const result = await db
        .updateTable('goods')
        .set((eb) => ({ visits: eb('visits', '+', 1) }))
        .where('id', '=', goodsId)
        .where('status', '=', ON_SALE)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The ids among these that are visible goods. */
    async visibleIds(ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('goods').select('id').where('status', '=', ON_SALE).where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },

    /**
     * Records views in a shopper's history: one row per product, a later view moving it up (an
     * earlier one never moves it down), and only the latest `keep` rows kept.
     */
    async recordViews(userId: number, views: { goodsId: number; at: number }[], keep: number) {
      if (views.length === 0) return;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('browsing_history')
          .values(views.map((v) => ({ user_id: userId, goods_id: v.goodsId, viewed_at: v.at })))
          .onConflict((oc) =>
            oc.columns(['user_id', 'goods_id']).doUpdateSet((eb) => ({
              viewed_at: eb
                .case()
                .when('excluded.viewed_at', '>', eb.ref('browsing_history.viewed_at'))
                .then(eb.ref('excluded.viewed_at'))
                .else(eb.ref('browsing_history.viewed_at'))
                .end(),
            })),
          )
          .execute();
        await trx
          .deleteFrom('browsing_history')
          .where('user_id', '=', userId)
          .where(
            'goods_id',
            'not in',
            trx
              .selectFrom('browsing_history')
              .select('goods_id')
              .where('user_id', '=', userId)
              .orderBy('viewed_at', 'desc')
              .orderBy('goods_id', 'desc')
              .limit(keep),
          )
          .execute();
      });
    },

    /** A page of a shopper's history over visible goods, most recent first, and its total. */
    async historyPage(userId: number, limit: number, offset: number) {
      const visible = db
        .selectFrom('browsing_history')
        .innerJoin('goods', 'goods.id', 'browsing_history.goods_id')
        .where('browsing_history.user_id', '=', userId)
        .where('goods.status', '=', ON_SALE);
      const [rows, total] = await Promise.all([
        visible
          .select([...GOODS_COLUMNS, 'browsing_history.viewed_at'])
          .orderBy('browsing_history.viewed_at', 'desc')
          .orderBy('goods.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        visible.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    /**
     * Changes one SKU and brings its product's listing prices (min_price, max_origin_price) in
     * line, in one transaction. Returns the product's id, or undefined for an unknown SKU.
     */
    async updateSku(
      skuId: number,
      patch: (
        discount: number,
        sku: { price: number; origin_price: number },
      ) => { price?: number; origin_price?: number; stock?: number },
      now: number,
    ): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const sku = await trx
          .selectFrom('skus')
          .innerJoin('goods', 'goods.id', 'skus.goods_id')
          .select(['skus.goods_id', 'skus.price', 'skus.origin_price', 'goods.discount'])
          .where('skus.id', '=', skuId)
          .executeTakeFirst();
        if (!sku) return undefined;
        const changes = patch(sku.discount, sku);
        if (Object.keys(changes).length === 0) return sku.goods_id;
        await trx.updateTable('skus').set(changes).where('id', '=', skuId).execute();
        const span = await trx
          .selectFrom('skus')
          .select((eb) => [eb.fn.min<number>('price').as('min_price'), eb.fn.max<number>('origin_price').as('max_origin_price')])
          .where('goods_id', '=', sku.goods_id)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('goods')
          .set({ min_price: Number(span.min_price), max_origin_price: Number(span.max_origin_price), updated_at: now })
          .where('id', '=', sku.goods_id)
          .execute();
        return sku.goods_id;
      });
    },

    async setGoodsStatus(goodsId: number, status: number, now: number): Promise<boolean> {
      const result = await db.updateTable('goods').set({ status, updated_at: now }).where('id', '=', goodsId).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type CatalogRepo = ReturnType<typeof catalogRepo>;

/** The SKUs' stock, moved only by conditional changes: it never goes below zero, whatever runs at once. */
export function stockRepo(db: Db) {
  return {
    /** Takes `num` from the SKU if it has them: the stock left, or undefined when it has fewer. */
    async take(skuId: number, num: number): Promise<number | undefined> {
      const row = await db
        .updateTable('skus')
        .set((eb) => ({ stock: eb('stock', '-', num) }))
        .where('id', '=', skuId)
        .where('stock', '>=', num)
        .returning('stock')
        .executeTakeFirst();
      return row?.stock;
    },

    /** Gives `num` back to the SKU: the stock now, or undefined when the SKU is gone. */
    async give(skuId: number, num: number): Promise<number | undefined> {
      const row = await db
        .updateTable('skus')
        .set((eb) => ({ stock: eb('stock', '+', num) }))
        .where('id', '=', skuId)
        .returning('stock')
        .executeTakeFirst();
      return row?.stock;
    },

    async stockOf(skuId: number): Promise<number> {
      const row = await db.selectFrom('skus').select('stock').where('id', '=', skuId).executeTakeFirst();
      return row?.stock ?? 0;
    },
  };
}

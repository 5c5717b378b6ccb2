import type { ProductSort, ProductVisibility } from '@shop/contracts/catalog-admin-rules';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { GoodsTable, SkusTable } from '../../db/schema';
import { goodsImages, ON_SALE } from './repo';

/** The back office's catalogue SQL (decision 0043): what staff list, edit and import. */

export type AdminListFilter = {
  q: string;
  categoryIds?: number[];
  visibility: ProductVisibility;
  sort: ProductSort;
  limit: number;
  offset: number;
};

export type AdminSkuRow = {
  id: number;
  goods_id: number;
  color: string;
  size: string;
  price: number;
  origin_price: number;
  stock: number;
  image: string;
};

/** `%` and `_` taken literally in a LIKE pattern. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function catalogAdminRepo(db: Db) {
  function listed(filter: Omit<AdminListFilter, 'sort' | 'limit' | 'offset'>) {
    const q = filter.q.trim().toLowerCase();
    const asId = /^\d{1,9}$/.test(q) ? Number(q) : null;
    return db
      .selectFrom('goods')
      .innerJoin('categories', 'categories.id', 'goods.category_id')
      .$if(filter.categoryIds !== undefined, (qb) => qb.where('goods.category_id', 'in', filter.categoryIds ?? []))
      .$if(filter.visibility === 'shown', (qb) => qb.where('goods.status', '=', ON_SALE))
      .$if(filter.visibility === 'hidden', (qb) => qb.where('goods.status', '<>', ON_SALE))
      .$if(q !== '', (qb) =>
        qb.where((eb) => {
          const pattern = `%${likeEscaped(q)}%`;
          const either = [
            eb(sql`lower(goods.name)`, 'like', sql`${pattern} escape '\\'`),
            eb(sql`lower(goods.url)`, 'like', sql`${pattern} escape '\\'`),
          ];
          if (asId !== null) either.push(eb('goods.id', '=', asId));
          return eb.or(either);
        }),
      );
  }

  return {
    async page(filter: AdminListFilter) {
      let query = listed(filter).select((eb) => [
        'goods.id',
        'goods.name',
        'goods.url',
        'goods.category_id',
        'categories.name as category_name',
        'goods.status',
        'goods.min_price',
        'goods.updated_at',
        eb
          .selectFrom('skus')
          .select((inner) => inner.fn.coalesce(inner.fn.sum<number | string>('skus.stock'), inner.lit(0)).as('n'))
          .whereRef('skus.goods_id', '=', 'goods.id')
          .as('stock'),
        eb
          .selectFrom('skus')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .whereRef('skus.goods_id', '=', 'goods.id')
          .as('skus'),
      ]);
      if (filter.sort === 'oldest') query = query.orderBy('goods.created_at', 'asc').orderBy('goods.id', 'asc');
      else if (filter.sort === 'name') query = query.orderBy(sql`lower(goods.name)`).orderBy('goods.id');
      else if (filter.sort === 'price_asc') query = query.orderBy('goods.min_price', 'asc').orderBy('goods.id', 'desc');
      else if (filter.sort === 'price_desc') query = query.orderBy('goods.min_price', 'desc').orderBy('goods.id', 'desc');
      else if (filter.sort === 'stock_asc') query = query.orderBy(sql`stock`, 'asc').orderBy('goods.id', 'desc');
      else query = query.orderBy('goods.created_at', 'desc').orderBy('goods.id', 'desc');
      const [rows, total] = await Promise.all([
        query.limit(filter.limit).offset(filter.offset).execute(),
        listed(filter)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map((row) => ({ ...row, stock: Number(row.stock ?? 0), skus: Number(row.skus ?? 0) })),
        total: Number(total.n),
      };
    },

    goods(id: number) {
      return db.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Every product's row, for the export, in id order. */
    allGoods() {
      return db.selectFrom('goods').selectAll().orderBy('id').execute();
    },

    skusOf(goodsIds: number[]): Promise<AdminSkuRow[]> {
      if (goodsIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('skus')
        .select(['id', 'goods_id', 'color', 'size', 'price', 'origin_price', 'stock', 'image'])
        .where('goods_id', 'in', goodsIds)
        .orderBy('goods_id')
        .orderBy('id')
        .execute();
    },

    /** Every SKU with its product's name, for the stock export. */
    allSkus() {
      return db
        .selectFrom('skus')
        .innerJoin('goods', 'goods.id', 'skus.goods_id')
        .select(['skus.id', 'skus.goods_id', 'goods.name', 'skus.color', 'skus.size', 'skus.stock'])
        .orderBy('skus.goods_id')
        .orderBy('skus.id')
        .execute();
    },

    imagesOf: (goodsIds: number[]) => goodsImages(db, goodsIds),

    async urlTaken(url: string, exceptId?: number): Promise<boolean> {
      const row = await db
        .selectFrom('goods')
        .select('id')
        .where('url', '=', url)
        .$if(exceptId !== undefined, (qb) => qb.where('id', '<>', exceptId ?? 0))
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertGoods(row: Insertable<GoodsTable>): Promise<number> {
      const inserted = await db.insertInto('goods').values(row).returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    },

    async updateGoods(id: number, row: Updateable<GoodsTable>) {
      await db.updateTable('goods').set(row).where('id', '=', id).execute();
    },

    async deleteSkus(ids: number[]) {
      if (ids.length > 0) await db.deleteFrom('skus').where('id', 'in', ids).execute();
    },

    async updateSku(id: number, row: Updateable<SkusTable>) {
      await db.updateTable('skus').set(row).where('id', '=', id).execute();
    },

    async insertSku(row: Insertable<SkusTable>) {
      await db.insertInto('skus').values(row).execute();
    },

    /** The product's listing prices follow its SKUs. */
    async refreshPrices(goodsId: number, at: number) {
      const span = await db
        .selectFrom('skus')
        .select((eb) => [eb.fn.min<number>('price').as('min_price'), eb.fn.max<number>('origin_price').as('max_origin_price')])
        .where('goods_id', '=', goodsId)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('goods')
        .set({ min_price: Number(span.min_price ?? 0), max_origin_price: Number(span.max_origin_price ?? 0), updated_at: at })
        .where('id', '=', goodsId)
        .execute();
    },

    async replaceImages(goodsId: number, images: { url: string; alt: string }[]) {
      await db.deleteFrom('goods_images').where('goods_id', '=', goodsId).execute();
      if (images.length > 0) {
        await db
          .insertInto('goods_images')
          .values(images.map((image, sort) => ({ goods_id: goodsId, url: image.url, alt: image.alt, sort })))
          .execute();
      }
    },

    skusByIds(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('skus').select(['id', 'goods_id', 'stock']).where('id', 'in', ids).orderBy('id').execute();
    },

    async setStock(skuId: number, stock: number) {
      await db.updateTable('skus').set({ stock }).where('id', '=', skuId).execute();
    },

    async touchGoods(goodsId: number, at: number) {
      await db.updateTable('goods').set({ updated_at: at }).where('id', '=', goodsId).execute();
    },

    // ------------------------------------------------------------ categories

    async categories() {
      const [rows, counts] = await Promise.all([
        db.selectFrom('categories').select(['id', 'parent_id', 'name', 'url', 'sort']).orderBy('sort').orderBy('id').execute(),
        db
          .selectFrom('goods')
          .select((eb) => ['category_id', eb.fn.countAll<number | string>().as('n')])
          .groupBy('category_id')
          .execute(),
      ]);
      const goods = new Map(counts.map((row) => [row.category_id, Number(row.n)]));
      return rows.map((row) => ({ ...row, goods: goods.get(row.id) ?? 0 }));
    },

    category(id: number) {
      return db
        .selectFrom('categories')
        .select(['id', 'parent_id', 'name', 'url', 'sort'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async categoryUrlTaken(url: string, exceptId?: number): Promise<boolean> {
      const row = await db
        .selectFrom('categories')
        .select('id')
        .where('url', '=', url)
        .$if(exceptId !== undefined, (qb) => qb.where('id', '<>', exceptId ?? 0))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The children of `parentId` (null: the top) in display order. */
    siblings(parentId: number | null) {
      return db
        .selectFrom('categories')
        .select(['id', 'sort'])
        .$if(parentId === null, (qb) => qb.where('parent_id', 'is', null))
        .$if(parentId !== null, (qb) => qb.where('parent_id', '=', parentId ?? 0))
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    async insertCategory(row: { name: string; url: string; parent_id: number | null; sort: number }): Promise<number> {
      const inserted = await db
        .insertInto('categories')
        .values({ ...row, icon: '', image: '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    async updateCategory(id: number, row: { name?: string; url?: string; parent_id?: number | null; sort?: number }) {
      await db.updateTable('categories').set(row).where('id', '=', id).execute();
    },
  };
}

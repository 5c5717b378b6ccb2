import type { Db } from '../../db/database';
import { goodsImages, ON_SALE } from '../catalog';

/** The wishlist's SQL: one row per (shopper, product), made once however often it is added. */
export function wishlistRepo(db: Db) {
  return {
    /**
     * One page of the wishlist over goods on sale, newest first, each row carrying the count of all
     * such entries.
     */
    listPage(userId: number, limit: number, offset: number) {
      return db
        .selectFrom('favorites')
        .innerJoin('goods', 'goods.id', 'favorites.goods_id')
        .select((eb) => [
          'favorites.id',
          'favorites.goods_id',
          'favorites.created_at',
          'goods.name',
          'goods.url',
          'goods.min_price',
          'goods.max_origin_price',
          'goods.discount',
          eb.fn.countAll<number>().over().as('total'),
        ])
        .where('favorites.user_id', '=', userId)
        .where('goods.status', '=', ON_SALE)
        .orderBy('favorites.created_at', 'desc')
        .orderBy('favorites.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async count(userId: number): Promise<number> {
      const row = await db
        .selectFrom('favorites')
        .innerJoin('goods', 'goods.id', 'favorites.goods_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('favorites.user_id', '=', userId)
        .where('goods.status', '=', ON_SALE)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    imagesOf: (goodsIds: number[]) => goodsImages(db, goodsIds),

    async isOnSale(goodsId: number): Promise<boolean> {
      const row = await db
        .selectFrom('goods')
        .select('id')
        .where('id', '=', goodsId)
        .where('status', '=', ON_SALE)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The shopper's entry for the product, made if missing (a repeat or a race finds the same row). */
    async add(userId: number, goodsId: number, now: number): Promise<number> {
      const inserted = await db
        .insertInto('favorites')
        .values({ user_id: userId, goods_id: goodsId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'goods_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return inserted.id;
      const existing = await db
        .selectFrom('favorites')
        .select('id')
        .where('user_id', '=', userId)
        .where('goods_id', '=', goodsId)
        .executeTakeFirstOrThrow();
      return existing.id;
    },

    async deleteById(userId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom('favorites').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deleteByGoods(userId: number, goodsId: number): Promise<number> {
      const result = await db
        .deleteFrom('favorites')
        .where('user_id', '=', userId)
        .where('goods_id', '=', goodsId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The goods among `goodsIds` on the shopper's wishlist. */
    async favouredAmong(userId: number, goodsIds: number[]): Promise<number[]> {
      if (goodsIds.length === 0) return [];
      const rows = await db
        .selectFrom('favorites')
        .select('goods_id')
        .where('user_id', '=', userId)
        .where('goods_id', 'in', goodsIds)
        .execute();
      return rows.map((row) => row.goods_id);
    },

    /** Every product on the shopper's wishlist. */
    async allGoodsIds(userId: number): Promise<number[]> {
      const rows = await db.selectFrom('favorites').select('goods_id').where('user_id', '=', userId).execute();
      return rows.map((row) => row.goods_id);
    },
  };
}

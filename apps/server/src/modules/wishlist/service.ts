import { centsToPrice } from '@shop/contracts/pricing';
import type { TWishlistItem, TWishlistPage } from '@shop/contracts/wishlist';
import { WishlistMessages } from '@shop/contracts/wishlist';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { PRODUCT_NOT_FOUND } from '../catalog';
import { wishlistRepo } from './repo';

type Deps = { db: Db; clock?: () => number };
type Paging = { page: number; pageSize: number };

/**
 * The shopper's wishlist (spec 4 "Favourite toggle", spec 7): adding is idempotent, removing works
 * by entry id or by product, and only goods on sale can be added or are listed.
 */
export function createWishlistService({ db, clock = Date.now }: Deps) {
  const repo = wishlistRepo(db);

  return {
    /** GET /shop/user_favorite/list: newest first, with each product's url and pictures. */
    async list(userId: number, paging: Paging): Promise<TWishlistPage> {
      const offset = (paging.page - 1) * paging.pageSize;
      const rows = await repo.listPage(userId, paging.pageSize, offset);
      const images = await repo.imagesOf(rows.map((row) => row.goods_id));
      const imagesOf = new Map<number, string[]>();
      for (const image of images) {
        const list = imagesOf.get(image.goods_id);
        if (list) list.push(image.url);
        else imagesOf.set(image.goods_id, [image.url]);
      }
      const data: TWishlistItem[] = rows.map((row) => ({
        id: row.id,
        goods_id: row.goods_id,
        name: row.name,
        url: row.url,
        images: imagesOf.get(row.goods_id) ?? [],
        min_price: centsToPrice(row.min_price),
        max_origin_price: centsToPrice(row.max_origin_price),
        discount: row.discount,
        discount_enabled: row.discount > 0 ? 1 : 0,
        created_at: Number(row.created_at),
      }));
      const total = rows[0] ? Number(rows[0].total) : offset === 0 ? 0 : await repo.count(userId);
      return { data, total };
    },

    /** POST /shop/user_favorite/add and /shop/goods/favorite: the entry for the product, made once. */
    async add(userId: number, goodsId: number): Promise<{ id: number }> {
      if (!(await repo.isOnSale(goodsId))) throw AppError.notFound(PRODUCT_NOT_FOUND);
      return { id: await repo.add(userId, goodsId, clock()) };
    },

    /** POST /shop/user_favorite/delete: one of the shopper's entries. */
    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.deleteById(userId, id))) throw AppError.notFound(WishlistMessages.missing);
    },

    /** POST /shop/goods/unfavorite: the product off the wishlist (already off is no error). */
    async removeGoods(userId: number, goodsId: number): Promise<{ removed: number }> {
      return { removed: await repo.deleteByGoods(userId, goodsId) };
    },

    /** GET /shop/user_favorite/goodsIds: every product the shopper has favourited. */
    async goodsIds(userId: number): Promise<{ goods_ids: number[] }> {
      return { goods_ids: await repo.allGoodsIds(userId) };
    },

    /** The catalogue's `favoritedAmong` hook: which of these goods the shopper has favourited. */
    async favoritedAmong(userId: number, goodsIds: number[]): Promise<Set<number>> {
      return new Set(await repo.favouredAmong(userId, goodsIds));
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;

import type { Db } from '../../db/database';

/** The wishlist's part of an account's erasure and export (decision 0026). */

/** Removes every favourite of the shopper in `trx`. */
export async function eraseWishlist(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('favorites').where('user_id', '=', userId).execute();
}

/** The shopper's favourites, with each product's name. */
export function wishlistOf(db: Db, userId: number) {
  return db
    .selectFrom('favorites')
    .innerJoin('goods', 'goods.id', 'favorites.goods_id')
    .select(['favorites.goods_id', 'goods.name', 'goods.url', 'favorites.created_at'])
    .where('favorites.user_id', '=', userId)
    .orderBy('favorites.id')
    .execute();
}

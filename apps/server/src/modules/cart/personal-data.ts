import type { Db } from '../../db/database';

/** The bag's part of an account's erasure and export (decision 0026). */

/** Empties the shopper's bag in `trx`. */
export async function eraseCart(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('cart_items').where('user_id', '=', userId).execute();
}

/** The shopper's bag lines. */
export function cartOf(db: Db, userId: number) {
  return db
    .selectFrom('cart_items')
    .select(['goods_id', 'sku_id', 'num', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

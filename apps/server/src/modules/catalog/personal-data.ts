import type { Db } from '../../db/database';

/** The catalogue's part of an account's erasure and export: the browsing history (decision 0026). */

/** Forgets every product the shopper viewed, in `trx`. */
export async function eraseBrowsingHistory(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('browsing_history').where('user_id', '=', userId).execute();
}

/** The products the shopper viewed, most recent first. */
export function browsingHistoryOf(db: Db, userId: number) {
  return db
    .selectFrom('browsing_history')
    .innerJoin('goods', 'goods.id', 'browsing_history.goods_id')
    .select(['browsing_history.goods_id', 'goods.name', 'goods.url', 'browsing_history.viewed_at'])
    .where('browsing_history.user_id', '=', userId)
    .orderBy('browsing_history.viewed_at', 'desc')
    .execute();
}

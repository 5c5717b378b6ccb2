import type { Db } from '../db/database';

/** Seed and test factory for a line in a shopper's bag: `num` pieces of one SKU, its product looked up. */
export async function buildCartLine(
  db: Db,
  input: { user_id: number; sku_id: number; num: number; goods_id?: number },
  at = Date.now(),
): Promise<number> {
  const goodsId =
    input.goods_id ??
    (await db.selectFrom('skus').select('goods_id').where('id', '=', input.sku_id).executeTakeFirstOrThrow()).goods_id;
  const row = await db
    .insertInto('cart_items')
    .values({ user_id: input.user_id, goods_id: goodsId, sku_id: input.sku_id, num: input.num, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

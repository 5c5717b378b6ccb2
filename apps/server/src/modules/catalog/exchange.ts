import type { Db } from '../../db/database';
import { specText } from './presenter';

/**
 * The catalogue's part of an exchange (decision 0047): the other sizes and colours of a product,
 * with their price and stock. Reserving and releasing the replacement go through `stock.ts`.
 */
export async function siblingSkus(db: Db, goodsId: number) {
  const rows = await db
    .selectFrom('skus')
    .select(['id', 'goods_id', 'color', 'size', 'price', 'stock', 'image'])
    .where('goods_id', '=', goodsId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, sku_text: specText(row.color, row.size) }));
}

export async function skuForExchange(db: Db, skuId: number) {
  const row = await db
    .selectFrom('skus')
    .select(['id', 'goods_id', 'color', 'size', 'price', 'stock', 'image'])
    .where('id', '=', skuId)
    .executeTakeFirst();
  return row && { ...row, sku_text: specText(row.color, row.size) };
}

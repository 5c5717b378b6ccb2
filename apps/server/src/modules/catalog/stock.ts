import type { Db } from '../../db/database';
import { ON_SALE, stockRepo } from './repo';

/**
 * The catalogue's stock, as orders move it. Both functions run in the caller's transaction and
 * take the SKUs in ascending id order, the lock order of every flow that touches them, so two
 * orders never wait on each other's SKUs in a circle.
 */

/** A product whose stock moved; `availability` when a SKU of it sold out or came back. */
export type StockChange = { goodsId: number; availability: boolean };

/** What an order line holds of a SKU. */
export type StockLine = { sku_id: number; goods_id: number; num: number };

const bySkuId = <T extends StockLine>(lines: T[]) => [...lines].sort((a, b) => a.sku_id - b.sku_id);

/**
 * Reserves each line's pieces by a conditional decrement. Stops at the first line its SKU cannot
 * cover and answers it with the stock the SKU has (the caller rolls the transaction back);
 * otherwise answers how each product's stock moved (a SKU that sold out changes what listings show).
 */
export async function reserveStock<T extends StockLine>(
  trx: Db,
  lines: T[],
): Promise<{ changes: StockChange[]; short?: { line: T; stock: number } }> {
  const stock = stockRepo(trx);
  const changes: StockChange[] = [];
  for (const line of bySkuId(lines)) {
    const left = await stock.take(line.sku_id, line.num);
    if (left === undefined) return { changes, short: { line, stock: await stock.stockOf(line.sku_id) } };
    changes.push({ goodsId: line.goods_id, availability: left === 0 });
  }
  return { changes };
}

/** Gives each line's pieces back (an order cancelled); a SKU back from sold out changes what listings show. */
export async function releaseStock(trx: Db, lines: StockLine[]): Promise<StockChange[]> {
  const stock = stockRepo(trx);
  const changes: StockChange[] = [];
  for (const line of bySkuId(lines)) {
    const now = await stock.give(line.sku_id, line.num);
    changes.push({ goodsId: line.goods_id, availability: now === line.num });
  }
  return changes;
}

/** SKUs of products on sale holding `atMost` units or fewer: how many, and the lowest first. */
export async function lowStock(db: Db, atMost: number, limit: number) {
  const base = db
    .selectFrom('skus')
    .innerJoin('goods', 'goods.id', 'skus.goods_id')
    .where('goods.status', '=', ON_SALE)
    .where('skus.stock', '<=', atMost);
  const [count, items] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['skus.id as sku_id', 'skus.goods_id', 'goods.name', 'skus.color', 'skus.size', 'skus.stock'])
      .orderBy('skus.stock')
      .orderBy('skus.id')
      .limit(limit)
      .execute(),
  ]);
  return {
    low: Number(count.n),
    items: items.map((row) => ({
      goods_id: row.goods_id,
      sku_id: row.sku_id,
      name: row.name,
      sku_text: [row.color, row.size].filter(Boolean).join(' / '),
      stock: row.stock,
    })),
  };
}

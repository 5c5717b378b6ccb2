import { CART_LINE_MAX } from '@shop/contracts/cart';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/engine';
import type { Database } from '../../db/schema';

/** A bag line with its product and SKU as they are now (the list's one query). */
export type CartRow = {
  id: number;
  goods_id: number;
  sku_id: number;
  num: number;
  created_at: number;
  name: string;
  url: string;
  goods_status: number;
  color: string;
  size: string;
  price: number;
  origin_price: number;
  stock: number;
  sku_image: string;
  goods_image: string | null;
  total_lines: number;
};

/** What an add needs to know about a SKU, and about the shopper's bag, in one read. */
export type SkuForBag = {
  id: number;
  goods_id: number;
  stock: number;
  goods_status: number;
  name: string;
  color: string;
  size: string;
  /** pieces of this SKU already in the shopper's bag (null: no line) */
  in_bag: number | null;
  /** lines in the shopper's bag */
  lines: number;
};

/** The bag's SQL. Stock guards are written into the statements, so a race can never push a line above stock. */
export function cartRepo(db: Db) {
  const onPostgres = isPostgres(db);

  /** `cart_items.num + excluded.num`: the line's quantity after an upsert adds to it. */
  const summed = sql<number>`${sql.ref('cart_items.num')} + ${sql.ref('excluded.num')}`;

  return {
    /** One page of the bag, newest line first, with the bag's line count on every row. */
    listPage(userId: number, limit: number, offset: number): Promise<CartRow[]> {
      return db
        .selectFrom('cart_items')
        .innerJoin('skus', 'skus.id', 'cart_items.sku_id')
        .innerJoin('goods', 'goods.id', 'cart_items.goods_id')
        .select((eb) => [
          'cart_items.id',
          'cart_items.goods_id',
          'cart_items.sku_id',
          'cart_items.num',
          'cart_items.created_at',
          'goods.name',
          'goods.url',
          'goods.status as goods_status',
          'skus.color',
          'skus.size',
          'skus.price',
          'skus.origin_price',
          'skus.stock',
          'skus.image as sku_image',
          eb
            .selectFrom('goods_images')
            .select('goods_images.url')
            .whereRef('goods_images.goods_id', '=', 'cart_items.goods_id')
            .orderBy('goods_images.sort')
            .orderBy('goods_images.id')
            .limit(1)
            .as('goods_image'),
          eb.fn.countAll<number>().over().as('total_lines'),
        ])
        .where('cart_items.user_id', '=', userId)
        .orderBy('cart_items.created_at', 'desc')
        .orderBy('cart_items.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countLines(userId: number): Promise<number> {
      const row = await db
        .selectFrom('cart_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The SKU with its product, and what the shopper's bag holds of it. */
    async skuForBag(userId: number, skuId: number): Promise<SkuForBag | undefined> {
      const row = await db
        .selectFrom('skus')
        .innerJoin('goods', 'goods.id', 'skus.goods_id')
        .select((eb) => [
          'skus.id',
          'skus.goods_id',
          'skus.stock',
          'goods.status as goods_status',
          'goods.name',
          'skus.color',
          'skus.size',
          eb
            .selectFrom('cart_items')
            .select('cart_items.num')
            .where('cart_items.user_id', '=', userId)
            .whereRef('cart_items.sku_id', '=', 'skus.id')
            .as('in_bag'),
          eb
            .selectFrom('cart_items')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .where('cart_items.user_id', '=', userId)
            .as('lines'),
        ])
        .where('skus.id', '=', skuId)
        .executeTakeFirst();
      return row ? { ...row, lines: Number(row.lines ?? 0) } : undefined;
    },

    /**
     * Adds `num` pieces: a new line, or the existing line of the SKU raised by `num` (the unique
     * (user_id, sku_id) makes concurrent adds meet on one row). The raise happens only while the
     * sum stays within the SKU's stock and the line limit, read in the same statement; otherwise
     * nothing changes and undefined is returned.
     */
    addPieces(
      line: { userId: number; goodsId: number; skuId: number; num: number },
      now: number,
    ): Promise<{ id: number; num: number } | undefined> {
      return db
        .insertInto('cart_items')
        .values({
          user_id: line.userId,
          goods_id: line.goodsId,
          sku_id: line.skuId,
          num: line.num,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'sku_id'])
            .doUpdateSet({ num: summed, updated_at: now })
            .where(({ and, eb, selectFrom }) =>
              and([
                eb(summed, '<=', CART_LINE_MAX),
                eb(summed, '<=', selectFrom('skus').select('skus.stock').whereRef('skus.id', '=', 'cart_items.sku_id')),
              ]),
            ),
        )
        .returning(['id', 'num'])
        .executeTakeFirst();
    },

    /**
     * Sets a line's quantity when the line is the shopper's, its product is on sale and its SKU has
     * that many in stock (all checked by the update itself); undefined otherwise.
     */
    setQuantity(userId: number, lineId: number, num: number, onSale: number, now: number) {
      return db
        .updateTable('cart_items')
        .set({ num, updated_at: now })
        .where('cart_items.id', '=', lineId)
        .where('cart_items.user_id', '=', userId)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('skus')
              .innerJoin('goods', 'goods.id', 'skus.goods_id')
              .select('skus.id')
              .whereRef('skus.id', '=', 'cart_items.sku_id')
              .where('skus.stock', '>=', num)
              .where('goods.status', '=', onSale),
          ),
        )
        .returning(['id', 'num'])
        .executeTakeFirst();
    },

    /** One of the shopper's lines with its SKU's stock and its product's status. */
    lineOf(userId: number, lineId: number) {
      return db
        .selectFrom('cart_items')
        .innerJoin('skus', 'skus.id', 'cart_items.sku_id')
        .innerJoin('goods', 'goods.id', 'cart_items.goods_id')
        .select(['cart_items.id', 'cart_items.num', 'skus.stock', 'goods.status as goods_status'])
        .where('cart_items.id', '=', lineId)
        .where('cart_items.user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Deletes the shopper's line; false when there was none of theirs with that id. */
    async deleteLine(userId: number, lineId: number): Promise<boolean> {
      const result = await db.deleteFrom('cart_items').where('id', '=', lineId).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The shopper's lines among these, with their SKU and product as the catalogue has them now. */
    checkoutLines(userId: number, lineIds: number[]) {
      return db
        .selectFrom('cart_items')
        .innerJoin('skus', 'skus.id', 'cart_items.sku_id')
        .innerJoin('goods', 'goods.id', 'skus.goods_id')
        .select([
          'cart_items.id as cart_id',
          'cart_items.num',
          'skus.id as sku_id',
          'skus.goods_id',
          'skus.color',
          'skus.size',
          'skus.price',
          'skus.origin_price',
          'skus.stock',
          'skus.image',
          'goods.name',
          'goods.url',
          'goods.status',
          'goods.category_id',
        ])
        .where('cart_items.user_id', '=', userId)
        .where('cart_items.id', 'in', lineIds)
        .execute();
    },

    /** Deletes these lines of the shopper's, locking them; answers how many there were. */
    async take(userId: number, lineIds: number[]): Promise<number> {
      const taken = await db
        .deleteFrom('cart_items')
        .where('user_id', '=', userId)
        .where('id', 'in', lineIds)
        .returning('id')
        .execute();
      return taken.length;
    },

    async clear(userId: number): Promise<number> {
      const result = await db.deleteFrom('cart_items').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Runs `work` in one transaction in which no other merge of the same shopper's bag runs (on
     * PostgreSQL the shopper's row is locked; SQLite runs one transaction at a time anyway). The
     * lock is FOR NO KEY UPDATE: an add inserting a line checks its foreign key with a KEY SHARE
     * lock on the same row, which FOR UPDATE would block — and the merge then waiting for that
     * add's line would be a deadlock.
     */
    inShopperTransaction<T>(userId: number, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => {
        if (onPostgres) await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
        return work(trx);
      });
    },

    /** The SKUs with their products (a merge's one read of the catalogue). */
    skusWithGoods(trx: Kysely<Database>, skuIds: number[]) {
      if (skuIds.length === 0) return Promise.resolve([]);
      return trx
        .selectFrom('skus')
        .innerJoin('goods', 'goods.id', 'skus.goods_id')
        .select([
          'skus.id',
          'skus.goods_id',
          'skus.stock',
          'skus.color',
          'skus.size',
          'goods.name',
          'goods.status as goods_status',
        ])
        .where('skus.id', 'in', skuIds)
        .execute();
    },

    /** The shopper's lines of these SKUs, and how many lines the bag has. */
    async bagOf(trx: Kysely<Database>, userId: number, skuIds: number[]) {
      const [lines, count] = await Promise.all([
        skuIds.length === 0
          ? Promise.resolve([])
          : trx
              .selectFrom('cart_items')
              .select(['sku_id', 'num'])
              .where('user_id', '=', userId)
              .where('sku_id', 'in', skuIds)
              .execute(),
        trx
          .selectFrom('cart_items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { lines: new Map(lines.map((line) => [line.sku_id, line.num])), count: Number(count.n) };
    },

    /**
     * Adds up to `num` pieces to a line (made when missing), never taking it above `cap`: the sum
     * is capped in the statement, against the line as it is at that moment.
     */
    mergePieces(
      trx: Kysely<Database>,
      line: { userId: number; goodsId: number; skuId: number; num: number; cap: number },
      now: number,
    ) {
      const cap = sql<number>`cast(${line.cap} as integer)`;
      return trx
        .insertInto('cart_items')
        .values({
          user_id: line.userId,
          goods_id: line.goodsId,
          sku_id: line.skuId,
          num: Math.min(line.num, line.cap),
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'sku_id']).doUpdateSet({
            num: sql<number>`case when ${summed} > ${cap} then ${cap} else ${summed} end`,
            updated_at: now,
          }),
        )
        .returning(['id', 'num'])
        .executeTakeFirstOrThrow();
    },
  };
}

export type CartRepo = ReturnType<typeof cartRepo>;

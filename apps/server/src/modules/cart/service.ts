import {
  CART_LINE_MAX,
  CART_MAX_LINES,
  CartMessages,
  cappedMessage,
  stockProblem,
  type TCartAddRequest,
  type TCartItem,
  type TCartLine,
  type TCartMergeChange,
  type TCartMergeRequest,
  type TCartMergeResult,
  type TCartPage,
} from '@shop/contracts/cart';
import { centsToPrice } from '@shop/contracts/pricing';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { ON_SALE } from '../catalog';
import { type CartRow, cartRepo } from './repo';

type Deps = { db: Db; clock?: () => number };

/** The shopper's lines among these (in the order asked) with their SKU and product as the catalogue has them now. */
export async function cartLinesForCheckout(db: Db, userId: number, lineIds: number[]) {
  const rows = await cartRepo(db).checkoutLines(userId, lineIds);
  const order = new Map(lineIds.map((id, index) => [id, index]));
  return rows.sort((a, b) => (order.get(a.cart_id) ?? 0) - (order.get(b.cart_id) ?? 0));
}

/**
 * Takes the shopper's lines out of the bag within the caller's transaction (checkout): deleting
 * them locks them, so a second checkout of the same lines finds them gone. Answers how many of the
 * lines were there.
 */
export function takeCartLines(trx: Db, userId: number, lineIds: number[]): Promise<number> {
  return cartRepo(trx).take(userId, lineIds);
}
type Paging = { page: number; pageSize: number };

/** The cart's text form of a SKU (spec 3 "Cart item"). */
const specText = (color: string, size: string) => `Color:${color};Size:${size}`;

/** Why a line cannot be bought as it is, or '' when it can. */
function lineMessage(row: Pick<CartRow, 'goods_status' | 'stock' | 'num'>): string {
  if (row.goods_status !== ON_SALE) return CartMessages.unavailable;
  return stockProblem(row.stock, row.num) ?? '';
}

function presentLine(row: CartRow): TCartItem {
  const message = lineMessage(row);
  return {
    id: row.id,
    goods_id: row.goods_id,
    sku_id: row.sku_id,
    num: row.num,
    goods: { id: row.goods_id, name: row.name, url: row.url },
    sku: {
      id: row.sku_id,
      image: row.sku_image || row.goods_image || '',
      price: centsToPrice(row.price),
      max_origin_price: centsToPrice(Math.max(row.origin_price, row.price)),
      spec: specText(row.color, row.size),
      stock: row.stock,
    },
    total: centsToPrice(row.price * row.num),
    available: message === '' ? 1 : 0,
    message,
    created_at: Number(row.created_at),
  };
}

/**
 * spec 4 "Cart": a signed-in shopper's bag. Stock is checked on every add and change (a line never
 * holds more than its SKU's stock), a guest's bag is merged in at sign-in, and a shopper only ever
 * sees and changes their own lines.
 */
export function createCartService({ db, clock = Date.now }: Deps) {
  const repo = cartRepo(db);

  /** Why `num` more pieces of a SKU cannot go in the bag: a 400 that names the field at fault. */
  function refuseAdd(sku: { stock: number; goods_status: number }, num: number, inBag: number): AppError {
    if (sku.goods_status !== ON_SALE) return AppError.field('goods_id', CartMessages.unavailable);
    if (sku.stock <= 0) return AppError.field('sku_id', CartMessages.soldOut);
    const message = stockProblem(sku.stock, inBag + num, inBag) ?? CartMessages.lineMax;
    return AppError.field('num', message);
  }

  return {
    /** GET /shop/userCart: one page of the bag, newest line first. */
    async list(userId: number, paging: Paging): Promise<TCartPage> {
      const offset = (paging.page - 1) * paging.pageSize;
      const rows = await repo.listPage(userId, paging.pageSize, offset);
      // every row carries the bag's size; a page past the end has none to carry it
      const total = rows[0] ? Number(rows[0].total_lines) : offset === 0 ? 0 : await repo.countLines(userId);
      return { data: rows.map(presentLine), total };
    },

    /** POST /shop/userCart/add: a new line, or more of a SKU already in the bag, within its stock. */
    async add(userId: number, request: TCartAddRequest): Promise<TCartLine> {
      const sku = await repo.skuForBag(userId, request.sku_id);
      if (!sku || sku.goods_id !== request.goods_id) throw AppError.notFound(CartMessages.skuUnknown);
      const inBag = sku.in_bag ?? 0;
      if (sku.goods_status !== ON_SALE || stockProblem(sku.stock, inBag + request.num, inBag) !== null) {
        throw refuseAdd(sku, request.num, inBag);
      }
      if (sku.in_bag === null && sku.lines >= CART_MAX_LINES) throw AppError.field('sku_id', CartMessages.bagFull);
      const line = await repo.addPieces({ userId, goodsId: sku.goods_id, skuId: sku.id, num: request.num }, clock());
      if (line) return { id: line.id, num: line.num };
      // Another add (or a sale) got there between the read and the write: say what is true now.
      const now = await repo.skuForBag(userId, request.sku_id);
      throw refuseAdd(now ?? { ...sku, stock: 0 }, request.num, now?.in_bag ?? 0);
    },

    /** POST /shop/userCart/update: a line's quantity, within its SKU's stock. */
    async update(userId: number, lineId: number, num: number): Promise<TCartLine> {
      const line = await repo.setQuantity(userId, lineId, num, ON_SALE, clock());
      if (line) return { id: line.id, num: line.num };
      const current = await repo.lineOf(userId, lineId);
      if (!current) throw AppError.notFound(CartMessages.lineMissing);
      if (current.goods_status !== ON_SALE) throw AppError.field('id', CartMessages.unavailable);
      throw AppError.field('num', stockProblem(current.stock, num) ?? CartMessages.lineMax);
    },

    /** POST /shop/userCart/delete: one of the shopper's lines. */
    async remove(userId: number, lineId: number): Promise<void> {
      if (!(await repo.deleteLine(userId, lineId))) throw AppError.notFound(CartMessages.lineMissing);
    },

    /** POST /shop/userCart/clear: every line of the shopper's bag. */
    async clear(userId: number): Promise<{ deleted: number }> {
      return { deleted: await repo.clear(userId) };
    },

    /**
     * POST /shop/userCart/merge: a guest's bag added to the account's at sign-in, in one
     * transaction. Quantities of one SKU are summed and capped by its stock (and the line limit);
     * each guest line reports what became of it.
     */
    async merge(userId: number, request: TCartMergeRequest): Promise<TCartMergeResult> {
      // one entry per SKU, in the order the guest added them
      const wanted = new Map<number, { goods_id: number; sku_id: number; num: number }>();
      for (const item of request.items) {
        const seen = wanted.get(item.sku_id);
        if (seen && seen.goods_id === item.goods_id) seen.num += item.num;
        else if (!seen) wanted.set(item.sku_id, { ...item });
      }
      const skuIds = [...wanted.keys()];
      const now = clock();

      const changes = await repo.inShopperTransaction(userId, async (trx) => {
        const [skus, bag] = await Promise.all([repo.skusWithGoods(trx, skuIds), repo.bagOf(trx, userId, skuIds)]);
        const skuById = new Map(skus.map((sku) => [sku.id, sku]));
        let lines = bag.count;
        const out: TCartMergeChange[] = [];
        for (const item of wanted.values()) {
          const sku = skuById.get(item.sku_id);
          const before = bag.lines.get(item.sku_id) ?? 0;
          const base = {
            goods_id: item.goods_id,
            sku_id: item.sku_id,
            name: sku?.name ?? '',
            spec: sku ? specText(sku.color, sku.size) : '',
            requested: item.num,
          };
          const unchanged = (status: TCartMergeChange['status'], message: string) =>
            out.push({ ...base, added: 0, num: before, status, message });
          if (!sku || sku.goods_id !== item.goods_id) {
            unchanged('unavailable', CartMessages.unavailable);
            continue;
          }
          if (sku.goods_status !== ON_SALE) {
            unchanged('unavailable', CartMessages.unavailable);
            continue;
          }
          if (sku.stock <= 0) {
            unchanged('sold_out', CartMessages.soldOut);
            continue;
          }
          if (before === 0 && lines >= CART_MAX_LINES) {
            unchanged('bag_full', CartMessages.bagFull);
            continue;
          }
          const cap = Math.min(sku.stock, CART_LINE_MAX);
          const line = await repo.mergePieces(trx, { userId, goodsId: sku.goods_id, skuId: sku.id, num: item.num, cap }, now);
          if (before === 0) lines += 1;
          const added = Math.max(line.num - before, 0);
          const whole = added >= item.num;
          out.push({
            ...base,
            added,
            num: line.num,
            status: whole ? (before === 0 ? 'added' : 'merged') : 'capped',
            message: whole ? '' : cappedMessage(sku.stock, line.num),
          });
        }
        return out;
      });
      return { changes };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;

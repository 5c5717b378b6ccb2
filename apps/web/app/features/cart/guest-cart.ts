import type { TCartItem } from '@shop/contracts/cart';
import { CART_MAX_LINES, CartMessages, stockProblem } from '@shop/contracts/cart-rules';
import { centsToPrice, priceToCents } from '@shop/contracts/pricing';
import { parseStoredList } from '../../lib/storage';

/**
 * A guest's bag, kept in this browser (local key `cart`, spec 3 "Storage") until sign-in merges it
 * into the account. Each line keeps a snapshot of its product and SKU as they were when added, enough
 * to draw the bag without asking the server. Pure functions: the store (cart-store.ts) reads and
 * writes the key.
 */

export type GuestLine = {
  goods_id: number;
  sku_id: number;
  num: number;
  /** epoch ms of the first add: newest lines are listed first, as in the account's bag */
  added_at: number;
  goods: TCartItem['goods'];
  sku: TCartItem['sku'];
};

/** What an add needs: the product and SKU as the page shows them, and how many. */
export type AddRequest = {
  goods: TCartItem['goods'];
  sku: TCartItem['sku'];
  num: number;
};

export type GuestResult = { ok: true; lines: GuestLine[] } | { ok: false; message: string };

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const isText = (value: unknown): value is string => typeof value === 'string';
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

function isGuestLine(value: unknown): value is GuestLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  const goods = line.goods as Record<string, unknown> | null | undefined;
  const sku = line.sku as Record<string, unknown> | null | undefined;
  return (
    isId(line.goods_id) &&
    isId(line.sku_id) &&
    isId(line.num) &&
    typeof line.added_at === 'number' &&
    typeof goods === 'object' &&
    goods !== null &&
    goods.id === line.goods_id &&
    isText(goods.name) &&
    isText(goods.url) &&
    typeof sku === 'object' &&
    sku !== null &&
    sku.id === line.sku_id &&
    isText(sku.image) &&
    isText(sku.spec) &&
    isAmount(sku.price) &&
    isAmount(sku.max_origin_price) &&
    typeof sku.stock === 'number'
  );
}

/** The stored bag; anything else found under the key is dropped, one line per SKU. */
export function parseGuestCart(raw: string | null): GuestLine[] {
  return parseStoredList(raw, isGuestLine, (line) => line.sku_id, CART_MAX_LINES);
}

/** Adds pieces of a SKU (to its line when there is one), within the stock the page showed. */
export function addGuestLine(lines: readonly GuestLine[], request: AddRequest, now: number): GuestResult {
  const existing = lines.find((line) => line.sku_id === request.sku.id);
  const inBag = existing?.num ?? 0;
  const problem = stockProblem(request.sku.stock, inBag + request.num, inBag);
  if (problem) return { ok: false, message: problem };
  if (!existing && lines.length >= CART_MAX_LINES) return { ok: false, message: CartMessages.bagFull };
  const line: GuestLine = {
    goods_id: request.goods.id,
    sku_id: request.sku.id,
    num: inBag + request.num,
    added_at: existing?.added_at ?? now,
    // the latest look of the product, as the page showed it just now
    goods: request.goods,
    sku: request.sku,
  };
  return { ok: true, lines: existing ? lines.map((other) => (other === existing ? line : other)) : [line, ...lines] };
}

/** A line's new quantity (a guest line's id is its SKU id), within the stock last seen. */
export function updateGuestLine(lines: readonly GuestLine[], skuId: number, num: number): GuestResult {
  const existing = lines.find((line) => line.sku_id === skuId);
  if (!existing) return { ok: false, message: CartMessages.lineMissing };
  const problem = stockProblem(existing.sku.stock, num);
  if (problem) return { ok: false, message: problem };
  return { ok: true, lines: lines.map((line) => (line === existing ? { ...line, num } : line)) };
}

export function removeGuestLine(lines: readonly GuestLine[], skuId: number): GuestResult {
  if (!lines.some((line) => line.sku_id === skuId)) return { ok: false, message: CartMessages.lineMissing };
  return { ok: true, lines: lines.filter((line) => line.sku_id !== skuId) };
}

/** A guest line drawn like an account line: its id is the SKU's, its total computed in cents. */
export function presentGuestLine(line: GuestLine): TCartItem {
  const message = stockProblem(line.sku.stock, line.num) ?? '';
  return {
    id: line.sku_id,
    goods_id: line.goods_id,
    sku_id: line.sku_id,
    num: line.num,
    goods: line.goods,
    sku: line.sku,
    total: centsToPrice(priceToCents(line.sku.price) * line.num),
    available: message === '' ? 1 : 0,
    message,
    created_at: line.added_at,
  };
}

/** Newest first, as the account's bag is listed. */
export const presentGuestCart = (lines: readonly GuestLine[]): TCartItem[] =>
  [...lines].sort((a, b) => b.added_at - a.added_at).map(presentGuestLine);

/** The body of POST /shop/userCart/merge, oldest line first (the order the guest added them). */
export const mergeItems = (lines: readonly GuestLine[]) =>
  [...lines]
    .sort((a, b) => a.added_at - b.added_at)
    .map((line) => ({ goods_id: line.goods_id, sku_id: line.sku_id, num: line.num }));

/** The bag's pieces and its subtotal (USD), summed in cents. */
export function bagSummary(items: readonly Pick<TCartItem, 'num' | 'sku'>[]): { pieces: number; subtotal: number } {
  let pieces = 0;
  let cents = 0;
  for (const item of items) {
    pieces += item.num;
    cents += priceToCents(item.sku.price) * item.num;
  }
  return { pieces, subtotal: centsToPrice(cents) };
}

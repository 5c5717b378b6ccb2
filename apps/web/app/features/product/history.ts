import { CODE_OK, RECENTLY_VIEWED_MAX } from '@shop/contracts';
import type { TTokenPair } from '@shop/contracts/auth';
import type { TGoodsListItem } from '@shop/contracts/catalog';
import { api } from '../../lib/api';
import { LocalKeys, local, parseStoredList } from '../../lib/storage';

/**
 * spec 4 "Browsing history keeps the last 10 viewed goods". A guest's views are kept in this
 * browser (most recent first, no duplicates, RECENTLY_VIEWED_MAX at most) and merged into the
 * account at sign-in; a signed-in shopper's views are recorded by the server as they happen.
 */

/** What the browser keeps of a viewed product: enough to show it in a carousel. */
export type ViewedProduct = Pick<
  TGoodsListItem,
  'id' | 'name' | 'url' | 'image' | 'min_price' | 'max_origin_price' | 'discount' | 'discount_enabled'
>;

export const VISIT_PATH = '/shop/goods/addVisit';
export const HISTORY_PATH = '/api/productViewLog/index';
export const HISTORY_MERGE_PATH = '/api/productViewLog/batchSave';

/** `entry` first, then the others without it, at most `max`. */
export function withViewed(list: readonly ViewedProduct[], entry: ViewedProduct, max = RECENTLY_VIEWED_MAX): ViewedProduct[] {
  return [entry, ...list.filter((viewed) => viewed.id !== entry.id)].slice(0, max);
}

const isViewedProduct = (value: unknown): value is ViewedProduct => {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.id === 'number' &&
    Number.isSafeInteger(entry.id) &&
    entry.id > 0 &&
    typeof entry.name === 'string' &&
    typeof entry.url === 'string' &&
    typeof entry.image === 'string' &&
    typeof entry.min_price === 'number' &&
    typeof entry.max_origin_price === 'number' &&
    typeof entry.discount === 'number' &&
    (entry.discount_enabled === 0 || entry.discount_enabled === 1)
  );
};

/** The stored list as written by `withViewed`; anything else in the key is ignored. */
export function parseLocalHistory(raw: string | null): ViewedProduct[] {
  return parseStoredList(raw, isViewedProduct, (entry) => entry.id, RECENTLY_VIEWED_MAX);
}

export const readLocalHistory = () => parseLocalHistory(local.get(LocalKeys.recentlyViewed));

function writeLocalHistory(list: readonly ViewedProduct[]) {
  if (list.length === 0) local.remove(LocalKeys.recentlyViewed);
  else local.set(LocalKeys.recentlyViewed, JSON.stringify(list));
}

/** The browser's part of a product view: nothing is stored for a signed-in shopper (the server keeps theirs). */
export const rememberLocally = (entry: ViewedProduct) => writeLocalHistory(withViewed(readLocalHistory(), entry));

let syncing: Promise<boolean> | null = null;

/**
 * Saves the guest's local history to the account (POST /api/productViewLog/batchSave, most recent
 * first) and clears it once the server has it. Right after a sign-in the new tokens may be passed,
 * before they are stored. Resolves true when nothing is left to save; never rejects, and callers at
 * the same moment share one request.
 */
export function syncBrowsingHistory(tokens?: Pick<TTokenPair, 'token'>): Promise<boolean> {
  syncing ??= saveLocalHistory(tokens?.token).finally(() => {
    syncing = null;
  });
  return syncing;
}

async function saveLocalHistory(newToken?: string): Promise<boolean> {
  const list = readLocalHistory();
  if (list.length === 0) return true;
  if (!newToken && !local.get(LocalKeys.userToken)) return false;
  const sent = new Set(list.map((entry) => entry.id));
  try {
    const envelope = await api.post<{ saved: number }>(
      HISTORY_MERGE_PATH,
      { goods_ids: list.map((entry) => entry.id) },
      // a stored token is added by the client itself (and renewed by it when it has expired)
      { silent: true, headers: newToken ? { 'user-token': newToken, Authorization: `Bearer ${newToken}` } : undefined },
    );
    if (envelope.code !== CODE_OK) return false;
    // a view made while the request ran stays for the next time
    writeLocalHistory(readLocalHistory().filter((entry) => !sent.has(entry.id)));
    return true;
  } catch {
    // offline or cancelled: the list stays and is saved on a later page
    return false;
  }
}

/**
 * One product page view: a guest's is remembered in this browser; a signed-in shopper's earlier
 * guest views are saved first, so that this one stays the most recent. Then the server counts the
 * visit (POST /shop/goods/addVisit) and, for a signed-in shopper, adds it to their history.
 */
export async function recordProductView(entry: ViewedProduct): Promise<void> {
  if (local.get(LocalKeys.userToken)) await syncBrowsingHistory();
  else rememberLocally(entry);
  try {
    await api.post(VISIT_PATH, { goods_id: entry.id }, { silent: true });
  } catch {
    // a lost visit count is not worth interrupting the shopper for
  }
}

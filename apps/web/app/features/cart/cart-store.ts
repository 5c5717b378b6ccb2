import { CART_FETCH_SIZE, CODE_OK } from '@shop/contracts';
import type { TCartItem, TCartLine, TCartMergeResult, TCartPage } from '@shop/contracts/cart';
import { CartMessages, CartPaths, mergeNotice } from '@shop/contracts/cart-rules';
import { useEffect, useSyncExternalStore } from 'react';
import { api, isCancelled } from '../../lib/api';
import { LocalKeys, local, subscribeStorage } from '../../lib/storage';
import { notify } from '../../lib/toast';
import {
  type AddRequest,
  addGuestLine,
  bagSummary,
  type GuestLine,
  type GuestResult,
  mergeItems,
  parseGuestCart,
  presentGuestCart,
  removeGuestLine,
  updateGuestLine,
} from './guest-cart';

/**
 * spec 4 "Cart": the shopper's bag, one store for the whole page. A guest's bag lives in this
 * browser (local key `cart`); a signed-in shopper's comes from GET /shop/userCart. Nothing is read
 * until a component asks (`useCart`), which happens after hydration: the server renders an empty,
 * idle bag. At sign-in the guest's bag is merged into the account (`mergeGuestCart`).
 */

export type { AddRequest } from './guest-cart';

export type CartState = {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  owner: 'guest' | 'shopper' | null;
  /** newest line first */
  items: TCartItem[];
  /** lines in the bag */
  total: number;
  /** pieces in the bag (the header's count) */
  pieces: number;
  /** USD */
  subtotal: number;
};

/** What became of a change: ok, or why not (the shopper reads `message`); `cancelled` is a duplicate dropped silently. */
export type CartOutcome = { ok: boolean; message: string; cancelled?: boolean };

const IDLE: CartState = { status: 'idle', owner: null, items: [], total: 0, pieces: 0, subtotal: 0 };

/** The sign-in notice about a merged bag, shown on the page the sign-in leads to (it reloads). */
const MERGE_NOTICE_KEY = 'cart_merge_notice';

let state: CartState = IDLE;
const listeners = new Set<() => void>();
const addedListeners = new Set<() => void>();
/** bumped whenever the bag changes hands, so a late answer for the previous owner is dropped */
let generation = 0;
let started = false;
let lastGuestRaw: string | null = null;

function publish(next: CartState) {
  state = next;
  for (const listener of listeners) listener();
}

function withItems(owner: CartState['owner'], items: TCartItem[], total = items.length): CartState {
  return { status: 'ready', owner, items, total, ...bagSummary(items) };
}

const signedIn = () => Boolean(local.get(LocalKeys.userToken));

// ---------------------------------------------------------------- the guest's bag in this browser

const readGuestLines = (): GuestLine[] => parseGuestCart(local.get(LocalKeys.cart));

function writeGuestLines(lines: readonly GuestLine[]) {
  if (lines.length === 0) local.remove(LocalKeys.cart);
  else local.set(LocalKeys.cart, JSON.stringify(lines));
}

function showGuestBag() {
  lastGuestRaw = local.get(LocalKeys.cart);
  publish(withItems('guest', presentGuestCart(parseGuestCart(lastGuestRaw))));
}

function applyGuest(result: GuestResult): CartOutcome {
  if (!result.ok) return { ok: false, message: result.message };
  writeGuestLines(result.lines);
  showGuestBag();
  return { ok: true, message: '' };
}

// ---------------------------------------------------------------- merging at sign-in

function storeNotice(notice: NonNullable<ReturnType<typeof mergeNotice>>) {
  try {
    window.sessionStorage.setItem(MERGE_NOTICE_KEY, JSON.stringify(notice));
  } catch {
    // session storage disabled: the bag is merged, the shopper sees it in the header
  }
}

/** Shows (once) the merge notice a sign-in left for this page. */
function showStoredNotice() {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(MERGE_NOTICE_KEY);
    window.sessionStorage.removeItem(MERGE_NOTICE_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const notice = JSON.parse(raw) as { kind?: string; text?: unknown };
    if (typeof notice.text !== 'string' || !notice.text) return;
    if (notice.kind === 'warning') void notify.info(notice.text);
    else void notify.success(notice.text);
  } catch {
    // not ours
  }
}

let merging: Promise<boolean> | null = null;

/**
 * Adds the guest's bag kept in this browser to the account's (POST /shop/userCart/merge: summed,
 * capped by stock) and forgets it here once the server has it. The notice saying what changed is
 * kept for the next page, which the sign-in reloads. Right after a sign-in the new token may be
 * passed before it is stored. Resolves true when nothing is left to merge; never rejects, and
 * callers at the same moment share one request.
 */
export function mergeGuestCart(tokens?: { token: string }): Promise<boolean> {
  merging ??= sendGuestCart(tokens?.token).finally(() => {
    merging = null;
  });
  return merging;
}

async function sendGuestCart(newToken?: string): Promise<boolean> {
  const lines = readGuestLines();
  if (lines.length === 0) return true;
  if (!newToken && !signedIn()) return false;
  try {
    const envelope = await api.post<TCartMergeResult>(
      CartPaths.merge,
      { items: mergeItems(lines) },
      { silent: true, headers: newToken ? { 'user-token': newToken, Authorization: `Bearer ${newToken}` } : undefined },
    );
    if (envelope.code !== CODE_OK) return false;
    // a line added while the request ran stays for the next time
    const sent = new Map(lines.map((line) => [line.sku_id, line.num]));
    writeGuestLines(readGuestLines().filter((line) => sent.get(line.sku_id) !== line.num));
    const notice = mergeNotice(envelope.result.changes);
    if (notice) storeNotice(notice);
    return true;
  } catch {
    // offline or cancelled: the bag stays in this browser and is merged on a later page
    return false;
  }
}

// ---------------------------------------------------------------- loading

async function loadShopperBag(): Promise<void> {
  const at = generation;
  if (state.owner !== 'shopper') publish({ ...IDLE, status: 'loading', owner: 'shopper' });
  else if (state.status !== 'ready') publish({ ...state, status: 'loading' });
  // a guest bag left in this browser (a sign-in whose merge did not get through) goes in first
  if (readGuestLines().length > 0 && (await mergeGuestCart())) showStoredNotice();
  try {
    const envelope = await api.get<TCartPage>(CartPaths.list, { query: { page: 1, page_size: CART_FETCH_SIZE }, silent: true });
    if (at !== generation) return;
    if (envelope.code === CODE_OK) publish(withItems('shopper', envelope.result.data, envelope.result.total));
    else if (state.status !== 'ready') publish({ ...state, status: 'failed' });
  } catch (error) {
    if (at === generation && !isCancelled(error) && state.status !== 'ready') publish({ ...state, status: 'failed' });
  }
}

/** Reads the bag again: the guest's from this browser, the shopper's from the server. */
export function refreshCart(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  if (!signedIn()) {
    showGuestBag();
    return Promise.resolve();
  }
  return loadShopperBag();
}

/** Follows sign-in and sign-out (in this tab or another) and a guest's bag changed in another tab. */
function onStorageChange() {
  const owner = signedIn() ? 'shopper' : 'guest';
  if (owner !== state.owner) {
    generation += 1;
    void refreshCart();
  } else if (owner === 'guest' && local.get(LocalKeys.cart) !== lastGuestRaw) {
    showGuestBag();
  }
}

/** The first reader starts the store: loads the bag and shows a notice a sign-in left for this page. */
function start() {
  if (started || typeof window === 'undefined') return;
  started = true;
  subscribeStorage(onStorageChange);
  showStoredNotice();
  void refreshCart();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// ---------------------------------------------------------------- changes

/** Called after every successful add (the header opens the bag briefly, spec 4). */
export function onCartAdded(listener: () => void): () => void {
  addedListeners.add(listener);
  return () => {
    addedListeners.delete(listener);
  };
}

function announceAdded() {
  for (const listener of addedListeners) listener();
}

const outcomeOfFailure = (error: unknown): CartOutcome =>
  isCancelled(error)
    ? { ok: false, message: '', cancelled: true }
    : { ok: false, message: error instanceof Error ? error.message : CartMessages.unavailable };

/** Adds pieces of a SKU to the bag (to its line when it has one), within the stock. */
export async function addToCart(request: AddRequest): Promise<CartOutcome> {
  start();
  if (!signedIn()) {
    const outcome = applyGuest(addGuestLine(readGuestLines(), request, Date.now()));
    if (outcome.ok) announceAdded();
    return outcome.ok ? { ok: true, message: CartMessages.added } : outcome;
  }
  try {
    const envelope = await api.post<TCartLine>(
      CartPaths.add,
      { goods_id: request.goods.id, sku_id: request.sku.id, num: request.num },
      { silent: true },
    );
    if (envelope.code !== CODE_OK) return { ok: false, message: envelope.msg };
    await loadShopperBag();
    announceAdded();
    return { ok: true, message: envelope.msg || CartMessages.added };
  } catch (error) {
    return outcomeOfFailure(error);
  }
}

/** A line's new quantity, within its stock. A failure's message is also shown as a toast. */
export async function updateCartLine(id: number, num: number): Promise<CartOutcome> {
  if (!signedIn()) {
    const outcome = applyGuest(updateGuestLine(readGuestLines(), id, num));
    if (!outcome.ok) void notify.error(outcome.message);
    return outcome;
  }
  try {
    const envelope = await api.post<TCartLine>(CartPaths.update, { id, num });
    await loadShopperBag();
    return { ok: envelope.code === CODE_OK, message: envelope.msg };
  } catch (error) {
    return outcomeOfFailure(error);
  }
}

export async function removeCartLine(id: number): Promise<CartOutcome> {
  if (!signedIn()) return applyGuest(removeGuestLine(readGuestLines(), id));
  try {
    const envelope = await api.post(CartPaths.delete, { id });
    if (envelope.code === CODE_OK) {
      const items = state.items.filter((item) => item.id !== id);
      publish(withItems('shopper', items, Math.max(state.total - 1, items.length)));
    }
    await loadShopperBag();
    return { ok: envelope.code === CODE_OK, message: envelope.msg };
  } catch (error) {
    return outcomeOfFailure(error);
  }
}

/** Empties the bag (spec 5: after 'Are you sure you want to delete cart?' was confirmed). */
export async function clearCart(): Promise<CartOutcome> {
  if (!signedIn()) return applyGuest({ ok: true, lines: [] });
  try {
    const envelope = await api.post(CartPaths.clear);
    if (envelope.code === CODE_OK) publish(withItems('shopper', []));
    else await loadShopperBag();
    return { ok: envelope.code === CODE_OK, message: envelope.msg };
  } catch (error) {
    return outcomeOfFailure(error);
  }
}

/** The bag as the page shows it right now (for code outside React). */
export const cartSnapshot = () => state;

/**
 * spec 4 "Cart": `{items, total, loading, refresh(), add(), update(), remove(), clear()}` for
 * guests and shoppers alike, plus the pieces and the subtotal. The first component that uses it
 * (the header's bag, after hydration) loads the bag.
 */
export function useCart() {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => IDLE,
  );
  useEffect(start, []);
  return {
    ...current,
    loading: current.status === 'loading' || current.status === 'idle',
    refresh: refreshCart,
    add: addToCart,
    update: updateCartLine,
    remove: removeCartLine,
    clear: clearCart,
  };
}

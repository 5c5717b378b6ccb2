import { CODE_OK } from '@shop/contracts';
import { REFRESH_FAVOURITES_EVENT, WishlistPaths } from '@shop/contracts/wishlist-rules';
import { useEffect, useSyncExternalStore } from 'react';
import { api, isCancelled } from './api';
import { LocalKeys, local, subscribeStorage } from './storage';

/**
 * The signed-in shopper's favourite goods, for the hearts. Pages are rendered once for everyone
 * (and cached), so their is_favorited is always 0: after hydration the first heart on the page asks
 * for the shopper's favourites (GET /shop/user_favorite/goodsIds) and every heart shows them.
 * Guests ask nothing. spec 4: the refresh-favourites event fires after every add or remove.
 */

export type FavouritesChange = { goods_id: number; favorited: boolean };

type State = { status: 'idle' | 'loading' | 'ready'; owner: string | null; ids: ReadonlySet<number> };

const IDLE: State = { status: 'idle', owner: null, ids: new Set() };
let state: State = IDLE;
const listeners = new Set<() => void>();
let started = false;
let generation = 0;

function publish(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

const tokenNow = () => local.get(LocalKeys.userToken);

async function load() {
  const token = tokenNow();
  const at = ++generation;
  if (!token) {
    publish({ status: 'ready', owner: null, ids: new Set() });
    return;
  }
  if (state.owner === null) publish({ ...state, status: 'loading', owner: 'shopper' });
  try {
    const envelope = await api.get<{ goods_ids: number[] }>(WishlistPaths.goodsIds, { silent: true });
    if (at !== generation || envelope.code !== CODE_OK) return;
    publish({ status: 'ready', owner: 'shopper', ids: new Set(envelope.result.goods_ids) });
  } catch (error) {
    // offline: the hearts keep what the page said; a cancelled duplicate is replaced by its twin
    if (!isCancelled(error) && at === generation && state.status === 'loading') publish({ ...state, status: 'idle' });
  }
}

function apply(change: FavouritesChange) {
  const ids = new Set(state.ids);
  if (change.favorited) ids.add(change.goods_id);
  else ids.delete(change.goods_id);
  publish({ ...state, ids });
}

function start() {
  if (started || typeof window === 'undefined') return;
  started = true;
  // a change this page made says what changed; any other (the wishlist page's removals) reloads
  window.addEventListener(REFRESH_FAVOURITES_EVENT, (event) => {
    const detail = (event as CustomEvent<FavouritesChange | undefined>).detail;
    if (detail && typeof detail.goods_id === 'number') apply(detail);
    else void load();
  });
  let signedIn = Boolean(tokenNow());
  subscribeStorage(() => {
    const now = Boolean(tokenNow());
    if (now !== signedIn) {
      signedIn = now;
      void load();
    }
  });
  void load();
}

/** spec 4: tells every part of the page that the wishlist changed (the hearts, the header's wishlist). */
export function announceFavourites(change?: FavouritesChange) {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(REFRESH_FAVOURITES_EVENT, { detail: change }));
}

/**
 * Adds (`next` true) or removes the product, by goods_id (POST /shop/goods/favorite or unfavorite);
 * true when the wishlist accepted it. The refresh-favourites event fires after either call.
 */
export async function setFavourite(goodsId: number, next: boolean): Promise<boolean> {
  let accepted = false;
  try {
    const envelope = await api.post(next ? WishlistPaths.favorite : WishlistPaths.unfavorite, { goods_id: goodsId });
    accepted = envelope.code === CODE_OK;
    return accepted;
  } finally {
    announceFavourites(accepted ? { goods_id: goodsId, favorited: next } : undefined);
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Whether the product is on the signed-in shopper's wishlist: what the page said (`fromPage`) until
 * the shopper's favourites are known, then those.
 */
export function useFavourite(goodsId: number | undefined, fromPage: boolean): boolean {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => IDLE,
  );
  useEffect(() => {
    if (goodsId !== undefined) start();
  }, [goodsId]);
  if (goodsId === undefined || current.status !== 'ready' || current.owner === null) return fromPage;
  return current.ids.has(goodsId);
}

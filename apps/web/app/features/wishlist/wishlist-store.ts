import { CODE_OK, WISHLIST_FETCH_SIZE } from '@shop/contracts';
import type { TWishlistItem, TWishlistPage } from '@shop/contracts/wishlist';
import { REFRESH_FAVOURITES_EVENT, WishlistPaths } from '@shop/contracts/wishlist-rules';
import { useEffect, useSyncExternalStore } from 'react';
import { api, isCancelled } from '../../lib/api';
import { announceFavourites } from '../../lib/favourites';
import { LocalKeys, local, subscribeStorage } from '../../lib/storage';

/**
 * The signed-in shopper's wishlist (GET /shop/user_favorite/list, page 1 of 200, spec 7 and 9), for
 * the header's popover and the MyWishlist page. spec 4: it loads only when signed in, and again on
 * every refresh-favourites event (a heart was tapped, an entry removed).
 */

export type WishlistState = {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  signedIn: boolean;
  /** newest first */
  items: TWishlistItem[];
  total: number;
};

const IDLE: WishlistState = { status: 'idle', signedIn: false, items: [], total: 0 };

let state: WishlistState = IDLE;
const listeners = new Set<() => void>();
let started = false;
let generation = 0;

function publish(next: WishlistState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Reads the wishlist again (guests have none to read). */
export async function refreshWishlist(): Promise<void> {
  const at = ++generation;
  if (!local.get(LocalKeys.userToken)) {
    publish({ status: 'ready', signedIn: false, items: [], total: 0 });
    return;
  }
  if (state.status !== 'ready' || !state.signedIn) publish({ ...IDLE, status: 'loading', signedIn: true });
  try {
    const envelope = await api.get<TWishlistPage>(WishlistPaths.list, {
      query: { page: 1, page_size: WISHLIST_FETCH_SIZE },
      silent: true,
    });
    if (at !== generation) return;
    if (envelope.code === CODE_OK) {
      publish({ status: 'ready', signedIn: true, items: envelope.result.data, total: envelope.result.total });
    } else if (state.status !== 'ready') publish({ ...state, status: 'failed' });
  } catch (error) {
    if (at === generation && !isCancelled(error) && state.status !== 'ready') publish({ ...state, status: 'failed' });
  }
}

function start() {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener(REFRESH_FAVOURITES_EVENT, () => void refreshWishlist());
  let signedIn = Boolean(local.get(LocalKeys.userToken));
  subscribeStorage(() => {
    const now = Boolean(local.get(LocalKeys.userToken));
    if (now !== signedIn) {
      signedIn = now;
      void refreshWishlist();
    }
  });
  void refreshWishlist();
}

/**
 * Removes an entry (POST /shop/user_favorite/delete) and tells the page (spec 4: the
 * refresh-favourites event), which reloads the list and the hearts. True when it was removed.
 */
export async function removeFromWishlist(item: Pick<TWishlistItem, 'id' | 'goods_id'>): Promise<boolean> {
  let removed = false;
  try {
    const envelope = await api.post(WishlistPaths.delete, { id: item.id });
    removed = envelope.code === CODE_OK;
    if (removed) {
      publish({
        ...state,
        items: state.items.filter((entry) => entry.id !== item.id),
        total: Math.max(state.total - 1, 0),
      });
    }
    return removed;
  } catch {
    // the API client has told the shopper
    return false;
  } finally {
    announceFavourites(removed ? { goods_id: item.goods_id, favorited: false } : undefined);
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The wishlist, loaded by the first component that shows it (after hydration). */
export function useWishlist() {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => IDLE,
  );
  useEffect(start, []);
  return { ...current, refresh: refreshWishlist, remove: removeFromWishlist };
}

/**
 * spec 3 "Storage": the keys the shop keeps in the browser. Reads are safe during server rendering
 * (they answer null there).
 */
export const LocalKeys = {
  userToken: 'user_token',
  refreshToken: 'refresh_token',
  userInfo: 'user_info',
  cart: 'cart',
  currencies: 'currencies',
  cookieConsent: 'cookie_consent',
  topCategory: 'top_category',
  recentlyViewed: 'recently_viewed',
} as const;

export const SessionKeys = {
  currency: 'currency',
  userInfo: 'user_info',
  collectList: 'collect_list',
  cartList: 'cart_list',
} as const;

const inBrowser = () => typeof window !== 'undefined';

export const local = {
  get(key: string): string | null {
    if (!inBrowser()) return null;
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string) {
    if (!inBrowser()) return;
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage full or disabled: the shop still works for this page view
    }
    notify();
  },
  remove(key: string) {
    if (!inBrowser()) return;
    try {
      window.localStorage.removeItem(key);
    } catch {
      // nothing to remove
    }
    notify();
  },
};

export function readJson<T>(key: string): T | null {
  const raw = local.get(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/**
 * A list kept as JSON text: anything that is not a list, and every item failing `isItem`, is
 * dropped; the first item of each key is kept, at most `max` of them.
 */
export function parseStoredList<T>(
  raw: string | null,
  isItem: (value: unknown) => value is T,
  keyOf: (item: T) => number | string,
  max: number,
): T[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const seen = new Set<number | string>();
    return parsed
      .filter(isItem)
      .filter((item) => !seen.has(keyOf(item)) && Boolean(seen.add(keyOf(item))))
      .slice(0, max);
  } catch {
    return [];
  }
}

/** spec 4: logout clears all local and session storage. */
export function clearAllStorage() {
  if (!inBrowser()) return;
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // storage disabled
  }
  notify();
}

type Listener = () => void;
const listeners = new Set<Listener>();
function notify() {
  for (const listener of listeners) listener();
}

/** Subscribes to changes made in this tab and in other tabs. */
export function subscribeStorage(listener: Listener) {
  listeners.add(listener);
  const onStorage = () => listener();
  if (inBrowser()) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (inBrowser()) window.removeEventListener('storage', onStorage);
  };
}

import { MOBILE_BREAKPOINT_PX } from '@shop/contracts';
import type { TChatConfig, TChatIdentity } from '@shop/contracts/chat-protocol';

/** spec 7: the chat service's configuration (its answer is `{code, msg, data: {config}}`). */
export const CHAT_CONFIG_PATH = '/worker/kefu.HttpIndex/index';
/** spec 2: the chat follows path changes once the path has been still this long. */
export const PATH_DEBOUNCE_MS = 800;
/** spec 9: a window adapter also treats this width as mobile (a phone held sideways). */
export const MOBILE_ADAPTER_PX = 844;
export { MOBILE_BREAKPOINT_PX };

/** The agents' console has a chat of its own. */
const CONSOLE_PATH = '/agent';

let loading: Promise<TChatConfig | null> | null = null;

/** The chat configuration, fetched once per visit; null when the chat service cannot be reached. */
export function loadChatConfig(fetcher: typeof fetch = fetch): Promise<TChatConfig | null> {
  loading ??= fetcher(CHAT_CONFIG_PATH, { headers: { accept: 'application/json' } })
    .then(async (response) => {
      const body = (await response.json()) as { code?: number; data?: { config?: unknown } } | null;
      const config = body?.data?.config;
      return body?.code === 200 && isChatConfig(config) ? config : null;
    })
    .catch(() => null)
    .then((config) => {
      // a failure is tried again on the next page that asks
      if (!config) loading = null;
      return config;
    });
  return loading;
}

function isChatConfig(value: unknown): value is TChatConfig {
  if (!value || typeof value !== 'object') return false;
  const config = value as Partial<TChatConfig>;
  return (
    typeof config.ws_url === 'string' &&
    Array.isArray(config.not_start_paths) &&
    Array.isArray(config.send_goods_identity) &&
    Array.isArray(config.send_orders_identity)
  );
}

/** A path as the routes match it: without a trailing slash, whatever its capitals. */
const normalise = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase();

/**
 * spec 2: the chat is hidden on the configured paths (not_start_paths) and shown elsewhere. A
 * configured path matches itself; one ending in '*' matches every path it begins. Like the routes,
 * paths match whatever their capitals (/Login is /login).
 */
export function chatShownOn(pathname: string, notStartPaths: readonly string[]): boolean {
  const path = normalise(pathname);
  if (path === CONSOLE_PATH || path.startsWith(`${CONSOLE_PATH}/`)) return false;
  return !notStartPaths.some((entry) => {
    const rule = entry.trim();
    if (!rule) return false;
    if (rule.endsWith('*')) return path.startsWith(rule.slice(0, -1).toLowerCase());
    return normalise(rule) === path;
  });
}

/**
 * spec 6: on mobile anyone may send goods and orders; on desktop, when the goods (orders) API is
 * set, only the identities listed in send_goods_identity (send_orders_identity) may; when it is not
 * set, anyone may.
 */
export function maySend(
  what: 'goods' | 'orders',
  identity: TChatIdentity,
  mobile: boolean,
  config: Pick<TChatConfig, 'goods_api' | 'orders_api' | 'send_goods_identity' | 'send_orders_identity'>,
): boolean {
  if (mobile) return true;
  const api = what === 'goods' ? config.goods_api : config.orders_api;
  if (!api) return true;
  return (what === 'goods' ? config.send_goods_identity : config.send_orders_identity).includes(identity);
}

/**
 * The goods and orders pickers a composer offers: spec 6's rule for each, and the orders picker
 * only to someone with shop orders of their own — a shopper (a guest is then asked to sign in),
 * never an agent, who has no orders to pick from.
 */
export function offeredPickers(
  identity: TChatIdentity,
  mobile: boolean,
  config: Pick<TChatConfig, 'goods_api' | 'orders_api' | 'send_goods_identity' | 'send_orders_identity'>,
  ownOrders: boolean = identity === 'tourist',
): { goods: boolean; orders: boolean } {
  return {
    goods: maySend('goods', identity, mobile, config),
    orders: ownOrders && maySend('orders', identity, mobile, config),
  };
}

/** spec 9: 768 px wide or less is mobile, and so is a touch screen up to 844 px (the window adapter). */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px), (max-width: ${MOBILE_ADAPTER_PX}px) and (pointer: coarse)`;

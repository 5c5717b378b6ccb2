import type { Envelope } from './response';

/**
 * What the server hands to the web app's loaders on every server render (`context` in a loader).
 * `api` answers a path of this same API in-process, without a network hop.
 */
export type ShopLoadContext = {
  nonce: string;
  api: <T>(
    path: string,
    init?: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> },
  ) => Promise<Envelope<T>>;
};

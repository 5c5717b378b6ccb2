import { vi } from 'vitest';

/**
 * A browser-like global for the API client's tests: storage, location, navigator and a scripted
 * `fetch` that answers each call with the next response pushed, and records every call.
 */

export type FetchCall = { url: string; init: RequestInit };

/** A `Storage` kept in memory, as `localStorage` or `sessionStorage` of a fake browser. */
export function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

export function fakeBrowser() {
  const assign = vi.fn();
  const win = {
    localStorage: memoryStorage(),
    sessionStorage: memoryStorage(),
    location: { assign },
    // read at each call, so that vi.useFakeTimers() installed later is the one used
    setTimeout: (...args: Parameters<typeof setTimeout>) => globalThis.setTimeout(...args),
    clearTimeout: (id: ReturnType<typeof setTimeout> | undefined) => globalThis.clearTimeout(id),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  vi.stubGlobal('window', win);
  vi.stubGlobal('navigator', { onLine: true });
  const calls: FetchCall[] = [];
  const responses: Array<(call: FetchCall) => Promise<Response>> = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const call = { url, init };
    calls.push(call);
    const next = responses.shift();
    if (!next) throw new Error(`unexpected fetch ${url}`);
    return next(call);
  });
  return { win, calls, responses, assign };
}

export const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** A response that waits for the request's abort signal. */
export const hanging = (call: FetchCall) =>
  new Promise<Response>((_resolve, reject) => {
    call.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

/**
 * A cache of rendered pages. The server renders the same HTML for every visitor (the shopper's
 * token lives in the browser), so a page rendered once can answer the next requests for the same
 * URL. Each response still gets its own CSP nonce: the cached copy is kept as the bytes between
 * the places where the nonce stood, and every answer joins them with a fresh one.
 *
 * A page is fresh for `ttlMs`. After that, the first request renders it again while the others
 * are answered with the old copy; with no copy at all, one request renders and the others wait
 * for it. Whatever changes what pages show (the catalogue, the help pages) calls `clear()`, so
 * an old copy is only ever a page that nothing has changed.
 */

type Entry = { parts: Buffer[]; headers: Array<[string, string]>; freshUntil: number };

export type CachedPage = { body: Buffer; headers: Array<[string, string]> };

/** How a request is answered: from the cache, by rendering the page itself, or after another request renders it. */
export type Lookup =
  | { kind: 'hit'; page: CachedPage; fresh: boolean }
  | { kind: 'render' }
  | { kind: 'wait'; rendered: Promise<void> };

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  /** pages being rendered, and what their waiters wait on */
  private readonly rendering = new Map<string, { done: Promise<void>; settle: () => void }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  /**
   * The cached page for `key` with `nonce` written in; or `render`, and the caller must then call
   * `set` or `abandon` for `key`; or a promise to wait on before looking again.
   */
  lookup(key: string, nonce: string): Lookup {
    const entry = this.entries.get(key);
    const inProgress = this.rendering.get(key);
    if (entry) {
      // Map order is insertion order: moving the entry to the end keeps the least recently used first.
      this.entries.delete(key);
      this.entries.set(key, entry);
      const fresh = entry.freshUntil > this.now();
      if (fresh || inProgress) return { kind: 'hit', page: this.page(entry, nonce), fresh };
    } else if (inProgress) {
      return { kind: 'wait', rendered: inProgress.done };
    }
    let settle = () => {};
    const done = new Promise<void>((resolve) => {
      settle = resolve;
    });
    this.rendering.set(key, { done, settle });
    return { kind: 'render' };
  }

  /** The cached page for `key`, fresh or not, with `nonce` written in (tests and tools). */
  get(key: string, nonce: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    return entry ? this.page(entry, nonce) : undefined;
  }

  /** Keeps a page rendered with `nonce`, and lets the requests waiting for it go on. */
  set(key: string, body: string, nonce: string, headers: Array<[string, string]>) {
    if (this.enabled) {
      const parts = (nonce ? body.split(nonce) : [body]).map((part) => Buffer.from(part, 'utf8'));
      this.entries.delete(key);
      this.entries.set(key, { parts, headers, freshUntil: this.now() + this.ttlMs });
      while (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest === undefined) break;
        this.entries.delete(oldest);
      }
    }
    this.abandon(key);
  }

  /** The page could not be kept (an error, a redirect, a cookie): whoever waits looks again. */
  abandon(key: string) {
    this.rendering.get(key)?.settle();
    this.rendering.delete(key);
  }

  clear() {
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }

  private page(entry: Entry, nonce: string): CachedPage {
    const { parts } = entry;
    if (parts.length === 1) return { body: parts[0] as Buffer, headers: entry.headers };
    const mark = Buffer.from(nonce, 'utf8');
    const pieces: Buffer[] = [];
    parts.forEach((part, i) => {
      if (i > 0) pieces.push(mark);
      pieces.push(part);
    });
    return { body: Buffer.concat(pieces), headers: entry.headers };
  }
}

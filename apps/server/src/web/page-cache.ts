/**
 * A short-lived cache of rendered pages. The server renders the same HTML for every visitor (the
 * shopper's token lives in the browser), so a page rendered once can answer the next requests for
 * the same URL for a few seconds. Each response still gets its own CSP nonce: the cached copy keeps
 * a marker where the nonce stood, and every hit writes a fresh one in.
 */
const NONCE_MARK = '\u0000nonce\u0000';

type Entry = { body: string; headers: Array<[string, string]>; expiresAt: number };

export class PageCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  /** The cached page for `key` with `nonce` written in, or undefined. */
  get(key: string, nonce: string): { body: string; headers: Array<[string, string]> } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Map order is insertion order: moving the entry to the end keeps the least recently used first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { body: entry.body.replaceAll(NONCE_MARK, nonce), headers: entry.headers };
  }

  /** Keeps a page rendered with `nonce`. */
  set(key: string, body: string, nonce: string, headers: Array<[string, string]>) {
    if (!this.enabled) return;
    this.entries.delete(key);
    this.entries.set(key, {
      body: nonce ? body.replaceAll(nonce, NONCE_MARK) : body,
      headers,
      expiresAt: this.now() + this.ttlMs,
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  clear() {
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}

type Entry = { value: unknown; expiresAt: number; goodsId: number | undefined };

/**
 * The catalogue's in-process JSON cache: listing, search, suggestion and product results keyed by
 * their normalised query, kept for a short time. Each entry belongs either to one product (a
 * product page) or to the catalogue as a whole (everything else).
 *
 * Every invalidation moves the cache's version on, and a result is stored only if the version it
 * was computed under is still current, so a request that read the database before a price change
 * cannot put the old price back after it. Concurrent misses on one key share one computation.
 */
export class CatalogCache {
  private version = 0;
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The cached value for `key`, or `compute()`'s, stored for next time. `productOf` names the
   * product a value belongs to, so that invalidating that product drops it.
   */
  async remember<T>(key: string, compute: () => Promise<T>, productOf?: (value: T) => number): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) {
      // Map order is insertion order: moving a hit to the end keeps the least recently used first.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value as T;
    }
    if (entry) this.entries.delete(key);
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight as Promise<T>;

    const version = this.version;
    const promise = compute().then((value) => {
      if (version === this.version) this.store(key, value, productOf?.(value));
      return value;
    });
    this.pending.set(key, promise);
    try {
      return await promise;
    } finally {
      if (this.pending.get(key) === promise) this.pending.delete(key);
    }
  }

  /** Drops one product's own results (its page), leaving the lists: its stock moved, its availability did not. */
  invalidateProduct(goodsId: number) {
    this.version += 1;
    this.pending.clear();
    for (const [key, entry] of this.entries) {
      if (entry.goodsId === goodsId) this.entries.delete(key);
    }
  }

  /** Drops what depends on one product (its page and every list), or everything. */
  invalidate(goodsId?: number) {
    this.version += 1;
    this.pending.clear();
    if (goodsId === undefined) {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) {
      if (entry.goodsId === undefined || entry.goodsId === goodsId) this.entries.delete(key);
    }
  }

  get size() {
    return this.entries.size;
  }

  private store(key: string, value: unknown, goodsId: number | undefined) {
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs, goodsId });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

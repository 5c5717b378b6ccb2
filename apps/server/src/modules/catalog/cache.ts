type Entry = { value: unknown; expiresAt: number; goodsId: number | undefined };

/**
 * The catalogue's in-process JSON cache: listing, search, suggestion and product results keyed by
 * their normalised query, kept for a short time. Each entry belongs either to one product (a
 * product page) or to the catalogue as a whole (everything else).
 *
 * Every invalidation is numbered, and a result is stored only if nothing it depends on was
 * invalidated after its computation began, so a request that read the database before a price
 * change cannot put the old price back after it. A list depends on the catalogue as a whole; a
 * product's own result also on that product, so a stock move on one product (every order makes
 * one) spoils only that product's computations in flight, and the lists keep being cached under a
 * stream of orders. Concurrent misses on one key share one computation.
 */
export class CatalogCache {
  /** the number of the last invalidation */
  private sequence = 0;
  /** the last invalidation of the catalogue as a whole (every result depends on it) */
  private wholeAt = 0;
  /** the last invalidation of each product's own results */
  private readonly productAt = new Map<number, number>();
  private readonly entries = new Map<string, Entry>();
  /** the key each stored result was stored under */
  private readonly keyOf = new WeakMap<object, string>();
  /** computations in flight; `ofProduct` marks those whose result belongs to one product */
  private readonly pending = new Map<string, { promise: Promise<unknown>; ofProduct: boolean }>();

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
    if (inFlight) return inFlight.promise as Promise<T>;

    const began = this.sequence;
    const promise = compute().then((value) => {
      const goodsId = productOf?.(value);
      const spoiled = this.wholeAt > began || (goodsId !== undefined && (this.productAt.get(goodsId) ?? 0) > began);
      if (!spoiled) this.store(key, value, goodsId);
      return value;
    });
    const flight = { promise, ofProduct: productOf !== undefined };
    this.pending.set(key, flight);
    try {
      return await promise;
    } finally {
      if (this.pending.get(key) === flight) this.pending.delete(key);
    }
  }

  /**
   * Whether `value` is still what this cache answers for the key it was stored under: not dropped,
   * not replaced, not expired. Asking counts as a use, as a hit in `remember` does.
   */
  holds(value: object): boolean {
    const key = this.keyOf.get(value);
    if (key === undefined) return false;
    const entry = this.entries.get(key);
    if (entry?.value !== value || entry.expiresAt <= this.now()) return false;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return true;
  }

  /** Drops one product's own results (its page), leaving the lists: its stock moved, its availability did not. */
  invalidateProduct(goodsId: number) {
    this.productAt.set(goodsId, ++this.sequence);
    // which product a computation in flight belongs to is known only when it ends: a later
    // request shares none of the product computations begun before, and starts afresh
    for (const [key, flight] of this.pending) {
      if (flight.ofProduct) this.pending.delete(key);
    }
    for (const [key, entry] of this.entries) {
      if (entry.goodsId === goodsId) this.entries.delete(key);
    }
  }

  /** Drops what depends on one product (its page and every list), or everything. */
  invalidate(goodsId?: number) {
    this.wholeAt = ++this.sequence;
    this.productAt.clear();
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
    if (typeof value === 'object' && value !== null) this.keyOf.set(value, key);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

/** spec 9 "Markdown preview": the diagram cache holds this many entries… */
export const DIAGRAM_CACHE_MAX = 1000;
/** …for this long each. */
export const DIAGRAM_CACHE_TTL_MS = 10 * 60_000;

/**
 * A bounded cache with a lifetime: at most `max` entries, each forgotten `ttlMs` after it was
 * stored; when full, the least recently used entry makes room. Used for drawn diagrams, keyed by
 * their source, so a conversation re-rendered (a new message, a language change) draws nothing twice.
 */
export class ExpiringCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>();
  readonly #max: number;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor({
    max = DIAGRAM_CACHE_MAX,
    ttlMs = DIAGRAM_CACHE_TTL_MS,
    now = Date.now,
  }: { max?: number; ttlMs?: number; now?: () => number } = {}) {
    this.#max = Math.max(1, max);
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  get size() {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expires <= this.#now()) return undefined;
    // most recently used last
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    const now = this.#now();
    if (this.#entries.size >= this.#max) {
      for (const [oldKey, old] of this.#entries) if (old.expires <= now) this.#entries.delete(oldKey);
    }
    while (this.#entries.size >= this.#max) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expires: now + this.#ttlMs });
  }

  clear(): void {
    this.#entries.clear();
  }
}

import { describe, expect, it } from 'vitest';
import { CatalogCache } from './cache';

/** A computation that finishes when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('the catalogue cache', () => {
  it('stores a list computed while one product’s stock moved: the list does not depend on a stock count', async () => {
    const cache = new CatalogCache(60_000);
    const list = deferred<string[]>();
    const first = cache.remember('list', () => list.promise);
    cache.invalidateProduct(7);
    list.resolve(['a', 'b']);
    await first;
    let computed = 0;
    await cache.remember('list', async () => {
      computed++;
      return ['c'];
    });
    expect(computed).toBe(0);
  });

  it('shares an in-flight list with a request that comes after a product’s stock moved', async () => {
    const cache = new CatalogCache(60_000);
    const list = deferred<string[]>();
    let computed = 0;
    const compute = () => {
      computed++;
      return list.promise;
    };
    const first = cache.remember('list', compute);
    cache.invalidateProduct(7);
    const second = cache.remember('list', compute);
    list.resolve(['a']);
    expect(await second).toEqual(await first);
    expect(computed).toBe(1);
  });

  it('never stores a product page read before that product changed, nor lets a later request share it', async () => {
    const cache = new CatalogCache(60_000);
    const stale = deferred<{ id: number; stock: number }>();
    const first = cache.remember(
      'product:7',
      () => stale.promise,
      (value) => value.id,
    );
    cache.invalidateProduct(7);
    const second = cache.remember(
      'product:7',
      async () => ({ id: 7, stock: 4 }),
      (value) => value.id,
    );
    stale.resolve({ id: 7, stock: 5 });
    expect(await first).toEqual({ id: 7, stock: 5 });
    expect(await second).toEqual({ id: 7, stock: 4 });
    expect(
      await cache.remember(
        'product:7',
        async () => ({ id: 7, stock: 3 }),
        (value) => value.id,
      ),
    ).toEqual({
      id: 7,
      stock: 4,
    });
  });

  it('stores another product’s page computed while one product changed', async () => {
    const cache = new CatalogCache(60_000);
    const page = deferred<{ id: number }>();
    const first = cache.remember(
      'product:8',
      () => page.promise,
      (value) => value.id,
    );
    cache.invalidateProduct(7);
    page.resolve({ id: 8 });
    await first;
    let computed = 0;
    await cache.remember(
      'product:8',
      async () => {
        computed++;
        return { id: 8 };
      },
      (value) => value.id,
    );
    expect(computed).toBe(0);
  });

  it('stores nothing computed before a change to what can be bought (a price, a product gone)', async () => {
    const cache = new CatalogCache(60_000);
    const list = deferred<string[]>();
    const first = cache.remember('list', () => list.promise);
    cache.invalidate(7);
    list.resolve(['old']);
    await first;
    expect(await cache.remember('list', async () => ['new'])).toEqual(['new']);
    expect(await cache.remember('list', async () => ['newer'])).toEqual(['new']);
  });

  it('holds a stored result until it is dropped, replaced or expired, and not a result it never stored', async () => {
    let now = 0;
    const cache = new CatalogCache(1_000, 1_000, () => now);
    const list = await cache.remember('list', async () => ({ items: ['a'] }));
    const page = await cache.remember(
      'page',
      async () => ({ id: 7 }),
      (value) => value.id,
    );
    expect(cache.holds(list)).toBe(true);
    expect(cache.holds({ items: ['a'] })).toBe(false);
    cache.invalidateProduct(7); // a product's stock moved: its page goes, the lists stay
    expect(cache.holds(page)).toBe(false);
    expect(cache.holds(list)).toBe(true);
    now = 1_000;
    expect(cache.holds(list)).toBe(false);
    const again = await cache.remember('list', async () => ({ items: ['b'] }));
    expect(cache.holds(list)).toBe(false);
    expect(cache.holds(again)).toBe(true);
    cache.invalidate();
    expect(cache.holds(again)).toBe(false);
  });

  it('counts asking whether it holds a result as a use, so a result asked about is not the first to go', async () => {
    const cache = new CatalogCache(60_000, 2);
    const first = await cache.remember('first', async () => ({ n: 1 }));
    const second = await cache.remember('second', async () => ({ n: 2 }));
    expect(cache.holds(first)).toBe(true);
    await cache.remember('third', async () => ({ n: 3 }));
    expect(cache.holds(first)).toBe(true);
    expect(cache.holds(second)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { type Lookup, PageCache } from './page-cache';

const text = (found: Lookup) => (found.kind === 'hit' ? found.page.body.toString('utf8') : found.kind);

describe('the page cache', () => {
  it('answers a cached page with the new response’s nonce in place of the old one', () => {
    const cache = new PageCache(5_000);
    expect(cache.lookup('/', 'first').kind).toBe('render');
    cache.set('/', '<script nonce="abc+/=">é</script><link nonce="abc+/=">', 'abc+/=', [['content-type', 'text/html']]);
    expect(text(cache.lookup('/', 'fresh'))).toBe('<script nonce="fresh">é</script><link nonce="fresh">');
    expect(text(cache.lookup('/', 'other'))).toBe('<script nonce="other">é</script><link nonce="other">');
  });

  it('has one request render a missing page while the others wait for it', async () => {
    const cache = new PageCache(5_000);
    expect(cache.lookup('/a', 'n1').kind).toBe('render');
    const second = cache.lookup('/a', 'n2');
    expect(second.kind).toBe('wait');
    let woke = false;
    const waiting = second.kind === 'wait' ? second.rendered.then(() => (woke = true)) : null;
    await Promise.resolve();
    expect(woke).toBe(false);
    cache.set('/a', 'A n1', 'n1', []);
    await waiting;
    expect(text(cache.lookup('/a', 'n2'))).toBe('A n2');
  });

  it('lets the waiting requests look again when the render is not kept', async () => {
    const cache = new PageCache(5_000);
    cache.lookup('/gone', 'n1');
    const second = cache.lookup('/gone', 'n2');
    cache.abandon('/gone');
    if (second.kind === 'wait') await second.rendered;
    // the next one renders it itself
    expect(cache.lookup('/gone', 'n2').kind).toBe('render');
  });

  it('answers with the old copy while one request renders a page past its time', () => {
    let now = 0;
    const cache = new PageCache(5_000, 10, () => now);
    cache.lookup('/a', 'n');
    cache.set('/a', 'old n', 'n', []);
    now = 4_999;
    expect(cache.lookup('/a', 'x')).toMatchObject({ kind: 'hit', fresh: true });
    now = 5_000;
    expect(cache.lookup('/a', 'x').kind).toBe('render');
    expect(cache.lookup('/a', 'y')).toMatchObject({ kind: 'hit', fresh: false });
    expect(text(cache.lookup('/a', 'y'))).toBe('old y');
    cache.set('/a', 'new z', 'z', []);
    expect(cache.lookup('/a', 'y')).toMatchObject({ kind: 'hit', fresh: true });
    expect(text(cache.lookup('/a', 'y'))).toBe('new y');
  });

  it('keeps nothing old after clear(): the next request renders', () => {
    const cache = new PageCache(60_000);
    cache.lookup('/a', 'n');
    cache.set('/a', 'A', 'n', []);
    cache.clear();
    expect(cache.lookup('/a', 'n').kind).toBe('render');
  });

  it('keeps at most its limit, dropping the least recently used', () => {
    const cache = new PageCache(60_000, 2);
    cache.set('/a', 'A', 'n', []);
    cache.set('/b', 'B', 'n', []);
    cache.lookup('/a', 'n');
    cache.set('/c', 'C', 'n', []);
    expect(cache.get('/b', 'n')).toBeUndefined();
    expect(cache.get('/a', 'n')?.body.toString()).toBe('A');
    expect(cache.get('/c', 'n')?.body.toString()).toBe('C');
  });

  it('stores nothing when switched off', () => {
    const cache = new PageCache(0);
    cache.set('/a', 'A', 'n', []);
    expect(cache.enabled).toBe(false);
    expect(cache.get('/a', 'n')).toBeUndefined();
  });
});

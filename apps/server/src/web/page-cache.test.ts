import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache';

describe('the page cache', () => {
  it('answers a cached page with the new response’s nonce in place of the old one', () => {
    const cache = new PageCache(5_000);
    cache.set('/', '<script nonce="abc+/=">x</script><link nonce="abc+/=">', 'abc+/=', [['content-type', 'text/html']]);
    expect(cache.get('/', 'fresh')?.body).toBe('<script nonce="fresh">x</script><link nonce="fresh">');
    expect(cache.get('/', 'other')?.body).toBe('<script nonce="other">x</script><link nonce="other">');
  });

  it('forgets a page after its time', () => {
    let now = 0;
    const cache = new PageCache(5_000, 10, () => now);
    cache.set('/a', 'A', 'n', []);
    now = 4_999;
    expect(cache.get('/a', 'n')?.body).toBe('A');
    now = 5_000;
    expect(cache.get('/a', 'n')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most its limit, dropping the least recently used', () => {
    const cache = new PageCache(60_000, 2);
    cache.set('/a', 'A', 'n', []);
    cache.set('/b', 'B', 'n', []);
    cache.get('/a', 'n');
    cache.set('/c', 'C', 'n', []);
    expect(cache.get('/b', 'n')).toBeUndefined();
    expect(cache.get('/a', 'n')?.body).toBe('A');
    expect(cache.get('/c', 'n')?.body).toBe('C');
  });

  it('stores nothing when switched off', () => {
    const cache = new PageCache(0);
    cache.set('/a', 'A', 'n', []);
    expect(cache.enabled).toBe(false);
    expect(cache.get('/a', 'n')).toBeUndefined();
  });
});

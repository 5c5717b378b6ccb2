import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_AFTER_SIGN_IN, lazyResolver, pageAfterSignIn } from './forms';

const SHOP = 'https://shop.example';

describe('pageAfterSignIn', () => {
  it('opens the account page by default (spec 4)', () => {
    expect(pageAfterSignIn('', SHOP)).toBe(ACCOUNT_AFTER_SIGN_IN);
    expect(pageAfterSignIn('?tab=register', SHOP)).toBe(ACCOUNT_AFTER_SIGN_IN);
  });

  it('goes back to a page of this site that asked for the sign-in', () => {
    expect(pageAfterSignIn('?redirect=%2Forder', SHOP)).toBe('/order');
    expect(pageAfterSignIn('?tab=register&redirect=/order?id=7', SHOP)).toBe('/order?id=7');
    expect(pageAfterSignIn(`?redirect=${encodeURIComponent('/product/red-dress.html?color=2#reviews')}`, SHOP)).toBe(
      '/product/red-dress.html?color=2#reviews',
    );
  });

  // Each is a way a browser can be led off the site: schemes, protocol-relative forms, and the
  // characters browsers strip (tab, newline, carriage return) or read as a slash (backslash).
  const hostile = [
    'https://evil.example/',
    'http:evil.example',
    '//evil.example/',
    '///evil.example/',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/\t\n/evil.example',
    '\t//evil.example',
    ' //evil.example',
    '/\u0000/evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://shop.example@evil.example/',
    '//shop.example@evil.example',
    'order',
    '',
  ];

  it.each(hostile)('never leaves the site for %j', (target) => {
    const after = pageAfterSignIn(`?redirect=${encodeURIComponent(target)}`, SHOP);
    expect(new URL(after, SHOP).origin).toBe(SHOP);
    expect(after === ACCOUNT_AFTER_SIGN_IN || after.startsWith('/')).toBe(true);
    expect(after).not.toMatch(/^\/\/|^\/\\|[\t\n\r]/);
  });

  it('refuses the issue’s tab and newline twins outright', () => {
    expect(pageAfterSignIn('?redirect=%2F%09%2Fevil.example', SHOP)).toBe(ACCOUNT_AFTER_SIGN_IN);
    expect(pageAfterSignIn('?redirect=%2F%0A%2Fevil.example', SHOP)).toBe(ACCOUNT_AFTER_SIGN_IN);
  });
});

describe('lazyResolver', () => {
  const rules = (values: { name: string }) =>
    Promise.resolve(
      values.name ? { values, errors: {} } : { values: {}, errors: { name: { type: 'required', message: 'Name?' } } },
    );

  it('imports the rules once, at the first check or at preload, and answers as they do', async () => {
    const load = vi.fn(() => Promise.resolve(rules));
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    resolver.preload();
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
    expect(await resolver({ name: '' })).toEqual({ values: {}, errors: { name: { type: 'required', message: 'Name?' } } });
    expect(await resolver({ name: 'Ada' })).toEqual({ values: { name: 'Ada' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the import again at the next check after it failed', async () => {
    const load = vi.fn<() => Promise<typeof rules>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(rules);
    const resolver = lazyResolver(load);
    await expect(resolver({ name: 'Ada' })).rejects.toThrow('offline');
    expect(await resolver({ name: 'Ada' })).toEqual({ values: { name: 'Ada' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

import { describe, expect, it } from 'vitest';
import { shouldRevalidate } from './root';

const step = (from: string, to: string, formMethod?: 'GET' | 'POST') =>
  shouldRevalidate({
    currentUrl: new URL(`http://shop.test${from}`),
    nextUrl: new URL(`http://shop.test${to}`),
    formMethod,
    defaultShouldRevalidate: true,
  } as Parameters<typeof shouldRevalidate>[0]);

describe('when the root loads its menu and links again', () => {
  it('not on a navigation in the shop or a search in a back-office list', () => {
    expect(step('/classify/1', '/product/shirt-1.html')).toBe(false);
    expect(step('/office/quick-replies', '/office/quick-replies?q=ship')).toBe(false);
    expect(step('/office/catalog', '/office/orders', 'GET')).toBe(false);
    expect(step('/agent', '/agent?c=2')).toBe(false);
  });

  it('after a form posts, and when staff go from the back office or the console to the shop', () => {
    expect(step('/login', '/login', 'POST')).toBe(true);
    expect(step('/office/catalog', '/')).toBe(true);
    expect(step('/agent', '/help')).toBe(true);
    expect(step('/officer', '/')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { pageHref, pageOf } from './page-address';

describe('a list’s page in the address', () => {
  it('reads the page, 1 when there is none or it is not a page', () => {
    expect(pageOf(new URLSearchParams('page=3'))).toBe(3);
    expect(pageOf(new URLSearchParams(''))).toBe(1);
    expect(pageOf(new URLSearchParams('page=x'))).toBe(1);
    expect(pageOf(new URLSearchParams('page=-2'))).toBe(1);
  });

  it('links another page, keeping the search and filters', () => {
    expect(pageHref(new URLSearchParams('q=dress&page=2&sort=price'), 3)).toBe('?q=dress&page=3&sort=price');
    expect(pageHref(new URLSearchParams('q=a b'), 2)).toBe('?q=a+b&page=2');
  });
});

import { describe, expect, it } from 'vitest';
import { isSafeAddress, whenOf } from './contact-format';

describe('the contact panel’s addresses and dates', () => {
  it('links only the shop’s own pages and http(s) addresses', () => {
    expect(isSafeAddress('/product/dress.html')).toBe(true);
    expect(isSafeAddress('https://example.com/a')).toBe(true);
    expect(isSafeAddress('HTTP://example.com')).toBe(true);
    expect(isSafeAddress('//evil.example')).toBe(false);
    expect(isSafeAddress('javascript:alert(1)')).toBe(false);
    expect(isSafeAddress('data:text/html,x')).toBe(false);
  });
  it('says nothing for a time that is not a date', () => {
    expect(whenOf('not a date', 'en-us')).toBe('');
    expect(whenOf(Date.UTC(2026, 0, 2, 3, 4), 'en-us')).toMatch(/2026/);
  });
});

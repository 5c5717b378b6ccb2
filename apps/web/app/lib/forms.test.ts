import { describe, expect, it } from 'vitest';
import { ACCOUNT_AFTER_SIGN_IN, pageAfterSignIn } from './forms';

describe('pageAfterSignIn', () => {
  it('opens the account page by default (spec 4)', () => {
    expect(pageAfterSignIn('')).toBe(ACCOUNT_AFTER_SIGN_IN);
    expect(pageAfterSignIn('?tab=register')).toBe(ACCOUNT_AFTER_SIGN_IN);
  });

  it('goes back to a page of this site that asked for the sign-in', () => {
    expect(pageAfterSignIn('?redirect=%2Forder')).toBe('/order');
    expect(pageAfterSignIn('?tab=register&redirect=/order?id=7')).toBe('/order?id=7');
  });

  it('never leaves the site', () => {
    for (const target of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)', 'order']) {
      expect(pageAfterSignIn(`?redirect=${encodeURIComponent(target)}`)).toBe(ACCOUNT_AFTER_SIGN_IN);
    }
  });
});

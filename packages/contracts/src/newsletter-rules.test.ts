import { describe, expect, it } from 'vitest';
import { Messages } from './constants';
import { newsletterEmailError } from './newsletter-rules';

describe('the newsletter sign-up address (spec 5)', () => {
  it("says 'This field is required.' for nothing typed", () => {
    expect(newsletterEmailError('')).toBe(Messages.fieldRequired);
    expect(newsletterEmailError('   ')).toBe(Messages.fieldRequired);
  });

  it('takes letters, digits, underscore or hyphen, then @, then a dotted domain', () => {
    for (const email of ['anna@example.com', 'A_b-9@mail.example.co.uk', ' jo@shop.io ']) {
      expect(newsletterEmailError(email), email).toBeNull();
    }
  });

  it("says 'Please enter a valid email address.' for anything else", () => {
    for (const email of [
      'anna',
      'anna@example',
      '@example.com',
      'an na@example.com',
      'anna@@example.com',
      'a+b@example.com',
      'anna@example.',
    ]) {
      expect(newsletterEmailError(email), email).toBe(Messages.newsletterEmailInvalid);
    }
    expect(newsletterEmailError(`${'a'.repeat(250)}@x.io`)).toBe(Messages.newsletterEmailInvalid);
  });
});

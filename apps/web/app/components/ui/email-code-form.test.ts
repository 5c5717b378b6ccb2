import { CODE_OK, Messages } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { emailFieldError, sendCodeWarning, submitWarning } from './email-code-form';

describe('the e-mail-code form warnings (spec 4)', () => {
  it('asks for an address before a code is sent', () => {
    expect(sendCodeWarning('  ')).toBe(Messages.enterEmail);
    expect(sendCodeWarning('ann@example.com')).toBe('');
  });

  it('asks for both fields before the code is checked', () => {
    expect(submitWarning('ann@example.com', ' ')).toBe(Messages.fillAllFields);
    expect(submitWarning('', '123456')).toBe(Messages.fillAllFields);
    expect(submitWarning('ann@example.com', '123456')).toBe('');
  });
});

describe('emailFieldError', () => {
  it("answers the server's objection to the address", () => {
    const taken = { code: 400, msg: 'No', result: { fields: { email: 'This address is in use.' } } };
    expect(emailFieldError(taken)).toBe('This address is in use.');
  });

  it('answers nothing on success or without a field message', () => {
    expect(emailFieldError({ code: CODE_OK, msg: '', result: { fields: { email: 'ignored' } } })).toBe('');
    expect(emailFieldError({ code: 500, msg: 'Oops', result: null })).toBe('');
  });
});

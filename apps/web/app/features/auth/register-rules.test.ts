import { passwordChecks } from '@shop/contracts/auth-rules';
import { describe, expect, it } from 'vitest';
import { joinWithAnd, registerBlockers } from './register-rules';

describe('registerBlockers', () => {
  it('lists the password rules and the boxes still missing', () => {
    expect(registerBlockers(passwordChecks('', ''), false, false)).toEqual([
      'meet the three password rules',
      'tick the offers box',
      'agree to the Terms and Privacy Policy',
    ]);
  });

  it('lets a complete form register', () => {
    expect(registerBlockers(passwordChecks('Secret123', 'Secret123'), true, true)).toEqual([]);
  });
});

describe('joinWithAnd', () => {
  it('joins one, two and three parts', () => {
    expect(joinWithAnd(['a'])).toBe('a');
    expect(joinWithAnd(['a', 'b'])).toBe('a and b');
    expect(joinWithAnd(['a', 'b', 'c'])).toBe('a, b and c');
    expect(joinWithAnd([])).toBe('');
  });
});

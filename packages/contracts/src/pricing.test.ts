import { describe, expect, it } from 'vitest';
import { centsToAmount, convertForDisplay, originPriceCents } from './pricing';

describe('spec 9 price rules', () => {
  it('derives the original price from the price and the discount', () => {
    expect(originPriceCents(8000, 20)).toBe(10000);
    expect(originPriceCents(1999, 0)).toBe(1999);
    expect(originPriceCents(2999, 35)).toBe(4614);
  });

  it('shows converted prices rounded down to 2 decimals', () => {
    expect(convertForDisplay(19.99, 1)).toBe(19.99);
    expect(convertForDisplay(19.99, 0.92)).toBe(18.39);
    expect(convertForDisplay(10, 1.005)).toBe(10.05);
    expect(convertForDisplay(0.1 + 0.2, 1)).toBe(0.3);
  });

  it('formats cents as the API amount', () => {
    expect(centsToAmount(1999)).toBe('19.99');
    expect(centsToAmount(5)).toBe('0.05');
  });
});

import { describe, expect, it } from 'vitest';
import {
  centsToAmount,
  centsToPrice,
  convertCents,
  convertForDisplay,
  formatPrice,
  originPrice,
  originPriceCents,
  priceToCents,
} from './pricing';

const EUR = { unit: '€', exchange_rate: 0.92 };
const JPY = { unit: '¥', exchange_rate: 151.2 };

describe('decimal amounts and cents', () => {
  it('turns decimal amounts into whole cents without float drift', () => {
    expect(priceToCents(19.99)).toBe(1999);
    expect(priceToCents(0.1 + 0.2)).toBe(30);
    expect(priceToCents(1.005)).toBe(101);
    expect(priceToCents(4.35)).toBe(435);
    expect(priceToCents(0)).toBe(0);
    expect(priceToCents(-0)).toBe(0);
    expect(priceToCents(-12.5)).toBe(-1250);
    expect(priceToCents(-0.005)).toBe(-1);
    expect(priceToCents(90_000_000_000)).toBe(9_000_000_000_000);
  });

  it('refuses what is not an amount', () => {
    expect(() => priceToCents(Number.NaN)).toThrow(RangeError);
    expect(() => priceToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('writes cents with exactly two decimals, also for huge and negative values', () => {
    expect(centsToAmount(1999)).toBe('19.99');
    expect(centsToAmount(5)).toBe('0.05');
    expect(centsToAmount(0)).toBe('0.00');
    expect(centsToAmount(100)).toBe('1.00');
    expect(centsToAmount(-5)).toBe('-0.05');
    expect(centsToAmount(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });

  it('answers the API decimal number of cents', () => {
    expect(centsToPrice(1999)).toBe(19.99);
    expect(centsToPrice(30)).toBe(0.3);
    expect(centsToPrice(1)).toBe(0.01);
    expect(centsToPrice(123_456_789_012)).toBe(1_234_567_890.12);
  });
});

describe('spec 9: the original price', () => {
  it('divides the price by (100 - discount) / 100, to the nearest cent', () => {
    expect(originPriceCents(8000, 20)).toBe(10000);
    expect(originPriceCents(2999, 35)).toBe(4614); // 4613.846…
    expect(originPriceCents(1999, 10)).toBe(2221); // 2221.111…
    expect(originPriceCents(5, 50)).toBe(10);
    expect(originPriceCents(1, 99)).toBe(100);
  });

  it('rounds an exact half cent up', () => {
    // 1 × 100 / 8 = 12.5 cents
    expect(originPriceCents(1, 92)).toBe(13);
    // 3 × 100 / 40 = 7.5 cents
    expect(originPriceCents(3, 60)).toBe(8);
  });

  it('leaves the price alone at discount 0, 100 and beyond', () => {
    expect(originPriceCents(1999, 0)).toBe(1999);
    expect(originPriceCents(1999, 100)).toBe(1999);
    expect(originPriceCents(1999, 120)).toBe(1999);
    expect(originPriceCents(1999, -10)).toBe(1999);
    expect(originPriceCents(1999, Number.NaN)).toBe(1999);
  });

  it('takes fractional discounts at their decimal value', () => {
    // 87.5 % of the original is 70.00, so the original is 80.00
    expect(originPriceCents(7000, 12.5)).toBe(8000);
  });

  it('stays exact for huge prices', () => {
    // 9 × 10^13 cents at 50 % off: 1.8 × 10^14, beyond what a float multiplication keeps exact
    expect(originPriceCents(90_000_000_000_001, 50)).toBe(180_000_000_000_002);
  });

  it('works on decimal prices as the API sends them', () => {
    expect(originPrice(80, 20)).toBe(100);
    expect(originPrice(29.99, 35)).toBe(46.14);
    expect(originPrice(0.1 + 0.2, 40)).toBe(0.5);
    expect(originPrice(19.99, 0)).toBe(19.99);
    expect(originPrice(19.99, 100)).toBe(19.99);
  });
});

describe('spec 9: the shown price in another currency', () => {
  it('multiplies by the exchange rate and rounds down to 2 decimals', () => {
    expect(convertForDisplay(19.99, 0.92)).toBe(18.39); // 18.3908
    expect(convertForDisplay(12.99, 0.79)).toBe(10.26); // 10.2621
    expect(convertForDisplay(0.99, 0.92)).toBe(0.91); // 0.9108
    expect(convertForDisplay(0.01, 0.5)).toBe(0); // half a cent is not a cent
  });

  it('keeps the price at rate 1 and by default', () => {
    expect(convertForDisplay(19.99, 1)).toBe(19.99);
    expect(convertForDisplay(19.99)).toBe(19.99);
    expect(convertForDisplay(0, 1)).toBe(0);
  });

  it('is not fooled by float traps', () => {
    expect(convertForDisplay(0.1 + 0.2, 1)).toBe(0.3);
    // 1000 × 1.005 is 1004.9999999999999 in floats; exactly 1005 cents
    expect(convertForDisplay(10, 1.005)).toBe(10.05);
    // 4.35 × 100 is 434.99999999999994 in floats
    expect(convertForDisplay(4.35, 1)).toBe(4.35);
    // 1.15 × 1.1 = 1.265 exactly; 1.26 after rounding down, never 1.27
    expect(convertForDisplay(1.15, 1.1)).toBe(1.26);
    // 0.7 × 1.1 = 0.77 exactly; floats say 0.7700000000000001 or 0.76999…
    expect(convertForDisplay(0.7, 1.1)).toBe(0.77);
  });

  it('converts into currencies worth less than a cent per dollar and into big rates', () => {
    expect(convertForDisplay(19.99, 151.2)).toBe(3022.48); // 3022.488
    expect(convertForDisplay(100, 0.000123)).toBe(0.01); // 0.0123
    expect(convertCents(100, 1e-7)).toBe(0);
    expect(convertCents(1999, 1.5e3)).toBe(2_998_500);
  });

  it('stays exact for huge amounts', () => {
    // 10^13 dollars × 0.92: the float product is off by more than a cent
    expect(convertForDisplay(10_000_000_000_000, 0.92)).toBe(9_200_000_000_000);
    expect(convertCents(999_999_999_999_999, 0.3)).toBe(299_999_999_999_999);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => convertForDisplay(10, 0)).toThrow(RangeError);
    expect(() => convertForDisplay(10, -1)).toThrow(RangeError);
    expect(() => convertForDisplay(10, Number.NaN)).toThrow(RangeError);
  });
});

describe('formatPrice', () => {
  it('writes dollars with the default symbol', () => {
    expect(formatPrice(12.99)).toBe('$12.99');
    expect(formatPrice(12)).toBe('$12.00');
    expect(formatPrice(0.1 + 0.2)).toBe('$0.30');
    expect(formatPrice(0)).toBe('$0.00');
  });

  it("converts with the currency's rate, rounding down, and uses its symbol", () => {
    expect(formatPrice(11.99, EUR)).toBe('€11.03'); // 11.0308
    expect(formatPrice(19.99, EUR)).toBe('€18.39');
    expect(formatPrice(11.98, EUR)).toBe('€11.02'); // 11.0216
    expect(formatPrice(12.99, { unit: '£', exchange_rate: 0.79 })).toBe('£10.26');
    expect(formatPrice(12.99, { unit: '$', exchange_rate: 1 })).toBe('$12.99');
  });

  it('keeps two decimals for the yen, as spec 9 says', () => {
    expect(formatPrice(12.99, JPY)).toBe('¥1,964.08'); // 1964.088
    expect(formatPrice(10, JPY)).toBe('¥1,512.00');
  });

  it('sets a symbol made of letters apart', () => {
    expect(formatPrice(10, { unit: 'CHF', exchange_rate: 0.88 })).toBe('CHF 8.80');
    expect(formatPrice(10, { unit: 'kr', exchange_rate: 10.45 })).toBe('kr 104.50');
    expect(formatPrice(10, { unit: 'C$', exchange_rate: 1.36 })).toBe('C$13.60');
  });

  it('separates thousands, and writes huge and negative amounts in full', () => {
    expect(formatPrice(999.99)).toBe('$999.99');
    expect(formatPrice(1000)).toBe('$1,000.00');
    expect(formatPrice(1299.5)).toBe('$1,299.50');
    expect(formatPrice(12_345_678_901.23)).toBe('$12,345,678,901.23');
    expect(formatPrice(-1234.5)).toBe('-$1,234.50');
    expect(formatPrice(-5)).toBe('-$5.00');
    expect(formatPrice(1000, { unit: 'kr', exchange_rate: 10.45 })).toBe('kr 10,450.00');
  });
});

import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import {
  customsCents,
  INSURANCE_MIN_CENTS,
  insuranceCents,
  type PricedLineInput,
  pointsMax,
  priceOrder,
  REMOTE_AREA_SURCHARGE_CENTS,
  SMALL_ORDER_SURCHARGE_CENTS,
  shippingCents,
  surchargeLines,
} from './pricing';

const line = (unit: number, origin: number, num: number, sku = 1): PricedLineInput => ({
  goods_id: sku,
  sku_id: sku,
  goods_name: `Item ${sku}`,
  goods_url: `item-${sku}`,
  image: '',
  sku_text: 'Color:Red;Size:M',
  unit_price: unit,
  origin_price: origin,
  num,
});

const base = {
  shippingMethod: 'standard' as const,
  destination: { country: 'US', state: 'CA' },
  insurance: false,
  points: 0,
  pointsAvailable: 0,
};

const fieldOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return { type: error.type, fields: error.fields };
    throw error;
  }
  throw new Error('expected an error');
};

describe('pricing engine', () => {
  it('prices goods at original prices, the sale saving as the discount, in whole cents', () => {
    const priced = priceOrder({ ...base, lines: [line(1999, 2499, 2, 1), line(1000, 1000, 1, 2)] });
    expect(priced.breakdown).toMatchObject({
      goods_amount: 2499 * 2 + 1000,
      discount_amount: 1000,
      shipping_amount: 599,
      pay_price: 1999 * 2 + 1000 + 599,
    });
    expect(priced.lines.map((l) => l.total)).toEqual([3998, 1000]);
    expect(priced.total_num).toBe(3);
  });

  it('ships standard free from $69 of goods after the sale, express always at $14.99', () => {
    expect(shippingCents('standard', 6899)).toBe(599);
    expect(shippingCents('standard', 6900)).toBe(0);
    expect(shippingCents('express', 100_000)).toBe(1499);
    // 2 × $39.99 at $49.99 original: the threshold looks at what is paid for the goods
    const priced = priceOrder({ ...base, lines: [line(3999, 4999, 2)] });
    expect(priced.breakdown.shipping_amount).toBe(0);
    expect(priced.shippingOptions).toEqual([
      { method: 'standard', amount: 0 },
      { method: 'express', amount: 1499 },
    ]);
  });

  it('adds a small-order surcharge under $15 and a remote-area surcharge for remote places', () => {
    expect(surchargeLines({ country: 'US', state: 'CA' }, 1499).map((l) => l.code)).toEqual(['small_order']);
    expect(surchargeLines({ country: 'US', state: 'CA' }, 1500)).toEqual([]);
    expect(surchargeLines({ country: 'US', state: 'HI' }, 5000).map((l) => l.code)).toEqual(['remote_area']);
    expect(surchargeLines({ country: 'IS' }, 5000)[0]?.amount).toBe(REMOTE_AREA_SURCHARGE_CENTS);
    expect(surchargeLines(null, 1000)[0]?.amount).toBe(SMALL_ORDER_SURCHARGE_CENTS);
  });

  it('charges insurance at 2% with a minimum, only when chosen, and duty above the threshold only', () => {
    expect(insuranceCents(1000)).toBe(INSURANCE_MIN_CENTS);
    expect(insuranceCents(10_025)).toBe(201);
    expect(customsCents('US', 1_000_000)).toBe(0);
    expect(customsCents('GB', 17_000)).toBe(0);
    expect(customsCents('GB', 17_001)).toBe(2040);
    expect(customsCents('DE', 20_000)).toBe(2400);
    expect(customsCents('BR', 20_001)).toBe(2000);
    expect(customsCents(null, 20_001)).toBe(0);
    const priced = priceOrder({ ...base, destination: { country: 'GB' }, insurance: true, lines: [line(20_000, 20_000, 1)] });
    expect(priced.breakdown).toMatchObject({ insurance: 1, insurance_amount: 400, customs_amount: 2400, shipping_amount: 0 });
    expect(priced.breakdown.pay_price).toBe(20_000 + 400 + 2400);
  });

  it('takes points at 100 = $1, up to the balance and half the goods', () => {
    expect(pointsMax(10_000, 3000)).toBe(1500);
    expect(pointsMax(120, 3000)).toBe(120);
    const priced = priceOrder({ ...base, points: 1500, pointsAvailable: 10_000, lines: [line(3000, 3000, 1)] });
    expect(priced.breakdown).toMatchObject({ points_used: 1500, points_amount: 1500, pay_price: 3000 - 1500 + 599 });
    expect(fieldOf(() => priceOrder({ ...base, points: 1501, pointsAvailable: 10_000, lines: [line(3000, 3000, 1)] }))).toEqual({
      type: 'bad_request',
      fields: { points: 'At most 1500 points can be used on this order' },
    });
    expect(fieldOf(() => priceOrder({ ...base, points: 200, pointsAvailable: 120, lines: [line(3000, 3000, 1)] }))).toEqual({
      type: 'bad_request',
      fields: { points: 'You have 120 points' },
    });
  });

  it('refuses a coupon until coupons exist, and never goes below zero', () => {
    expect(fieldOf(() => priceOrder({ ...base, couponId: 3, lines: [line(1000, 1000, 1)] })).fields).toEqual({
      coupon_id: 'Coupons cannot be used yet',
    });
    const free = priceOrder({ ...base, lines: [] });
    expect(free.breakdown.pay_price).toBeGreaterThanOrEqual(0);
  });
});

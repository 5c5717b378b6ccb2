import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { seededRandom } from '../../testing/random';
import {
  allocateByLargestRemainder,
  type CouponRule,
  couponOutcome,
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

  it('never goes below zero', () => {
    const free = priceOrder({ ...base, lines: [] });
    expect(free.breakdown.pay_price).toBeGreaterThanOrEqual(0);
  });
});

// ---------------------------------------------------------------- coupons and the allocation of discounts

const NOW = Date.UTC(2026, 5, 1);
const rule = (over: Partial<CouponRule> = {}): CouponRule => ({
  kind: 'fixed',
  amountCents: 1000,
  percent: 0,
  maxDiscountCents: null,
  minSpendCents: 0,
  scope: 'all',
  categoryIds: [],
  goodsIds: [],
  firstOrderOnly: false,
  startAt: NOW - 1000,
  endAt: NOW + 86_400_000,
  used: false,
  ...over,
});
const context = { now: NOW, firstOrder: true };
const withCoupon = (coupon: CouponRule, lines: PricedLineInput[], points = 0, pointsAvailable = 0) =>
  priceOrder({ ...base, lines, coupon, couponContext: context, points, pointsAvailable });

describe('allocateByLargestRemainder', () => {
  it('gives each part its whole cents and the cents left to the largest fractions, summing exactly', () => {
    expect(allocateByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateByLargestRemainder(1000, [3333, 3333, 3334])).toEqual([333, 333, 334]);
    expect(allocateByLargestRemainder(5, [0, 10, 0])).toEqual([0, 5, 0]);
    expect(allocateByLargestRemainder(0, [1, 2])).toEqual([0, 0]);
    expect(allocateByLargestRemainder(7, [0, 0])).toEqual([0, 0]);
    // the fractions decide, not the order: 10 × 2/7 = 2.857, 10 × 5/7 = 7.142
    expect(allocateByLargestRemainder(10, [2, 5])).toEqual([3, 7]);
  });
});

describe('coupons in the pricing engine', () => {
  it('takes a fixed amount off, never more than the goods it applies to', () => {
    const priced = withCoupon(rule({ amountCents: 1000 }), [line(3000, 3000, 1)]);
    expect(priced.breakdown).toMatchObject({ coupon_amount: 1000, pay_price: 3000 - 1000 + 599 });
    const small = withCoupon(rule({ amountCents: 5000 }), [line(1200, 1200, 1)]);
    expect(small.breakdown.coupon_amount).toBe(1200);
    expect(small.lines[0]?.coupon_share).toBe(1200);
  });

  it('takes a percentage of the eligible goods after sale prices, to the nearest cent, capped', () => {
    const percent = rule({ kind: 'percent', percent: 20, amountCents: 0 });
    expect(withCoupon(percent, [line(1999, 2999, 3)]).breakdown.coupon_amount).toBe(1199); // 20 % of 5997 = 1199.4
    expect(withCoupon({ ...percent, maxDiscountCents: 1000 }, [line(1999, 1999, 3)]).breakdown.coupon_amount).toBe(1000);
  });

  it('applies to the chosen products or categories only, and spreads the discount over those lines', () => {
    const lines = [
      { ...line(2000, 2000, 1, 1), category_id: 10 },
      { ...line(1000, 1000, 2, 2), category_id: 20 },
    ];
    const byProduct = withCoupon(rule({ kind: 'percent', percent: 10, scope: 'products', goodsIds: [2] }), lines);
    expect(byProduct.breakdown.coupon_amount).toBe(200);
    expect(byProduct.lines.map((l) => l.coupon_share)).toEqual([0, 200]);
    const byCategory = withCoupon(rule({ amountCents: 1000, scope: 'categories', categoryIds: [10, 20] }), lines);
    expect(byCategory.lines.map((l) => l.coupon_share)).toEqual([500, 500]);
    expect(fieldOf(() => withCoupon(rule({ scope: 'categories', categoryIds: [30] }), lines)).fields).toEqual({
      coupon_id: 'This coupon does not apply to these items',
    });
  });

  it('refuses below the minimum spend, used, expired, not started or not a first order, with the reason', () => {
    const lines = [line(3000, 3000, 1)];
    const reason = (coupon: CouponRule, first = true) => {
      const outcome = couponOutcome(coupon, lines, { now: NOW, firstOrder: first });
      return outcome.usable ? 'usable' : outcome.reason;
    };
    expect(reason(rule({ minSpendCents: 3001 }))).toBe('min_spend');
    expect(reason(rule({ minSpendCents: 3000 }))).toBe('usable');
    expect(reason(rule({ used: true }))).toBe('used');
    expect(reason(rule({ endAt: NOW }))).toBe('expired');
    expect(reason(rule({ startAt: NOW + 1 }))).toBe('not_started');
    expect(reason(rule({ firstOrderOnly: true }), false)).toBe('first_order_only');
    expect(fieldOf(() => withCoupon(rule({ minSpendCents: 5000 }), lines)).fields).toEqual({
      coupon_id: 'Spend at least $50.00 on eligible items to use this coupon',
    });
  });

  it('caps points at half the goods after the coupon, and spreads them over what is left of each line', () => {
    const lines = [line(3000, 3000, 1, 1), line(1000, 1000, 1, 2)];
    const coupon = rule({ amountCents: 1000, scope: 'products', goodsIds: [1] });
    expect(withCoupon(coupon, lines, 0, 10_000).pointsMax).toBe(1500);
    const priced = withCoupon(coupon, lines, 1500, 10_000);
    expect(priced.lines.map((l) => [l.coupon_share, l.points_share])).toEqual([
      [1000, 1000],
      [0, 500],
    ]);
    expect(priced.breakdown.pay_price).toBe(4000 - 1000 - 1500 + 599);
  });
});

describe('pricing engine properties (random bags, coupons and points)', () => {
  it('never discounts more than the goods, shares sum exactly, never pays below zero', () => {
    const { next: random, int } = seededRandom('pricing properties');
    for (let run = 0; run < 3000; run++) {
      const lines = Array.from({ length: int(1, 8) }, (_, index) => {
        const unit = int(1, 50_000);
        return { ...line(unit, unit + int(0, 5000), int(1, 20), index + 1), category_id: int(1, 4) };
      });
      const percent = random() < 0.5;
      const coupon = rule({
        kind: percent ? 'percent' : 'fixed',
        percent: percent ? int(1, 100) : 0,
        amountCents: percent ? 0 : int(1, 200_000),
        maxDiscountCents: percent && random() < 0.5 ? int(1, 50_000) : null,
        minSpendCents: random() < 0.3 ? int(0, 100_000) : 0,
        scope: (['all', 'categories', 'products'] as const)[int(0, 2)],
        categoryIds: [int(1, 4)],
        goodsIds: [int(1, 8)],
      });
      const outcome = couponOutcome(coupon, lines, context);
      const merchandise = lines.reduce((sum, l) => sum + l.unit_price * l.num, 0);
      const couponCents = outcome.usable ? outcome.cents : 0;
      const pointsAvailable = int(0, 2_000_000);
      const points = int(0, pointsMax(pointsAvailable, merchandise - couponCents));
      const priced = priceOrder({
        ...base,
        insurance: random() < 0.5,
        lines,
        coupon: outcome.usable ? coupon : null,
        couponContext: context,
        points,
        pointsAvailable,
      });
      const b = priced.breakdown;
      const sum = (pick: (l: (typeof priced.lines)[number]) => number) => priced.lines.reduce((acc, l) => acc + pick(l), 0);
      expect(b.coupon_amount).toBe(couponCents);
      expect(b.coupon_amount + b.points_amount).toBeLessThanOrEqual(merchandise);
      expect(sum((l) => l.coupon_share)).toBe(b.coupon_amount);
      expect(sum((l) => l.points_share)).toBe(b.points_amount);
      for (const l of priced.lines) {
        expect(l.coupon_share).toBeGreaterThanOrEqual(0);
        expect(l.points_share).toBeGreaterThanOrEqual(0);
        expect(l.coupon_share + l.points_share).toBeLessThanOrEqual(l.total);
      }
      expect(b.pay_price).toBeGreaterThanOrEqual(0);
      expect(b.pay_price).toBe(
        b.goods_amount -
          b.discount_amount -
          b.coupon_amount -
          b.points_amount +
          b.shipping_amount +
          b.surcharge_amount +
          b.insurance_amount +
          b.customs_amount,
      );
    }
  });
});

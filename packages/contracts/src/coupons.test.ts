import { describe, expect, it } from 'vitest';
import { couponSummary } from './coupon-rules';
import { ZAdminCouponAddRequest, ZCouponIndexQuery, ZUserCouponListQuery } from './coupons';

describe('couponSummary', () => {
  it('says the terms in one line', () => {
    expect(couponSummary({ kind: 'fixed', amountCents: 1000, percent: 0, maxDiscountCents: null, minSpendCents: 5000 })).toBe(
      '$10.00 off on orders of $50.00 or more',
    );
    expect(couponSummary({ kind: 'percent', amountCents: 0, percent: 20, maxDiscountCents: null, minSpendCents: 0 })).toBe(
      '20% off',
    );
    expect(couponSummary({ kind: 'percent', amountCents: 0, percent: 15, maxDiscountCents: 3000, minSpendCents: 10_000 })).toBe(
      '15% off up to $30.00 on orders of $100.00 or more',
    );
  });
});

describe('coupon request schemas', () => {
  it('read cart_ids as "1,2,3" or as a list, and want cart_ids or goods_id', () => {
    expect(ZCouponIndexQuery.parse({ cart_ids: '3,1,2' }).cart_ids).toEqual([3, 1, 2]);
    expect(ZCouponIndexQuery.parse({ cart_ids: ['4', '5'] }).cart_ids).toEqual([4, 5]);
    expect(ZCouponIndexQuery.parse({ goods_id: '9' })).toMatchObject({ goods_id: 9, num: 1 });
    expect(ZCouponIndexQuery.safeParse({}).success).toBe(false);
    expect(ZCouponIndexQuery.safeParse({ cart_ids: '1,1' }).success).toBe(false);
    expect(ZCouponIndexQuery.safeParse({ cart_ids: '1', goods_id: '2' }).success).toBe(false);
  });

  it('take an empty status as every tab', () => {
    expect(ZUserCouponListQuery.parse({})).toEqual({ status: '', page: 1, limit: 10 });
    expect(ZUserCouponListQuery.parse({ status: 'expired', page: '2' })).toEqual({ status: 'expired', page: 2, limit: 10 });
    expect(ZUserCouponListQuery.safeParse({ status: 'lost' }).success).toBe(false);
  });

  it('check a template’s fields against each other, naming the field', () => {
    const base = { name: 'A', type: 'fixed', amount: 5, validity: 'days', valid_days: 7, source: 'center', reason: 'r' };
    expect(ZAdminCouponAddRequest.safeParse(base).success).toBe(true);
    const fieldOf = (input: object) => {
      const result = ZAdminCouponAddRequest.safeParse({ ...base, ...input });
      return result.success ? null : result.error.issues[0]?.path.join('.');
    };
    expect(fieldOf({ max_discount: 3 })).toBe('max_discount');
    expect(fieldOf({ scope: 'categories' })).toBe('category_ids');
    expect(fieldOf({ validity: 'fixed', valid_days: null })).toBe('start_at');
    expect(fieldOf({ amount: 1.234 })).toBe('amount');
  });
});

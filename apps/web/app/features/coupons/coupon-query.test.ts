import { describe, expect, it } from 'vitest';
import { couponQuery, readCouponQuery } from './coupon-query';

const read = (query: string) => readCouponQuery(new URLSearchParams(query));

describe('the MyCoupons address', () => {
  it('opens on the first page of Unused', () => {
    expect(read('')).toEqual({ status: 'unused', page: 1 });
  });

  it('reads a tab and a page', () => {
    expect(read('status=used&page=3')).toEqual({ status: 'used', page: 3 });
    expect(read('status=expired')).toEqual({ status: 'expired', page: 1 });
  });

  it('falls back on Unused and page 1 for anything else', () => {
    expect(read('status=all&page=0')).toEqual({ status: 'unused', page: 1 });
    expect(read('status=<script>&page=2.5')).toEqual({ status: 'unused', page: 1 });
    expect(read('page=99999')).toEqual({ status: 'unused', page: 1 });
  });
});

describe('the address of a MyCoupons page', () => {
  it('leaves the defaults out and reads back what it wrote', () => {
    expect(couponQuery({ status: 'unused', page: 1 }).toString()).toBe('');
    expect(couponQuery({ status: 'used', page: 2 }).toString()).toBe('status=used&page=2');
    expect(readCouponQuery(couponQuery({ status: 'expired', page: 4 }))).toEqual({ status: 'expired', page: 4 });
  });
});

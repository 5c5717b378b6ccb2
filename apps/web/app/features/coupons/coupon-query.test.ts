import { describe, expect, it } from 'vitest';
import { readCouponQuery } from './coupon-query';

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

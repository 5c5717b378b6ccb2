import type { TOrderBreakdown } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import { orderAmounts } from './order-amounts';

const breakdown: TOrderBreakdown = {
  goods_amount: 100,
  discount_amount: 0,
  coupon_amount: 0,
  points_used: 0,
  points_amount: 0,
  shipping_method: 'standard',
  shipping_amount: 5,
  surcharge_amount: 0,
  surcharges: [],
  insurance: 0,
  insurance_amount: 0,
  customs_amount: 0,
  pay_price: 105,
};

describe('orderAmounts', () => {
  it('shows the goods, shipping and total of a plain order', () => {
    expect(orderAmounts({ breakdown, refunded_amount: 0 })).toEqual([
      ['Goods', '$100.00'],
      ['Shipping (standard)', '$5.00'],
      ['Total paid', '$105.00'],
    ]);
  });

  it('lists the savings as minus amounts and every charge, in the order of the sum, then the refunds', () => {
    const full: TOrderBreakdown = {
      ...breakdown,
      discount_amount: 10,
      coupon_amount: 5,
      points_used: 200,
      points_amount: 2,
      shipping_method: 'express',
      surcharges: [{ code: 'remote_area', label: 'Remote area', amount: 4 }],
      insurance_amount: 1.5,
      customs_amount: 3,
    };
    expect(orderAmounts({ breakdown: full, refunded_amount: 20 }).map(([term, value]) => `${term} ${value}`)).toEqual([
      'Goods $100.00',
      'Sale prices −$10.00',
      'Coupon −$5.00',
      'Points (200) −$2.00',
      'Shipping (express) $5.00',
      'Remote area $4.00',
      'Insurance $1.50',
      'Import duty $3.00',
      'Total paid $105.00',
      'Refunded $20.00',
    ]);
  });
});

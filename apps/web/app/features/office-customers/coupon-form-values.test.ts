import type { TAdminCouponTemplate } from '@shop/contracts/coupons';
import { describe, expect, it } from 'vitest';
import { dateInput, dateValue, idList, numberOr, templateInput } from './coupon-form-values';

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
};

describe('the coupon template form’s values', () => {
  it('reads UTC days: the start of the first, the last millisecond of the last', () => {
    expect(dateValue('2026-03-01')).toBe(Date.UTC(2026, 2, 1));
    expect(dateValue('2026-03-01', true)).toBe(Date.UTC(2026, 2, 2) - 1);
    expect(dateValue('1 March')).toBeNull();
    expect(dateInput(Date.UTC(2026, 2, 1, 15))).toBe('2026-03-01');
    expect(dateInput(null)).toBe('');
  });

  it('reads numbers and lists of ids', () => {
    expect(numberOr(' ', null)).toBeNull();
    expect(numberOr('12', null)).toBe(12);
    expect(idList('3, 4 5,,')).toEqual([3, 4, 5]);
  });

  it('sends only what the chosen kind, scope, validity and source use', () => {
    const data = form({
      name: 'Spring',
      amount: '5',
      percent: '20',
      max_discount: '9',
      min_spend: '',
      category_ids: '1,2',
      goods_ids: '7',
      valid_days: '',
      start_at: '2026-03-01',
      end_at: '2026-03-31',
      total: '',
      per_user_limit: '',
      points_cost: '100',
      first_order_only: 'on',
      reason: 'Spring sale',
    });
    const fixed = templateInput(data, null, { type: 'fixed', scope: 'categories', validity: 'fixed', source: 'center' });
    expect(fixed).toMatchObject({
      amount: 5,
      percent: 0,
      max_discount: null,
      min_spend: 0,
      category_ids: [1, 2],
      goods_ids: [],
      start_at: Date.UTC(2026, 2, 1),
      end_at: Date.UTC(2026, 3, 1) - 1,
      valid_days: null,
      total: null,
      per_user_limit: 1,
      points_cost: 0,
      first_order_only: 1,
    });
    expect(fixed).not.toHaveProperty('id');
    const template = { id: 4 } as TAdminCouponTemplate;
    const percent = templateInput(data, template, { type: 'percent', scope: 'products', validity: 'days', source: 'points' });
    expect(percent).toMatchObject({
      id: 4,
      amount: 0,
      percent: 20,
      max_discount: 9,
      goods_ids: [7],
      start_at: null,
      points_cost: 100,
    });
  });
});

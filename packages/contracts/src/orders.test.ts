import { describe, expect, it } from 'vitest';
import {
  cardExpired,
  luhnValid,
  orderStatusLabel,
  TEST_CARDS,
  ZCard,
  ZIdempotencyHeaders,
  ZOrderCreateRequest,
  ZOrderListQuery,
} from './orders';

describe('order contracts', () => {
  it('labels every status of spec 4', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(orderStatusLabel)).toEqual([
      'Pending Payment',
      'Pending Shipment',
      'Shipped',
      'Completed',
      'Completed',
      'Cancelled',
      'Refunded',
    ]);
  });

  it('checks card numbers with Luhn; the test cards pass', () => {
    for (const number of Object.values(TEST_CARDS)) expect(luhnValid(number)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
  });

  it('counts a card valid through its expiry month', () => {
    const now = new Date(Date.UTC(2026, 4, 15));
    expect(cardExpired(5, 2026, now)).toBe(false);
    expect(cardExpired(4, 2026, now)).toBe(true);
    expect(cardExpired(1, 2027, now)).toBe(false);
  });

  it('reads the card form: spaces in the number, a 2-digit year', () => {
    const year = (new Date().getUTCFullYear() + 1) % 100;
    const card = ZCard.parse({
      number: '4242 4242 4242 4242',
      exp_month: '7',
      exp_year: String(year),
      cvc: '123',
      name: ' Ada ',
    });
    expect(card).toEqual({ number: TEST_CARDS.success, exp_month: 7, exp_year: 2000 + year, cvc: '123', name: 'Ada' });
    const expired = ZCard.safeParse({ number: TEST_CARDS.success, exp_month: 1, exp_year: 2020, cvc: '123', name: 'A' });
    expect(expired.success).toBe(false);
    expect(expired.error?.issues[0]?.message).toBe('This card has expired');
  });

  it('drops fields the server does not read, such as prices', () => {
    const parsed = ZOrderCreateRequest.parse({ address_id: 1, cart_ids: [2, 3], pay_price: 0.01, price: 1 });
    expect(parsed).toEqual({
      address_id: 1,
      cart_ids: [2, 3],
      shipping_method: 'standard',
      points: 0,
      insurance: false,
      remark: '',
    });
    expect(ZOrderCreateRequest.safeParse({ address_id: 1, cart_ids: [2, 2] }).success).toBe(false);
  });

  it('needs an Idempotency-Key and reads list filters', () => {
    expect(ZIdempotencyHeaders.safeParse({}).error?.issues[0]?.message).toBe('The Idempotency-Key header is required');
    expect(ZIdempotencyHeaders.safeParse({ 'idempotency-key': 'short' }).success).toBe(false);
    expect(ZOrderListQuery.parse({})).toEqual({ status: 0, page: 1, pagesize: 10 });
  });
});

import type { QuoteLine, QuoteOrder } from './quote';

/** An order line for the quote's tests: one unit unless said, no coupon or points, nothing claimed, its product numbered as the line. */
export const quoteLine = (line: Pick<QuoteLine, 'id' | 'goods_name' | 'total'> & Partial<QuoteLine>): QuoteLine => ({
  goods_id: line.id,
  sku_text: '',
  image: '',
  num: 1,
  coupon_share: 0,
  points_share: 0,
  claimed: 0,
  ...line,
});

/** An order for the quote's tests: nothing refunded yet, no points earned, no coupon, unless said. */
export const quoteOrder = (order: Pick<QuoteOrder, 'pay_price' | 'goods_paid'> & Partial<QuoteOrder>): QuoteOrder => ({
  refunded_amount: 0,
  refunded_goods: 0,
  earned_points: 0,
  coupon: null,
  ...order,
});

/** The coupon of the quote's tests: $10 off from $50. */
export const TEN_OFF = { name: 'Ten off', min_spend: 5_000 };

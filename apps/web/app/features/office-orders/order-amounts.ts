import type { TAdminOrderDetail } from '@shop/contracts/office-orders';
import { formatPrice } from '@shop/contracts/pricing';

/** One line of the order's sums: what it is and its amount, ready to show. */
export type AmountLine = [term: string, value: string];

/**
 * The order's sums as staff read them, in order: goods, the savings (sale prices, coupon, points)
 * as minus amounts, shipping and the surcharges, insurance and duty, the total paid and what was
 * refunded. A line that is nothing is left out, except the goods, shipping and total.
 */
export function orderAmounts(order: Pick<TAdminOrderDetail, 'breakdown' | 'refunded_amount'>): AmountLine[] {
  const b = order.breakdown;
  const when = (shown: boolean, line: AmountLine): AmountLine[] => (shown ? [line] : []);
  return [
    ['Goods', formatPrice(b.goods_amount)],
    ...when(b.discount_amount > 0, ['Sale prices', `−${formatPrice(b.discount_amount)}`]),
    ...when(b.coupon_amount > 0, ['Coupon', `−${formatPrice(b.coupon_amount)}`]),
    ...when(b.points_amount > 0, [`Points (${b.points_used})`, `−${formatPrice(b.points_amount)}`]),
    [`Shipping (${b.shipping_method})`, formatPrice(b.shipping_amount)],
    ...b.surcharges.map((line): AmountLine => [line.label, formatPrice(line.amount)]),
    ...when(b.insurance_amount > 0, ['Insurance', formatPrice(b.insurance_amount)]),
    ...when(b.customs_amount > 0, ['Import duty', formatPrice(b.customs_amount)]),
    ['Total paid', formatPrice(b.pay_price)],
    ...when(order.refunded_amount > 0, ['Refunded', formatPrice(order.refunded_amount)]),
  ];
}

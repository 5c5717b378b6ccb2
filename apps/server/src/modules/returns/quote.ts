import { centsToAmount } from '@shop/contracts/pricing';
import { type ReturnKind, unitsShare } from '@shop/contracts/return-rules';

/**
 * What a request gives back (decision 0047), in cents: worked out here alone, for the quote the
 * shopper reads before sending and for the refund that executes it. Pure: the caller reads the
 * order, its lines and the units the request takes.
 *
 * - Each line's goods paid (its total at sale prices, less its coupon and points shares) is split
 *   over its units by `unitShare`, so any set of units has a fixed share and all of them add up to
 *   exactly what was paid.
 * - The order's charges (shipping, surcharges, insurance, customs: what it paid beyond its goods)
 *   come back with the refund that leaves nothing of the order unrefunded.
 * - Points spent come back with their units (1 point = 1 cent); points the order earned are taken
 *   back in proportion to the goods refunded.
 * - The coupon: given back to the shopper when the whole order is refunded; otherwise its discount
 *   stays on the kept lines, also when they fall below its minimum spend (said in the notes).
 */

export type QuoteLine = {
  id: number;
  goods_id: number;
  goods_name: string;
  sku_text: string;
  image: string;
  num: number;
  total: number;
  coupon_share: number;
  points_share: number;
  /** units other requests have claimed (refunded, exchanged or still open) */
  claimed: number;
};

export type QuoteOrder = {
  pay_price: number;
  refunded_amount: number;
  refunded_goods: number;
  /** the goods the order paid for, as its points were earned on (`goodsPaidCents`) */
  goods_paid: number;
  /** the points the order earned (0 until it completes) */
  earned_points: number;
  /** the order's coupon, if it used one */
  coupon: { name: string; min_spend: number } | null;
};

export type QuoteInput = {
  kind: ReturnKind;
  order: QuoteOrder;
  lines: QuoteLine[];
  /** the unit indices the request takes, by line id */
  take: ReadonlyMap<number, readonly number[]>;
  /** after this request, every unit of the order is refunded (or claimed by refunds) */
  completesOrder: boolean;
  /** the order is cancelled before shipping */
  cancelsOrder?: boolean;
  /** for an exchange: what the shopper gets instead */
  exchangeFor?: string;
};

export type CentsQuoteLine = {
  order_item_id: number;
  goods_id: number;
  goods_name: string;
  sku_text: string;
  image: string;
  num: number;
  goods: number;
  coupon: number;
  points: number;
  refund: number;
};

export type CentsQuote = {
  kind: ReturnKind;
  lines: CentsQuoteLine[];
  goods_refund: number;
  charges_refund: number;
  amount: number;
  points_returned: number;
  points_clawed: number;
  coupon: 'none' | 'kept' | 'returned';
  notes: string[];
};

/** What a line paid for its goods, in cents. */
export const linePaid = (line: Pick<QuoteLine, 'total' | 'coupon_share' | 'points_share'>) =>
  line.total - line.coupon_share - line.points_share;

const usd = (cents: number) => `$${centsToAmount(cents)}`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function quoteRequest(input: QuoteInput): CentsQuote {
  const { order, kind } = input;
  const lines: CentsQuoteLine[] = [];
  for (const line of input.lines) {
    const units = input.take.get(line.id);
    if (!units || units.length === 0) continue;
    const goods = unitsShare(line.total, line.num, units);
    const coupon = unitsShare(line.coupon_share, line.num, units);
    const points = unitsShare(line.points_share, line.num, units);
    const paid = unitsShare(linePaid(line), line.num, units);
    lines.push({
      order_item_id: line.id,
      goods_id: line.goods_id,
      goods_name: line.goods_name,
      sku_text: line.sku_text,
      image: line.image,
      num: units.length,
      goods,
      coupon,
      points,
      refund: kind === 'exchange' ? 0 : paid,
    });
  }
  const notes: string[] = [];
  if (kind === 'exchange') {
    notes.push(
      input.exchangeFor
        ? `No money moves: you receive ${input.exchangeFor} in exchange, once your parcel has arrived.`
        : 'No money moves: you receive the other size or colour once your parcel has arrived.',
    );
    return {
      kind,
      lines,
      goods_refund: 0,
      charges_refund: 0,
      amount: 0,
      points_returned: 0,
      points_clawed: 0,
      coupon: order.coupon ? 'kept' : 'none',
      notes,
    };
  }

  const goodsPaid = input.lines.reduce((sum, line) => sum + linePaid(line), 0);
  const goodsRefund = lines.reduce((sum, line) => sum + line.refund, 0);
  const charges = Math.max(0, order.pay_price - goodsPaid);
  const chargesRefund = input.completesOrder ? charges : 0;
  const left = Math.max(0, order.pay_price - order.refunded_amount);
  const amount = Math.min(goodsRefund + chargesRefund, left);
  const pointsReturned = lines.reduce((sum, line) => sum + line.points, 0);
  const base = order.goods_paid;
  const clawed =
    order.earned_points > 0 && base > 0
      ? Math.floor((order.earned_points * Math.min(base, order.refunded_goods + goodsRefund)) / base) -
        Math.floor((order.earned_points * Math.min(base, order.refunded_goods)) / base)
      : 0;

  if (input.cancelsOrder) notes.push('The order has not shipped yet: it is cancelled and everything is refunded.');
  const goods = lines.reduce((sum, line) => sum + line.goods, 0);
  const coupon = lines.reduce((sum, line) => sum + line.coupon, 0);
  const points = lines.reduce((sum, line) => sum + line.points, 0);
  const less = [coupon > 0 && `less ${usd(coupon)} the coupon took off`, points > 0 && `less ${usd(points)} paid with points`]
    .filter(Boolean)
    .join(' and ');
  notes.push(
    `${plural(
      lines.reduce((n, line) => n + line.num, 0),
      'item',
      'items',
    )} at ${usd(goods)}${less ? `, ${less}` : ''}: ${usd(goodsRefund)} back.`,
  );
  if (charges > 0) {
    notes.push(
      chargesRefund > 0
        ? `Shipping and charges of ${usd(chargesRefund)} come back too: nothing of the order is left.`
        : `Shipping and charges (${usd(charges)}) come back only with the last of the order's items.`,
    );
  }
  if (amount < goodsRefund + chargesRefund)
    notes.push(`${usd(order.refunded_amount)} of the order has already been refunded, so at most ${usd(left)} is left.`);
  if (pointsReturned > 0)
    notes.push(`${plural(pointsReturned, 'point', 'points')} you spent on these items come back to your balance.`);
  if (clawed > 0)
    notes.push(`${plural(clawed, 'point', 'points')} the order earned are taken back (never more than your balance).`);

  let couponFate: CentsQuote['coupon'] = 'none';
  if (order.coupon) {
    if (input.completesOrder) {
      couponFate = 'returned';
      notes.push(`Your coupon "${order.coupon.name}" comes back to your account until its own end date.`);
    } else {
      couponFate = 'kept';
      const kept = keptGoods(input);
      if (order.coupon.min_spend > 0 && kept < order.coupon.min_spend) {
        notes.push(
          `What you keep (${usd(kept)}) is below the ${usd(order.coupon.min_spend)} minimum of "${order.coupon.name}"; its discount on what you keep stays yours.`,
        );
      } else {
        notes.push(`Your coupon "${order.coupon.name}" stays with this order; its discount on what you keep is not affected.`);
      }
    }
  }
  return {
    kind,
    lines,
    goods_refund: goodsRefund,
    charges_refund: chargesRefund,
    amount,
    points_returned: pointsReturned,
    points_clawed: clawed,
    coupon: couponFate,
    notes,
  };
}

/** The goods (at sale prices) of the coupon's lines that the shopper keeps after this request. */
function keptGoods(input: QuoteInput): number {
  let kept = 0;
  for (const line of input.lines) {
    if (line.coupon_share <= 0) continue;
    const taken = input.take.get(line.id)?.length ?? 0;
    kept += Math.round((line.total * Math.max(0, line.num - line.claimed - taken)) / line.num);
  }
  return kept;
}

/** The quote in dollars, as the API answers it. */
export function presentQuote(quote: CentsQuote) {
  const dollars = (cents: number) => Number(centsToAmount(cents));
  return {
    kind: quote.kind,
    lines: quote.lines.map((line) => ({
      ...line,
      goods: dollars(line.goods),
      coupon: dollars(line.coupon),
      refund: dollars(line.refund),
    })),
    goods_refund: dollars(quote.goods_refund),
    charges_refund: dollars(quote.charges_refund),
    amount: dollars(quote.amount),
    points_returned: quote.points_returned,
    points_clawed: quote.points_clawed,
    coupon: quote.coupon,
    notes: quote.notes,
  };
}

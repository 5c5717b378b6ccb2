import { centsToAmount } from '@shop/contracts/pricing';
import { type ReturnKind, unitsShare } from '@shop/contracts/return-rules';
import { exchangeNote, refundNotes } from './quote-notes';

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

/** A refund's sums, in cents, as the quote's notes explain them. */
export type RefundSums = {
  /** the goods the request gives back */
  goodsRefund: number;
  /** the order's charges: what it paid beyond its goods */
  charges: number;
  /** the charges this request gives back (all of them with the last of the order's units, else none) */
  chargesRefund: number;
  /** what is left of the order to refund */
  left: number;
  amount: number;
  pointsReturned: number;
  clawed: number;
};

/** The lines the request takes, each with its units' share of the goods, coupon, points and what comes back. */
function takenLines(input: QuoteInput): CentsQuoteLine[] {
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
      refund: input.kind === 'exchange' ? 0 : paid,
    });
  }
  return lines;
}

/** The money of a refund or return: the goods' shares, the charges with the last units, never beyond what is left. */
function refundSums(input: QuoteInput, lines: CentsQuoteLine[]): RefundSums {
  const { order } = input;
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
  return { goodsRefund, charges, chargesRefund, left, amount, pointsReturned, clawed };
}

/** The coupon: given back when the request leaves nothing of the order, else kept with the order. */
const couponFate = (input: QuoteInput): CentsQuote['coupon'] =>
  input.order.coupon ? (input.completesOrder ? 'returned' : 'kept') : 'none';

export function quoteRequest(input: QuoteInput): CentsQuote {
  const { order, kind } = input;
  const lines = takenLines(input);
  if (kind === 'exchange') {
    return {
      kind,
      lines,
      goods_refund: 0,
      charges_refund: 0,
      amount: 0,
      points_returned: 0,
      points_clawed: 0,
      coupon: order.coupon ? 'kept' : 'none',
      notes: [exchangeNote(input.exchangeFor)],
    };
  }
  const sums = refundSums(input, lines);
  const coupon = couponFate(input);
  return {
    kind,
    lines,
    goods_refund: sums.goodsRefund,
    charges_refund: sums.chargesRefund,
    amount: sums.amount,
    points_returned: sums.pointsReturned,
    points_clawed: sums.clawed,
    coupon,
    notes: refundNotes(input, lines, sums, { fate: coupon, kept: coupon === 'kept' ? keptGoods(input) : 0 }),
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

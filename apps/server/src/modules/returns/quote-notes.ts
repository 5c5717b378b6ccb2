import { centsToAmount } from '@shop/contracts/pricing';
import type { CentsQuote, CentsQuoteLine, QuoteInput, RefundSums } from './quote';

/** The quote's notes: what a request gives back, in the shopper's words, in the order they read it. */

const usd = (cents: number) => `$${centsToAmount(cents)}`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const sum = (lines: CentsQuoteLine[], part: (line: CentsQuoteLine) => number) => lines.reduce((n, line) => n + part(line), 0);

/** An exchange moves no money: what the shopper receives instead. */
export const exchangeNote = (exchangeFor: string | undefined) =>
  exchangeFor
    ? `No money moves: you receive ${exchangeFor} in exchange, once your parcel has arrived.`
    : 'No money moves: you receive the other size or colour once your parcel has arrived.';

/** The items' goods less what the coupon and points paid of them, and what comes back. */
function goodsNote(lines: CentsQuoteLine[], goodsRefund: number): string {
  const goods = sum(lines, (line) => line.goods);
  const coupon = sum(lines, (line) => line.coupon);
  const points = sum(lines, (line) => line.points);
  const less = [coupon > 0 && `less ${usd(coupon)} the coupon took off`, points > 0 && `less ${usd(points)} paid with points`]
    .filter(Boolean)
    .join(' and ');
  return `${plural(
    sum(lines, (line) => line.num),
    'item',
    'items',
  )} at ${usd(goods)}${less ? `, ${less}` : ''}: ${usd(goodsRefund)} back.`;
}

/** What becomes of the order's coupon; `kept`: the goods of its lines the shopper keeps. */
function couponNote(coupon: { name: string; min_spend: number }, fate: CentsQuote['coupon'], kept: number): string {
  if (fate === 'returned') return `Your coupon "${coupon.name}" comes back to your account until its own end date.`;
  if (coupon.min_spend > 0 && kept < coupon.min_spend)
    return `What you keep (${usd(kept)}) is below the ${usd(coupon.min_spend)} minimum of "${coupon.name}"; its discount on what you keep stays yours.`;
  return `Your coupon "${coupon.name}" stays with this order; its discount on what you keep is not affected.`;
}

/**
 * The notes of a refund or return: the goods, the charges, what was refunded before, the points
 * and the coupon (its fate, and the goods of its lines the shopper keeps).
 */
export function refundNotes(
  input: QuoteInput,
  lines: CentsQuoteLine[],
  sums: RefundSums,
  coupon: { fate: CentsQuote['coupon']; kept: number },
): string[] {
  const { order } = input;
  const notes: string[] = [];
  if (input.cancelsOrder) notes.push('The order has not shipped yet: it is cancelled and everything is refunded.');
  notes.push(goodsNote(lines, sums.goodsRefund));
  if (sums.charges > 0) {
    notes.push(
      sums.chargesRefund > 0
        ? `Shipping and charges of ${usd(sums.chargesRefund)} come back too: nothing of the order is left.`
        : `Shipping and charges (${usd(sums.charges)}) come back only with the last of the order's items.`,
    );
  }
  if (sums.amount < sums.goodsRefund + sums.chargesRefund)
    notes.push(`${usd(order.refunded_amount)} of the order has already been refunded, so at most ${usd(sums.left)} is left.`);
  if (sums.pointsReturned > 0)
    notes.push(`${plural(sums.pointsReturned, 'point', 'points')} you spent on these items come back to your balance.`);
  if (sums.clawed > 0)
    notes.push(`${plural(sums.clawed, 'point', 'points')} the order earned are taken back (never more than your balance).`);
  if (order.coupon) notes.push(couponNote(order.coupon, coupon.fate, coupon.kept));
  return notes;
}

import { unitShare } from '@shop/contracts/return-rules';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../testing/random';
import { linePaid, type QuoteLine, quoteRequest } from './quote';
import { quoteLine, quoteOrder, TEN_OFF } from './quote-fixture';

/**
 * The refund arithmetic's properties (decision 0047), over random orders and random sequences of
 * returns: whatever the order of the returns and however many units each takes, the refunds add
 * up to exactly what the order paid, the points spent all come back and the points earned are all
 * taken back — never a cent more or less.
 */

const ORDERS = 400;

type Order = { lines: QuoteLine[]; pay_price: number; earned: number; goods_paid: number; coupon: boolean };

function randomOrder(random: ReturnType<typeof seededRandom>, id: number): Order {
  const lines: QuoteLine[] = [];
  const count = random.int(1, 4);
  for (let index = 0; index < count; index++) {
    const num = random.int(1, 6);
    const total = random.int(99, 25_000) * num;
    const coupon_share = random.chance(0.5) ? random.int(0, Math.floor(total / 3)) : 0;
    const points_share = random.chance(0.5) ? random.int(0, Math.floor((total - coupon_share) / 2)) : 0;
    lines.push(
      quoteLine({
        id: id * 10 + index,
        goods_id: index + 1,
        goods_name: `Goods ${index}`,
        sku_text: 'Color:Red;Size:M',
        num,
        total,
        coupon_share,
        points_share,
      }),
    );
  }
  const goods_paid = lines.reduce((sum, line) => sum + linePaid(line), 0);
  const charges = random.chance(0.7) ? random.int(0, 3_000) : 0;
  return {
    lines,
    pay_price: goods_paid + charges,
    earned: Math.floor(goods_paid / 100),
    goods_paid,
    coupon: lines.some((line) => line.coupon_share > 0),
  };
}

describe('the refund arithmetic', () => {
  it('splits a line over its units exactly: any units hold a fixed share, all of them the whole', () => {
    for (const [amount, units] of [
      [100, 3],
      [1, 4],
      [0, 2],
      [99_999, 7],
    ] as const) {
      const shares = Array.from({ length: units }, (_, unit) => unitShare(amount, units, unit));
      expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
  });

  it(`adds random return sequences of ${ORDERS} random orders up to exactly the whole order`, () => {
    const random = seededRandom('refund arithmetic');
    let returns = 0;
    for (let id = 1; id <= ORDERS; id++) {
      const order = randomOrder(random, id);
      const oneAtATime = id % 2 === 0;
      const claimed = new Map<number, Set<number>>(order.lines.map((line) => [line.id, new Set()]));
      const refundedNum = new Map<number, number>(order.lines.map((line) => [line.id, 0]));
      let refundedAmount = 0;
      let refundedGoods = 0;
      let points = 0;
      let clawed = 0;
      let chargesTimes = 0;
      let couponReturned = 0;
      for (;;) {
        const open = order.lines.filter((line) => (claimed.get(line.id)?.size ?? 0) < line.num);
        if (open.length === 0) break;
        // a request takes units of one or more lines, in a random order
        const take = new Map<number, number[]>();
        for (const line of random.sample(open, oneAtATime ? 1 : random.int(1, open.length))) {
          const held = claimed.get(line.id) ?? new Set<number>();
          const free = Array.from({ length: line.num }, (_, unit) => unit).filter((unit) => !held.has(unit));
          take.set(line.id, random.sample(free, oneAtATime ? 1 : random.int(1, free.length)));
        }
        const completesOrder = order.lines.every(
          (line) => (refundedNum.get(line.id) ?? 0) + (take.get(line.id)?.length ?? 0) >= line.num,
        );
        const quote = quoteRequest({
          kind: 'return',
          order: {
            pay_price: order.pay_price,
            refunded_amount: refundedAmount,
            refunded_goods: refundedGoods,
            goods_paid: order.goods_paid,
            earned_points: order.earned,
            coupon: order.coupon ? TEN_OFF : null,
          },
          lines: order.lines.map((line) => ({ ...line, claimed: claimed.get(line.id)?.size ?? 0 })),
          take,
          completesOrder,
        });
        returns += 1;
        expect(quote.amount).toBeGreaterThanOrEqual(0);
        for (const [lineId, units] of take) {
          for (const unit of units) claimed.get(lineId)?.add(unit);
          refundedNum.set(lineId, (refundedNum.get(lineId) ?? 0) + units.length);
        }
        refundedAmount += quote.amount;
        refundedGoods += quote.goods_refund;
        points += quote.points_returned;
        clawed += quote.points_clawed;
        if (quote.charges_refund > 0) chargesTimes += 1;
        if (quote.coupon === 'returned') couponReturned += 1;
      }
      expect(refundedAmount).toBe(order.pay_price);
      expect(refundedGoods).toBe(order.goods_paid);
      expect(points).toBe(order.lines.reduce((sum, line) => sum + line.points_share, 0));
      expect(clawed).toBe(order.earned);
      expect(chargesTimes).toBeLessThanOrEqual(1);
      expect(couponReturned).toBe(order.coupon ? 1 : 0);
    }
    console.info(`refund arithmetic: ${ORDERS} orders, ${returns} returns`);
    expect(returns).toBeGreaterThan(ORDERS);
  });

  it('gives no money for an exchange and says what comes instead', () => {
    const line = quoteLine({
      id: 1,
      goods_name: 'Linen Dress',
      sku_text: 'Color:Blue;Size:M',
      num: 2,
      total: 8_000,
      coupon_share: 1_000,
    });
    const quote = quoteRequest({
      kind: 'exchange',
      order: quoteOrder({ pay_price: 7_500, goods_paid: 7_000, earned_points: 70 }),
      lines: [line],
      take: new Map([[1, [0]]]),
      completesOrder: false,
      exchangeFor: 'Linen Dress (Blue, size L)',
    });
    expect(quote).toMatchObject({ amount: 0, points_returned: 0, points_clawed: 0, charges_refund: 0 });
    expect(quote.lines[0]).toMatchObject({ num: 1, goods: 4_000, coupon: 500, refund: 0 });
    expect(quote.notes[0]).toContain('Linen Dress (Blue, size L)');
  });

  it('tells when what is kept falls below the coupon’s minimum, and keeps its discount on it', () => {
    const lines = [
      quoteLine({ id: 1, goods_name: 'Coat', total: 6_000, coupon_share: 600 }),
      quoteLine({ id: 2, goods_name: 'Scarf', total: 4_000, coupon_share: 400 }),
    ];
    const quote = quoteRequest({
      kind: 'return',
      order: quoteOrder({ pay_price: 9_500, goods_paid: 9_000, earned_points: 90, coupon: TEN_OFF }),
      lines,
      take: new Map([[1, [0]]]),
      completesOrder: false,
    });
    // the coat's share of the goods paid: 6000 − 600
    expect(quote).toMatchObject({ amount: 5_400, goods_refund: 5_400, charges_refund: 0, coupon: 'kept', points_clawed: 54 });
    expect(quote.notes.join(' ')).toContain('What you keep ($40.00) is below the $50.00 minimum of "Ten off"');
    expect(quote.notes.join(' ')).toContain('Shipping and charges ($5.00) come back only with the last');
  });

  it('never refunds more than is left after an ad-hoc refund', () => {
    const line = quoteLine({ id: 1, goods_name: 'Tee', total: 2_000 });
    const quote = quoteRequest({
      kind: 'return',
      order: quoteOrder({ pay_price: 2_500, refunded_amount: 1_000, goods_paid: 2_000 }),
      lines: [line],
      take: new Map([[1, [0]]]),
      completesOrder: true,
    });
    expect(quote.amount).toBe(1_500);
    expect(quote.notes.join(' ')).toContain('at most $15.00 is left');
  });
});

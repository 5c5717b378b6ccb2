import { OrderStatus } from '@shop/contracts/orders-rules';
import { ReturnMessages } from '@shop/contracts/returns';
import { describe, expect, it } from 'vitest';
import { DAY_MS, modeOf } from './eligibility';

/** What an order allows by its status, and the return window counted from delivery. */

const at = 1_750_000_000_000;
const order = (status: number, completed_at: number | null = null) => ({ status, completed_at, updated_at: at });

describe('returns: eligibility', () => {
  it('cancels before shipping, refunds on the way, returns once delivered', () => {
    expect(modeOf(order(OrderStatus.PendingShipment), at, 30)).toEqual({ mode: 'cancel' });
    expect(modeOf(order(OrderStatus.Shipped), at, 30)).toEqual({ mode: 'refund' });
    expect(modeOf(order(OrderStatus.Completed, at), at, 30)).toEqual({ mode: 'return' });
    expect(modeOf(order(OrderStatus.CompletedEvaluated, at), at, 30)).toEqual({ mode: 'return' });
  });

  it('closes the window its days after delivery (or the last update when delivery is unknown)', () => {
    expect(modeOf(order(OrderStatus.Completed, at), at + 30 * DAY_MS, 30)).toEqual({ mode: 'return' });
    expect(modeOf(order(OrderStatus.Completed, at), at + 30 * DAY_MS + 1, 30)).toEqual({
      error: ReturnMessages.windowClosed(30),
    });
    expect(modeOf(order(OrderStatus.Completed), at + 7 * DAY_MS + 1, 7)).toEqual({ error: ReturnMessages.windowClosed(7) });
  });

  it('says why an order in another status allows nothing', () => {
    const answer = modeOf(order(OrderStatus.PendingPayment), at, 30);
    expect(answer).toEqual({ error: `${ReturnMessages.notReturnable}: it is pending payment` });
  });
});

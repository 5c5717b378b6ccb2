import { OrderStatus } from '@shop/contracts/orders-rules';
import { describe, expect, it } from 'vitest';
import { payOutcome } from './pay-outcome';

const at = Date.UTC(2026, 0, 1);

describe('what the payment success page says, from where the order is now', () => {
  it('waits for payment while unpaid', () => {
    expect(payOutcome({ status: OrderStatus.PendingPayment, paid_at: null })).toMatchObject({
      paid: false,
      heading: 'This order is waiting for payment',
    });
  });

  it('thanks for a paid order and says where it is: being prepared, on its way, delivered', () => {
    const notes = [OrderStatus.PendingShipment, OrderStatus.Shipped, OrderStatus.Completed, OrderStatus.CompletedEvaluated].map(
      (status) => payOutcome({ status, paid_at: at }),
    );
    expect(notes.every((outcome) => outcome.paid && outcome.heading === 'Payment successful')).toBe(true);
    expect(notes.map((outcome) => outcome.note)).toEqual([
      'Thank you for your order. We are preparing it for shipping.',
      'Thank you for your order. It is on its way.',
      'Thank you for your order. It has been delivered.',
      'Thank you for your order. It has been delivered.',
    ]);
  });

  it('does not call a cancelled or refunded order a success', () => {
    expect(payOutcome({ status: OrderStatus.Cancelled, paid_at: at })).toMatchObject({
      paid: false,
      undone: true,
      heading: 'This order was cancelled',
    });
    expect(payOutcome({ status: OrderStatus.Refunded, paid_at: at })).toMatchObject({
      paid: false,
      undone: true,
      heading: 'This order was refunded',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { OrderStatus } from './constants';
import { illegalMoveMessage, nextOrderStatus, ORDER_MOVES, orderFlags, staffOrderFlags } from './order-states';

describe('the order state machine', () => {
  it('lists every legal move and nothing else', () => {
    expect(ORDER_MOVES).toEqual({
      pay: { 1: 2 },
      cancel: { 1: 6 },
      ship: { 2: 3 },
      receive: { 3: 4 },
      review: { 4: 5 },
      refund: { 2: 7, 3: 7, 4: 7, 5: 7 },
    });
  });

  it('names the target of a legal move and refuses the rest with where the order is', () => {
    expect(nextOrderStatus(OrderStatus.Shipped, 'receive')).toBe(OrderStatus.Completed);
    expect(nextOrderStatus(OrderStatus.Shipped, 'cancel')).toBeUndefined();
    expect(illegalMoveMessage(OrderStatus.Shipped, 'cancel')).toBe('This order cannot be cancelled: it has been shipped');
    expect(illegalMoveMessage(99, 'pay')).toBe('This order cannot be paid: its status does not allow it');
  });
});

describe('the flags of an order', () => {
  const now = 1_800_000_000_000;
  const flagsIn = (status: number, payExpiresAt = now + 60_000) => orderFlags({ status, pay_expires_at: payExpiresAt }, now);
  const none = { can_pay: 0, can_cancel: 0, can_receive: 0, can_track: 0, can_review: 0, can_return: 0 };

  it('give each status exactly its actions', () => {
    expect(flagsIn(OrderStatus.PendingPayment)).toEqual({ ...none, can_pay: 1, can_cancel: 1 });
    expect(flagsIn(OrderStatus.PendingShipment)).toEqual({ ...none, can_return: 1 });
    expect(flagsIn(OrderStatus.Shipped)).toEqual({ ...none, can_receive: 1, can_track: 1, can_return: 1 });
    expect(flagsIn(OrderStatus.Completed)).toEqual({ ...none, can_track: 1, can_review: 1, can_return: 1 });
    expect(flagsIn(OrderStatus.CompletedEvaluated)).toEqual({ ...none, can_track: 1, can_return: 1 });
    expect(flagsIn(OrderStatus.Cancelled)).toEqual(none);
    expect(flagsIn(OrderStatus.Refunded)).toEqual(none);
  });

  it('stop offering payment once the time to pay has run out, while the order can still be cancelled', () => {
    expect(flagsIn(OrderStatus.PendingPayment, now)).toEqual({ ...none, can_cancel: 1 });
  });

  it('let staff ship only a paid order still waiting for its parcel to leave', () => {
    const shippable = Object.values(OrderStatus).filter((status) => staffOrderFlags({ status }).can_ship === 1);
    expect(shippable).toEqual([OrderStatus.PendingShipment]);
  });
});

import type { TOrderPayResult, TPayOutcome } from '@shop/contracts/orders';
import type { Db } from '../../db/database';
import { PAYMENT_IN_FLIGHT_MS } from '../orders';
import { type PaymentRow, paymentsRepo } from './repo';

/**
 * The payment attempts (`order_payments`): each step of the payment workflow
 * (`workflows/pay-order.ts`) that touches them, in `db` or the caller's transaction. An attempt is
 * claimed by a `pending` row before the provider is asked (one per order at a time: a partial
 * unique index), and moved out of `pending` once, by whoever settles it first. Only the card's
 * last four digits are kept.
 */

export const PaymentMessages = {
  expired: 'The time to pay for this order has run out. Please place the order again.',
  inFlight: 'A payment for this order is already being processed. Please wait a moment.',
  stillProcessing: 'This payment is still being processed. Please check the order in a moment.',
  keyReused: 'This Idempotency-Key was already used for a different payment. Use a new key for a new attempt.',
  unreachable: 'The payment service could not be reached. Please try again.',
  cancelledMeanwhile: 'The order was cancelled before the payment completed, so the charge was refunded.',
  tooManyAttempts: 'Too many payment attempts for this order. Please contact us so we can help.',
  notReceived: 'The payment did not reach the payment service, and no money was taken. Please try again.',
} as const;

/** Card-testing guard: an order takes at most this many attempts. */
export const MAX_ATTEMPTS_PER_ORDER = 10;

export type { PaymentRow };

/** What `reconcile` did with the attempts it found pending. */
export type ReconcileReport = { checked: number; paid: number; closed: number; unknown: number };

/** POST /shop/order/pay and the reconciliation at start (the payment workflow). */
export type PaymentService = {
  pay(
    userId: number,
    input: { id: number; card: { number: string; exp_month: number; exp_year: number; cvc: string; name: string } },
    key: string,
  ): Promise<TOrderPayResult>;
  reconcile(): Promise<ReconcileReport>;
};

export const outcomeOf = (status: PaymentRow['status']): TPayOutcome =>
  status === 'succeeded' ? 'succeeded' : status === 'retry' ? 'retry' : 'declined';

/** The key an attempt is charged with at the provider: unique across orders. */
export const providerKey = (orderNo: string, key: string) => `${orderNo}:${key}`;

export const paymentByKey = (db: Db, orderId: number, key: string) => paymentsRepo(db).byKey(orderId, key);
export const paymentById = (db: Db, id: number) => paymentsRepo(db).byId(id);
export const attemptCount = (db: Db, orderId: number) => paymentsRepo(db).count(orderId);
export const earlierAttempts = (db: Db, orderId: number, id: number) => paymentsRepo(db).statusesBefore(orderId, id);
export const pendingAttempts = (db: Db, provider: string) => paymentsRepo(db).pendingWith(provider);

/**
 * Opens an attempt as `pending` within the caller's transaction (after the order is held): an
 * attempt left pending by a crash long ago no longer blocks the order. A second attempt in flight
 * breaks the one-pending index (a unique violation the caller answers).
 */
export async function openAttempt(
  trx: Db,
  attempt: { orderId: number; provider: string; amount: number; last4: string; key: string; at: number },
): Promise<number> {
  const repo = paymentsRepo(trx);
  await repo.abandonPending(attempt.orderId, attempt.at - PAYMENT_IN_FLIGHT_MS);
  return repo.insert({
    order_id: attempt.orderId,
    provider: attempt.provider,
    amount: attempt.amount,
    status: 'pending',
    provider_ref: '',
    message: '',
    card_last4: attempt.last4,
    idempotency_key: attempt.key,
    created_at: attempt.at,
  });
}

/** Moves a pending attempt out of `pending`, unless someone else did first (then `false`). */
export function closeAttempt(
  db: Db,
  paymentId: number,
  values: { status: PaymentRow['status']; message: string; provider_ref?: string },
): Promise<boolean> {
  return paymentsRepo(db).closePending(paymentId, values);
}

import { OrderStatus, type TOrderPayResult, type TPayOutcome } from '@shop/contracts/orders';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { OrderPaymentsTable } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { ORDER_NOT_FOUND, type OrderService, PAYMENT_IN_FLIGHT_MS } from '../orders/service';
import { holdForPayment, illegalMoveMessage } from '../orders/status';
import type { ChargeResult, PaymentProvider } from './provider';

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

/** How long a repeated request waits for the first one with its key to finish. */
const REPLAY_WAIT_MS = 5_000;

type Deps = { db: Db; orders: OrderService; provider: PaymentProvider; clock?: () => number };

type PayInput = { id: number; card: { number: string; exp_month: number; exp_year: number; cvc: string; name: string } };
type PaymentRow = Selectable<OrderPaymentsTable>;

const outcomeOf = (status: PaymentRow['status']): TPayOutcome =>
  status === 'succeeded' ? 'succeeded' : status === 'retry' ? 'retry' : 'declined';

/** The key an attempt is charged with at the provider: unique across orders. */
const providerKey = (orderNo: string, key: string) => `${orderNo}:${key}`;

/** An attempt's outcome; `here`: written by this call (false: someone else settled it first). */
type Settled = { status: TPayOutcome; message: string; here: boolean };
type PayingOrder = { id: number; order_no: string; pay_price: number };

/** What `reconcile` did with the attempts it found pending. */
export type ReconcileReport = { checked: number; paid: number; closed: number; unknown: number };

/**
 * POST /shop/order/pay. An attempt is claimed by a `pending` payment row before the provider is
 * asked (one per order at a time: a partial unique index), the provider is asked outside any
 * transaction, and a success is written in one transaction with the order's move to Pending
 * Shipment. A second success for an order cannot be written (another partial unique index), and
 * the same Idempotency-Key answers the first attempt's outcome. Only the card's last four digits
 * are kept.
 */
export function createPaymentService({ db, orders, provider, clock = Date.now }: Deps) {
  const byKey = (orderId: number, key: string) =>
    db
      .selectFrom('order_payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();

  async function replay(userId: number, row: PaymentRow, last4: string): Promise<TOrderPayResult> {
    if (row.card_last4 !== last4) throw new AppError('unprocessable', PaymentMessages.keyReused);
    let current: PaymentRow | undefined = row;
    const until = Date.now() + REPLAY_WAIT_MS;
    while (current?.status === 'pending' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      current = await db.selectFrom('order_payments').selectAll().where('id', '=', row.id).executeTakeFirst();
    }
    if (!current || current.status === 'pending') throw AppError.field('id', PaymentMessages.stillProcessing);
    return { status: outcomeOf(current.status), message: current.message, order: await orders.detail(userId, row.order_id) };
  }

  /** Claims the attempt: the order must still wait for payment, and no other attempt be in flight. */
  async function claim(order: { id: number; pay_price: number }, key: string, last4: string, at: number) {
    return inTransaction(db, async (trx) => {
      // Holding the order row first orders this claim after a payment completing at the same time.
      await holdForPayment(trx, order.id, at);
      // An attempt left pending by a crash long ago no longer blocks the order.
      await trx
        .updateTable('order_payments')
        .set({ status: 'failed', message: 'Abandoned' })
        .where('order_id', '=', order.id)
        .where('status', '=', 'pending')
        .where('created_at', '<', at - PAYMENT_IN_FLIGHT_MS)
        .execute();
      const row = await trx
        .insertInto('order_payments')
        .values({
          order_id: order.id,
          provider: provider.name,
          amount: order.pay_price,
          status: 'pending',
          provider_ref: '',
          message: '',
          card_last4: last4,
          idempotency_key: key,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  }

  const outcomeOfRow = async (paymentId: number): Promise<Settled> => {
    const row = await db
      .selectFrom('order_payments')
      .select(['status', 'message'])
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    return { status: outcomeOf(row.status), message: row.message, here: false };
  };

  /** Moves a pending attempt out of `pending`, unless someone else did first (then `false`). */
  const closeAttempt = async (
    trx: Db,
    paymentId: number,
    values: { status: PaymentRow['status']; message: string; provider_ref?: string },
  ) => {
    const moved = await trx
      .updateTable('order_payments')
      .set(values)
      .where('id', '=', paymentId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1;
  };

  /**
   * Writes the provider's answer for a pending attempt, once: a success in one transaction with
   * the order's move to Pending Shipment (refunded when the order left Pending Payment meanwhile).
   * The request that paid and the reconciliation after a crash both come here; whichever writes
   * second finds the attempt settled and answers its outcome.
   */
  async function settle(
    paymentId: number,
    order: PayingOrder,
    key: string,
    last4: string,
    result: ChargeResult,
  ): Promise<Settled> {
    if (result.status !== 'succeeded') {
      const closed = await closeAttempt(db, paymentId, {
        status: result.status,
        message: result.message,
        provider_ref: result.providerRef,
      });
      return closed ? { status: result.status, message: result.message, here: true } : outcomeOfRow(paymentId);
    }
    const paidAt = clock();
    let recorded: boolean;
    try {
      recorded = await inTransaction(db, async (trx) => {
        const closed = await closeAttempt(trx, paymentId, {
          status: 'succeeded',
          message: result.message,
          provider_ref: result.providerRef,
        });
        if (closed)
          await orders.markPaid(
            trx,
            { id: order.id, status: OrderStatus.PendingPayment },
            paidAt,
            `Paid by card ending ${result.cardLast4 || last4}`,
          );
        return closed;
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The order left Pending Payment while the provider answered (cancelled by the shopper or
      // the expiry job): give the money back.
      const refund = await provider.refund({
        providerRef: result.providerRef,
        amountCents: order.pay_price,
        idempotencyKey: `${providerKey(order.order_no, key)}:refund`,
      });
      const closed = await closeAttempt(db, paymentId, {
        status: 'failed',
        provider_ref: result.providerRef,
        message: refund.ok ? PaymentMessages.cancelledMeanwhile : `Refund failed: ${refund.message}`,
      });
      return { status: 'declined', message: PaymentMessages.cancelledMeanwhile, here: closed };
    }
    return recorded ? { status: 'succeeded', message: result.message, here: true } : outcomeOfRow(paymentId);
  }

  return {
    /**
     * Settles the attempts left pending (by a crash) with what the provider knows of them: one it
     * charged is recorded as if it had just answered (the order paid, or refunded if cancelled
     * since); one it never received is closed, so the order can be paid again at once. Safe to run
     * twice or on two instances at once: each attempt is settled once.
     */
    async reconcile(): Promise<ReconcileReport> {
      const pending = await db
        .selectFrom('order_payments')
        .innerJoin('orders', 'orders.id', 'order_payments.order_id')
        .select([
          'order_payments.id',
          'order_payments.idempotency_key',
          'order_payments.card_last4',
          'orders.id as order_id',
          'orders.order_no',
          'orders.pay_price',
        ])
        .where('order_payments.status', '=', 'pending')
        .where('order_payments.provider', '=', provider.name)
        .orderBy('order_payments.id')
        .execute();
      const report: ReconcileReport = { checked: pending.length, paid: 0, closed: 0, unknown: 0 };
      for (const attempt of pending) {
        const order = { id: attempt.order_id, order_no: attempt.order_no, pay_price: attempt.pay_price };
        const key = attempt.idempotency_key ?? '';
        const outcome = await provider.lookup(providerKey(order.order_no, key)).catch(() => null);
        if (!outcome) {
          report.unknown += 1; // the provider could not be asked: the next start, or the 10-minute rule, settles it
        } else if (outcome.status === 'not_received') {
          if (await closeAttempt(db, attempt.id, { status: 'failed', message: PaymentMessages.notReceived })) report.closed += 1;
        } else {
          const settled = await settle(attempt.id, order, key, attempt.card_last4, outcome);
          if (settled.here && settled.status === 'succeeded') report.paid += 1;
          else if (settled.here) report.closed += 1;
        }
      }
      return report;
    },

    async pay(userId: number, input: PayInput, key: string): Promise<TOrderPayResult> {
      const order = await db
        .selectFrom('orders')
        .select(['id', 'order_no', 'status', 'pay_price', 'pay_expires_at'])
        .where('id', '=', input.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!order) throw AppError.notFound(ORDER_NOT_FOUND);
      const last4 = input.card.number.slice(-4);
      const previous = await byKey(order.id, key);
      if (previous) return replay(userId, previous, last4);
      if (order.status !== OrderStatus.PendingPayment) throw AppError.field('id', illegalMoveMessage(order.status, 'pay'));
      const at = clock();
      if (order.pay_expires_at <= at) throw AppError.field('id', PaymentMessages.expired);
      const attempts = await db
        .selectFrom('order_payments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      if (Number(attempts.n) >= MAX_ATTEMPTS_PER_ORDER) throw AppError.field('id', PaymentMessages.tooManyAttempts);

      let paymentId: number;
      try {
        paymentId = await claim(order, key, last4, at);
      } catch (error) {
        // The same attempt sent twice at once: the first one claimed it (and may have finished).
        const same = await byKey(order.id, key);
        if (same) return replay(userId, same, last4);
        if (isUniqueViolation(error)) throw AppError.field('id', PaymentMessages.inFlight);
        throw error;
      }

      const previousAttempts = await db
        .selectFrom('order_payments')
        .select('status')
        .where('order_id', '=', order.id)
        .where('id', '<', paymentId)
        .orderBy('id')
        .execute();
      let result: ChargeResult;
      try {
        result = await provider.charge({
          orderId: order.id,
          orderNo: order.order_no,
          amountCents: order.pay_price,
          currency: 'USD',
          method: {
            kind: 'card',
            number: input.card.number,
            expMonth: input.card.exp_month,
            expYear: input.card.exp_year,
            cvc: input.card.cvc,
            name: input.card.name,
          },
          idempotencyKey: providerKey(order.order_no, key),
          previousAttempts,
        });
      } catch {
        await closeAttempt(db, paymentId, { status: 'failed', message: PaymentMessages.unreachable });
        return { status: 'retry', message: PaymentMessages.unreachable, order: await orders.detail(userId, order.id) };
      }

      const { status, message } = await settle(paymentId, order, key, last4, result);
      return { status, message, order: await orders.detail(userId, order.id) };
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

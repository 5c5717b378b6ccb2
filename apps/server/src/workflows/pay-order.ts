import { OrderStatus, type TOrderPayResult, type TPayOutcome } from '@shop/contracts/orders';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { inTransaction } from '../db/transaction';
import { AppError } from '../http/errors';
import {
  findOrder,
  holdForPayment,
  illegalMoveMessage,
  ORDER_NOT_FOUND,
  type OrderService,
  orderDetail,
} from '../modules/orders';
import {
  attemptCount,
  type ChargeResult,
  closeAttempt,
  earlierAttempts,
  MAX_ATTEMPTS_PER_ORDER,
  openAttempt,
  outcomeOf,
  PaymentMessages,
  type PaymentProvider,
  type PaymentRow,
  type PaymentService,
  paymentById,
  paymentByKey,
  pendingAttempts,
  providerKey,
  type ReconcileReport,
} from '../modules/payments';

/**
 * Paying for an order (POST /shop/order/pay) and settling what a crash left pending: the order is
 * held and an attempt claimed (orders, payments), the provider asked outside any transaction, and
 * a success written in one transaction with the order's move to Pending Shipment (payments,
 * orders) — refunded when the order left Pending Payment meanwhile. A second success for an order
 * cannot be written (a partial unique index), and the same Idempotency-Key answers the first
 * attempt's outcome.
 */

/** How long a repeated request waits for the first one with its key to finish. */
const REPLAY_WAIT_MS = 5_000;

type Deps = { db: Db; orders: OrderService; provider: PaymentProvider; clock: () => number };
type PayInput = Parameters<PaymentService['pay']>[1];
/** An attempt's outcome; `here`: written by this call (false: someone else settled it first). */
type Settled = { status: TPayOutcome; message: string; here: boolean };
type PayingOrder = { id: number; order_no: string; pay_price: number };

/** The first request with this key: its outcome once settled (waiting a little while it is in flight). */
async function replay(deps: Deps, userId: number, row: PaymentRow, last4: string): Promise<TOrderPayResult> {
  if (row.card_last4 !== last4) throw new AppError('unprocessable', PaymentMessages.keyReused);
  let current: PaymentRow | undefined = row;
  const until = Date.now() + REPLAY_WAIT_MS;
  while (current?.status === 'pending' && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    current = await paymentById(deps.db, row.id);
  }
  if (!current || current.status === 'pending') throw AppError.field('id', PaymentMessages.stillProcessing);
  return {
    status: outcomeOf(current.status),
    message: current.message,
    order: await orderDetail(deps.db, row.order_id, userId, deps.clock()),
  };
}

/** Step: claims the attempt: the order must still wait for payment, and no other attempt be in flight. */
function claim(deps: Deps, order: PayingOrder, key: string, last4: string, at: number): Promise<number> {
  return inTransaction(deps.db, async (trx) => {
    // The attempt first, then the order's row: the order a success takes them in (`recordSuccess`
    // closes its attempt, then moves the order), so the two never wait on each other in a circle.
    // A claim meeting an attempt being settled waits on its row (the one-pending index), then
    // finds the order paid (or the attempt gone, and claims).
    const id = await openAttempt(trx, {
      orderId: order.id,
      provider: deps.provider.name,
      amount: order.pay_price,
      last4,
      key,
      at,
    });
    await holdForPayment(trx, order.id, at);
    return id;
  });
}

async function outcomeOfAttempt(deps: Deps, paymentId: number): Promise<Settled> {
  const row = await paymentById(deps.db, paymentId);
  return { status: outcomeOf(row?.status ?? 'failed'), message: row?.message ?? '', here: false };
}

/** Step: a success, recorded with the order's move to Pending Shipment in one transaction; false when settled already. */
function recordSuccess(deps: Deps, paymentId: number, order: PayingOrder, last4: string, result: ChargeResult) {
  return inTransaction(deps.db, async (trx) => {
    const closed = await closeAttempt(trx, paymentId, {
      status: 'succeeded',
      message: result.message,
      provider_ref: result.providerRef,
    });
    const note = `Paid by card ending ${result.cardLast4 || last4}`;
    if (closed) await deps.orders.markPaid(trx, { id: order.id, status: OrderStatus.PendingPayment }, deps.clock(), note);
    return closed;
  });
}

/** Step: the order left Pending Payment while the provider answered (cancelled meanwhile): the money goes back. */
async function refundLateCharge(deps: Deps, paymentId: number, order: PayingOrder, key: string, result: ChargeResult) {
  const refund = await deps.provider.refund({
    providerRef: result.providerRef,
    amountCents: order.pay_price,
    idempotencyKey: `${providerKey(order.order_no, key)}:refund`,
  });
  const closed = await closeAttempt(deps.db, paymentId, {
    status: 'failed',
    provider_ref: result.providerRef,
    message: refund.ok ? PaymentMessages.cancelledMeanwhile : `Refund failed: ${refund.message}`,
  });
  return { status: 'declined' as const, message: PaymentMessages.cancelledMeanwhile, here: closed };
}

/**
 * Step: writes the provider's answer for a pending attempt, once. The request that paid and the
 * reconciliation after a crash both come here; whichever writes second answers the first's outcome.
 */
async function settle(deps: Deps, paymentId: number, order: PayingOrder, key: string, last4: string, result: ChargeResult) {
  if (result.status !== 'succeeded') {
    const values = { status: result.status, message: result.message, provider_ref: result.providerRef };
    const closed = await closeAttempt(deps.db, paymentId, values);
    return closed ? { status: result.status, message: result.message, here: true } : outcomeOfAttempt(deps, paymentId);
  }
  let recorded: boolean;
  try {
    recorded = await recordSuccess(deps, paymentId, order, last4, result);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refundLateCharge(deps, paymentId, order, key, result);
  }
  return recorded ? { status: 'succeeded' as const, message: result.message, here: true } : outcomeOfAttempt(deps, paymentId);
}

/** Step: asks the provider to charge the card (outside any transaction); undefined when it could not be reached. */
async function charge(deps: Deps, order: PayingOrder, input: PayInput, key: string, paymentId: number) {
  try {
    return await deps.provider.charge({
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
      previousAttempts: () => earlierAttempts(deps.db, order.id, paymentId),
    });
  } catch {
    await closeAttempt(deps.db, paymentId, { status: 'failed', message: PaymentMessages.unreachable });
    return undefined;
  }
}

/** Step: the order can take an attempt now: waiting for payment, in time, under the attempts' cap. */
async function checkPayable(deps: Deps, order: { id: number; status: number; pay_expires_at: number }, at: number) {
  if (order.status !== OrderStatus.PendingPayment) throw AppError.field('id', illegalMoveMessage(order.status, 'pay'));
  if (order.pay_expires_at <= at) throw AppError.field('id', PaymentMessages.expired);
  if ((await attemptCount(deps.db, order.id)) >= MAX_ATTEMPTS_PER_ORDER) {
    throw AppError.field('id', PaymentMessages.tooManyAttempts);
  }
}

/**
 * Step: the shopper's order, the attempt this key made before (a repeat) or a new attempt claimed.
 * Its statements run on one connection, taken from the pool once rather than once each: under
 * load a request waits in the pool's queue for every connection it asks for. Nothing in it waits
 * for anything but that connection (the provider is asked after it is given back).
 */
function open(deps: Deps, userId: number, id: number, key: string, last4: string) {
  return deps.db.connection().execute(async (db) => {
    const held = { ...deps, db };
    const order = await findOrder(db, userId, id);
    if (!order) throw AppError.notFound(ORDER_NOT_FOUND);
    const previous = await paymentByKey(db, order.id, key);
    if (previous) return { order, previous, paymentId: undefined };
    const at = deps.clock();
    await checkPayable(held, order, at);
    try {
      return { order, previous: undefined, paymentId: await claim(held, order, key, last4, at) };
    } catch (error) {
      // The same attempt sent twice at once: the first one claimed it (and may have finished).
      const same = await paymentByKey(db, order.id, key);
      if (same) return { order, previous: same, paymentId: undefined };
      if (isUniqueViolation(error)) throw AppError.field('id', PaymentMessages.inFlight);
      throw error;
    }
  });
}

async function pay(deps: Deps, userId: number, input: PayInput, key: string): Promise<TOrderPayResult> {
  const last4 = input.card.number.slice(-4);
  const opened = await open(deps, userId, input.id, key, last4);
  const { order, previous, paymentId } = opened;
  if (paymentId === undefined) return replay(deps, userId, previous, last4);
  const result = await charge(deps, order, input, key, paymentId);
  const answer = result
    ? await settle(deps, paymentId, order, key, last4, result)
    : { status: 'retry' as const, message: PaymentMessages.unreachable };
  return { status: answer.status, message: answer.message, order: await orderDetail(deps.db, order.id, userId, deps.clock()) };
}

/**
 * Settles the attempts left pending (by a crash) with what the provider knows of them: one it
 * charged is recorded as if it had just answered (the order paid, or refunded if cancelled since);
 * one it never received is closed, so the order can be paid again at once. Safe to run twice or on
 * two instances at once: each attempt is settled once.
 */
async function reconcile(deps: Deps): Promise<ReconcileReport> {
  const pending = await pendingAttempts(deps.db, deps.provider.name);
  const report: ReconcileReport = { checked: pending.length, paid: 0, closed: 0, unknown: 0 };
  for (const attempt of pending) {
    const order = { id: attempt.order_id, order_no: attempt.order_no, pay_price: attempt.pay_price };
    const key = attempt.idempotency_key ?? '';
    const outcome = await deps.provider.lookup(providerKey(order.order_no, key)).catch(() => null);
    if (!outcome) {
      report.unknown += 1; // the provider could not be asked: the next start, or the 10-minute rule, settles it
    } else if (outcome.status === 'not_received') {
      if (await closeAttempt(deps.db, attempt.id, { status: 'failed', message: PaymentMessages.notReceived })) report.closed += 1;
    } else {
      const settled = await settle(deps, attempt.id, order, key, attempt.card_last4, outcome);
      if (settled.here && settled.status === 'succeeded') report.paid += 1;
      else if (settled.here) report.closed += 1;
    }
  }
  return report;
}

export function createPaymentService({
  clock = Date.now,
  ...deps
}: Omit<Deps, 'clock'> & { clock?: () => number }): PaymentService {
  const all: Deps = { ...deps, clock };
  return {
    pay: (userId, input, key) => pay(all, userId, input, key),
    reconcile: () => reconcile(all),
  };
}

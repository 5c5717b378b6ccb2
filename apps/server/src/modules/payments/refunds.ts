import { centsToPrice } from '@shop/contracts/pricing';
import type { TAdminRefund } from '@shop/contracts/returns';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { OrderRefundsTable } from '../../db/schema';
import type { PaymentProvider, RefundResult } from './provider';

/**
 * Refunds of money (decision 0047), the payments module's part: each refund is written `pending`
 * with its idempotency key before the provider is asked, and settled with the provider's answer
 * after. A request (a return) has at most one refund pending or done (a partial unique index), so
 * a doubled or retried refund never pays twice; an ad-hoc refund is once per its request id. A
 * refund left pending by a crash is asked again with the same key (`pendingRefunds`).
 */

export type RefundRow = Selectable<OrderRefundsTable>;

/** A refund as staff read it (amounts in USD). */
export function presentRefund(refund: RefundRow): TAdminRefund {
  return {
    id: refund.id,
    return_id: refund.return_id,
    amount: centsToPrice(refund.amount),
    status: refund.status,
    reason: refund.reason,
    message: refund.message,
    create_time: refund.created_at,
  };
}

/** The charge a refund goes back to: the order's succeeded payment. */
export async function chargeOf(db: Db, orderId: number): Promise<{ provider_ref: string; amount: number } | undefined> {
  return db
    .selectFrom('order_payments')
    .select(['provider_ref', 'amount'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
}

/**
 * Step: writes the refund pending, in the caller's transaction, which holds the order's row (so
 * refunds of one order are written one after another; the unique indexes stand behind that).
 * Answers undefined when the key is taken or the request already has a refund pending or done.
 */
export async function openRefund(
  trx: Db,
  refund: {
    orderId: number;
    returnId: number | null;
    amount: number;
    goodsAmount: number;
    reason: string;
    key: string;
    provider: string;
    actor: string;
    at: number;
  },
): Promise<number | undefined> {
  let taken = trx.selectFrom('order_refunds').select('id').where('idempotency_key', '=', refund.key);
  if (refund.returnId !== null) {
    const returnId = refund.returnId;
    taken = trx
      .selectFrom('order_refunds')
      .select('id')
      .where((eb) =>
        eb.or([eb('idempotency_key', '=', refund.key), eb.and([eb('return_id', '=', returnId), eb('status', '<>', 'failed')])]),
      );
  }
  if (await taken.executeTakeFirst()) return undefined;
  const row = await trx
    .insertInto('order_refunds')
    .values({
      order_id: refund.orderId,
      return_id: refund.returnId,
      amount: refund.amount,
      goods_amount: refund.goodsAmount,
      reason: refund.reason,
      status: 'pending',
      idempotency_key: refund.key,
      provider: refund.provider,
      actor: refund.actor,
      created_at: refund.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Asks the provider for a pending refund's money (outside any transaction); an amount of 0 needs no provider. */
export async function askProvider(db: Db, provider: PaymentProvider, refund: RefundRow): Promise<RefundResult> {
  if (refund.amount === 0) return { ok: true, providerRef: '', message: 'Nothing to refund in money' };
  const charge = await chargeOf(db, refund.order_id);
  if (!charge) return { ok: false, providerRef: '', message: 'The order has no payment to refund' };
  try {
    return await provider.refund({
      providerRef: charge.provider_ref,
      amountCents: refund.amount,
      idempotencyKey: refund.idempotency_key,
    });
  } catch (error) {
    return { ok: false, providerRef: '', message: error instanceof Error ? error.message : 'The payment service did not answer' };
  }
}

/** Step: the provider's answer, once (only a pending refund settles); answers whether this call settled it. */
export async function settleRefund(trx: Db, refundId: number, result: RefundResult, at: number): Promise<boolean> {
  const updated = await trx
    .updateTable('order_refunds')
    .set({
      status: result.ok ? 'succeeded' : 'failed',
      provider_ref: result.providerRef,
      message: result.message.slice(0, 240),
      settled_at: at,
    })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export function findRefund(db: Db, id: number): Promise<RefundRow | undefined> {
  return db.selectFrom('order_refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRefundByKey(db: Db, key: string): Promise<RefundRow | undefined> {
  return db.selectFrom('order_refunds').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** The refunds of an order (or of one request), oldest first. */
export function refundsOf(db: Db, filter: { orderId?: number; returnId?: number }) {
  let query = db.selectFrom('order_refunds').selectAll();
  if (filter.orderId !== undefined) query = query.where('order_id', '=', filter.orderId);
  if (filter.returnId !== undefined) query = query.where('return_id', '=', filter.returnId);
  return query.orderBy('id').execute();
}

/** How many attempts a request's refunds have had, for the next one's key. */
export async function refundAttempts(db: Db, returnId: number): Promise<number> {
  const row = await db
    .selectFrom('order_refunds')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('return_id', '=', returnId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Refunds still pending since before `before` (a crash between asking and settling). */
export function pendingRefunds(db: Db, before: number, limit: number) {
  return db
    .selectFrom('order_refunds')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();
}

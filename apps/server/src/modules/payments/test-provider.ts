import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@shop/contracts/orders';
import type { Db } from '../../db/database';
import type { AttemptOutcome, ChargeRequest, ChargeResult, PaymentProvider, RefundResult } from './provider';

export const TEST_PROVIDER_MESSAGES = {
  succeeded: 'Payment succeeded',
  declined: 'Your card was declined. Please check the details or use another card.',
  retry: 'The payment could not be completed this time. Please try again.',
  tokenRefused: 'The test payment provider takes card details, not tokens.',
  voided: 'This payment attempt was closed before it reached the payment service. Please try again.',
  refunded: 'Refunded',
  unknownCharge: 'There is no such charge to refund',
  overRefund: 'The refunds would come to more than the charge',
} as const;

/**
 * The built-in provider (PAYMENT_PROVIDER=test): no money moves. The card form's number decides:
 *   4242 4242 4242 4242  pays
 *   4000 0000 0000 0002  is declined
 *   4000 0000 0000 9995  answers 'try again' the first time for an order, then pays
 * Any other number that passes the Luhn check is declined. Luhn, expiry and CVC are checked by
 * the request schema before the provider is asked.
 *
 * Like a real provider it keeps its own record of each attempt, by idempotency key, in a table of
 * its own (`test_payment_ledger`): a repeated key answers the first outcome, and a lookup after a
 * crash of the shop finds what happened.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';
  readonly flow = 'card' as const;

  constructor(private readonly deps: { db: Db; clock?: () => number }) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const decided = await this.decide(request);
    // The first record for a key wins: a repeat, or a lookup that closed the key, answers from it.
    const inserted = await this.deps.db
      .insertInto('test_payment_ledger')
      .values({
        idempotency_key: request.idempotencyKey,
        status: decided.status,
        provider_ref: decided.providerRef,
        message: decided.message,
        card_last4: decided.cardLast4,
        amount: request.amountCents,
        created_at: (this.deps.clock ?? Date.now)(),
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    const recorded = inserted ?? (await this.recorded(request.idempotencyKey));
    if (recorded.status === 'voided') {
      return {
        status: 'declined',
        providerRef: recorded.provider_ref,
        message: TEST_PROVIDER_MESSAGES.voided,
        cardLast4: decided.cardLast4,
      };
    }
    return {
      status: recorded.status,
      providerRef: recorded.provider_ref,
      message: recorded.message,
      cardLast4: recorded.card_last4,
    };
  }

  async lookup(idempotencyKey: string): Promise<AttemptOutcome> {
    await this.deps.db
      .insertInto('test_payment_ledger')
      .values({
        idempotency_key: idempotencyKey,
        status: 'voided',
        provider_ref: `test_${randomUUID()}`,
        message: TEST_PROVIDER_MESSAGES.voided,
        card_last4: '',
        amount: 0,
        created_at: (this.deps.clock ?? Date.now)(),
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
    const recorded = await this.recorded(idempotencyKey);
    if (recorded.status === 'voided') return { status: 'not_received' };
    return {
      status: recorded.status,
      providerRef: recorded.provider_ref,
      message: recorded.message,
      cardLast4: recorded.card_last4,
    };
  }

  private recorded(idempotencyKey: string) {
    return this.deps.db
      .selectFrom('test_payment_ledger')
      .selectAll()
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirstOrThrow();
  }

  /** What the card number decides. */
  private async decide(request: ChargeRequest): Promise<ChargeResult> {
    const providerRef = `test_${randomUUID()}`;
    if (request.method.kind !== 'card') {
      return { status: 'declined', providerRef, message: TEST_PROVIDER_MESSAGES.tokenRefused, cardLast4: '' };
    }
    const number = request.method.number;
    const cardLast4 = number.slice(-4);
    if (number === TEST_CARDS.success)
      return { status: 'succeeded', providerRef, message: TEST_PROVIDER_MESSAGES.succeeded, cardLast4 };
    if (number === TEST_CARDS.retry) {
      const retriedBefore = (await request.previousAttempts()).some((attempt) => attempt.status === 'retry');
      return retriedBefore
        ? { status: 'succeeded', providerRef, message: TEST_PROVIDER_MESSAGES.succeeded, cardLast4 }
        : { status: 'retry', providerRef, message: TEST_PROVIDER_MESSAGES.retry, cardLast4 };
    }
    return { status: 'declined', providerRef, message: TEST_PROVIDER_MESSAGES.declined, cardLast4 };
  }

  /**
   * A whole or partial refund of a charge, recorded by its idempotency key: a repeated key answers
   * the first record; refunds adding up to more than the charge are refused.
   */
  async refund(request: { providerRef: string; amountCents: number; idempotencyKey: string }): Promise<RefundResult> {
    const db = this.deps.db;
    const charge = await db
      .selectFrom('test_payment_ledger')
      .select(['amount', 'status'])
      .where('provider_ref', '=', request.providerRef)
      .executeTakeFirst();
    if (charge?.status !== 'succeeded') return { ok: false, providerRef: '', message: TEST_PROVIDER_MESSAGES.unknownCharge };
    const inserted = await db
      .insertInto('test_payment_refunds')
      .values({
        idempotency_key: request.idempotencyKey,
        charge_ref: request.providerRef,
        amount: request.amountCents,
        provider_ref: `test_refund_${randomUUID()}`,
        created_at: (this.deps.clock ?? Date.now)(),
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .executeTakeFirst();
    const recorded = await db
      .selectFrom('test_payment_refunds')
      .selectAll()
      .where('idempotency_key', '=', request.idempotencyKey)
      .executeTakeFirstOrThrow();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
      // checked after writing, so two refunds racing each other can both be refused but never both pass
      const { total } = await db
        .selectFrom('test_payment_refunds')
        .select((eb) => eb.fn.sum<string | number>('amount').as('total'))
        .where('charge_ref', '=', request.providerRef)
        .executeTakeFirstOrThrow();
      if (Number(total) > charge.amount) {
        await db.deleteFrom('test_payment_refunds').where('idempotency_key', '=', request.idempotencyKey).execute();
        return { ok: false, providerRef: '', message: TEST_PROVIDER_MESSAGES.overRefund };
      }
    }
    return { ok: true, providerRef: recorded.provider_ref, message: TEST_PROVIDER_MESSAGES.refunded };
  }

  /** What the test provider refunded of a charge, for tests and reconciliation. */
  async refundedOf(providerRef: string): Promise<number> {
    const { total } = await this.deps.db
      .selectFrom('test_payment_refunds')
      .select((eb) => eb.fn.sum<string | number>('amount').as('total'))
      .where('charge_ref', '=', providerRef)
      .executeTakeFirstOrThrow();
    return Number(total ?? 0);
  }
}

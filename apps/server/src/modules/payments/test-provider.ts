import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@shop/contracts/orders';
import type { ChargeRequest, ChargeResult, PaymentProvider, RefundResult } from './provider';

export const TEST_PROVIDER_MESSAGES = {
  succeeded: 'Payment succeeded',
  declined: 'Your card was declined. Please check the details or use another card.',
  retry: 'The payment could not be completed this time. Please try again.',
  tokenRefused: 'The test payment provider takes card details, not tokens.',
} as const;

/**
 * The built-in provider (PAYMENT_PROVIDER=test): no money moves. The card form's number decides:
 *   4242 4242 4242 4242  pays
 *   4000 0000 0000 0002  is declined
 *   4000 0000 0000 9995  answers 'try again' the first time for an order, then pays
 * Any other number that passes the Luhn check is declined. Luhn, expiry and CVC are checked by
 * the request schema before the provider is asked.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';
  readonly flow = 'card' as const;

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const providerRef = `test_${randomUUID()}`;
    if (request.method.kind !== 'card') {
      return { status: 'declined', providerRef, message: TEST_PROVIDER_MESSAGES.tokenRefused, cardLast4: '' };
    }
    const number = request.method.number;
    const cardLast4 = number.slice(-4);
    if (number === TEST_CARDS.success)
      return { status: 'succeeded', providerRef, message: TEST_PROVIDER_MESSAGES.succeeded, cardLast4 };
    if (number === TEST_CARDS.retry) {
      const retriedBefore = request.previousAttempts.some((attempt) => attempt.status === 'retry');
      return retriedBefore
        ? { status: 'succeeded', providerRef, message: TEST_PROVIDER_MESSAGES.succeeded, cardLast4 }
        : { status: 'retry', providerRef, message: TEST_PROVIDER_MESSAGES.retry, cardLast4 };
    }
    return { status: 'declined', providerRef, message: TEST_PROVIDER_MESSAGES.declined, cardLast4 };
  }

  async refund(request: { providerRef: string }): Promise<RefundResult> {
    return { ok: true, providerRef: `${request.providerRef}_refund`, message: 'Refunded' };
  }
}

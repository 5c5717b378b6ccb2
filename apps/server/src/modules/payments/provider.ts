import type { Db } from '../../db/database';
import { TestPaymentProvider } from './test-provider';

/**
 * The shape every payment provider takes. The shop talks to one provider, chosen by
 * PAYMENT_PROVIDER (`test`, the built-in one, by default); adding a real one means writing a
 * class of this shape and naming it in `createPaymentProvider`.
 *
 * Two flows fit it:
 * - client-tokenized (Stripe Elements, Braintree Hosted Fields, Adyen Web): the page hands the
 *   card to the provider's own script and sends the server a one-use `token`; the server charges
 *   the token. The card number never reaches the shop.
 * - card-on-server, for the built-in test provider only: the card form posts to the shop, which
 *   keeps the last four digits and nothing else.
 * A hosted-page (redirect) flow would add an answer carrying the provider's URL and a route for the
 * provider's signed notification, which completes the payment the way a synchronous success does
 * (one transaction: the payment row succeeds and the order moves to Pending Shipment).
 *
 * After a crash, the attempts left pending are looked up by their idempotency key (`lookup`) when
 * the shop starts again (`reconcile.ts`), and settled as if the provider had just answered.
 *
 * Amounts are integer cents in USD. `idempotencyKey` goes to the provider as its own idempotency
 * key, so a retried request is never charged twice on the provider's side either.
 */

/** What the shopper entered or the provider's script produced. */
export type PaymentMethodInput =
  | { kind: 'card'; number: string; expMonth: number; expYear: number; cvc: string; name: string }
  | { kind: 'token'; token: string };

export type ChargeRequest = {
  orderId: number;
  orderNo: string;
  amountCents: number;
  currency: 'USD';
  method: PaymentMethodInput;
  idempotencyKey: string;
  /** the outcomes of this order's earlier attempts, oldest first (read when asked) */
  previousAttempts: () => Promise<Array<{ status: string }>>;
};

/** `retry`: a soft decline (the issuer asks to try again); `declined`: a hard one. */
export type ChargeResult = {
  status: 'succeeded' | 'declined' | 'retry';
  providerRef: string;
  message: string;
  cardLast4: string;
};

/**
 * What the provider knows of an attempt: its outcome, or `not_received` when the attempt never
 * reached it. A `not_received` answer also closes the key: a charge arriving with it later is
 * declined, so an attempt written off as never received can never take money afterwards (with
 * Stripe: cancelling the PaymentIntent).
 */
export type AttemptOutcome = ChargeResult | { status: 'not_received' };

export type RefundResult = { ok: boolean; providerRef: string; message: string };

export interface PaymentProvider {
  /** recorded on each payment row */
  readonly name: string;
  /** how the page collects the payment method */
  readonly flow: 'card' | 'token' | 'redirect';
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** the outcome of the attempt charged (or not) with this idempotency key; used after a crash */
  lookup(idempotencyKey: string): Promise<AttemptOutcome>;
  /** returns a charge (an order cancelled while its payment was in flight) */
  refund(request: { providerRef: string; amountCents: number; idempotencyKey: string }): Promise<RefundResult>;
}

export const PAYMENT_PROVIDERS = ['test'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The provider PAYMENT_PROVIDER names. */
export function createPaymentProvider(name: PaymentProviderName, deps: { db: Db; clock?: () => number }): PaymentProvider {
  switch (name) {
    case 'test':
      return new TestPaymentProvider(deps);
  }
}

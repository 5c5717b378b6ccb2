import { CODE_OK, DEFAULT_CURRENCY } from '@shop/contracts';
import type { TOrderDetail } from '@shop/contracts/orders';
import { formatPrice } from '@shop/contracts/pricing';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Price } from '../../components/product/price';
import { Button } from '../../components/ui/button';
import { NetworkFailure } from '../../lib/api';
import { useCurrency } from '../../lib/currency';
import { useHydrated } from '../../lib/forms';
import { createAttemptKeys } from './attempt-key';
import {
  type CardDraft,
  type CardErrors,
  cardErrors,
  cardErrorsFromServer,
  digitsOf,
  formatCardNumber,
  lastFour,
  parseExpiry,
} from './card-format';
import { payOrder } from './order-api';
import { CardFields, type Outcome, PaymentOutcome, TestCardHint } from './payment-parts';

export type PayableOrder = Pick<TOrderDetail, 'id' | 'order_no' | 'pay_price'>;

const EMPTY: CardDraft = { number: '', expiry: '', cvc: '', name: '' };
const FIELD_ORDER = ['number', 'expiry', 'cvc', 'name'] as const;

export type PaymentFormProps = {
  order: PayableOrder;
  /** the payment went through: the order as it now is (Pending Shipment) */
  onPaid: (order: TOrderDetail) => void;
  /** the payment did not go through: the order as it now is (still Pending Payment) */
  onUnpaid?: (order: TOrderDetail) => void;
};

/**
 * The card payment of one order (POST /shop/order/pay). Each press of Pay is one attempt with its
 * own Idempotency-Key; the same attempt sent again after a lost answer keeps its key, so a card is
 * never charged twice. A decline says so plainly and leaves the form ready for another card.
 */
export function PaymentForm({ order, onPaid, onUnpaid }: PaymentFormProps) {
  const hydrated = useHydrated();
  const currency = useCurrency();
  const headingId = useId();
  const outcomeId = useId();
  const [draft, setDraft] = useState<CardDraft>(EMPTY);
  const [errors, setErrors] = useState<CardErrors>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const keys = useRef(createAttemptKeys()).current;
  const inputs = useRef<Partial<Record<keyof CardDraft, HTMLInputElement | null>>>({});
  const outcomeRef = useRef<HTMLDivElement>(null);

  const change = (field: keyof CardDraft, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    // a corrected field loses its message; the others keep theirs until the next Pay
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const checkField = (field: keyof CardDraft) => {
    if (!draft[field]) return;
    const message = cardErrors(draft)[field];
    setErrors((current) => ({ ...current, [field]: message }));
  };

  const focusFirst = (found: CardErrors) => {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  };

  const showOutcome = (next: Outcome) => {
    setOutcome(next);
    // the message is read out (role=alert) and the keyboard starts from it
    window.requestAnimationFrame(() => outcomeRef.current?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = cardErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    const expiry = parseExpiry(draft.expiry);
    if (!expiry) return;
    setSending(true);
    setOutcome(null);
    try {
      const envelope = await payOrder(
        order.id,
        {
          number: digitsOf(draft.number),
          exp_month: expiry.month,
          exp_year: expiry.year,
          cvc: draft.cvc.trim(),
          name: draft.name.trim(),
        },
        keys,
      );
      if (envelope.code !== CODE_OK || !envelope.result) {
        const shown = cardErrorsFromServer(envelope.result);
        if (Object.keys(shown).length > 0) {
          setErrors(shown);
          focusFirst(shown);
        } else if (envelope.code !== 401) {
          showOutcome({ kind: 'failed', text: envelope.msg || 'The payment could not be made. Please try again.' });
        }
        return;
      }
      const result = envelope.result;
      if (result.status === 'succeeded') {
        onPaid(result.order);
        return;
      }
      const card = lastFour(draft.number);
      showOutcome(
        result.status === 'declined'
          ? {
              kind: 'declined',
              text: `${result.message} The card ending ${card} was not charged, and your order ${order.order_no} is still waiting for payment.`,
            }
          : { kind: 'retry', text: `${result.message} The card ending ${card} was not charged.` },
      );
      if (result.status === 'declined') setDraft((current) => ({ ...current, cvc: '' }));
      onUnpaid?.(result.order);
    } catch (error) {
      // no answer (timeout, connection lost): the api client said so; Pay again repeats this same
      // attempt with the same key, so the card cannot be charged twice
      if (error instanceof NetworkFailure) {
        showOutcome({
          kind: 'failed',
          text: 'We did not hear back about this payment. Press Pay again: you will not be charged twice.',
        });
      }
    } finally {
      setSending(false);
    }
  };

  const chargedInUsd = currency.currency_code !== DEFAULT_CURRENCY;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-gray-950">
          Pay for order {order.order_no}
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          Amount due: <Price usd={order.pay_price} className="font-semibold text-gray-950" />
          {chargedInUsd ? (
            <span className="block text-xs text-gray-600">
              Your card is charged in US dollars: {formatPrice(order.pay_price)}.
            </span>
          ) : null}
        </p>
      </div>

      <TestCardHint
        onUse={(number) => {
          change('number', formatCardNumber(number));
          inputs.current.expiry?.focus();
        }}
      />

      <form noValidate onSubmit={submit} aria-label="Card payment" className="flex flex-col gap-4">
        <CardFields draft={draft} errors={errors} change={change} checkField={checkField} inputs={inputs} />

        {outcome ? <PaymentOutcome outcome={outcome} id={outcomeId} ref={outcomeRef} /> : null}

        <Button
          type="submit"
          busy={sending}
          disabled={!hydrated}
          aria-describedby={outcome ? outcomeId : undefined}
          className="w-full rounded-full"
        >
          {sending ? 'Paying…' : <>Pay {<Price usd={order.pay_price} />}</>}
        </Button>
        <p className="text-center text-xs text-gray-600">Only the last four digits of your card are kept with the order.</p>
      </form>
    </section>
  );
}

import { CODE_OK, DEFAULT_CURRENCY } from '@shop/contracts';
import type { TOrderDetail } from '@shop/contracts/orders';
import { TEST_CARDS } from '@shop/contracts/orders-rules';
import { formatPrice } from '@shop/contracts/pricing';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Price } from '../../components/product/price';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { NetworkFailure } from '../../lib/api';
import { useCurrency } from '../../lib/currency';
import { useHydrated } from '../../lib/forms';
import { createAttemptKeys } from './attempt-key';
import {
  type CardDraft,
  type CardErrors,
  cardErrors,
  cardNumberMaxDigits,
  digitsOf,
  formatCardNumber,
  formatExpiry,
  lastFour,
  parseExpiry,
} from './card-format';
import { payOrder } from './order-api';
import { focusRing } from './order-parts';

export type PayableOrder = Pick<TOrderDetail, 'id' | 'order_no' | 'pay_price'>;

type Outcome = { kind: 'declined' | 'retry' | 'failed'; text: string } | null;

const EMPTY: CardDraft = { number: '', expiry: '', cvc: '', name: '' };
const FIELD_ORDER = ['number', 'expiry', 'cvc', 'name'] as const;

/** The server names the card's fields `card.number`, `card.exp_month`…; the form has one expiry field. */
const SERVER_FIELDS: Record<string, keyof CardDraft> = {
  'card.number': 'number',
  'card.exp_month': 'expiry',
  'card.exp_year': 'expiry',
  'card.cvc': 'cvc',
  'card.name': 'name',
};

const TEST_CARD_HINTS = [
  { number: TEST_CARDS.success, result: 'pays' },
  { number: TEST_CARDS.declined, result: 'is declined' },
  { number: TEST_CARDS.retry, result: 'asks to try again once, then pays' },
] as const;

/**
 * The shop takes payments through its built-in test provider (the default until a real provider is
 * configured): these numbers show each outcome. Any future expiry and any 3-digit code will do.
 */
function TestCardHint({ onUse }: { onUse: (number: string) => void }) {
  return (
    <div className="rounded-md border border-dashed border-gray-300 bg-gray-50 p-4 text-sm text-gray-800">
      <p className="font-semibold text-gray-950">Test mode: no real card is charged</p>
      <p className="mt-1">Use any future expiry date and any 3-digit security code with one of these numbers:</p>
      <ul className="mt-2 flex flex-col gap-1">
        {TEST_CARD_HINTS.map((card) => (
          <li key={card.number} className="flex flex-wrap items-center gap-x-3">
            <span className="font-mono tabular-nums" translate="no">
              {formatCardNumber(card.number)}
            </span>
            <span className="text-gray-700">{card.result}</span>
            <button
              type="button"
              onClick={() => onUse(card.number)}
              className={`inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-4 hover:text-gray-600 ${focusRing}`}
              aria-label={`Use the test card ${formatCardNumber(card.number)}, which ${card.result}`}
            >
              Use
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

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
  const [outcome, setOutcome] = useState<Outcome>(null);
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
        const fields = (envelope.result as { fields?: Record<string, string> } | null)?.fields ?? {};
        const shown: CardErrors = {};
        for (const [name, message] of Object.entries(fields)) {
          const field = SERVER_FIELDS[name];
          if (field && !shown[field]) shown[field] = message;
        }
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

  const numberDigits = digitsOf(draft.number);
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
        <Field
          ref={(element) => {
            inputs.current.number = element;
          }}
          label="Card number"
          name="cc-number"
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          maxLength={cardNumberMaxDigits(numberDigits) + 4}
          value={draft.number}
          onChange={(event) => change('number', formatCardNumber(event.target.value))}
          onBlur={() => checkField('number')}
          error={errors.number}
          translate="no"
        />
        <div className="grid grid-cols-2 gap-4">
          <Field
            ref={(element) => {
              inputs.current.expiry = element;
            }}
            label="Expiry date"
            name="cc-exp"
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM / YY"
            hint="MM / YY"
            maxLength={7}
            value={draft.expiry}
            onChange={(event) => {
              const deleting = event.target.value.length < draft.expiry.length;
              change('expiry', formatExpiry(event.target.value, deleting));
            }}
            onBlur={() => checkField('expiry')}
            error={errors.expiry}
          />
          <Field
            ref={(element) => {
              inputs.current.cvc = element;
            }}
            label="Security code"
            name="cc-csc"
            autoComplete="cc-csc"
            inputMode="numeric"
            placeholder="CVC"
            hint="3 or 4 digits"
            maxLength={4}
            value={draft.cvc}
            onChange={(event) => change('cvc', digitsOf(event.target.value).slice(0, 4))}
            onBlur={() => checkField('cvc')}
            error={errors.cvc}
          />
        </div>
        <Field
          ref={(element) => {
            inputs.current.name = element;
          }}
          label="Name on card"
          name="cc-name"
          autoComplete="cc-name"
          autoCapitalize="words"
          spellCheck={false}
          maxLength={100}
          value={draft.name}
          onChange={(event) => change('name', event.target.value)}
          onBlur={() => checkField('name')}
          error={errors.name}
        />

        {outcome ? (
          <div
            ref={outcomeRef}
            id={outcomeId}
            role="alert"
            tabIndex={-1}
            data-testid="payment-outcome"
            className={
              outcome.kind === 'retry'
                ? 'rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 outline-none'
                : 'rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900 outline-none'
            }
          >
            <p className="font-semibold">
              {outcome.kind === 'declined'
                ? 'Payment declined'
                : outcome.kind === 'retry'
                  ? 'Please try again'
                  : 'Payment not completed'}
            </p>
            <p className="mt-1">{outcome.text}</p>
          </div>
        ) : null}

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

import { TEST_CARDS } from '@shop/contracts/orders-rules';
import type { RefObject } from 'react';
import { Field } from '../../components/ui/field';
import { focusRing } from '../../lib/cx';
import { type CardDraft, type CardErrors, cardNumberMaxDigits, digitsOf, formatCardNumber, formatExpiry } from './card-format';

/** The payment form's parts: the test cards, the card's fields and what became of the last attempt. */

export type Outcome = { kind: 'declined' | 'retry' | 'failed'; text: string };

const TEST_CARD_HINTS = [
  { number: TEST_CARDS.success, result: 'pays' },
  { number: TEST_CARDS.declined, result: 'is declined' },
  { number: TEST_CARDS.retry, result: 'asks to try again once, then pays' },
] as const;

/**
 * The shop takes payments through its built-in test provider (the default until a real provider is
 * configured): these numbers show each outcome. Any future expiry and any 3-digit code will do.
 */
export function TestCardHint({ onUse }: { onUse: (number: string) => void }) {
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

/** The card's number, expiry, security code and name, each checked when left. */
export function CardFields({
  draft,
  errors,
  change,
  checkField,
  inputs,
}: {
  draft: CardDraft;
  errors: CardErrors;
  change: (field: keyof CardDraft, value: string) => void;
  checkField: (field: keyof CardDraft) => void;
  inputs: RefObject<Partial<Record<keyof CardDraft, HTMLInputElement | null>>>;
}) {
  const numberDigits = digitsOf(draft.number);
  return (
    <>
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
    </>
  );
}

/** A declined, retry or failed attempt, read out and focused so the keyboard starts from it. */
export function PaymentOutcome({ outcome, id, ref }: { outcome: Outcome; id: string; ref: RefObject<HTMLDivElement | null> }) {
  return (
    <div
      ref={ref}
      id={id}
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
  );
}

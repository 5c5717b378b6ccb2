import { RETURN_DESCRIPTION_MAX, ReturnMessages, ReturnPages } from '@shop/contracts/return-rules';
import type { TRefundQuote, TReturnableLine } from '@shop/contracts/returns';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { cx, focusRing } from '../../lib/cx';
import { secondaryAction } from '../orders';
import { PhotoPicker, type usePhotos } from '../reviews';
import { Panel, QuoteSummary, variantOf } from './parts';
import type { Errors } from './request-rules';

/** The parts of the return request form below its lines and beside them. */

export type Choice = 'refund' | 'exchange';

/** 'Refund or exchange?' of a return, and for an exchange the new size or colour of its one line. */
export function ExchangePanel({
  formId,
  choice,
  onChoice,
  lines,
  exchangeLine,
  exchangeFor,
  onExchangeFor,
  error,
}: {
  formId: string;
  choice: Choice;
  onChoice: (choice: Choice) => void;
  /** how many lines are chosen */
  lines: number;
  exchangeLine: TReturnableLine | undefined;
  exchangeFor: number | '';
  onExchangeFor: (skuId: number | '') => void;
  error?: string;
}) {
  return (
    <Panel title="Refund or exchange?">
      <fieldset>
        <legend className="sr-only">Refund or exchange</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {(['refund', 'exchange'] as const).map((value) => (
            <label key={value} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${formId}-choice`}
                value={value}
                checked={choice === value}
                onChange={() => onChoice(value)}
                className="size-4 accent-gray-900"
              />
              {value === 'refund' ? 'Refund to my card' : 'Exchange for another size or colour'}
            </label>
          ))}
        </div>
      </fieldset>
      {choice === 'exchange' ? (
        <div className="mt-3">
          {lines === 0 ? (
            <p className="text-sm text-gray-700">Choose the item to exchange above.</p>
          ) : lines > 1 ? (
            <p className="text-sm text-gray-700">{ReturnMessages.exchangeOneLine}: choose just one.</p>
          ) : exchangeLine && exchangeLine.exchange_options.length > 0 ? (
            <SelectField
              label={`Exchange ${exchangeLine.goods_name} for`}
              value={exchangeFor === '' ? '' : String(exchangeFor)}
              onChange={(event) => onExchangeFor(event.target.value ? Number(event.target.value) : '')}
              error={error}
            >
              <option value="">Choose a size or colour</option>
              {exchangeLine.exchange_options.map((option) => (
                <option key={option.sku_id} value={option.sku_id} disabled={option.in_stock === 0}>
                  {variantOf(option.sku_text)}
                  {option.in_stock === 0 ? ' (out of stock)' : ''}
                </option>
              ))}
            </SelectField>
          ) : (
            <p className="text-sm text-gray-700">
              This item has no other size or colour at the same price. Choose a refund, and order the one you want.
            </p>
          )}
        </div>
      ) : null}
    </Panel>
  );
}

/** 'Tell us why': the reason, an optional description with its count, and photos unless the order is cancelled. */
export function ReasonPanel({
  formId,
  reasons,
  reason,
  onReason,
  description,
  onDescription,
  photos,
  errors,
}: {
  formId: string;
  reasons: readonly string[];
  reason: string;
  onReason: (reason: string) => void;
  description: string;
  onDescription: (description: string) => void;
  /** null when the order is cancelled: nothing to photograph */
  photos: ReturnType<typeof usePhotos> | null;
  errors: Errors;
}) {
  return (
    <Panel title="Tell us why">
      <div className="flex flex-col gap-4">
        <SelectField label="Reason" value={reason} onChange={(event) => onReason(event.target.value)} error={errors.reason}>
          <option value="">Choose a reason</option>
          {reasons.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${formId}-description`} className="text-sm font-medium text-gray-800">
            Description (optional)
          </label>
          <textarea
            id={`${formId}-description`}
            value={description}
            maxLength={RETURN_DESCRIPTION_MAX}
            rows={4}
            onChange={(event) => onDescription(event.target.value)}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={`${formId}-description-hint${errors.description ? ` ${formId}-description-error` : ''}`}
            className={cx(
              'block w-full rounded-md border p-3',
              errors.description ? 'border-red-600' : 'border-gray-300',
              focusRing,
            )}
          />
          <p id={`${formId}-description-hint`} className="text-xs text-gray-600">
            {description.length}/{RETURN_DESCRIPTION_MAX} characters
          </p>
          {errors.description ? (
            <p id={`${formId}-description-error`} role="alert" className="text-sm text-red-700">
              {errors.description}
            </p>
          ) : null}
        </div>
        {photos ? (
          <div>
            <PhotoPicker state={photos} label="Photos of the problem" />
            {errors.images || errors['images.0'] ? (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {errors.images ?? errors['images.0']}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </Panel>
  );
}

/** The side of the form: the live quote, what to fix before sending, the send button and the way back. */
export function RequestSide({
  formId,
  quote,
  exchange,
  errors,
  busy,
  submitLabel,
}: {
  formId: string;
  quote: { quote: TRefundQuote | null; pending: boolean; error: string | null };
  exchange: boolean;
  errors: Errors;
  busy: boolean;
  submitLabel: string;
}) {
  const summary = Object.values(errors);
  return (
    <div className="flex flex-col gap-4 lg:sticky lg:top-24 lg:self-start">
      <Panel title={exchange ? 'Your exchange' : 'Your refund'}>
        <div aria-live="polite" aria-busy={quote.pending || undefined}>
          {quote.pending ? (
            <p className="text-sm text-gray-700">Working out your refund…</p>
          ) : quote.quote ? (
            <QuoteSummary quote={quote.quote} />
          ) : quote.error ? (
            <p className="text-sm text-red-700">{quote.error}</p>
          ) : (
            <p className="text-sm text-gray-700">Choose the items to see what you get back.</p>
          )}
        </div>
      </Panel>
      <div id={`${formId}-errors`} tabIndex={-1} className="outline-none">
        {summary.length > 0 ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            <p className="font-semibold">Please check the request</p>
            <ul className="mt-1 list-disc pl-5">
              {[...new Set(summary)].map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <Button type="submit" busy={busy} disabled={quote.pending}>
        {submitLabel}
      </Button>
      <Link to={ReturnPages.list} className={secondaryAction}>
        Back to Return/Exchange
      </Link>
    </div>
  );
}

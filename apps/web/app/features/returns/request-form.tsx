import { CODE_OK } from '@shop/contracts';
import {
  REFUND_REASONS,
  RETURN_DESCRIPTION_MAX,
  RETURN_IMAGES_MAX,
  RETURN_REASONS,
  ReturnMessages,
  ReturnPages,
} from '@shop/contracts/return-rules';
import type { TRefundQuote, TReturnableLine, TReturnableOrder } from '@shop/contracts/returns';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { isCancelled } from '../../lib/api';
import { cx } from '../../lib/cx';
import { notify } from '../../lib/toast';
import { focusRing, secondaryAction } from '../orders';
import { PhotoPicker, usePhotos } from '../reviews';
import { fieldErrorsOf, LineImage, MODE_ACTION, Panel, QuoteSummary, variantOf } from './parts';
import { quoteReturn, requestRefund, requestReturn } from './returns-api';

/** How long the form waits after the last change before asking for a new quote. */
const QUOTE_AFTER_MS = 250;

type Choice = 'refund' | 'exchange';
type Errors = Record<string, string>;

/**
 * The live quote for what is chosen: asked again a moment after each change; an answer that
 * arrives after a newer question is dropped. `error` is the server's refusal of the choice.
 */
function useQuote(
  orderId: number,
  kind: 'refund' | 'return' | 'exchange',
  items: { order_item_id: number; num: number }[],
  ready: boolean,
) {
  const [state, setState] = useState<{ quote: TRefundQuote | null; pending: boolean; error: string | null; fields: Errors }>({
    quote: null,
    pending: false,
    error: null,
    fields: {},
  });
  const asked = useRef(0);
  const key = JSON.stringify({ kind, items });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for kind and items
  useEffect(() => {
    const mine = ++asked.current;
    if (!ready) {
      setState({ quote: null, pending: false, error: null, fields: {} });
      return;
    }
    setState((now) => ({ ...now, pending: true }));
    const timer = window.setTimeout(() => {
      quoteReturn({ order_id: orderId, items, kind })
        .then((envelope) => {
          if (mine !== asked.current) return;
          if (envelope.code === CODE_OK) setState({ quote: envelope.result, pending: false, error: null, fields: {} });
          else setState({ quote: null, pending: false, error: envelope.msg, fields: fieldErrorsOf(envelope.result) });
        })
        .catch((failure: unknown) => {
          if (mine !== asked.current || isCancelled(failure)) return;
          setState({ quote: null, pending: false, error: 'We couldn’t work out the refund. Check your connection.', fields: {} });
        });
    }, QUOTE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [orderId, key, ready]);
  return state;
}

/** The errors left once the lines change: those naming a line (items.N.…) go with the old choice. */
const withoutItems = (errors: Errors): Errors =>
  Object.fromEntries(Object.entries(errors).filter(([name]) => !name.startsWith('items.')));

/** One line of the order: how many units to send back (0 to what is left), and its error. */
function LineChoice({
  line,
  num,
  onNum,
  error,
  fixed,
}: {
  line: TReturnableLine;
  num: number;
  onNum: (num: number) => void;
  error?: string;
  fixed: boolean;
}) {
  const id = useId();
  const left = line.returnable;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 text-sm" data-testid="return-line">
      <LineImage image={line.image} />
      <div className="min-w-0 flex-1 basis-40">
        <p className="font-medium text-gray-950">{line.goods_name}</p>
        <p className="text-gray-700">
          {variantOf(line.sku_text)}
          {variantOf(line.sku_text) ? ' · ' : ''}bought {line.num}
        </p>
        {left === 0 ? <p className="text-gray-700">Already returned or in another request</p> : null}
      </div>
      {fixed ? (
        <p className="shrink-0 text-gray-900">× {line.num}</p>
      ) : left > 0 ? (
        <div className="flex shrink-0 flex-col gap-1">
          <label htmlFor={id} className="text-xs font-medium text-gray-800">
            Quantity<span className="sr-only"> of {line.goods_name} to send back</span>
          </label>
          <select
            id={id}
            value={num}
            onChange={(event) => onNum(Number(event.target.value))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={cx(
              'min-h-11 w-24 rounded-md border bg-white px-3',
              error ? 'border-red-600' : 'border-gray-300',
              focusRing,
            )}
          >
            {[...Array(left + 1).keys()].map((count) => (
              <option key={count} value={count}>
                {count === 0 ? 'None' : count}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="basis-full text-red-700">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** The request form of one order, by its mode: cancel and refund, refund lines never received, or return/exchange. */
export function RequestForm({ order }: { order: TReturnableOrder }) {
  const navigate = useNavigate();
  const formId = useId();
  const cancel = order.mode === 'cancel';
  const [nums, setNums] = useState<Record<number, number>>(() =>
    Object.fromEntries(order.lines.map((line) => [line.order_item_id, cancel ? line.num : 0])),
  );
  const [choice, setChoice] = useState<Choice>('refund');
  const [exchangeSku, setExchangeSku] = useState<number | ''>('');
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const photos = usePhotos(RETURN_IMAGES_MAX);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const chosen = useMemo(
    () =>
      order.lines
        .filter((line) => (nums[line.order_item_id] ?? 0) > 0)
        .map((line) => ({ order_item_id: line.order_item_id, num: nums[line.order_item_id] ?? 0 })),
    [order.lines, nums],
  );
  const exchange = order.mode === 'return' && choice === 'exchange';
  const kind = order.mode === 'return' ? (exchange ? 'exchange' : 'return') : 'refund';
  const quote = useQuote(order.id, kind, cancel ? [] : chosen, cancel || chosen.length > 0);
  const exchangeLine =
    exchange && chosen.length === 1 ? order.lines.find((line) => line.order_item_id === chosen[0]?.order_item_id) : undefined;
  // a size chosen for another line no longer counts
  const exchangeFor = exchangeLine?.exchange_options.some((option) => option.sku_id === exchangeSku) ? exchangeSku : '';
  const reasons = order.mode === 'return' ? RETURN_REASONS : REFUND_REASONS;

  // an error names the line by its place among those sent: items.0.num is the first chosen line's
  const lineError = (orderItemId: number) => {
    const at = chosen.findIndex((item) => item.order_item_id === orderItemId);
    if (at < 0) return undefined;
    return errors[`items.${at}.num`] ?? errors[`items.${at}.order_item_id`] ?? quote.fields[`items.${at}.num`];
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!cancel && chosen.length === 0) found.items = 'Choose at least one item and how many';
    if (exchange && chosen.length > 1) found.items = ReturnMessages.exchangeOneLine;
    if (exchange && exchangeFor === '') found.exchange_sku_id = ReturnMessages.exchangeSkuRequired;
    if (!reason) found.reason = ReturnMessages.reason;
    if (photos.uploading) found.images = 'Please wait for the photos to finish uploading';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${formId}-errors`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const common = { order_id: order.id, reason, description, images: photos.urls } as const;
      const envelope =
        order.mode === 'return'
          ? await requestReturn({
              ...common,
              reason: reason as (typeof RETURN_REASONS)[number],
              items: chosen,
              type: choice,
              ...(exchange && exchangeFor !== '' ? { exchange_sku_id: exchangeFor } : {}),
            })
          : await requestRefund({ ...common, reason: reason as (typeof REFUND_REASONS)[number], items: cancel ? [] : chosen });
      if (envelope.code !== CODE_OK) {
        const fields = fieldErrorsOf(envelope.result);
        setErrors(Object.keys(fields).length > 0 ? fields : { _: envelope.msg });
        return;
      }
      notify.success(envelope.msg);
      navigate(ReturnPages.details(envelope.result.id));
    } catch (failure) {
      if (!isCancelled(failure)) setErrors({ _: (failure as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const summary = Object.values(errors);

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${formId}-title`} className="grid gap-6 lg:grid-cols-[1fr_320px]">
      <h2 id={`${formId}-title`} className="sr-only">
        {MODE_ACTION[order.mode]}: order {order.order_no}
      </h2>
      <div className="flex min-w-0 flex-col gap-6">
        <Panel title={cancel ? 'Everything in the order' : 'What are you sending back?'}>
          {order.mode === 'refund' ? (
            <p className="text-sm text-gray-700">Choose the items that never arrived. Nothing needs to be sent back.</p>
          ) : null}
          <ul className="divide-y divide-gray-100">
            {order.lines.map((line) => (
              <LineChoice
                key={line.order_item_id}
                line={line}
                num={nums[line.order_item_id] ?? 0}
                onNum={(num) => {
                  setNums((now) => ({ ...now, [line.order_item_id]: num }));
                  setErrors(({ items: _items, ...rest }) => withoutItems(rest));
                }}
                error={lineError(line.order_item_id)}
                fixed={cancel}
              />
            ))}
          </ul>
        </Panel>

        {order.mode === 'return' ? (
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
                      onChange={() => setChoice(value)}
                      className="size-4 accent-gray-900"
                    />
                    {value === 'refund' ? 'Refund to my card' : 'Exchange for another size or colour'}
                  </label>
                ))}
              </div>
            </fieldset>
            {exchange ? (
              <div className="mt-3">
                {chosen.length === 0 ? (
                  <p className="text-sm text-gray-700">Choose the item to exchange above.</p>
                ) : chosen.length > 1 ? (
                  <p className="text-sm text-gray-700">{ReturnMessages.exchangeOneLine}: choose just one.</p>
                ) : exchangeLine && exchangeLine.exchange_options.length > 0 ? (
                  <SelectField
                    label={`Exchange ${exchangeLine.goods_name} for`}
                    value={exchangeFor === '' ? '' : String(exchangeFor)}
                    onChange={(event) => {
                      setExchangeSku(event.target.value ? Number(event.target.value) : '');
                      setErrors(({ exchange_sku_id: _sku, ...rest }) => rest);
                    }}
                    error={errors.exchange_sku_id}
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
        ) : null}

        <Panel title="Tell us why">
          <div className="flex flex-col gap-4">
            <SelectField
              label="Reason"
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setErrors(({ reason: _reason, ...rest }) => rest);
              }}
              error={errors.reason}
            >
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
                onChange={(event) => setDescription(event.target.value)}
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
            {cancel ? null : (
              <div>
                <PhotoPicker state={photos} label="Photos of the problem" />
                {errors.images || errors['images.0'] ? (
                  <p role="alert" className="mt-1 text-sm text-red-700">
                    {errors.images ?? errors['images.0']}
                  </p>
                ) : null}
              </div>
            )}
          </div>
        </Panel>
      </div>

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
          {cancel ? 'Cancel order and refund' : exchange ? 'Ask for the exchange' : 'Send request'}
        </Button>
        <Link to={ReturnPages.list} className={secondaryAction}>
          Back to Return/Exchange
        </Link>
      </div>
    </form>
  );
}

import { CODE_OK } from '@shop/contracts';
import { REFUND_REASONS, RETURN_IMAGES_MAX, RETURN_REASONS, ReturnPages } from '@shop/contracts/return-rules';
import type { TReturnableOrder } from '@shop/contracts/returns';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { isCancelled } from '../../lib/api';
import { notify } from '../../lib/toast';
import { usePhotos } from '../reviews';
import { LineChoice } from './line-choice';
import { fieldErrorsOf, MODE_ACTION, Panel } from './parts';
import { type Choice, ExchangePanel, ReasonPanel, RequestSide } from './request-panels';
import { type Errors, requestProblems, withoutItems } from './request-rules';
import { requestRefund, requestReturn } from './returns-api';
import { useQuote } from './use-quote';

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

  // an error names the line by its place among those sent: items.0.num is the first chosen line's
  const lineError = (orderItemId: number) => {
    const at = chosen.findIndex((item) => item.order_item_id === orderItemId);
    if (at < 0) return undefined;
    return errors[`items.${at}.num`] ?? errors[`items.${at}.order_item_id`] ?? quote.fields[`items.${at}.num`];
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = requestProblems({
      cancel,
      exchange,
      lines: chosen.length,
      exchangeChosen: exchangeFor !== '',
      reason,
      uploading: photos.uploading,
    });
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
          <ExchangePanel
            formId={formId}
            choice={choice}
            onChoice={setChoice}
            lines={chosen.length}
            exchangeLine={exchangeLine}
            exchangeFor={exchangeFor}
            onExchangeFor={(skuId) => {
              setExchangeSku(skuId);
              setErrors(({ exchange_sku_id: _sku, ...rest }) => rest);
            }}
            error={errors.exchange_sku_id}
          />
        ) : null}
        <ReasonPanel
          formId={formId}
          reasons={order.mode === 'return' ? RETURN_REASONS : REFUND_REASONS}
          reason={reason}
          onReason={(value) => {
            setReason(value);
            setErrors(({ reason: _reason, ...rest }) => rest);
          }}
          description={description}
          onDescription={setDescription}
          photos={cancel ? null : photos}
          errors={errors}
        />
      </div>
      <RequestSide
        formId={formId}
        quote={quote}
        exchange={exchange}
        errors={errors}
        busy={busy}
        submitLabel={cancel ? 'Cancel order and refund' : exchange ? 'Ask for the exchange' : 'Send request'}
      />
    </form>
  );
}

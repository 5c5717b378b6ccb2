import { RETURN_REASONS } from '@shop/contracts/return-rules';
import type { TRefundQuote, TReturnableLine } from '@shop/contracts/returns';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { contactActions } from './contact-api';
import { type Report, smallButton } from './contact-parts';
import type { ContactPanelTexts } from './contact-texts';

/** Starts a return of an order line: the quantity and reason, with the refund the shop's own quote gives. */
export function ContactReturnForm({
  sessionId,
  orderId,
  line,
  texts,
  report,
  onClose,
}: {
  sessionId: number;
  orderId: number;
  line: TReturnableLine;
  texts: ContactPanelTexts;
  report: Report;
  onClose: () => void;
}) {
  const [num, setNum] = useState(1);
  const [reason, setReason] = useState<(typeof RETURN_REASONS)[number]>(RETURN_REASONS[0]);
  const [quote, setQuote] = useState<
    { status: 'loading' } | { status: 'ready'; quote: TRefundQuote } | { status: 'failed'; msg: string }
  >({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  // the refund the shop's own quote gives, asked again for each quantity
  useEffect(() => {
    let live = true;
    setQuote({ status: 'loading' });
    void contactActions
      .returnQuote({ session_id: sessionId, order_id: orderId, order_item_id: line.order_item_id, num })
      .then((answer) => {
        if (live) setQuote(answer.ok ? { status: 'ready', quote: answer.result } : { status: 'failed', msg: answer.msg });
      });
    return () => {
      live = false;
    };
  }, [sessionId, orderId, line.order_item_id, num]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const done = await report(
      contactActions.startReturn({ session_id: sessionId, order_id: orderId, order_item_id: line.order_item_id, num, reason }),
    );
    setBusy(false);
    if (done) onClose();
  };

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={(event) => void submit(event)}
      className="mt-1.5 flex flex-col gap-2 rounded-md bg-gray-50 p-2"
    >
      <p id={headingId} className="text-sm font-semibold text-gray-900">
        {texts.returnFor(line.goods_name)}
      </p>
      <SelectField label={texts.quantity} value={num} onChange={(event) => setNum(Number(event.target.value))}>
        {Array.from({ length: line.returnable }, (_, index) => index + 1).map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={texts.reason}
        value={reason}
        onChange={(event) => setReason(event.target.value as (typeof RETURN_REASONS)[number])}
      >
        {RETURN_REASONS.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </SelectField>
      <div aria-live="polite" className="text-sm">
        {quote.status === 'loading' ? (
          <p className="text-gray-600">{texts.checking}</p>
        ) : quote.status === 'failed' ? (
          <p className="text-red-800">{quote.msg}</p>
        ) : (
          <>
            <p className="text-gray-900">
              {texts.refundPreview}: <strong data-testid="contact-refund">${quote.quote.amount.toFixed(2)}</strong>
            </p>
            {quote.quote.notes.map((note) => (
              <p key={note} className="text-xs text-gray-600">
                {note}
              </p>
            ))}
          </>
        )}
      </div>
      <div className="flex flex-wrap gap-1.5">
        <Button type="submit" className={smallButton} busy={busy} disabled={quote.status !== 'ready'}>
          {texts.confirmReturn}
        </Button>
        <Button variant="ghost" className={smallButton} onClick={onClose}>
          {texts.cancel}
        </Button>
      </div>
    </form>
  );
}

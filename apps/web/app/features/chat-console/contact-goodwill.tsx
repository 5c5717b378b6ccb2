import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { contactActions } from './contact-api';
import { type Report, smallButton } from './contact-parts';
import type { ContactPanelTexts } from './contact-texts';

/** Grants the shopper a goodwill coupon within the agent's role limit (none shown without one). */
export function ContactGoodwill({
  sessionId,
  limit,
  texts,
  report,
}: {
  sessionId: number;
  limit: number;
  texts: ContactPanelTexts;
  report: Report;
}) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  if (limit <= 0) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const done = await report(contactActions.grantGoodwill({ session_id: sessionId, amount: Number(amount), reason }));
    setBusy(false);
    if (done) {
      setAmount('');
      setReason('');
    }
  };

  return (
    <form aria-labelledby={headingId} onSubmit={(event) => void submit(event)} className="mt-3 flex flex-col gap-2">
      <h3 id={headingId} className="text-xs font-semibold tracking-wide text-gray-600 uppercase">
        {texts.goodwill}
      </h3>
      <Field
        label={texts.amount}
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        hint={texts.upTo(limit.toFixed(2))}
        required
      />
      <Field
        label={texts.goodwillReason}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
        required
      />
      <Button type="submit" variant="secondary" className={smallButton} busy={busy}>
        {texts.grant}
      </Button>
    </form>
  );
}

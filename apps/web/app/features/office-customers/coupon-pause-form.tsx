import { CODE_OK } from '@shop/contracts';
import { CouponPaths } from '@shop/contracts/coupon-rules';
import type { TAdminCouponTemplate } from '@shop/contracts/coupons';
import { type FormEvent, useState } from 'react';
import { type Answer, failed, fieldsOf, issuesByField } from '../../components/office/answers';
import { useFocusOnOpen } from '../../components/office/focus-on-open';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { staffApi } from '../chat-console';

/** Pauses (no more receipts or grants; held coupons stay usable) or resumes a template, with a reason. */
export function PauseForm({
  template,
  onCancel,
  onDone,
}: {
  template: TAdminCouponTemplate;
  onCancel: () => void;
  onDone: (text: string) => void;
}) {
  const heading = useFocusOnOpen();
  const pausing = template.paused === 0;
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
    const { ZAdminCouponPauseRequest } = await import('../../components/office/office-rules');
    const parsed = ZAdminCouponPauseRequest.safeParse({ id: template.id, paused: pausing ? 1 : 0, reason });
    setRefusal(null);
    if (!parsed.success) return setError(issuesByField(parsed.error).reason);
    setError(undefined);
    setBusy(true);
    const answer: Answer = await staffApi.post(CouponPaths.adminPause, parsed.data, { silent: true }).catch(failed);
    setBusy(false);
    if (answer.code === CODE_OK) return onDone(`${template.name} ${pausing ? 'paused' : 'resumed'}.`);
    setRefusal(fieldsOf(answer)?.reason ?? answer.msg);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="pause-title" className="rounded-lg border border-gray-900 bg-white p-4">
      <h2 id="pause-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
        {pausing ? 'Pause' : 'Resume'} {template.name}
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        {pausing
          ? 'Paused, it is neither received nor granted; coupons already held stay usable.'
          : 'Resumed, shoppers can receive it again and staff can grant it.'}
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-start">
        <Field label="Reason (kept in the audit trail)" name="reason" maxLength={500} error={error} required />
        <Button type="submit" busy={busy} className="sm:mt-6">
          {pausing ? 'Pause' : 'Resume'}
        </Button>
        <Button variant="secondary" onClick={onCancel} className="sm:mt-6">
          Cancel
        </Button>
      </div>
      {refusal ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}

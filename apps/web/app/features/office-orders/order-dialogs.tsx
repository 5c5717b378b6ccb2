import { OfficeOrderPaths } from '@shop/contracts/office-order-rules';
import type { TAdminOrderDetail } from '@shop/contracts/office-orders';
import { formatPrice } from '@shop/contracts/pricing';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ActionDialog } from '../../components/office/action-dialog';
import { issuesByField } from '../../components/office/answers';
import { OutcomeLine } from '../../components/office/form-frame';
import { useFormState } from '../../components/office/form-state';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { staffApi } from '../chat-console';

/** A key for one opening of the refund dialog: a double click, or a repeat after a lost answer, refunds once. */
const newRequestId = () => `refund-${crypto.randomUUID()}`;

/** The form inside an order's dialog: its fields, the refusal no field owns, and its full-width submit. */
function DialogForm({
  label,
  onSubmit,
  busy,
  problem,
  submitLabel,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  problem: string | null;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="flex flex-col gap-3">
      {children}
      <OutcomeLine outcome={problem ? { ok: false, text: problem } : null} />
      <Button type="submit" busy={busy} className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}

/** Refunds part of the paid order with a reason (refunds.approve); no lines or stock move. */
export function RefundDialog({ order, onDone }: { order: TAdminOrderDetail; onDone: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  const [requestId, setRequestId] = useState('');
  const form = useFormState();
  const left = order.staff_actions.refundable;

  const onOpenChange = (next: boolean) => {
    if (next) {
      setRequestId(newRequestId());
      form.reset();
    }
    setOpen(next);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.busy) return;
    const data = new FormData(event.currentTarget);
    const raw = String(data.get('amount') ?? '').trim();
    const { ZAdminAdhocRefundRequest } = await import('../../components/office/office-rules');
    const parsed = ZAdminAdhocRefundRequest.safeParse({
      order_id: order.id,
      amount: raw === '' ? undefined : Number(raw),
      reason: String(data.get('reason') ?? ''),
      request_id: requestId,
    });
    form.setProblem(null);
    if (!parsed.success) return form.setErrors(issuesByField(parsed.error));
    const answer = await form.send(
      () => staffApi.post(OfficeOrderPaths.refund, parsed.data, { silent: true }),
      ['amount', 'reason'],
    );
    if (!answer) return;
    setOpen(false);
    onDone(`${formatPrice(parsed.data.amount)} refunded.`);
  };

  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={form.busy}
      trigger={<Button variant="secondary">Refund an amount</Button>}
      title="Refund an amount"
      description={`Money back to the shopper's card, with a reason kept in the audit trail. Up to ${formatPrice(left)} is left to refund; no items or stock move.`}
    >
      <DialogForm label="Refund an amount" onSubmit={onSubmit} busy={form.busy} problem={form.problem} submitLabel="Refund">
        <Field
          label="Amount (USD)"
          name="amount"
          type="number"
          inputMode="decimal"
          min={0.01}
          max={left}
          step={0.01}
          error={form.errors.amount}
        />
        <Field label="Reason" name="reason" autoComplete="off" maxLength={200} error={form.errors.reason} />
      </DialogForm>
    </ActionDialog>
  );
}

/** Cancels the order with a reason (orders.cancel): unpaid, or paid and not shipped — then refunded in full. */
export function CancelDialog({
  order,
  onDone,
}: {
  order: TAdminOrderDetail;
  onDone: (order: TAdminOrderDetail, message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const form = useFormState();
  const paid = order.staff_actions.cancel === 'paid';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.busy) return;
    const data = new FormData(event.currentTarget);
    const { ZAdminOrderCancelRequest } = await import('../../components/office/office-rules');
    const parsed = ZAdminOrderCancelRequest.safeParse({ id: order.id, reason: String(data.get('reason') ?? '') });
    form.setProblem(null);
    if (!parsed.success) return form.setErrors(issuesByField(parsed.error));
    const answer = await form.send(() => staffApi.post(OfficeOrderPaths.cancel, parsed.data, { silent: true }), ['reason']);
    if (!answer) return;
    setOpen(false);
    onDone(answer.result as TAdminOrderDetail, answer.msg);
  };

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset();
        setOpen(next);
      }}
      busy={form.busy}
      trigger={<Button variant="secondary">Cancel the order</Button>}
      title="Cancel the order"
      description={
        paid
          ? `The order is cancelled and ${formatPrice(order.staff_actions.refundable)} refunded to the shopper's card at once; its stock, coupon and points come back. The reason is kept in the audit trail and shown to the shopper.`
          : 'The unpaid order is cancelled; its stock, coupon and points come back. The reason is kept in the audit trail and shown to the shopper.'
      }
    >
      <DialogForm
        label="Cancel the order"
        onSubmit={onSubmit}
        busy={form.busy}
        problem={form.problem}
        submitLabel={paid ? 'Cancel and refund' : 'Cancel the order'}
      >
        <Field label="Reason" name="reason" autoComplete="off" maxLength={200} error={form.errors.reason} />
      </DialogForm>
    </ActionDialog>
  );
}

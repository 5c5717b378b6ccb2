import { CODE_OK } from '@shop/contracts';
import { OfficeOrderPaths } from '@shop/contracts/office-order-rules';
import type { TAdminOrderDetail } from '@shop/contracts/office-orders';
import { roleMay } from '@shop/contracts/permissions';
import { formatPrice } from '@shop/contracts/pricing';
import { Dialog } from 'radix-ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type Answer, failed, fieldsOf, issuesByField, issuesByPath, refusalText } from '../../components/office/answers';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { CloseIcon } from '../../components/ui/icons';
import { staffApi } from '../chat-console';
import { useCarriers } from './orders-page';

type Outcome = { ok: boolean; text: string } | null;

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-sm text-green-800' : 'text-sm text-red-800'}>
      {outcome.text}
    </p>
  );
}

/** Now, as a date-and-time field's value in UTC (minutes). */
const utcNow = () => new Date().toISOString().slice(0, 16);

/**
 * What staff may do with the order now: each action shown only when the order's state allows it
 * (the server's `staff_actions`) and the role holds its permission (decision 0037).
 */
export function OrderActions({
  order,
  role,
  onChanged,
  onReload,
}: {
  order: TAdminOrderDetail;
  role: string;
  onChanged: (order: TAdminOrderDetail) => void;
  onReload: () => void;
}) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const actions = order.staff_actions;
  const ship = actions.ship === 1 && roleMay(role, 'orders.ship');
  const track = actions.track === 1 && roleMay(role, 'orders.ship');
  const cancel = actions.cancel !== null && roleMay(role, 'orders.cancel');
  const refund = actions.refundable > 0 && roleMay(role, 'refunds.approve');
  if (!ship && !track && !cancel && !refund && !outcome) return null;

  const done = (text: string) => {
    setOutcome({ ok: true, text });
    onReload();
  };

  return (
    <section aria-labelledby="order-actions-title" className="rounded-lg border border-gray-900 bg-white p-4">
      <h2 id="order-actions-title" className="text-lg font-semibold text-gray-900">
        Actions
      </h2>
      <div className="mt-2" aria-live="polite">
        <OutcomeLine outcome={outcome} />
      </div>
      {cancel || refund ? (
        <div className="mt-3 flex flex-wrap gap-3">
          {refund ? <RefundDialog order={order} onDone={done} /> : null}
          {cancel ? (
            <CancelDialog
              order={order}
              onDone={(answer, text) => {
                onChanged(answer);
                setOutcome({ ok: true, text });
              }}
            />
          ) : null}
        </div>
      ) : null}
      {ship ? <ShipForm orderId={order.id} onDone={done} /> : null}
      {track ? <TrackingForm orderId={order.id} onDone={done} /> : null}
    </section>
  );
}

/** Ships the paid order with a carrier and its tracking number (orders.ship). */
function ShipForm({ orderId, onDone }: { orderId: number; onDone: (text: string) => void }) {
  const companies = useCarriers();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const company = String(data.get('company_code') ?? '');
    const trackingNo = String(data.get('tracking_no') ?? '').trim();
    const missing: Record<string, string> = {};
    if (!company) missing.company_code = 'Please choose the carrier';
    if (!trackingNo) missing.tracking_no = 'Please enter the tracking number';
    setErrors(missing);
    setProblem(null);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    const answer: Answer = await staffApi
      .post(OfficeOrderPaths.ship, { id: orderId, company_code: company, tracking_no: trackingNo }, { silent: true })
      .catch(failed);
    setBusy(false);
    if (answer.code === CODE_OK) return onDone('Order shipped.');
    const fields = fieldsOf(answer);
    if (fields?.company_code || fields?.tracking_no) setErrors(fields);
    else setProblem(refusalText(answer));
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="ship-one-title" className="mt-4 rounded-md border border-gray-200 p-3">
      <h3 id="ship-one-title" className="font-semibold text-gray-900">
        Ship the order
      </h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <SelectField label="Carrier" name="company_code" defaultValue="" error={errors.company_code}>
          <option value="">Choose…</option>
          {companies.map((company) => (
            <option key={company.code} value={company.code}>
              {company.name}
            </option>
          ))}
        </SelectField>
        <Field label="Tracking number" name="tracking_no" autoComplete="off" maxLength={64} error={errors.tracking_no} />
        <Button type="submit" busy={busy} className="sm:mt-6">
          Ship
        </Button>
      </div>
      <div className="mt-2">
        <OutcomeLine outcome={problem ? { ok: false, text: problem } : null} />
      </div>
    </form>
  );
}

/** Adds one carrier event to the shipped order (orders.ship); its time is read as UTC. */
function TrackingForm({ orderId, onDone }: { orderId: number; onDone: (text: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const when = String(data.get('time') ?? '');
    const time = when ? Date.parse(`${when}:00Z`) : Number.NaN;
    const { ZAdminTrackingRequest } = await import('../../components/office/office-rules');
    const parsed = ZAdminTrackingRequest.safeParse({
      id: orderId,
      events: [
        {
          time: Number.isFinite(time) ? time : undefined,
          status: String(data.get('status') ?? ''),
          location: String(data.get('location') ?? ''),
          description: String(data.get('description') ?? ''),
        },
      ],
    });
    setProblem(null);
    if (!parsed.success) return setErrors(eventErrors(issuesByPath(parsed.error)));
    setErrors({});
    setBusy(true);
    const answer: Answer = await staffApi.post(OfficeOrderPaths.tracking, parsed.data, { silent: true }).catch(failed);
    setBusy(false);
    if (answer.code === CODE_OK) {
      setFormKey((key) => key + 1);
      return onDone('Tracking event added.');
    }
    const fields = fieldsOf(answer);
    if (fields && Object.keys(fields).some((name) => name.startsWith('events.'))) setErrors(eventErrors(fields));
    else setProblem(refusalText(answer));
  };

  return (
    <form
      key={formKey}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="tracking-title"
      className="mt-4 rounded-md border border-gray-200 p-3"
    >
      <h3 id="tracking-title" className="font-semibold text-gray-900">
        Add a tracking event
      </h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <Field label="Time (UTC)" name="time" type="datetime-local" defaultValue={utcNow()} error={errors.time} />
        <Field label="Event status" name="status" autoComplete="off" maxLength={60} error={errors.status} />
        <Field label="Location" name="location" autoComplete="off" maxLength={120} error={errors.location} />
        <Field label="Description" name="description" autoComplete="off" maxLength={500} error={errors.description} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button type="submit" busy={busy}>
          Add event
        </Button>
        <OutcomeLine outcome={problem ? { ok: false, text: problem } : null} />
      </div>
    </form>
  );
}

/** `events.0.status` → `status`: the form has one event. */
function eventErrors(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) errors[name.replace(/^events\.0\./, '')] ??= message;
  if (errors.events) errors.description ??= errors.events;
  return errors;
}

/** A dialog of the order page (and the customer profile): its title, what it does and its form. */
export function ActionDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  busy,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[100dvh] overflow-y-auto rounded-t-xl bg-white p-5 shadow-2xl outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[min(30rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6">
          <div className="mb-3 flex items-center justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold text-gray-950">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              disabled={busy}
              className="-mr-2 inline-flex size-11 items-center justify-center rounded-md text-gray-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-gray-900"
            >
              <CloseIcon width={22} height={22} />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mb-4 text-sm text-gray-700">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A key for one opening of the refund dialog: a double click, or a repeat after a lost answer, refunds once. */
const newRequestId = () => `refund-${crypto.randomUUID()}`;

/** Refunds part of the paid order with a reason (refunds.approve); no lines or stock move. */
function RefundDialog({ order, onDone }: { order: TAdminOrderDetail; onDone: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  const [requestId, setRequestId] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const left = order.staff_actions.refundable;

  const onOpenChange = (next: boolean) => {
    if (next) {
      setRequestId(newRequestId());
      setErrors({});
      setProblem(null);
    }
    setOpen(next);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const raw = String(data.get('amount') ?? '').trim();
    const { ZAdminAdhocRefundRequest } = await import('../../components/office/office-rules');
    const parsed = ZAdminAdhocRefundRequest.safeParse({
      order_id: order.id,
      amount: raw === '' ? undefined : Number(raw),
      reason: String(data.get('reason') ?? ''),
      request_id: requestId,
    });
    setProblem(null);
    if (!parsed.success) return setErrors(issuesByField(parsed.error));
    setErrors({});
    setBusy(true);
    const answer: Answer = await staffApi.post(OfficeOrderPaths.refund, parsed.data, { silent: true }).catch(failed);
    setBusy(false);
    if (answer.code === CODE_OK) {
      setOpen(false);
      return onDone(`${formatPrice(parsed.data.amount)} refunded.`);
    }
    const fields = fieldsOf(answer);
    if (fields?.amount || fields?.reason) setErrors(fields);
    else setProblem(refusalText(answer));
  };

  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      trigger={<Button variant="secondary">Refund an amount</Button>}
      title="Refund an amount"
      description={`Money back to the shopper's card, with a reason kept in the audit trail. Up to ${formatPrice(left)} is left to refund; no items or stock move.`}
    >
      <form onSubmit={onSubmit} noValidate aria-label="Refund an amount" className="flex flex-col gap-3">
        <Field
          label="Amount (USD)"
          name="amount"
          type="number"
          inputMode="decimal"
          min={0.01}
          max={left}
          step={0.01}
          error={errors.amount}
        />
        <Field label="Reason" name="reason" autoComplete="off" maxLength={200} error={errors.reason} />
        <OutcomeLine outcome={problem ? { ok: false, text: problem } : null} />
        <Button type="submit" busy={busy} className="w-full">
          Refund
        </Button>
      </form>
    </ActionDialog>
  );
}

/** Cancels the order with a reason (orders.cancel): unpaid, or paid and not shipped — then refunded in full. */
function CancelDialog({
  order,
  onDone,
}: {
  order: TAdminOrderDetail;
  onDone: (order: TAdminOrderDetail, message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const paid = order.staff_actions.cancel === 'paid';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const { ZAdminOrderCancelRequest } = await import('../../components/office/office-rules');
    const parsed = ZAdminOrderCancelRequest.safeParse({ id: order.id, reason: String(data.get('reason') ?? '') });
    setProblem(null);
    if (!parsed.success) return setErrors(issuesByField(parsed.error));
    setErrors({});
    setBusy(true);
    const answer: Answer = await staffApi.post(OfficeOrderPaths.cancel, parsed.data, { silent: true }).catch(failed);
    setBusy(false);
    if (answer.code === CODE_OK) {
      setOpen(false);
      return onDone(answer.result as TAdminOrderDetail, answer.msg);
    }
    const fields = fieldsOf(answer);
    if (fields?.reason) setErrors(fields);
    else setProblem(refusalText(answer));
  };

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setErrors({});
          setProblem(null);
        }
        setOpen(next);
      }}
      busy={busy}
      trigger={<Button variant="secondary">Cancel the order</Button>}
      title="Cancel the order"
      description={
        paid
          ? `The order is cancelled and ${formatPrice(order.staff_actions.refundable)} refunded to the shopper's card at once; its stock, coupon and points come back. The reason is kept in the audit trail and shown to the shopper.`
          : 'The unpaid order is cancelled; its stock, coupon and points come back. The reason is kept in the audit trail and shown to the shopper.'
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Cancel the order" className="flex flex-col gap-3">
        <Field label="Reason" name="reason" autoComplete="off" maxLength={200} error={errors.reason} />
        <OutcomeLine outcome={problem ? { ok: false, text: problem } : null} />
        <Button type="submit" busy={busy} className="w-full">
          {paid ? 'Cancel and refund' : 'Cancel the order'}
        </Button>
      </form>
    </ActionDialog>
  );
}

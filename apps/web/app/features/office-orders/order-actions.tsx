import { OfficeOrderPaths } from '@shop/contracts/office-order-rules';
import type { TAdminOrderDetail } from '@shop/contracts/office-orders';
import { roleMay } from '@shop/contracts/permissions';
import { type FormEvent, useState } from 'react';
import { issuesByPath } from '../../components/office/answers';
import { FormFrame, FrameField, type Outcome, OutcomeLine } from '../../components/office/form-frame';
import { useFormState } from '../../components/office/form-state';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { staffApi } from '../chat-console';
import { CarrierOptions, useCarriers } from './carriers';
import { CancelDialog, RefundDialog } from './order-dialogs';

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

const SHIP_FIELDS = ['company_code', 'tracking_no'] as const;

/** Ships the paid order with a carrier and its tracking number (orders.ship). */
function ShipForm({ orderId, onDone }: { orderId: number; onDone: (text: string) => void }) {
  const companies = useCarriers() ?? [];
  const form = useFormState();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const company = String(data.get('company_code') ?? '');
    const trackingNo = String(data.get('tracking_no') ?? '').trim();
    const missing: Record<string, string> = {};
    if (!company) missing.company_code = 'Please choose the carrier';
    if (!trackingNo) missing.tracking_no = 'Please enter the tracking number';
    form.setErrors(missing);
    form.setProblem(null);
    if (Object.keys(missing).length > 0) return;
    const body = { id: orderId, company_code: company, tracking_no: trackingNo };
    const answer = await form.send(() => staffApi.post(OfficeOrderPaths.ship, body, { silent: true }), SHIP_FIELDS);
    if (answer) onDone('Order shipped.');
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="ship-one-title" className="mt-4 rounded-md border border-gray-200 p-3">
      <h3 id="ship-one-title" className="font-semibold text-gray-900">
        Ship the order
      </h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <SelectField label="Carrier" name="company_code" defaultValue="" error={form.errors.company_code}>
          <CarrierOptions companies={companies} />
        </SelectField>
        <Field label="Tracking number" name="tracking_no" autoComplete="off" maxLength={64} error={form.errors.tracking_no} />
        <Button type="submit" busy={form.busy} className="sm:mt-6">
          Ship
        </Button>
      </div>
      <div className="mt-2">
        <OutcomeLine outcome={form.problem ? { ok: false, text: form.problem } : null} />
      </div>
    </form>
  );
}

/** Adds one carrier event to the shipped order (orders.ship); its time is read as UTC. */
function TrackingForm({ orderId, onDone }: { orderId: number; onDone: (text: string) => void }) {
  const form = useFormState();
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
    form.setProblem(null);
    if (!parsed.success) return form.setErrors(eventErrors(issuesByPath(parsed.error)));
    const answer = await form.send(() => staffApi.post(OfficeOrderPaths.tracking, parsed.data, { silent: true }), eventFields);
    if (!answer) return;
    setFormKey((key) => key + 1);
    onDone('Tracking event added.');
  };

  return (
    <FormFrame
      key={formKey}
      onSubmit={onSubmit}
      title="Add a tracking event"
      titleId="tracking-title"
      level={3}
      className="mt-4 rounded-md border border-gray-200 p-3"
      busy={form.busy}
      errors={form.errors}
      problem={form.problem}
      submitLabel="Add event"
    >
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <FrameField label="Time (UTC)" name="time" type="datetime-local" defaultValue={utcNow()} />
        <FrameField label="Event status" name="status" autoComplete="off" maxLength={60} />
        <FrameField label="Location" name="location" autoComplete="off" maxLength={120} />
        <FrameField label="Description" name="description" autoComplete="off" maxLength={500} />
      </div>
    </FormFrame>
  );
}

/** `events.0.status` → `status`: the form has one event. */
function eventErrors(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) errors[name.replace(/^events\.0\./, '')] ??= message;
  if (errors.events) errors.description ??= errors.events;
  return errors;
}

/** The server's refusal of an event, beside the form's fields when it names the event's. */
const eventFields = (fields: Record<string, string>) =>
  Object.keys(fields).some((name) => name.startsWith('events.')) ? eventErrors(fields) : null;

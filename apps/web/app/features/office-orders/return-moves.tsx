import { variantText } from '@shop/contracts/cart-rules';
import { formatPrice } from '@shop/contracts/pricing';
import { RETURN_REJECT_REASONS, ReturnPaths } from '@shop/contracts/return-rules';
import type { TAdminReturnDetail } from '@shop/contracts/returns';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/office/confirm-dialog';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { CarrierOptions, useCarriers } from './carriers';
import { returnActionsFor } from './return-actions';
import { panel } from './return-parts';

const NOTE_MAX = 200;

/** Sends one move of a return; answers null when the server took it, or its refusal's text. */
export type Act = (path: string, body: object) => Promise<string | null>;

/** The moves the request's state allows, for the roles that hold them. */
export function Actions({ request, role, act }: { request: TAdminReturnDetail; role: string | null | undefined; act: Act }) {
  const allowed = returnActionsFor(role, request);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!Object.values(allowed).some(Boolean)) return null;

  const approve = async () => {
    setBusy(true);
    setError(null);
    setError(await act(ReturnPaths.adminApprove, { id: request.id }));
    setBusy(false);
  };

  return (
    <section aria-labelledby="return-actions" className={`${panel} border-gray-900`}>
      <h2 id="return-actions" className="text-lg font-semibold text-gray-900">
        What to do next
      </h2>
      <div className="mt-3 flex flex-wrap gap-3">
        {allowed.approve ? (
          <Button onClick={() => void approve()} busy={busy}>
            Approve
          </Button>
        ) : null}
        {allowed.refund ? <RefundDialog request={request} act={act} /> : null}
        {allowed.reject ? <DeclineDialog request={request} act={act} /> : null}
      </div>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {allowed.receive ? <ReceiveForm request={request} act={act} /> : null}
      {allowed.ship ? <ShipForm request={request} act={act} /> : null}
    </section>
  );
}

/** Refunds the quoted amount to the shopper's card, after a confirmation naming it. */
function RefundDialog({ request, act }: { request: TAdminReturnDetail; act: Act }) {
  const amount = formatPrice(request.quote.amount);
  return (
    <ConfirmDialog
      primary
      label="Refund"
      title={`Refund ${amount}?`}
      description={`${amount} goes back to the card ${request.email} paid with, through the payment provider. This cannot be undone.`}
      confirmLabel={`Refund ${amount}`}
      onConfirm={() => act(ReturnPaths.adminRefund, { id: request.id })}
    />
  );
}

/** Declines the request with a reason the shopper reads, and an optional note. */
function DeclineDialog({ request, act }: { request: TAdminReturnDetail; act: Act }) {
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const noteId = useId();
  return (
    <ConfirmDialog
      label="Decline"
      title={`Decline ${request.return_no}?`}
      description="The shopper reads the reason and your note. A declined request cannot be reopened."
      confirmLabel="Decline"
      onConfirm={async () => {
        if (!reason) return 'Choose the reason the shopper will read';
        return act(ReturnPaths.adminReject, { id: request.id, reason, note: note.trim() });
      }}
    >
      <div className="mt-4 flex flex-col gap-3">
        <SelectField label="Reason" value={reason} onChange={(event) => setReason(event.target.value)}>
          <option value="">Choose…</option>
          {RETURN_REJECT_REASONS.map((text) => (
            <option key={text} value={text}>
              {text}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-col gap-1">
          <label htmlFor={noteId} className="text-sm font-medium text-gray-800">
            Note to the shopper (optional)
          </label>
          <textarea
            id={noteId}
            value={note}
            maxLength={NOTE_MAX}
            rows={3}
            onChange={(event) => setNote(event.target.value)}
            className="w-full rounded-md border border-gray-300 bg-white p-2 text-base text-gray-900 focus:outline-2 focus:outline-offset-1 focus:outline-gray-900"
          />
        </div>
      </div>
    </ConfirmDialog>
  );
}

/** The parcel arrived: each line back into stock, or not when damaged. */
function ReceiveForm({ request, act }: { request: TAdminReturnDetail; act: Act }) {
  const [restock, setRestock] = useState<Record<number, boolean>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const lines = request.quote.lines.map((line) => ({
      order_item_id: line.order_item_id,
      restock: restock[line.order_item_id] ?? true,
    }));
    setError(await act(ReturnPaths.adminReceive, { id: request.id, lines }));
    setBusy(false);
  };
  return (
    <form onSubmit={onSubmit} aria-labelledby="receive-title" className="mt-4 border-t border-gray-200 pt-4">
      <h3 id="receive-title" className="font-semibold text-gray-900">
        Mark the parcel as received
      </h3>
      <div className="mt-3 flex flex-col gap-3">
        {request.quote.lines.map((line) => {
          const back = restock[line.order_item_id] ?? true;
          return (
            <fieldset key={line.order_item_id} className="rounded-md border border-gray-200 p-3">
              <legend className="px-1 text-sm font-medium text-gray-900">
                {line.goods_name} {line.sku_text ? `(${variantText(line.sku_text)})` : ''} × {line.num}
              </legend>
              <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-gray-800">
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={`restock-${line.order_item_id}`}
                    checked={back}
                    onChange={() => setRestock((current) => ({ ...current, [line.order_item_id]: true }))}
                    className="size-5"
                  />
                  Put back into stock
                </label>
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={`restock-${line.order_item_id}`}
                    checked={!back}
                    onChange={() => setRestock((current) => ({ ...current, [line.order_item_id]: false }))}
                    className="size-5"
                  />
                  Damaged, not resellable
                </label>
              </div>
            </fieldset>
          );
        })}
      </div>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <Button type="submit" busy={busy} className="mt-3">
        Mark as received
      </Button>
    </form>
  );
}

/** An exchange's replacement leaves with a carrier and a tracking number. */
function ShipForm({ request, act }: { request: TAdminReturnDetail; act: Act }) {
  const companies = useCarriers();
  const [carrier, setCarrier] = useState('');
  const [trackingNo, setTrackingNo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!carrier) return setError('Please choose the carrier');
    if (!trackingNo.trim()) return setError('Please enter the tracking number');
    setBusy(true);
    setError(null);
    setError(await act(ReturnPaths.adminShip, { id: request.id, company_code: carrier, tracking_no: trackingNo.trim() }));
    setBusy(false);
  };

  return (
    <form onSubmit={onSubmit} aria-labelledby="ship-title" className="mt-4 border-t border-gray-200 pt-4">
      <h3 id="ship-title" className="font-semibold text-gray-900">
        Ship the replacement{request.exchange ? ` (${variantText(request.exchange.sku_text)})` : ''}
      </h3>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Carrier"
          value={carrier}
          onChange={(event) => setCarrier(event.target.value)}
          disabled={companies === null}
        >
          <CarrierOptions companies={companies ?? []} loading={companies === null} />
        </SelectField>
        <Field
          label="Tracking number"
          value={trackingNo}
          onChange={(event) => setTrackingNo(event.target.value)}
          autoComplete="off"
          maxLength={64}
        />
        <div className="flex items-end">
          <Button type="submit" busy={busy} className="w-full">
            Ship replacement
          </Button>
        </div>
      </div>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </form>
  );
}

import { CODE_OK } from '@shop/contracts';
import { variantText } from '@shop/contracts/cart-rules';
import type { TDeliveryCompany } from '@shop/contracts/orders';
import { roleMay } from '@shop/contracts/permissions';
import { formatPrice } from '@shop/contracts/pricing';
import { RETURN_REJECT_REASONS, ReturnPaths } from '@shop/contracts/return-rules';
import type { TAdminReturnDetail } from '@shop/contracts/returns';
import { AlertDialog, Dialog } from 'radix-ui';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { type Answer, failed, refusalText } from '../../components/office/answers';
import { dateTime } from '../../components/office/date-time';
import { ScrollBox } from '../../components/office/scroll-box';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { notify } from '../../lib/toast';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, OFFICE_PATH, useOfficeStaff } from '../office';
import { officeReturnStatus, RETURNS_PATH, returnActionsFor } from './return-actions';

const NOTE_MAX = 200;
const ACTOR_LABELS = { shopper: 'by the shopper', staff: 'by staff', system: 'by the shop' } as const;

type Act = (path: string, body: object) => Promise<string | null>;

const panel = 'rounded-lg border border-gray-200 bg-white p-4';
const dialogBox =
  'fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[90vh] max-w-md -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl data-[state=open]:animate-fade-in motion-reduce:animate-none';
const overlay = 'fixed inset-0 z-50 bg-gray-950/50 data-[state=open]:animate-fade-in motion-reduce:animate-none';

/** /office/returns/:id: one request with its shopper, lines, money, timeline and refunds; the moves its state allows. */
export function ReturnPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'orders.view');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { load, retry, set, reload } = useLoad(allowed && valid ? `return-${id}` : null, () =>
    staffApi.get<TAdminReturnDetail>(ReturnPaths.adminDetail, { query: { id }, silent: true }),
  );

  if (!allowed) return <NotAllowed what="viewing returns" />;
  const back = (
    <Link to={RETURNS_PATH} className="text-sm text-gray-800 underline underline-offset-4 hover:text-gray-600">
      All returns
    </Link>
  );
  if (!valid || load.status === 'missing') {
    return (
      <section className={`${panel} p-6`}>
        <h1 className="text-xl font-semibold text-gray-900">Return not found</h1>
        <p className="mt-2 text-sm text-gray-700">No return request has this number. {back}</p>
      </section>
    );
  }
  if (load.status === 'loading') {
    return (
      <p className={`${panel} py-8 text-center text-gray-600`} role="status">
        Loading the return…
      </p>
    );
  }
  if (load.status === 'failed') {
    return (
      <div className={`${panel} py-8 text-center`}>
        <p role="alert" className="text-red-800">
          The return could not be loaded.
        </p>
        <Button variant="secondary" onClick={retry} className="mt-3">
          Try again
        </Button>
      </div>
    );
  }

  const request = load.value;
  /** Sends one move; the page then shows the state it answered, with a toast. Answers the refusal, if any. */
  const act: Act = async (path, body) => {
    const answer: Answer = await staffApi.post<TAdminReturnDetail>(path, body, { silent: true }).catch(failed);
    if (answer.code === CODE_OK && answer.result) {
      set(answer.result as TAdminReturnDetail);
      void notify.success(answer.msg);
      return null;
    }
    const message = refusalText(answer);
    void notify.error(message);
    // a refused refund leaves its record (with the provider's message) behind
    reload();
    return message;
  };

  return (
    <article aria-labelledby="return-title" className="flex flex-col gap-6" data-return-status={request.status}>
      <header className="flex flex-col gap-2">
        {back}
        <h1 id="return-title" className="text-2xl font-semibold text-gray-900 break-words">
          {request.kind_text} {request.return_no}
        </h1>
        <p className="text-sm text-gray-700">
          <span className="font-semibold text-gray-900" data-testid="return-status">
            {officeReturnStatus(request.status)}
          </span>{' '}
          · asked {dateTime(request.create_time)} · {request.total_num} {request.total_num === 1 ? 'unit' : 'units'} ·{' '}
          {formatPrice(request.amount)} back
        </p>
      </header>

      <Actions request={request} role={staff.role} act={act} />

      <div className="grid gap-6 lg:grid-cols-2">
        <Part title="Shopper and order">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <Fact term="Shopper">
              {roleMay(staff.role, 'customers.view') ? (
                <Link
                  to={`${OFFICE_PATH}/customers/${request.user_id}`}
                  className="break-all text-gray-900 underline underline-offset-4"
                >
                  {request.email || `Customer ${request.user_id}`}
                </Link>
              ) : (
                <span className="break-all">{request.email}</span>
              )}
            </Fact>
            <Fact term="Order">
              <Link
                to={`${OFFICE_PATH}/orders?${new URLSearchParams({ order_no: request.order_no }).toString()}`}
                className="text-gray-900 underline underline-offset-4"
              >
                {request.order_no}
              </Link>
            </Fact>
            <Fact term="Reason">{request.reason}</Fact>
            <Fact term="Description">
              <span className="whitespace-pre-wrap">{request.description || '—'}</span>
            </Fact>
            {request.exchange ? <Fact term="Exchange for">{variantText(request.exchange.sku_text)}</Fact> : null}
            {request.reject_reason ? <Fact term="Declined because">{request.reject_reason}</Fact> : null}
            {request.refunded_at ? <Fact term="Refunded">{dateTime(request.refunded_at)}</Fact> : null}
          </dl>
          {request.photos.length ? (
            <>
              <h3 className="mt-4 text-sm font-medium text-gray-800">Photos from the shopper</h3>
              <ul className="mt-2 flex flex-wrap gap-2">
                {request.photos.map((photo, index) => (
                  <li key={photo}>
                    <Photo src={photo} label={`Photo ${index + 1} of ${request.photos.length}`} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </Part>

        <Part title="Money back">
          <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
            <Fact term="Goods">{formatPrice(request.quote.goods_refund)}</Fact>
            <Fact term="Shipping and charges">{formatPrice(request.quote.charges_refund)}</Fact>
            <Fact term="To the card">
              <span className="font-semibold">{formatPrice(request.quote.amount)}</span>
            </Fact>
            <Fact term="Points given back">{request.quote.points_returned}</Fact>
            <Fact term="Points taken back">{request.quote.points_clawed}</Fact>
            <Fact term="Coupon">
              {request.quote.coupon === 'none' ? 'None' : request.quote.coupon === 'kept' ? 'Kept by the shop' : 'Returned'}
            </Fact>
          </dl>
          {request.quote.notes.length ? (
            <ul className="mt-3 list-disc pl-5 text-sm text-gray-700">
              {request.quote.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          ) : null}
        </Part>
      </div>

      <Part title="Items">
        <ScrollBox label="Items of the request">
          <table className="w-full min-w-[640px] text-left text-sm">
            <thead className="border-b border-gray-200 text-gray-700">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Item
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Units
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Goods
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Money back
                </th>
                <th scope="col" className="py-2 font-medium">
                  Received
                </th>
              </tr>
            </thead>
            <tbody>
              {request.quote.lines.map((line) => {
                const received = request.received.find((entry) => entry.order_item_id === line.order_item_id);
                return (
                  <tr key={line.order_item_id} className="border-b border-gray-100 last:border-0">
                    <td className="py-2 pr-3">
                      <div className="flex items-center gap-3">
                        {line.image ? (
                          <img src={line.image} alt="" width={48} height={48} className="size-12 rounded object-cover" />
                        ) : null}
                        <span>
                          <span className="block font-medium text-gray-900">{line.goods_name}</span>
                          <span className="block text-gray-600">{variantText(line.sku_text)}</span>
                        </span>
                      </div>
                    </td>
                    <td className="py-2 pr-3 text-right">{line.num}</td>
                    <td className="py-2 pr-3 text-right whitespace-nowrap">{formatPrice(line.goods)}</td>
                    <td className="py-2 pr-3 text-right whitespace-nowrap">{formatPrice(line.refund)}</td>
                    <td className="py-2 text-gray-700">
                      {received && received.num > 0
                        ? `${received.num} received, ${received.restocked} back in stock${
                            received.num > received.restocked ? `, ${received.num - received.restocked} damaged` : ''
                          }`
                        : '—'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollBox>
      </Part>

      <div className="grid gap-6 lg:grid-cols-2">
        <Part title="Timeline">
          <ol className="flex flex-col gap-3 text-sm">
            {request.timeline.map((event) => (
              <li key={`${event.create_time}-${event.status}-${event.note}`} className="border-l-2 border-gray-300 pl-3">
                <span className="block font-medium text-gray-900">
                  {officeReturnStatus(event.status)}{' '}
                  <span className="font-normal text-gray-600">
                    · {dateTime(event.create_time)} · {ACTOR_LABELS[event.actor]}
                  </span>
                </span>
                {event.note ? <span className="block text-gray-700">{event.note}</span> : null}
              </li>
            ))}
          </ol>
        </Part>

        <Part title="Parcels">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <Fact term="Return parcel">
              <Tracking parcel={request.parcel} none="Not sent yet" />
            </Fact>
            {request.kind === 'exchange' ? (
              <Fact term="Replacement">
                <Tracking parcel={request.replacement} none="Not shipped yet" />
              </Fact>
            ) : null}
            {request.return_address ? (
              <Fact term="Return address">
                <span className="whitespace-pre-wrap">{request.return_address}</span>
              </Fact>
            ) : null}
          </dl>
        </Part>
      </div>

      <Part title="Refunds">
        {request.refunds.length === 0 ? (
          <p className="text-sm text-gray-600">No refund yet.</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {request.refunds.map((refund) => (
              <li key={refund.id} className="flex flex-wrap gap-x-3" data-refund={refund.status}>
                <span className="font-semibold text-gray-900">{formatPrice(refund.amount)}</span>
                <span className={refund.status === 'failed' ? 'font-medium text-red-800' : 'text-gray-800'}>
                  {refund.status === 'succeeded' ? 'Refunded' : refund.status === 'failed' ? 'Failed' : 'Pending'}
                </span>
                <span className="text-gray-600">{dateTime(refund.create_time)}</span>
                {refund.message ? <span className="w-full text-gray-700">Provider: {refund.message}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </Part>
    </article>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={panel}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-gray-600">{term}</dt>
      <dd className="text-gray-900">{children}</dd>
    </>
  );
}

function Tracking({ parcel, none }: { parcel: TAdminReturnDetail['parcel']; none: string }) {
  if (!parcel) return <span className="text-gray-600">{none}</span>;
  return (
    <span>
      {parcel.company}{' '}
      {parcel.tracking_url ? (
        <a href={parcel.tracking_url} target="_blank" rel="noreferrer" className="underline underline-offset-4">
          {parcel.tracking_no}
        </a>
      ) : (
        parcel.tracking_no
      )}
    </span>
  );
}

/** A shopper's photo as a thumbnail that opens at full size in a dialog. */
function Photo({ src, label }: { src: string; label: string }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger
        aria-label={`Enlarge ${label.toLowerCase()}`}
        className="block rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
      >
        <img src={src} alt="" width={80} height={80} className="size-20 rounded object-cover" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={overlay} />
        <Dialog.Content className="fixed inset-4 z-50 m-auto flex max-h-[90vh] max-w-3xl flex-col items-center gap-3 overflow-auto rounded-xl bg-white p-4 shadow-xl">
          <Dialog.Title className="self-start text-lg font-semibold text-gray-900">{label}</Dialog.Title>
          <Dialog.Description className="sr-only">The shopper's photo at full size</Dialog.Description>
          <img src={src} alt={label} className="max-h-[70vh] w-auto max-w-full object-contain" />
          <Dialog.Close asChild>
            <Button variant="secondary">Close</Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The moves the request's state allows, for the roles that hold them. */
function Actions({ request, role, act }: { request: TAdminReturnDetail; role: string | null | undefined; act: Act }) {
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

/** A confirm dialog whose answer waits for the server; its refusal shows inside it. */
function ConfirmDialog({
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  children,
  primary,
}: {
  label: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<string | null>;
  children?: ReactNode;
  primary?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    const refusal = await onConfirm();
    setBusy(false);
    if (refusal === null) setOpen(false);
    else setError(refusal);
  };
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        setError(null);
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button variant={primary ? 'primary' : 'secondary'}>{label}</Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlay} />
        <AlertDialog.Content className={dialogBox}>
          <AlertDialog.Title className="text-lg font-semibold text-gray-950">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-700">{description}</AlertDialog.Description>
          {children}
          {error ? (
            <p role="alert" className="mt-3 text-sm text-red-800">
              {error}
            </p>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            {/* not AlertDialog.Action, which would close the dialog before the answer arrives */}
            <Button onClick={() => void confirm()} busy={busy}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

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
  const [companies, setCompanies] = useState<TDeliveryCompany[] | null>(null);
  const [carrier, setCarrier] = useState('');
  const [trackingNo, setTrackingNo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    staffApi
      .get<{ data: TDeliveryCompany[] }>('/shop/delivery/company', { silent: true })
      .then((response) => setCompanies(response.result?.data ?? []))
      .catch(() => setCompanies([]));
  }, []);

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
          <option value="">{companies === null ? 'Loading…' : 'Choose…'}</option>
          {(companies ?? []).map((company) => (
            <option key={company.code} value={company.code}>
              {company.name}
            </option>
          ))}
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

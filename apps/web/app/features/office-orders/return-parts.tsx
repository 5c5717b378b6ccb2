import { variantText } from '@shop/contracts/cart-rules';
import { formatPrice } from '@shop/contracts/pricing';
import type { TAdminReturnDetail } from '@shop/contracts/returns';
import { Dialog } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { overlayClass } from '../../components/office/confirm-dialog';
import { type Columns, DataTable } from '../../components/office/data-table';
import { dateTime } from '../../components/office/date-time';
import { Button } from '../../components/ui/button';
import { focusRing } from '../../lib/cx';
import { OFFICE_PATH } from '../office';
import { officeReturnStatus } from './return-actions';

const ACTOR_LABELS = { shopper: 'by the shopper', staff: 'by staff', system: 'by the shop' } as const;

/** A panel of the return page. */
export const panel = 'rounded-lg border border-gray-200 bg-white p-4';

/** The request's kind, number and state, when it was asked, its size and the money back. */
export function ReturnHeader({ request, back }: { request: TAdminReturnDetail; back: ReactNode }) {
  return (
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
  );
}

/** Who asked, for which order, why, with the shopper's photos. */
export function ShopperPart({ request, mayViewCustomers }: { request: TAdminReturnDetail; mayViewCustomers: boolean }) {
  return (
    <Part title="Shopper and order">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <Fact term="Shopper">
          {mayViewCustomers ? (
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
  );
}

/** What goes back to the shopper: the goods, the charges, the points and the coupon, with the quote's notes. */
export function MoneyPart({ request }: { request: TAdminReturnDetail }) {
  return (
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
  );
}

/** What a line's parcel held on arrival: received, back in stock and damaged units. */
export function receivedText(received: TAdminReturnDetail['received'][number] | undefined): string {
  if (!(received && received.num > 0)) return '—';
  const damaged = received.num > received.restocked ? `, ${received.num - received.restocked} damaged` : '';
  return `${received.num} received, ${received.restocked} back in stock${damaged}`;
}

type QuoteLine = TAdminReturnDetail['quote']['lines'][number];

const itemColumns = (request: TAdminReturnDetail): Columns<QuoteLine> => [
  {
    header: 'Item',
    className: 'pr-3',
    cell: (line) => (
      <div className="flex items-center gap-3">
        {line.image ? <img src={line.image} alt="" width={48} height={48} className="size-12 rounded object-cover" /> : null}
        <span>
          <span className="block font-medium text-gray-900">{line.goods_name}</span>
          <span className="block text-gray-600">{variantText(line.sku_text)}</span>
        </span>
      </div>
    ),
  },
  { header: 'Units', align: 'right', className: 'pr-3', cell: (line) => line.num },
  { header: 'Goods', align: 'right', className: 'pr-3 whitespace-nowrap', cell: (line) => formatPrice(line.goods) },
  { header: 'Money back', align: 'right', className: 'pr-3 whitespace-nowrap', cell: (line) => formatPrice(line.refund) },
  {
    header: 'Received',
    headerClassName: 'font-medium',
    className: 'text-gray-700',
    cell: (line) => receivedText(request.received.find((entry) => entry.order_item_id === line.order_item_id)),
  },
];

/** The request's lines: units, their worth, the money back and what arrived. */
export function ItemsPart({ request }: { request: TAdminReturnDetail }) {
  return (
    <Part title="Items">
      <DataTable
        label="Items of the request"
        caption="Items of the request"
        minWidth="min-w-[640px]"
        headClassName="border-b border-gray-200 text-gray-700"
        cellPadding="py-2"
        headerCellClassName="pr-3 font-medium"
        columns={itemColumns(request)}
        rows={request.quote.lines}
        rowKey={(line) => line.order_item_id}
      />
    </Part>
  );
}

/** The request's moves, oldest first, with who made them. */
export function TimelinePart({ request }: { request: TAdminReturnDetail }) {
  return (
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
  );
}

/** The return parcel, the replacement's, and where the shopper sends the goods. */
export function ParcelsPart({ request }: { request: TAdminReturnDetail }) {
  return (
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
  );
}

/** The refunds paid for the request, with the provider's word on a failed one. */
export function RefundsPart({ request }: { request: TAdminReturnDetail }) {
  return (
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
  );
}

/** A panel of the return page, named by its heading. */
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

/** One term and its value in a panel's list. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-gray-600">{term}</dt>
      <dd className="text-gray-900">{children}</dd>
    </>
  );
}

/** A parcel's carrier and tracking number (a link to the carrier's page when there is one). */
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
      <Dialog.Trigger aria-label={`Enlarge ${label.toLowerCase()}`} className={`block rounded ${focusRing}`}>
        <img src={src} alt="" width={80} height={80} className="size-20 rounded object-cover" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
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

import { variantText } from '@shop/contracts/cart-rules';
import { OfficeOrderPages } from '@shop/contracts/office-order-rules';
import type { TAdminOrderDetail } from '@shop/contracts/office-orders';
import { orderStatusLabel } from '@shop/contracts/orders-rules';
import { formatPrice } from '@shop/contracts/pricing';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type Columns, DataTable } from '../../components/office/data-table';
import { dateTime } from '../../components/office/date-time';
import { OFFICE_PATH } from '../office';
import { orderAmounts } from './order-amounts';

/** A link of the order page: underlined, with the office's focus outline. */
export const orderLink =
  'underline underline-offset-4 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-gray-900';

type Order = TAdminOrderDetail;

/** One part of the order page: a region named by its heading, so a screen reader can jump to it. */
export function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="min-w-0 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A table of the order page, in a box named by its caption that scrolls on a narrow screen. */
function PartTable<Row>(props: {
  caption: string;
  minWidth: string;
  columns: Columns<Row>;
  rows: Row[];
  rowKey: (row: Row) => number;
  rowProps?: (row: Row) => { [data: `data-${string}`]: string | number };
}) {
  return <DataTable {...props} label={props.caption} className="rounded-md border border-gray-200" />;
}

/** The order's number, state, date, size and shopper (a link to the profile for a role that may see it). */
export function OrderHeader({ order, mayViewCustomers }: { order: Order; mayViewCustomers: boolean }) {
  return (
    <header className="flex flex-col gap-2">
      <Link to={OfficeOrderPages.list} className={`text-sm text-gray-800 ${orderLink}`}>
        All orders
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="order-title" className="text-2xl font-semibold break-all text-gray-900">
          Order {order.order_no}
        </h1>
        <Link
          to={OfficeOrderPages.packingSlip(order.id)}
          className="inline-flex min-h-11 items-center rounded-md border border-gray-300 bg-white px-4 text-sm font-medium text-gray-900 hover:border-gray-900 focus-visible:outline-2 focus-visible:outline-gray-900"
        >
          Packing slip
        </Link>
      </div>
      <p className="text-sm text-gray-700">
        <strong data-testid="order-status" className="text-gray-900">
          {order.status_text}
        </strong>{' '}
        · placed {dateTime(order.create_time)} · {order.total_num} {order.total_num === 1 ? 'piece' : 'pieces'} ·{' '}
        {mayViewCustomers ? (
          <Link to={`${OFFICE_PATH}/customers/${order.user_id}`} className={`break-all ${orderLink}`}>
            {order.email || `Customer ${order.user_id}`}
          </Link>
        ) : (
          <span className="break-all">{order.email}</span>
        )}
      </p>
      {order.cancel_reason ? <p className="text-sm text-gray-700">Cancelled: {order.cancel_reason}</p> : null}
    </header>
  );
}

const lineColumns: Columns<Order['lines'][number]> = [
  { header: 'Item', className: 'font-medium text-gray-900', cell: (line) => line.goods_name },
  { header: 'Options', className: 'text-gray-700', cell: (line) => variantText(line.sku_text) || '—' },
  { header: 'Unit price', align: 'right', className: 'whitespace-nowrap', cell: (line) => formatPrice(line.unit_price) },
  { header: 'Quantity', align: 'right', cell: (line) => line.num },
  { header: 'Line total', align: 'right', className: 'whitespace-nowrap', cell: (line) => formatPrice(line.total) },
];

/** What the shopper bought: each line with its options, price and quantity. */
export function OrderLines({ order }: { order: Order }) {
  return (
    <Part id="order-lines" title="Items">
      <PartTable
        caption="Items of the order"
        minWidth="min-w-[560px]"
        columns={lineColumns}
        rows={order.lines}
        rowKey={(line) => line.id}
      />
    </Part>
  );
}

/** The order's sums, line by line (`orderAmounts`). */
export function OrderAmounts({ order }: { order: Order }) {
  return (
    <Part id="order-amounts" title="Amounts (USD)">
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
        {orderAmounts(order).map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-gray-700">{term}</dt>
            <dd className="text-right text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Part>
  );
}

/** Where the parcel goes, the shopper's note, and the carrier's tracking number and page once shipped. */
export function OrderAddress({ order, lines }: { order: Order; lines: string[] }) {
  return (
    <Part id="order-address" title="Ship to">
      <address className="text-sm not-italic text-gray-900">
        {lines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
      {order.remark ? <p className="mt-3 text-sm text-gray-700">Note from the shopper: {order.remark}</p> : null}
      {order.tracking_no ? (
        <p className="mt-3 text-sm text-gray-700">
          {order.delivery_company?.name ?? 'Carrier'} {order.tracking_no}
          {order.tracking_url ? (
            <>
              {' '}
              ·{' '}
              <a href={order.tracking_url} className={orderLink} target="_blank" rel="noreferrer">
                carrier's tracking page
              </a>
            </>
          ) : null}
        </p>
      ) : null}
    </Part>
  );
}

/** A payment's or a refund's outcome: its state, and its message after a dot. */
function OutcomeCell({ status, message }: { status: string; message: string | null | undefined }) {
  return (
    <>
      <span className="capitalize">{status}</span>
      {message ? <span className="text-gray-600"> · {message}</span> : null}
    </>
  );
}

const paymentColumns: Columns<Order['payments'][number]> = [
  { header: 'Date', className: 'whitespace-nowrap text-gray-700', cell: (payment) => dateTime(payment.create_time) },
  { header: 'Card', cell: (payment) => (payment.card_last4 ? `•••• ${payment.card_last4}` : '—') },
  { header: 'Outcome', cell: (payment) => <OutcomeCell status={payment.status} message={payment.message} /> },
  { header: 'Amount', align: 'right', className: 'whitespace-nowrap', cell: (payment) => formatPrice(payment.amount) },
];

/** Every payment attempt, oldest first. */
export function OrderPayments({ order }: { order: Order }) {
  return (
    <Part id="order-payments" title="Payments">
      {order.payments.length === 0 ? (
        <p className="text-sm text-gray-600">No payment attempts.</p>
      ) : (
        <PartTable
          caption="Payment attempts, oldest first"
          minWidth="min-w-[480px]"
          columns={paymentColumns}
          rows={order.payments}
          rowKey={(payment) => payment.id}
        />
      )}
    </Part>
  );
}

const refundColumns: Columns<Order['refunds'][number]> = [
  { header: 'Date', className: 'whitespace-nowrap text-gray-700', cell: (refund) => dateTime(refund.create_time) },
  { header: 'Reason', cell: (refund) => refund.reason },
  {
    header: 'Outcome',
    cell: (refund) => <OutcomeCell status={refund.status} message={refund.status === 'failed' ? refund.message : null} />,
  },
  { header: 'Amount', align: 'right', className: 'whitespace-nowrap', cell: (refund) => formatPrice(refund.amount) },
];

/** Every refund of the order, oldest first, with why a failed one failed. */
export function OrderRefunds({ order }: { order: Order }) {
  return (
    <Part id="order-refunds" title="Refunds">
      {order.refunds.length === 0 ? (
        <p className="text-sm text-gray-600">Nothing refunded.</p>
      ) : (
        <PartTable
          caption="Refunds, oldest first"
          minWidth="min-w-[480px]"
          columns={refundColumns}
          rows={order.refunds}
          rowKey={(refund) => refund.id}
          rowProps={(refund) => ({ 'data-refund': refund.id })}
        />
      )}
    </Part>
  );
}

/** The order's moves from state to state, who made them and why. */
export function OrderTimeline({ order }: { order: Order }) {
  return (
    <Part id="order-timeline" title="Timeline">
      <ol className="flex flex-col gap-3 text-sm">
        {order.history.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only and answers no ids
          <li key={index} className="border-l-2 border-gray-300 pl-3">
            <p className="font-medium text-gray-900">{orderStatusLabel(entry.to_status)}</p>
            <p className="text-gray-700">
              {dateTime(entry.create_time)} · by {entry.actor}
              {entry.note ? ` · ${entry.note}` : ''}
            </p>
          </li>
        ))}
      </ol>
    </Part>
  );
}

/** The carrier's events, newest first. */
export function OrderTracking({ order }: { order: Order }) {
  return (
    <Part id="order-tracking" title="Tracking events">
      {order.tracking.length === 0 ? (
        <p className="text-sm text-gray-600">No tracking events yet.</p>
      ) : (
        <ol className="flex flex-col gap-3 text-sm">
          {order.tracking.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: events answer no ids; the list is newest first and only grows
            <li key={index} className="border-l-2 border-gray-300 pl-3" data-tracking-event>
              <p className="font-medium text-gray-900">{event.status}</p>
              <p className="text-gray-700">
                {dateTime(event.time)}
                {event.location ? ` · ${event.location}` : ''}
              </p>
              <p className="text-gray-800">{event.description}</p>
            </li>
          ))}
        </ol>
      )}
    </Part>
  );
}

import { variantText } from '@shop/contracts/cart-rules';
import { OfficeOrderPages, OfficeOrderPaths } from '@shop/contracts/office-order-rules';
import type { TAdminOrderDetail } from '@shop/contracts/office-orders';
import { orderStatusLabel } from '@shop/contracts/orders-rules';
import { roleMay } from '@shop/contracts/permissions';
import { formatPrice } from '@shop/contracts/pricing';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { dateTime } from '../../components/office/date-time';
import { ScrollBox } from '../../components/office/scroll-box';
import { Button } from '../../components/ui/button';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, OFFICE_PATH, useOfficeStaff } from '../office';
import { OrderActions } from './order-actions';

const cell = 'px-3 py-2';
const headCell = 'px-3 py-2 font-medium';
const link = 'underline underline-offset-4 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-gray-900';

/** The order's id from the address, when it can be one. */
export function useOrderId(): number | null {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The back office's order, for the order page and the packing slip. */
export function useOfficeOrder(id: number | null, allowed: boolean) {
  return useLoad(allowed && id !== null ? `office-order-${id}` : null, () =>
    staffApi.get<TAdminOrderDetail>(OfficeOrderPaths.detail, { query: { id }, silent: true }),
  );
}

/** The loading, missing and failed states of an order's page. */
export function OrderLoadState({ status, retry }: { status: 'loading' | 'missing' | 'failed'; retry: () => void }) {
  if (status === 'loading') {
    return (
      <p className="rounded-lg border border-gray-200 bg-white px-4 py-8 text-center text-gray-600" role="status">
        Loading the order…
      </p>
    );
  }
  if (status === 'missing') {
    return (
      <section className="rounded-lg border border-gray-200 bg-white p-6">
        <h1 className="text-xl font-semibold text-gray-900">Order not found</h1>
        <p className="mt-2 text-sm text-gray-700">
          No order has this number.{' '}
          <Link to={OfficeOrderPages.list} className={link}>
            All orders
          </Link>
        </p>
      </section>
    );
  }
  return (
    <div className="rounded-lg border border-gray-200 bg-white px-4 py-8 text-center">
      <p role="alert" className="text-red-800">
        The order could not be loaded.
      </p>
      <Button variant="secondary" onClick={retry} className="mt-3">
        Try again
      </Button>
    </div>
  );
}

/** The address as lines, for the order page and the packing slip. */
export function addressLines(address: TAdminOrderDetail['address']): string[] {
  return [
    `${address.first_name} ${address.last_name}`.trim(),
    [address.address1, address.address2].filter(Boolean).join(', '),
    [address.city, address.state, address.postcode].filter(Boolean).join(', '),
    address.country,
    address.phone,
  ].filter(Boolean);
}

/** /office/orders/:id: one order in full — lines, amounts, address, payments, refunds, timeline, tracking — and what staff may do with it. */
export function OrderPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'orders.view');
  const id = useOrderId();
  const { load, set, reload, retry } = useOfficeOrder(id, allowed);

  if (!allowed) return <NotAllowed what="viewing orders" />;
  if (id === null) return <OrderLoadState status="missing" retry={retry} />;
  if (load.status !== 'ready') return <OrderLoadState status={load.status} retry={retry} />;

  const order = load.value;
  const b = order.breakdown;
  const amounts: Array<[string, string]> = [
    ['Goods', formatPrice(b.goods_amount)],
    ...(b.discount_amount > 0 ? [['Sale prices', `−${formatPrice(b.discount_amount)}`] as [string, string]] : []),
    ...(b.coupon_amount > 0 ? [['Coupon', `−${formatPrice(b.coupon_amount)}`] as [string, string]] : []),
    ...(b.points_amount > 0 ? [[`Points (${b.points_used})`, `−${formatPrice(b.points_amount)}`] as [string, string]] : []),
    [`Shipping (${b.shipping_method})`, formatPrice(b.shipping_amount)],
    ...b.surcharges.map((line): [string, string] => [line.label, formatPrice(line.amount)]),
    ...(b.insurance_amount > 0 ? [['Insurance', formatPrice(b.insurance_amount)] as [string, string]] : []),
    ...(b.customs_amount > 0 ? [['Import duty', formatPrice(b.customs_amount)] as [string, string]] : []),
    ['Total paid', formatPrice(b.pay_price)],
    ...(order.refunded_amount > 0 ? [['Refunded', formatPrice(order.refunded_amount)] as [string, string]] : []),
  ];

  return (
    <article aria-labelledby="order-title" className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <Link to={OfficeOrderPages.list} className={`text-sm text-gray-800 ${link}`}>
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
          {roleMay(staff.role, 'customers.view') ? (
            <Link to={`${OFFICE_PATH}/customers/${order.user_id}`} className={`break-all ${link}`}>
              {order.email || `Customer ${order.user_id}`}
            </Link>
          ) : (
            <span className="break-all">{order.email}</span>
          )}
        </p>
        {order.cancel_reason ? <p className="text-sm text-gray-700">Cancelled: {order.cancel_reason}</p> : null}
      </header>

      <OrderActions order={order} role={staff.role} onChanged={set} onReload={reload} />

      <Part id="order-lines" title="Items">
        <Table caption="Items of the order" minWidth="min-w-[560px]">
          <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className={headCell}>
                Item
              </th>
              <th scope="col" className={headCell}>
                Options
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Unit price
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Quantity
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id} className="border-b border-gray-100 last:border-0">
                <td className={`${cell} font-medium text-gray-900`}>{line.goods_name}</td>
                <td className={`${cell} text-gray-700`}>{variantText(line.sku_text) || '—'}</td>
                <td className={`${cell} text-right whitespace-nowrap`}>{formatPrice(line.unit_price)}</td>
                <td className={`${cell} text-right`}>{line.num}</td>
                <td className={`${cell} text-right whitespace-nowrap`}>{formatPrice(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Part>

      <div className="grid gap-6 lg:grid-cols-2">
        <Part id="order-amounts" title="Amounts (USD)">
          <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
            {amounts.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-gray-700">{term}</dt>
                <dd className="text-right text-gray-900">{value}</dd>
              </div>
            ))}
          </dl>
        </Part>
        <Part id="order-address" title="Ship to">
          <address className="text-sm not-italic text-gray-900">
            {addressLines(order.address).map((line) => (
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
                  <a href={order.tracking_url} className={link} target="_blank" rel="noreferrer">
                    carrier's tracking page
                  </a>
                </>
              ) : null}
            </p>
          ) : null}
        </Part>
      </div>

      <Part id="order-payments" title="Payments">
        {order.payments.length === 0 ? (
          <p className="text-sm text-gray-600">No payment attempts.</p>
        ) : (
          <Table caption="Payment attempts, oldest first" minWidth="min-w-[480px]">
            <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
              <tr>
                <th scope="col" className={headCell}>
                  Date
                </th>
                <th scope="col" className={headCell}>
                  Card
                </th>
                <th scope="col" className={headCell}>
                  Outcome
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {order.payments.map((payment) => (
                <tr key={payment.id} className="border-b border-gray-100 last:border-0">
                  <td className={`${cell} whitespace-nowrap text-gray-700`}>{dateTime(payment.create_time)}</td>
                  <td className={cell}>{payment.card_last4 ? `•••• ${payment.card_last4}` : '—'}</td>
                  <td className={cell}>
                    <span className="capitalize">{payment.status}</span>
                    {payment.message ? <span className="text-gray-600"> · {payment.message}</span> : null}
                  </td>
                  <td className={`${cell} text-right whitespace-nowrap`}>{formatPrice(payment.amount)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Part>

      <Part id="order-refunds" title="Refunds">
        {order.refunds.length === 0 ? (
          <p className="text-sm text-gray-600">Nothing refunded.</p>
        ) : (
          <Table caption="Refunds, oldest first" minWidth="min-w-[480px]">
            <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
              <tr>
                <th scope="col" className={headCell}>
                  Date
                </th>
                <th scope="col" className={headCell}>
                  Reason
                </th>
                <th scope="col" className={headCell}>
                  Outcome
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {order.refunds.map((refund) => (
                <tr key={refund.id} className="border-b border-gray-100 last:border-0" data-refund={refund.id}>
                  <td className={`${cell} whitespace-nowrap text-gray-700`}>{dateTime(refund.create_time)}</td>
                  <td className={cell}>{refund.reason}</td>
                  <td className={cell}>
                    <span className="capitalize">{refund.status}</span>
                    {refund.status === 'failed' && refund.message ? (
                      <span className="text-gray-600"> · {refund.message}</span>
                    ) : null}
                  </td>
                  <td className={`${cell} text-right whitespace-nowrap`}>{formatPrice(refund.amount)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Part>

      <div className="grid gap-6 lg:grid-cols-2">
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
      </div>
    </article>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="min-w-0 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Table({ caption, minWidth, children }: { caption: string; minWidth: string; children: ReactNode }) {
  return (
    <ScrollBox label={caption} className="rounded-md border border-gray-200">
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </ScrollBox>
  );
}

import type { TOrderDetail, TOrderPayment } from '@shop/contracts/orders';
import { OrderStatus, orderStatusLabel } from '@shop/contracts/orders-rules';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Price } from '../../components/product/price';
import { Skeleton } from '../../components/ui/skeleton';
import { cx, focusRing } from '../../lib/cx';
import { logisticsPath, MY_ORDER_PATH } from './order-actions';
import { BreakdownSkeleton, LinesSkeleton, OrderTime, secondaryAction } from './order-parts';
import { TrackingNumber } from './tracking-number';

/** The boxes of the order details page: payment, delivery, status history, and its loading and missing states. */

/** A titled box of the order details page. */
export function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cx('rounded-lg border border-gray-200 p-4 sm:p-5', className)}>
      <h2 id={id} className="text-base font-semibold text-gray-950">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

const paymentStatusText: Record<TOrderPayment['status'], string> = {
  pending: 'Processing',
  succeeded: 'Paid',
  declined: 'Declined',
  retry: 'Not completed, to try again',
  failed: 'Failed',
};

/** The payment state in one sentence, and every attempt made (spec: "payment state"). */
export function PaymentState({ order }: { order: TOrderDetail }) {
  const attempts = [...order.payments].sort((a, b) => b.create_time - a.create_time);
  const paid = order.paid_at !== null;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p className="text-gray-900">
        {paid && order.paid_at !== null ? (
          <>
            Paid <OrderTime at={order.paid_at} />.
          </>
        ) : order.status === OrderStatus.PendingPayment ? (
          <>
            Waiting for payment. Pay by <OrderTime at={order.pay_expires_at} /> or the order is cancelled.
          </>
        ) : (
          'Not paid.'
        )}
      </p>
      {attempts.length > 0 ? (
        <ul className="divide-y divide-gray-100 border-y border-gray-100">
          {attempts.map((payment) => (
            <li key={payment.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <span className="text-gray-900">
                {payment.card_last4 ? `Card ending ${payment.card_last4}` : 'Card'} ·{' '}
                <span className={payment.status === 'succeeded' ? 'font-semibold text-emerald-800' : 'text-red-800'}>
                  {paymentStatusText[payment.status]}
                </span>
                {payment.message && payment.status !== 'succeeded' ? (
                  <span className="block text-xs text-gray-600">{payment.message}</span>
                ) : null}
              </span>
              <span className="text-gray-600">
                <Price usd={payment.amount} /> · <OrderTime at={payment.create_time} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The order's moves from status to status, oldest first. */
export function StatusHistory({ order }: { order: TOrderDetail }) {
  const entries = [...order.history].sort((a, b) => a.create_time - b.create_time);
  if (entries.length === 0) return <p className="text-sm text-gray-700">No changes yet.</p>;
  return (
    <ol className="flex flex-col gap-0">
      {entries.map((entry, at) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: history entries have no id of their own and never reorder
        <li key={at} className="relative flex gap-3 pb-4 last:pb-0">
          <span aria-hidden="true" className="relative flex w-3 shrink-0 justify-center">
            <span className={cx('mt-1.5 size-2.5 rounded-full', at === entries.length - 1 ? 'bg-gray-900' : 'bg-gray-400')} />
            {at < entries.length - 1 ? <span className="absolute top-4 bottom-0 w-px bg-gray-200" /> : null}
          </span>
          <div className="text-sm">
            <p className="font-medium text-gray-950">{orderStatusLabel(entry.to_status)}</p>
            <p className="text-gray-600">
              <OrderTime at={entry.create_time} />
              {entry.note ? ` · ${entry.note}` : null}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The order details page while the order loads. */
export function DetailsSkeleton() {
  return (
    <div className="flex flex-col gap-6">
      <span role="status" className="sr-only">
        Loading the order
      </span>
      <div aria-hidden="true" className="flex flex-col gap-2">
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-4 w-48" />
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
        <div className="rounded-lg border border-gray-200 p-5">
          <LinesSkeleton />
        </div>
        <div className="rounded-lg border border-gray-200 p-5">
          <BreakdownSkeleton />
        </div>
      </div>
    </div>
  );
}

/** An order id that is wrong or not this shopper's, with the way back to the list. */
export function OrderMissing({ what = 'order' }: { what?: string }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-gray-300 px-6 py-16 text-center">
      <p className="text-lg font-medium text-gray-900">We couldn’t find this {what}</p>
      <p className="mt-2 text-sm text-gray-700">It may have been mistyped, or it belongs to another account.</p>
      <Link to={MY_ORDER_PATH} className={cx(secondaryAction, 'mt-6')}>
        Back to My Order
      </Link>
    </div>
  );
}

/** The carrier and tracking number once shipped, or where the parcel is. */
export function DeliveryState({ order }: { order: TOrderDetail }) {
  if (order.tracking_no === null) {
    return (
      <p className="text-sm text-gray-700">
        {order.status === OrderStatus.PendingShipment
          ? 'We are preparing your parcel. The tracking number appears here once it ships.'
          : 'Not shipped.'}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="text-gray-900">
        {order.delivery_company?.name ?? 'Carrier'} · <TrackingNumber number={order.tracking_no} url={order.tracking_url} />
      </p>
      {order.shipped_at !== null ? (
        <p className="text-gray-600">
          Shipped <OrderTime at={order.shipped_at} />
        </p>
      ) : null}
      <Link to={logisticsPath(order.id)} className={cx('mt-1 self-start font-semibold underline underline-offset-4', focusRing)}>
        See every tracking event
      </Link>
    </div>
  );
}

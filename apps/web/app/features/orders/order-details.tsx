import type { TOrderDetail, TOrderPayment } from '@shop/contracts/orders';
import { OrderStatus, orderStatusLabel } from '@shop/contracts/orders-rules';
import { ReturnPages } from '@shop/contracts/return-rules';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Price } from '../../components/product/price';
import { Skeleton } from '../../components/ui/skeleton';
import { cx } from '../../lib/cx';
import { useLoad } from '../../lib/use-load';
import { logisticsPath, MY_ORDER_PATH, OrderActions, paySuccessPath } from './order-actions';
import { orderDetail, orderIdFrom } from './order-api';
import {
  AddressBlock,
  Breakdown,
  BreakdownSkeleton,
  focusRing,
  LinesSkeleton,
  LoadFailed,
  OrderLineRow,
  OrderStatusBadge,
  OrderTime,
  secondaryAction,
} from './order-parts';
import { PaymentForm } from './payment-form';

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
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
function PaymentState({ order }: { order: TOrderDetail }) {
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
function StatusHistory({ order }: { order: TOrderDetail }) {
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

function DetailsSkeleton() {
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

/**
 * /ShoppingListMain/OrderDetails?id= (spec 2, guarded): the lines as sold, the address, the price
 * breakdown, the payment state, the carrier and tracking number, the status history, and what can
 * be done now. An order waiting for payment can be paid right here.
 */
export function OrderDetails() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = orderIdFrom(search);
  const headingId = useId();
  const { load, retry, set } = useLoad<TOrderDetail>(id === null ? null : String(id), () => orderDetail(id ?? 0));
  const [paying, setPaying] = useState(search.get('pay') === '1');
  const paymentRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (paying) paymentRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [paying]);

  if (id === null) return <OrderMissing />;
  if (load.status === 'loading') return <DetailsSkeleton />;
  if (load.status === 'missing') return <OrderMissing />;
  if (load.status === 'failed') return <LoadFailed title="We couldn’t load this order" onRetry={retry} />;

  const order = load.value;
  const canPay = order.can_pay === 1;
  const shipped = order.tracking_no !== null;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={MY_ORDER_PATH} className={cx('text-gray-700 underline underline-offset-4 hover:text-gray-950', focusRing)}>
          My Order
        </Link>
        <span aria-hidden="true" className="px-2 text-gray-400">
          /
        </span>
        <span aria-current="page" className="text-gray-950">
          Order details
        </span>
      </nav>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 id={headingId} className="text-2xl font-semibold md:text-3xl">
            Order {order.order_no}
          </h1>
          <p className="mt-2 flex flex-wrap items-center gap-3 text-sm text-gray-700">
            <OrderStatusBadge status={order.status} />
            <span>
              Placed <OrderTime at={order.create_time} />
            </span>
          </p>
          {order.cancelled_at !== null ? (
            <p className="mt-2 text-sm text-gray-700">
              Cancelled <OrderTime at={order.cancelled_at} />
              {order.cancel_reason ? `: ${order.cancel_reason}` : null}
            </p>
          ) : null}
          {order.refunded_amount > 0 ? (
            <p className="mt-2 text-sm text-gray-700">
              Refunded <Price usd={order.refunded_amount} /> ·{' '}
              <Link className="underline" to={ReturnPages.list}>
                Returns and refunds
              </Link>
            </p>
          ) : null}
        </div>
        <OrderActions
          order={order}
          onChanged={set}
          showDetails={false}
          onPay={canPay ? () => setPaying(true) : undefined}
          className="sm:justify-end"
        />
      </header>

      {canPay && paying ? (
        <div ref={paymentRef} className="scroll-mt-24 rounded-lg border border-gray-900 p-4 sm:p-6">
          <PaymentForm order={order} onPaid={(paid) => navigate(paySuccessPath(paid.id))} onUnpaid={(unpaid) => set(unpaid)} />
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
        <div className="flex flex-col gap-6">
          <Panel title={order.total_num === 1 ? '1 item' : `${order.total_num} items`}>
            <ul className="-my-4 divide-y divide-gray-100">
              {order.lines.map((line) => (
                <OrderLineRow key={line.id} line={line} />
              ))}
            </ul>
          </Panel>
          <Panel title="Shipping address">
            <AddressBlock address={order.address} />
          </Panel>
          {order.remark ? (
            <Panel title="Note">
              <p className="text-sm whitespace-pre-line text-gray-800">{order.remark}</p>
            </Panel>
          ) : null}
        </div>
        <div className="flex flex-col gap-6">
          <Panel title="Order summary">
            <Breakdown breakdown={order.breakdown} />
            {order.currency_code !== 'USD' ? (
              <p className="mt-3 text-xs text-gray-600">Charged in US dollars; shown in your chosen currency.</p>
            ) : null}
          </Panel>
          <Panel title="Payment">
            <PaymentState order={order} />
          </Panel>
          <Panel title="Delivery">
            {shipped ? (
              <div className="flex flex-col gap-2 text-sm">
                <p className="text-gray-900">
                  {order.delivery_company?.name ?? 'Carrier'} ·{' '}
                  {order.tracking_url ? (
                    <a
                      href={order.tracking_url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={cx('font-mono underline underline-offset-4', focusRing)}
                    >
                      {order.tracking_no}
                      <span className="sr-only"> (opens the carrier’s site in a new tab)</span>
                    </a>
                  ) : (
                    <span className="font-mono">{order.tracking_no}</span>
                  )}
                </p>
                {order.shipped_at !== null ? (
                  <p className="text-gray-600">
                    Shipped <OrderTime at={order.shipped_at} />
                  </p>
                ) : null}
                <Link
                  to={logisticsPath(order.id)}
                  className={cx('mt-1 self-start font-semibold underline underline-offset-4', focusRing)}
                >
                  See every tracking event
                </Link>
              </div>
            ) : (
              <p className="text-sm text-gray-700">
                {order.status === OrderStatus.PendingShipment
                  ? 'We are preparing your parcel. The tracking number appears here once it ships.'
                  : 'Not shipped.'}
              </p>
            )}
          </Panel>
          <Panel title="Status history">
            <StatusHistory order={order} />
          </Panel>
        </div>
      </div>
    </section>
  );
}

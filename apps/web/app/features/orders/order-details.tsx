import type { TOrderDetail } from '@shop/contracts/orders';
import { ReturnPages } from '@shop/contracts/return-rules';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Price } from '../../components/product/price';
import { useLoad } from '../../lib/use-load';
import { OrderActions, paySuccessPath } from './order-actions';
import { orderDetail, orderIdFrom } from './order-api';
import { OrderBreadcrumb } from './order-breadcrumb';
import { DeliveryState, DetailsSkeleton, OrderMissing, Panel, PaymentState, StatusHistory } from './order-details-parts';
import { AddressBlock, Breakdown, LoadFailed, OrderLineRow, OrderStatusBadge, OrderTime } from './order-parts';
import { PaymentForm } from './payment-form';

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

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <OrderBreadcrumb current="Order details" />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <OrderHeading order={order} headingId={headingId} />
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
            <DeliveryState order={order} />
          </Panel>
          <Panel title="Status history">
            <StatusHistory order={order} />
          </Panel>
        </div>
      </div>
    </section>
  );
}

/** The order's number, status and date, and when it was cancelled or refunded. */
function OrderHeading({ order, headingId }: { order: TOrderDetail; headingId: string }) {
  return (
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
  );
}

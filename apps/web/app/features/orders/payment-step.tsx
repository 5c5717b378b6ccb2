import type { TOrderDetail } from '@shop/contracts/orders';
import { OrderStatus } from '@shop/contracts/orders-rules';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { cx } from '../../lib/cx';
import { useHydrated } from '../../lib/forms';
import { useUserToken } from '../../lib/session';
import { useLoad } from '../../lib/use-load';
import { MY_ORDER_PATH, orderDetailsPath, paySuccessPath } from './order-actions';
import { orderDetail } from './order-api';
import { OrderMissing } from './order-details-parts';
import {
  AddressBlock,
  Breakdown,
  LoadFailed,
  OrderLineRow,
  OrderStatusBadge,
  OrderTime,
  primaryAction,
  secondaryAction,
} from './order-parts';
import { PaymentForm } from './payment-form';
import { PaymentFrame, PaymentSkeleton } from './payment-frame';

/** An order that cannot be paid (any more): what it is now, and where to go. */
function NotPayable({ order }: { order: TOrderDetail }) {
  const paid = order.paid_at !== null;
  return (
    <div className="flex flex-col items-center rounded-lg border border-gray-200 px-6 py-12 text-center">
      <OrderStatusBadge status={order.status} />
      <p className="mt-4 text-lg font-medium text-gray-950">
        {paid
          ? `Order ${order.order_no} is already paid.`
          : order.status === OrderStatus.Cancelled
            ? `Order ${order.order_no} was cancelled, so it can no longer be paid.`
            : `Order ${order.order_no} cannot be paid now.`}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to={paid ? paySuccessPath(order.id) : orderDetailsPath(order.id)} className={primaryAction}>
          View order
        </Link>
        <Link to="/" className={secondaryAction}>
          Continue shopping
        </Link>
      </div>
    </div>
  );
}

/**
 * /order?id= : the payment step of an order waiting for payment, reached by placing it or by 'Pay
 * now' on My Order. The order is read from the server; a declined card leaves it here, unpaid,
 * ready for another attempt.
 */
export function PaymentStep({ id }: { id: number | null }) {
  const hydrated = useHydrated();
  const token = useUserToken();
  if (!hydrated) return <PaymentFrame>{<PaymentSkeleton />}</PaymentFrame>;
  if (!token) {
    return (
      <PaymentFrame>
        <div className="flex flex-col items-center rounded-lg border border-dashed border-gray-300 px-6 py-16 text-center">
          <p className="text-lg font-medium text-gray-950">Sign in to pay for your order</p>
          <p className="mt-2 text-sm text-gray-700">Your orders are kept in your account.</p>
          <Link to="/login" className={cx(primaryAction, 'mt-6 px-8')}>
            Sign in
          </Link>
        </div>
      </PaymentFrame>
    );
  }
  return <SignedInPaymentStep id={id} />;
}

function SignedInPaymentStep({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const { load, retry, set } = useLoad<TOrderDetail>(id === null ? null : String(id), () => orderDetail(id ?? 0));

  let content: ReactNode;
  if (id === null || load.status === 'missing') content = <OrderMissing />;
  else if (load.status === 'loading') content = <PaymentSkeleton />;
  else if (load.status === 'failed') content = <LoadFailed title="We couldn’t load your order" onRetry={retry} />;
  else if (load.value.can_pay !== 1) {
    content = <NotPayable order={load.value} />;
  } else {
    const order = load.value;
    content = (
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_360px]">
        <div className="rounded-lg border border-gray-900 p-4 sm:p-6">
          <PaymentForm
            order={order}
            onPaid={(paid) => navigate(paySuccessPath(paid.id), { replace: true })}
            onUnpaid={(unpaid) => set(unpaid)}
          />
        </div>
        <aside aria-label="Your order" className="flex flex-col gap-5 rounded-lg border border-gray-200 p-4 sm:p-6">
          <div>
            <h2 className="text-lg font-semibold text-gray-950">Order {order.order_no}</h2>
            <p className="mt-1 text-sm text-amber-900">
              Please pay by <OrderTime at={order.pay_expires_at} />. Unpaid orders are then cancelled.
            </p>
          </div>
          <ul className="-my-2 divide-y divide-gray-100">
            {order.lines.map((line) => (
              <OrderLineRow key={line.id} line={line} />
            ))}
          </ul>
          <Breakdown breakdown={order.breakdown} />
          <div>
            <h3 className="text-sm font-semibold text-gray-950">Shipping to</h3>
            <AddressBlock address={order.address} className="mt-2" />
          </div>
          <Link to={MY_ORDER_PATH} className={cx('self-center text-sm font-semibold underline underline-offset-4')}>
            Pay later from My Order
          </Link>
        </aside>
      </div>
    );
  }

  return <PaymentFrame>{content}</PaymentFrame>;
}

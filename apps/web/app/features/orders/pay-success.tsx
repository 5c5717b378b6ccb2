import type { TOrderDetail } from '@shop/contracts/orders';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Price } from '../../components/product/price';
import { CheckIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/skeleton';
import { cx } from '../../lib/cx';
import { useHydrated } from '../../lib/forms';
import { useUserToken } from '../../lib/session';
import { useLoad } from '../../lib/use-load';
import { orderDetailsPath, payPath } from './order-actions';
import { orderDetail, orderIdFrom } from './order-api';
import { OrderMissing } from './order-details-parts';
import {
  AddressBlock,
  Breakdown,
  LinesSkeleton,
  LoadFailed,
  OrderLineRow,
  OrderStatusBadge,
  primaryAction,
  secondaryAction,
} from './order-parts';
import { payOutcome } from './pay-outcome';

function PaySuccessSkeleton() {
  return (
    <div className="flex flex-col gap-6">
      <span role="status" className="sr-only">
        Loading your order
      </span>
      <div aria-hidden="true" className="flex flex-col items-center gap-3">
        <Skeleton className="size-14 rounded-full" />
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-48" />
      </div>
      <LinesSkeleton />
    </div>
  );
}

function PaidOrder({ order }: { order: TOrderDetail }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const { paid, undone, heading, note } = payOutcome(order);

  // the news is the page: a screen reader starts here
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-8">
      <header className="flex flex-col items-center text-center">
        {paid ? (
          <span className="flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
            <CheckIcon width={28} height={28} strokeWidth={2} />
          </span>
        ) : null}
        <h1 ref={headingRef} id={headingId} tabIndex={-1} className="mt-4 text-2xl font-semibold outline-none md:text-3xl">
          {heading}
        </h1>
        <p className="mt-2 text-sm text-gray-700">{note}</p>
        <dl className="mt-6 grid w-full max-w-md grid-cols-2 gap-4 rounded-lg bg-gray-50 p-4 text-left text-sm">
          <div>
            <dt className="text-gray-600">Order number</dt>
            <dd className="mt-0.5 font-mono font-semibold text-gray-950" data-testid="order-no">
              {order.order_no}
            </dd>
          </div>
          <div>
            <dt className="text-gray-600">{paid || undone ? 'Amount paid' : 'Amount due'}</dt>
            <dd className="mt-0.5 font-semibold text-gray-950">
              <Price usd={order.pay_price} />
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-gray-600">Status</dt>
            <dd className="mt-1">
              <OrderStatusBadge status={order.status} />
            </dd>
          </div>
        </dl>
        <div className="mt-6 flex w-full max-w-md flex-col gap-3 sm:flex-row">
          {paid || undone ? (
            <Link to={orderDetailsPath(order.id)} className={cx(primaryAction, 'flex-1')}>
              View order
            </Link>
          ) : (
            <Link to={payPath(order.id)} className={cx(primaryAction, 'flex-1')}>
              Pay now
            </Link>
          )}
          <Link to="/" className={cx(secondaryAction, 'flex-1')}>
            Continue shopping
          </Link>
        </div>
      </header>

      <div className="grid gap-6 md:grid-cols-[1fr_300px]">
        <section aria-label="Items" className="rounded-lg border border-gray-200 p-4 sm:p-5">
          <h2 className="text-base font-semibold">{order.total_num === 1 ? '1 item' : `${order.total_num} items`}</h2>
          <ul className="divide-y divide-gray-100">
            {order.lines.map((line) => (
              <OrderLineRow key={line.id} line={line} />
            ))}
          </ul>
        </section>
        <div className="flex flex-col gap-6">
          <section aria-label="Shipping address" className="rounded-lg border border-gray-200 p-4 sm:p-5">
            <h2 className="text-base font-semibold">Shipping to</h2>
            <AddressBlock address={order.address} className="mt-3" />
          </section>
          <section aria-label="Order summary" className="rounded-lg border border-gray-200 p-4 sm:p-5">
            <h2 className="text-base font-semibold">Order summary</h2>
            <Breakdown breakdown={order.breakdown} className="mt-3" />
          </section>
        </div>
      </div>
    </section>
  );
}

function SignedInPaySuccess({ id }: { id: number }) {
  const { load, retry } = useLoad<TOrderDetail>(String(id), () => orderDetail(id));
  if (load.status === 'loading') return <PaySuccessSkeleton />;
  if (load.status === 'missing') return <OrderMissing />;
  if (load.status === 'failed') return <LoadFailed title="We couldn’t load your order" onRetry={retry} />;
  return <PaidOrder order={load.value} />;
}

/**
 * /order/paySuccess?id= (spec 2 "payment success"): the paid order — number, amount, lines and
 * address — with links to the order and back to the shop. The order is read from the server, so a
 * reload or a shared link shows the truth, not what the checkout remembered.
 */
export function PaySuccess() {
  const hydrated = useHydrated();
  const token = useUserToken();
  const [search] = useSearchParams();
  const id = orderIdFrom(search);

  let content: ReactNode;
  if (!hydrated) content = <PaySuccessSkeleton />;
  else if (!token) {
    content = (
      <div className="flex flex-col items-center rounded-lg border border-dashed border-gray-300 px-6 py-16 text-center">
        <h1 className="text-xl font-semibold text-gray-950">Sign in to see your order</h1>
        <p className="mt-2 text-sm text-gray-700">Your orders are kept in your account.</p>
        <Link to="/login" className={cx(primaryAction, 'mt-6 px-8')}>
          Sign in
        </Link>
      </div>
    );
  } else if (id === null) content = <OrderMissing />;
  else content = <SignedInPaySuccess id={id} />;

  // at least a screen tall, as the checkout: the order fills in after its request without pushing the footer
  return <div className="mx-auto min-h-dvh w-full max-w-5xl px-4 py-8 md:py-12">{content}</div>;
}

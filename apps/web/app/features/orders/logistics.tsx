import type { TOrderDelivery } from '@shop/contracts/orders';
import { OrderStatus } from '@shop/contracts/orders-rules';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Skeleton } from '../../components/ui/skeleton';
import { cx } from '../../lib/cx';
import { useLoad } from '../../lib/use-load';
import { MY_ORDER_PATH, OrderActions, orderDetailsPath } from './order-actions';
import { orderDelivery, orderIdFrom } from './order-api';
import { OrderMissing } from './order-details';
import { AddressBlock, focusRing, LoadFailed, OrderStatusBadge, OrderTime } from './order-parts';

function LogisticsSkeleton() {
  return (
    <div className="flex flex-col gap-6">
      <span role="status" className="sr-only">
        Loading the tracking information
      </span>
      <div aria-hidden="true" className="flex flex-col gap-3">
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-24 w-full" />
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex gap-3">
            <Skeleton className="size-3 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** The carrier's events, newest first, as a timeline. */
function TrackingTimeline({ delivery }: { delivery: TOrderDelivery }) {
  const events = [...delivery.events].sort((a, b) => b.time - a.time);
  if (events.length === 0) {
    return (
      <p className="text-sm text-gray-700">
        {delivery.tracking_no
          ? 'The carrier has not reported any movement yet. Please check again later.'
          : delivery.status === OrderStatus.PendingShipment
            ? 'We are preparing your parcel. Its journey appears here once it ships.'
            : 'This order has not shipped.'}
      </p>
    );
  }
  return (
    <ol aria-label="Tracking events" data-testid="tracking-events" className="flex flex-col">
      {events.map((event, at) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: events have no id of their own; their order is fixed by time
        <li key={at} className="relative flex gap-4 pb-6 last:pb-0">
          <span aria-hidden="true" className="relative flex w-3 shrink-0 justify-center">
            <span className={cx('mt-1.5 size-3 rounded-full', at === 0 ? 'bg-gray-900 ring-4 ring-gray-200' : 'bg-gray-400')} />
            {at < events.length - 1 ? <span className="absolute top-5 bottom-0 w-px bg-gray-200" /> : null}
          </span>
          <div className="min-w-0 text-sm">
            <p className={cx('font-semibold', at === 0 ? 'text-gray-950' : 'text-gray-800')}>{event.status}</p>
            <p className="mt-0.5 text-gray-800">{event.description}</p>
            <p className="mt-0.5 text-gray-600">
              <OrderTime at={event.time} />
              {event.location ? ` · ${event.location}` : null}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/**
 * /ShoppingListMain/LogisticsInformation?id= (spec 2): the parcel's carrier, its tracking number
 * (linking to the carrier's own page) and the tracking events (GET /shop/order/delivery).
 */
export function LogisticsInformation() {
  const [search] = useSearchParams();
  const id = orderIdFrom(search);
  const headingId = useId();
  const { load, retry, reload } = useLoad<TOrderDelivery>(id === null ? null : String(id), () => orderDelivery(id ?? 0));

  if (id === null) return <OrderMissing />;
  if (load.status === 'loading') return <LogisticsSkeleton />;
  if (load.status === 'missing') return <OrderMissing />;
  if (load.status === 'failed') return <LoadFailed title="We couldn’t load the tracking information" onRetry={retry} />;

  const delivery = load.value;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="flex flex-wrap text-sm">
        <Link to={MY_ORDER_PATH} className={cx('text-gray-700 underline underline-offset-4 hover:text-gray-950', focusRing)}>
          My Order
        </Link>
        <span aria-hidden="true" className="px-2 text-gray-400">
          /
        </span>
        <Link
          to={orderDetailsPath(delivery.id)}
          className={cx('text-gray-700 underline underline-offset-4 hover:text-gray-950', focusRing)}
        >
          Order {delivery.order_no}
        </Link>
        <span aria-hidden="true" className="px-2 text-gray-400">
          /
        </span>
        <span aria-current="page" className="text-gray-950">
          Tracking
        </span>
      </nav>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 id={headingId} className="text-2xl font-semibold md:text-3xl">
            Logistics information
          </h1>
          <p className="mt-2 flex flex-wrap items-center gap-3 text-sm text-gray-700">
            <span>Order {delivery.order_no}</span>
            <OrderStatusBadge status={delivery.status} />
          </p>
        </div>
        <OrderActions order={delivery} onChanged={reload} showTrack={false} className="sm:justify-end" />
      </header>

      <div className="grid gap-6 md:grid-cols-[1fr_280px]">
        <section aria-label="Shipment" className="flex flex-col gap-5 rounded-lg border border-gray-200 p-4 sm:p-5">
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-gray-600">Carrier</dt>
              <dd className="mt-0.5 font-semibold text-gray-950" data-testid="carrier">
                {delivery.company?.name ?? 'Not shipped yet'}
              </dd>
            </div>
            <div>
              <dt className="text-gray-600">Tracking number</dt>
              <dd className="mt-0.5 font-semibold text-gray-950">
                {delivery.tracking_no ? (
                  delivery.tracking_url ? (
                    <a
                      href={delivery.tracking_url}
                      target="_blank"
                      rel="noopener noreferrer"
                      data-testid="tracking-number"
                      className={cx('font-mono underline underline-offset-4 hover:text-gray-700', focusRing)}
                    >
                      {delivery.tracking_no}
                      <span className="sr-only"> (opens the carrier’s site in a new tab)</span>
                    </a>
                  ) : (
                    <span className="font-mono" data-testid="tracking-number">
                      {delivery.tracking_no}
                    </span>
                  )
                ) : (
                  '—'
                )}
              </dd>
            </div>
            {delivery.shipped_at !== null ? (
              <div>
                <dt className="text-gray-600">Shipped</dt>
                <dd className="mt-0.5 text-gray-950">
                  <OrderTime at={delivery.shipped_at} />
                </dd>
              </div>
            ) : null}
          </dl>
          <div>
            <h2 className="text-base font-semibold text-gray-950">Tracking events</h2>
            <div className="mt-4">
              <TrackingTimeline delivery={delivery} />
            </div>
          </div>
        </section>
        <section aria-label="Delivery address" className="rounded-lg border border-gray-200 p-4 sm:p-5">
          <h2 className="text-base font-semibold text-gray-950">Delivering to</h2>
          <AddressBlock address={delivery.address} className="mt-3" />
        </section>
      </div>
    </section>
  );
}

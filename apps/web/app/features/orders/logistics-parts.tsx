import type { TOrderDelivery } from '@shop/contracts/orders';
import { OrderStatus } from '@shop/contracts/orders-rules';
import { Skeleton } from '../../components/ui/skeleton';
import { cx } from '../../lib/cx';
import { OrderTime } from './order-parts';
import { TrackingNumber } from './tracking-number';

/** The tracking page while its information loads. */
export function LogisticsSkeleton() {
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
export function TrackingTimeline({ delivery }: { delivery: TOrderDelivery }) {
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

/** The carrier, the tracking number (linking to the carrier's page) and when the parcel left. */
export function ShipmentFacts({ delivery }: { delivery: TOrderDelivery }) {
  return (
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
            <TrackingNumber
              number={delivery.tracking_no}
              url={delivery.tracking_url}
              className="hover:text-gray-700"
              testId="tracking-number"
            />
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
  );
}

import type { TOrderDelivery } from '@shop/contracts/orders';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useLoad } from '../../lib/use-load';
import { LogisticsSkeleton, ShipmentFacts, TrackingTimeline } from './logistics-parts';
import { OrderActions } from './order-actions';
import { orderDelivery, orderIdFrom } from './order-api';
import { OrderBreadcrumb } from './order-breadcrumb';
import { OrderMissing } from './order-details-parts';
import { AddressBlock, LoadFailed, OrderStatusBadge } from './order-parts';

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
      <OrderBreadcrumb
        order={{ id: delivery.id, order_no: delivery.order_no }}
        current="Tracking"
        className="flex flex-wrap text-sm"
      />
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
          <ShipmentFacts delivery={delivery} />
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

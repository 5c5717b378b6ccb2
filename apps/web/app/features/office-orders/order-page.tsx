import { OfficeOrderPages, OfficeOrderPaths } from '@shop/contracts/office-order-rules';
import type { TAdminOrderDetail } from '@shop/contracts/office-orders';
import { roleMay } from '@shop/contracts/permissions';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../components/office/load-state';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';
import { OrderActions } from './order-actions';
import {
  OrderAddress,
  OrderAmounts,
  OrderHeader,
  OrderLines,
  OrderPayments,
  OrderRefunds,
  OrderTimeline,
  OrderTracking,
  orderLink,
} from './order-parts';

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
          <Link to={OfficeOrderPages.list} className={orderLink}>
            All orders
          </Link>
        </p>
      </section>
    );
  }
  return (
    <LoadFailed
      text="The order could not be loaded."
      retry={retry}
      className="rounded-lg border border-gray-200 bg-white px-4 py-8 text-center"
      buttonClassName="mt-3"
    />
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
  return (
    <article aria-labelledby="order-title" className="flex flex-col gap-6">
      <OrderHeader order={order} mayViewCustomers={roleMay(staff.role, 'customers.view')} />
      <OrderActions order={order} role={staff.role} onChanged={set} onReload={reload} />
      <OrderLines order={order} />
      <div className="grid gap-6 lg:grid-cols-2">
        <OrderAmounts order={order} />
        <OrderAddress order={order} lines={addressLines(order.address)} />
      </div>
      <OrderPayments order={order} />
      <OrderRefunds order={order} />
      <div className="grid gap-6 lg:grid-cols-2">
        <OrderTimeline order={order} />
        <OrderTracking order={order} />
      </div>
    </article>
  );
}

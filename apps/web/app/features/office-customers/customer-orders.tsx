import { CUSTOMER_PROFILE_ROWS } from '@shop/contracts/customer-rules';
import type { TAdminCustomerProfile } from '@shop/contracts/customers';
import { OfficeOrderPages } from '@shop/contracts/office-order-rules';
import { formatPrice } from '@shop/contracts/pricing';
import { Link } from 'react-router';
import type { Columns } from '../../components/office/data-table';
import { day } from '../../components/office/date-time';
import { OFFICE_PATH } from '../office';
import { Part, ProfileTable } from './profile-parts';

type Order = TAdminCustomerProfile['orders']['data'][number];

const columns: Columns<Order> = [
  {
    header: 'Order',
    cell: (order) => (
      <Link
        to={OfficeOrderPages.detail(order.id)}
        className="font-medium text-gray-900 underline underline-offset-4 hover:text-gray-600"
      >
        {order.order_no}
      </Link>
    ),
  },
  { header: 'Placed', cell: (order) => day(order.created_at), className: 'whitespace-nowrap text-gray-700' },
  { header: 'Status', cell: (order) => order.status_text, className: 'whitespace-nowrap' },
  { header: 'Items', cell: (order) => order.total_num, align: 'right' },
  { header: 'Total', cell: (order) => formatPrice(order.pay_price), align: 'right', className: 'whitespace-nowrap' },
];

/** The profile's orders: the newest, with a link to all of them in Orders when there are more. */
export function CustomerOrders({ orders, email }: { orders: TAdminCustomerProfile['orders']; email: string }) {
  return (
    <Part id="customer-orders" title={`Orders (${orders.total})`}>
      {orders.data.length === 0 ? (
        <p className="text-sm text-gray-600">No orders yet.</p>
      ) : (
        <ProfileTable
          caption="Orders, newest first"
          minWidth="min-w-[560px]"
          columns={columns}
          rows={orders.data}
          rowKey={(order) => order.id}
        />
      )}
      {orders.total > orders.data.length ? (
        <p className="mt-2 text-sm text-gray-600">
          The newest {CUSTOMER_PROFILE_ROWS} are shown;{' '}
          <Link to={`${OFFICE_PATH}/orders?email=${encodeURIComponent(email)}`} className="underline underline-offset-4">
            all of them in Orders
          </Link>
          .
        </p>
      ) : null}
    </Part>
  );
}

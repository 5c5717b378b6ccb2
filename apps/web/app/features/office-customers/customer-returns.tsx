import type { TAdminCustomerReturn } from '@shop/contracts/customers';
import { formatPrice } from '@shop/contracts/pricing';
import { Link } from 'react-router';
import type { Columns } from '../../components/office/data-table';
import { day } from '../../components/office/date-time';
import { RETURNS_PATH } from '../office-orders';
import { ProfileTable } from './profile-parts';

const columns: Columns<TAdminCustomerReturn> = [
  {
    header: 'Request',
    cell: (row) => (
      <Link
        to={`${RETURNS_PATH}/${row.id}`}
        className="font-medium text-gray-900 underline underline-offset-4 hover:text-gray-600"
      >
        {row.return_no}
      </Link>
    ),
  },
  { header: 'Order', cell: (row) => row.order_no, className: 'whitespace-nowrap' },
  { header: 'Kind', cell: (row) => row.kind },
  { header: 'Status', cell: (row) => row.status, className: 'whitespace-nowrap' },
  { header: 'Amount', cell: (row) => formatPrice(row.amount), align: 'right', className: 'whitespace-nowrap' },
  { header: 'Asked', cell: (row) => day(row.created_at), className: 'whitespace-nowrap text-gray-700' },
];

/** The shopper's return requests, newest first, each opening its page in Returns. */
export function CustomerReturns({ returns }: { returns: TAdminCustomerReturn[] }) {
  if (returns.length === 0) return <p className="text-sm text-gray-600">No return requests.</p>;
  return (
    <ProfileTable
      caption="Return requests, newest first"
      minWidth="min-w-[600px]"
      columns={columns}
      rows={returns}
      rowKey={(row) => row.id}
    />
  );
}

import { CUSTOMER_PAGE_SIZE_DEFAULT, CustomerPaths } from '@shop/contracts/customer-rules';
import type { TAdminCustomerList } from '@shop/contracts/customers';
import { roleMay } from '@shop/contracts/permissions';
import { Link, useSearchParams } from 'react-router';
import { type Columns, DataTable } from '../../components/office/data-table';
import { day } from '../../components/office/date-time';
import { SearchBar } from '../../components/office/search-bar';
import { Pagination } from '../../components/ui/pagination';
import { pageHref, pageOf } from '../../lib/page-address';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, OFFICE_PATH, useOfficeStaff } from '../office';

export const CUSTOMERS_PATH = `${OFFICE_PATH}/customers`;
export const customerPath = (id: number) => `${CUSTOMERS_PATH}/${id}`;

export const fullName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();

type Customer = TAdminCustomerList['data'][number];

const columns: Columns<Customer> = [
  {
    header: 'Customer',
    cell: (customer) => (
      <Link
        to={customerPath(customer.id)}
        className="font-medium text-gray-900 underline underline-offset-4 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-gray-900"
      >
        {fullName(customer) || `Customer ${customer.id}`}
      </Link>
    ),
  },
  { header: 'E-mail', cell: (customer) => customer.email, className: 'break-all text-gray-700' },
  { header: 'Phone', cell: (customer) => customer.mobile || '—', className: 'whitespace-nowrap text-gray-700' },
  { header: 'Orders', cell: (customer) => customer.orders, align: 'right', className: 'text-gray-900' },
  { header: 'Points', cell: (customer) => customer.points, align: 'right', className: 'text-gray-900' },
  { header: 'Joined', cell: (customer) => day(customer.created_at), className: 'whitespace-nowrap text-gray-700' },
  { header: 'Status', cell: (customer) => customer.status, className: 'capitalize text-gray-700' },
];

/** /office/customers: the shoppers, searched by e-mail, name, phone or order number, and paged. */
export function CustomersPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'customers.view');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageOf(params);
  const query = { q, page, pagesize: CUSTOMER_PAGE_SIZE_DEFAULT };
  const { load, retry } = useLoad(allowed ? JSON.stringify(query) : null, () =>
    staffApi.get<TAdminCustomerList>(CustomerPaths.list, { query, silent: true }),
  );

  const hrefFor = (target: number) => pageHref(params, target);

  if (!allowed) return <NotAllowed what="viewing customers" />;
  const list = load.status === 'ready' ? load.value : null;
  return (
    <section aria-labelledby="customers-title">
      <h1 id="customers-title" className="text-2xl font-semibold text-gray-900">
        Customers
      </h1>
      <SearchBar
        key={q}
        label="Search the customers"
        search={{ label: 'E-mail, name, phone or order number', defaultValue: q, className: 'flex-1' }}
        onSearch={(values) => setParams(values.q ? { q: values.q } : {})}
        className="mt-4 flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:flex-row sm:items-end"
      />
      <DataTable
        label="Customers found"
        caption={
          <>
            Customers{list ? `, ${list.total} found, page ${page}` : ''}
            {q ? ` for “${q}”` : ''}
          </>
        }
        className="mt-4 rounded-lg border border-gray-200 bg-white"
        minWidth="min-w-[720px]"
        headerCellClassName=""
        columns={columns}
        rows={list?.data ?? []}
        rowKey={(customer) => customer.id}
        rowProps={(customer) => ({ 'data-customer': customer.email })}
        state={{
          status: load.status,
          loading: 'Loading customers…',
          failed: 'The customers could not be loaded.',
          empty: q ? 'No customer matches this search.' : 'No customer has registered yet.',
          retry,
        }}
      />
      <Pagination page={page} pages={list ? Math.ceil(list.total / CUSTOMER_PAGE_SIZE_DEFAULT) : 0} hrefFor={hrefFor} />
    </section>
  );
}

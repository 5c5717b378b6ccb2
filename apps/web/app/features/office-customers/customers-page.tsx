import { CUSTOMER_PAGE_SIZE_DEFAULT, CustomerPaths } from '@shop/contracts/customer-rules';
import type { TAdminCustomerList } from '@shop/contracts/customers';
import { roleMay } from '@shop/contracts/permissions';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { day } from '../../components/office/date-time';
import { ScrollBox } from '../../components/office/scroll-box';
import { TableBody } from '../../components/office/table-body';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, OFFICE_PATH, useOfficeStaff } from '../office';

export const CUSTOMERS_PATH = `${OFFICE_PATH}/customers`;
export const customerPath = (id: number) => `${CUSTOMERS_PATH}/${id}`;

export const fullName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();

/** /office/customers: the shoppers, searched by e-mail, name, phone or order number, and paged. */
export function CustomersPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'customers.view');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const query = { q, page, pagesize: CUSTOMER_PAGE_SIZE_DEFAULT };
  const { load, retry } = useLoad(allowed ? JSON.stringify(query) : null, () =>
    staffApi.get<TAdminCustomerList>(CustomerPaths.list, { query, silent: true }),
  );

  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    return `?${next.toString()}`;
  };
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams(value ? { q: value } : {});
  };

  if (!allowed) return <NotAllowed what="viewing customers" />;
  const list = load.status === 'ready' ? load.value : null;
  const rows = list?.data ?? [];
  const pages = list ? Math.ceil(list.total / CUSTOMER_PAGE_SIZE_DEFAULT) : 0;
  return (
    <section aria-labelledby="customers-title">
      <h1 id="customers-title" className="text-2xl font-semibold text-gray-900">
        Customers
      </h1>
      <form
        onSubmit={onSearch}
        aria-label="Search the customers"
        className="mt-4 flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:flex-row sm:items-end"
      >
        <Field
          label="E-mail, name, phone or order number"
          name="q"
          type="search"
          defaultValue={q}
          key={q}
          className="flex-1"
          autoComplete="off"
        />
        <Button type="submit">Search</Button>
      </form>

      <ScrollBox label="Customers found" className="mt-4 rounded-lg border border-gray-200 bg-white">
        <table className="w-full min-w-[720px] text-left text-sm">
          <caption className="sr-only">
            Customers{list ? `, ${list.total} found, page ${page}` : ''}
            {q ? ` for “${q}”` : ''}
          </caption>
          <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                Customer
              </th>
              <th scope="col" className="px-3 py-2">
                E-mail
              </th>
              <th scope="col" className="px-3 py-2">
                Phone
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Orders
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Points
              </th>
              <th scope="col" className="px-3 py-2">
                Joined
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
            </tr>
          </thead>
          <TableBody
            status={load.status}
            count={rows.length}
            columns={7}
            loading="Loading customers…"
            failed="The customers could not be loaded."
            empty={q ? 'No customer matches this search.' : 'No customer has registered yet.'}
            retry={retry}
          >
            {rows.map((customer) => (
              <tr key={customer.id} className="border-b border-gray-100 last:border-0" data-customer={customer.email}>
                <td className="px-3 py-2">
                  <Link
                    to={customerPath(customer.id)}
                    className="font-medium text-gray-900 underline underline-offset-4 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-gray-900"
                  >
                    {fullName(customer) || `Customer ${customer.id}`}
                  </Link>
                </td>
                <td className="px-3 py-2 break-all text-gray-700">{customer.email}</td>
                <td className="px-3 py-2 whitespace-nowrap text-gray-700">{customer.mobile || '—'}</td>
                <td className="px-3 py-2 text-right text-gray-900">{customer.orders}</td>
                <td className="px-3 py-2 text-right text-gray-900">{customer.points}</td>
                <td className="px-3 py-2 whitespace-nowrap text-gray-700">{day(customer.created_at)}</td>
                <td className="px-3 py-2 capitalize text-gray-700">{customer.status}</td>
              </tr>
            ))}
          </TableBody>
        </table>
      </ScrollBox>
      <Pagination page={page} pages={pages} hrefFor={hrefFor} />
    </section>
  );
}

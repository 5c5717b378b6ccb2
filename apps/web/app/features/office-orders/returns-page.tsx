import { roleMay } from '@shop/contracts/permissions';
import { formatPrice } from '@shop/contracts/pricing';
import { ReturnPaths, ReturnStatus } from '@shop/contracts/return-rules';
import type { TAdminReturnListItem } from '@shop/contracts/returns';
import type { FormEvent, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { dateTime } from '../../components/office/date-time';
import { ScrollBox } from '../../components/office/scroll-box';
import { TableBody } from '../../components/office/table-body';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { cx } from '../../lib/cx';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';
import { officeReturnStatus, RETURN_TABS, RETURNS_PATH } from './return-actions';

const PAGE_SIZE = 20;

/** The queue's filters, read from and written to the address, so a filtered queue can be shared and reloaded. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status = RETURN_TABS.some((tab) => String(tab.status) === asked) ? Number(asked) : ReturnStatus.Requested;
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const addressOf = (next: { status?: number; q?: string; page?: number }) => {
    const search = new URLSearchParams();
    search.set('status', String(next.status ?? status));
    const text = next.q ?? q;
    if (text) search.set('q', text);
    if ((next.page ?? 1) > 1) search.set('page', String(next.page));
    return search;
  };
  return { status, q, page, setParams, addressOf };
}

/** /office/returns: the returns, refunds and exchanges by status, or found by order, return number or e-mail (orders.view). */
export function ReturnsPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'orders.view');
  const { status, q, page, setParams, addressOf } = useFilters();
  const query = { status, q: q || undefined, page, pagesize: PAGE_SIZE };
  const { load, retry } = useLoad(allowed ? JSON.stringify(query) : null, () =>
    staffApi.get<{ data: TAdminReturnListItem[]; total: number }>(ReturnPaths.adminList, { query, silent: true }),
  );

  if (!allowed) return <NotAllowed what="viewing returns" />;
  const list = load.status === 'ready' ? load.value : null;
  const rows = list?.data ?? [];
  const pages = list ? Math.ceil(list.total / PAGE_SIZE) : 0;
  const tabLabel = RETURN_TABS.find((tab) => tab.status === status)?.label ?? 'All';

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    // a search looks through every status
    setParams(addressOf({ q: text, status: text ? 0 : status }));
  };

  return (
    <section aria-labelledby="returns-title" className="flex flex-col gap-4">
      <h1 id="returns-title" className="text-2xl font-semibold text-gray-900">
        Returns
      </h1>

      <form
        aria-label="Find a return"
        onSubmit={onSearch}
        className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-4"
      >
        <Field
          label="Order number, return number or e-mail"
          name="q"
          type="search"
          defaultValue={q}
          key={q}
          maxLength={254}
          className="min-w-0 flex-1 sm:min-w-80"
        />
        <Button type="submit">Search</Button>
        {q ? (
          <Button variant="secondary" onClick={() => setParams(addressOf({ q: '', status: ReturnStatus.Requested }))}>
            Clear
          </Button>
        ) : null}
      </form>

      <nav aria-label="Return status" className="flex gap-2 overflow-x-auto pb-1">
        {RETURN_TABS.map((tab) => (
          <Link
            key={tab.status}
            to={`?${addressOf({ status: tab.status }).toString()}`}
            aria-current={tab.status === status ? 'page' : undefined}
            className={cx(
              'inline-flex min-h-11 items-center rounded-md px-4 text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-gray-900',
              tab.status === status ? 'bg-gray-900 font-semibold text-white' : 'bg-white text-gray-800 hover:bg-gray-200',
            )}
          >
            {tab.label}
          </Link>
        ))}
      </nav>

      <ScrollBox label="Return requests" className="rounded-lg border border-gray-200 bg-white">
        <table className="w-full min-w-[760px] text-left text-sm">
          <caption className="sr-only">
            Return requests: {tabLabel}
            {q ? `, matching ${q}` : ''}
            {list ? `, ${list.total} in all, page ${page}` : ''}
          </caption>
          <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
            <tr>
              <Th>Return</Th>
              <Th>Asked</Th>
              <Th>Shopper</Th>
              <Th>Kind and reason</Th>
              <Th right>Units</Th>
              <Th right>Money back</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <TableBody
            status={load.status}
            count={rows.length}
            columns={7}
            loading="Loading returns…"
            failed="The returns could not be loaded."
            empty={
              q
                ? `No return matches ${q}.`
                : status === ReturnStatus.Requested || status === ReturnStatus.ParcelSent
                  ? 'Nothing waits here: the queue is empty.'
                  : 'No returns here.'
            }
            retry={retry}
          >
            {rows.map((item) => (
              <tr key={item.id} className="border-b border-gray-100 last:border-0" data-return={item.return_no}>
                <td className="px-3 py-2">
                  <Link
                    to={`${RETURNS_PATH}/${item.id}`}
                    className="font-medium whitespace-nowrap text-gray-900 underline underline-offset-4 hover:text-gray-600"
                  >
                    {item.return_no}
                  </Link>
                  <span className="block whitespace-nowrap text-gray-600">Order {item.order_no}</span>
                </td>
                <td className="px-3 py-2 text-gray-700">{dateTime(item.create_time)}</td>
                <td className="px-3 py-2 wrap-anywhere text-gray-700">{item.email}</td>
                <td className="px-3 py-2 text-gray-700">
                  {item.kind_text}
                  <span className="block text-gray-600">{item.reason}</span>
                </td>
                <td className="px-3 py-2 text-right text-gray-700">{item.total_num}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap text-gray-900">{formatPrice(item.amount)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{officeReturnStatus(item.status)}</td>
              </tr>
            ))}
          </TableBody>
        </table>
      </ScrollBox>
      <Pagination page={page} pages={pages} hrefFor={(target) => `?${addressOf({ page: target }).toString()}`} />
    </section>
  );
}

function Th({ children, right }: { children: ReactNode; right?: boolean }) {
  return (
    <th scope="col" className={cx('px-3 py-2 font-medium', right && 'text-right')}>
      {children}
    </th>
  );
}

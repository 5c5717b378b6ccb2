import { roleMay } from '@shop/contracts/permissions';
import { formatPrice } from '@shop/contracts/pricing';
import { ReturnPaths, ReturnStatus } from '@shop/contracts/return-rules';
import type { TAdminReturnListItem } from '@shop/contracts/returns';
import { Link, useSearchParams } from 'react-router';
import { type Columns, DataTable } from '../../components/office/data-table';
import { dateTime } from '../../components/office/date-time';
import { SearchBar } from '../../components/office/search-bar';
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

const columns: Columns<TAdminReturnListItem> = [
  {
    header: 'Return',
    primary: true,
    cell: (item) => (
      <>
        <Link
          to={`${RETURNS_PATH}/${item.id}`}
          className="font-medium whitespace-nowrap text-gray-900 underline underline-offset-4 hover:text-gray-600"
        >
          {item.return_no}
        </Link>
        <span className="block whitespace-nowrap text-gray-600">Order {item.order_no}</span>
      </>
    ),
  },
  { header: 'Asked', className: 'text-gray-700', cell: (item) => dateTime(item.create_time), card: true },
  { header: 'Shopper', className: 'wrap-anywhere text-gray-700', cell: (item) => item.email, card: true },
  {
    header: 'Kind and reason',
    className: 'text-gray-700',
    cell: (item) => (
      <>
        {item.kind_text}
        <span className="block text-gray-600">{item.reason}</span>
      </>
    ),
  },
  { header: 'Units', align: 'right', className: 'text-gray-700', cell: (item) => item.total_num },
  {
    header: 'Money back',
    align: 'right',
    className: 'whitespace-nowrap text-gray-900',
    cell: (item) => formatPrice(item.amount),
    card: true,
  },
  { header: 'Status', className: 'whitespace-nowrap', cell: (item) => officeReturnStatus(item.status), card: true },
];

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

  return (
    <section aria-labelledby="returns-title" className="flex flex-col gap-4">
      <h1 id="returns-title" className="text-2xl font-semibold text-gray-900">
        Returns
      </h1>

      <SearchBar
        label="Find a return"
        key={q}
        search={{ label: 'Order number, return number or e-mail', defaultValue: q, maxLength: 254 }}
        // a search looks through every status
        onSearch={(values) => setParams(addressOf({ q: values.q, status: values.q ? 0 : status }))}
        onClear={q ? () => setParams(addressOf({ q: '', status: ReturnStatus.Requested })) : undefined}
      />

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

      <DataTable
        label="Return requests"
        className="rounded-lg border border-gray-200 bg-white"
        minWidth="min-w-[760px]"
        caption={`Return requests: ${tabLabel}${q ? `, matching ${q}` : ''}${list ? `, ${list.total} in all, page ${page}` : ''}`}
        columns={columns}
        rows={rows}
        rowKey={(item) => item.id}
        rowProps={(item) => ({ 'data-return': item.return_no })}
        state={{
          status: load.status,
          loading: 'Loading returns…',
          failed: 'The returns could not be loaded.',
          empty: q
            ? `No return matches ${q}.`
            : status === ReturnStatus.Requested || status === ReturnStatus.ParcelSent
              ? 'Nothing waits here: the queue is empty.'
              : 'No returns here.',
          retry,
        }}
      />
      <Pagination page={page} pages={pages} hrefFor={(target) => `?${addressOf({ page: target }).toString()}`} />
    </section>
  );
}

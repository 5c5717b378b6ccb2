import { Messages } from '@shop/contracts';
import type { TOrderListItem } from '@shop/contracts/orders';
import { ORDER_PAGE_SIZE_DEFAULT, ORDER_STATUS_TABS } from '@shop/contracts/orders-rules';
import { useCallback, useEffect, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Price } from '../../components/product/price';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/skeleton';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { cx, focusRing } from '../../lib/cx';
import { useLoad } from '../../lib/use-load';
import { OrderActions, orderDetailsPath } from './order-actions';
import { listOrders, type OrderPage } from './order-api';
import { LinePhoto, LoadFailed, OrderStatusBadge, OrderTime, primaryAction, secondaryAction, tabClass } from './order-parts';

/** How many of an order's products a card shows by photo before "+ N more". */
const CARD_PHOTOS = 4;

const tabValues = new Set<number>(ORDER_STATUS_TABS.map((tab) => tab.status));

/** The tab and page of the address: ?status=2&page=3; anything else is the first page of All. */
function readQuery(search: URLSearchParams) {
  const status = Number(search.get('status') ?? 0);
  const page = Number(search.get('page') ?? 1);
  return {
    status: tabValues.has(status) ? status : 0,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

const pieces = (count: number) => (count === 1 ? '1 item' : `${count} items`);

/** spec 3 "Order list item": number, date, status, the products, count and amount, and what can be done. */
function OrderCard({ order, onChanged }: { order: TOrderListItem; onChanged: () => void }) {
  const titleId = useId();
  const shown = order.detail.slice(0, CARD_PHOTOS);
  const more = order.detail.length - shown.length;
  return (
    <article aria-labelledby={titleId} data-testid="order-card" className="rounded-lg border border-gray-200">
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-gray-100 px-4 py-3 sm:px-5">
        <div className="flex flex-col gap-0.5 text-sm">
          <h2 id={titleId} className="font-semibold text-gray-950">
            <Link to={orderDetailsPath(order.id)} className={cx('underline-offset-4 hover:underline', focusRing)}>
              Order {order.order_no}
            </Link>
          </h2>
          <p className="text-gray-600">
            Placed <OrderTime at={order.create_time} />
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>
      <div className="flex flex-col gap-4 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5">
        <ul className="flex min-w-0 flex-col gap-3">
          {shown.map((line, at) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an order may list the same product twice (two sizes)
            <li key={at} className="flex items-center gap-3 text-sm">
              <LinePhoto image={line.image} className="h-16 w-12" />
              <span className="line-clamp-2 min-w-0 text-gray-900">{line.goods_name}</span>
              <span className="shrink-0 text-gray-600">× {line.num}</span>
            </li>
          ))}
          {more > 0 ? <li className="text-sm text-gray-600">and {more} more</li> : null}
        </ul>
        <p className="shrink-0 text-sm text-gray-700 sm:text-right">
          {pieces(order.total_num)}
          <span className="block text-base font-semibold text-gray-950">
            <span className="sr-only">Total: </span>
            <Price usd={order.pay_price} />
          </span>
        </p>
      </div>
      <footer className="flex flex-col gap-3 border-t border-gray-100 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5">
        {order.can_pay === 1 ? (
          <p className="text-sm text-amber-900">
            Pay by <OrderTime at={order.pay_expires_at} /> or the order is cancelled.
          </p>
        ) : (
          <span />
        )}
        <OrderActions order={order} onChanged={onChanged} />
      </footer>
    </article>
  );
}

function OrdersSkeleton() {
  return (
    <div className="flex flex-col gap-4">
      <span role="status" className="sr-only">
        Loading your orders
      </span>
      {[0, 1, 2].map((card) => (
        <div key={card} aria-hidden="true" className="rounded-lg border border-gray-200 p-4 sm:p-5">
          <div className="flex justify-between">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-5 w-24 rounded-full" />
          </div>
          <div className="mt-4 flex items-center gap-3">
            <Skeleton className="h-16 w-12" />
            <Skeleton className="h-4 w-1/2" />
          </div>
          <div className="mt-4 flex justify-end gap-2">
            <Skeleton className="h-11 w-28 rounded-full" />
            <Skeleton className="h-11 w-28 rounded-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Order pages" className="flex items-center justify-center gap-3">
      <button type="button" className={secondaryAction} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeftIcon width={16} height={16} strokeWidth={1.8} />
        Previous
      </button>
      <p className="text-sm text-gray-700" aria-live="polite">
        Page {page} of {pages}
      </p>
      <button type="button" className={secondaryAction} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRightIcon width={16} height={16} strokeWidth={1.8} />
      </button>
    </nav>
  );
}

/**
 * /ShoppingListMain/MyOrder (spec 2, guarded): the shopper's orders by status tab (spec 4 codes),
 * newest first, ORDER_PAGE_SIZE_DEFAULT a page. The tab and page are in the address, so Back and a
 * shared link show the same list.
 */
export function MyOrders() {
  const [search, setSearch] = useSearchParams();
  const { status, page } = readQuery(search);
  const headingId = useId();
  const listTop = useRef<HTMLDivElement>(null);
  const { load, reload, retry } = useLoad<OrderPage>(`${status}:${page}`, () =>
    listOrders(status, page, ORDER_PAGE_SIZE_DEFAULT),
  );

  const go = useCallback(
    (next: { status: number; page: number }) => {
      const query = new URLSearchParams();
      if (next.status !== 0) query.set('status', String(next.status));
      if (next.page !== 1) query.set('page', String(next.page));
      setSearch(query, { preventScrollReset: true });
    },
    [setSearch],
  );

  // a page past the end (orders moved to another tab meanwhile) shows the last page instead
  useEffect(() => {
    if (load.status !== 'ready' || page === 1 || load.value.data.length > 0) return;
    const last = Math.max(1, Math.ceil(load.value.total / ORDER_PAGE_SIZE_DEFAULT));
    if (last < page) go({ status, page: last });
  }, [load, page, status, go]);

  const turnPage = (next: number) => {
    go({ status, page: next });
    listTop.current?.scrollIntoView({ block: 'start' });
    listTop.current?.focus({ preventScroll: true });
  };

  const pages = load.status === 'ready' ? Math.ceil(load.value.total / ORDER_PAGE_SIZE_DEFAULT) : 0;
  const tabLabel = ORDER_STATUS_TABS.find((tab) => tab.status === status)?.label ?? 'All';

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <header>
        <p className="text-sm uppercase tracking-widest text-gray-600">My Account</p>
        <h1 id={headingId} className="mt-1 text-2xl font-semibold md:text-3xl">
          My Order
        </h1>
      </header>

      <Tabs value={String(status)} onValueChange={(value) => go({ status: Number(value), page: 1 })} activation="manual">
        <TabList aria-label="Order status" className="-mx-4 flex overflow-x-auto border-b border-gray-200 px-4 md:mx-0 md:px-0">
          {ORDER_STATUS_TABS.map((tab) => (
            <Tab key={tab.status} value={String(tab.status)} className={tabClass}>
              {tab.label}
            </Tab>
          ))}
        </TabList>
        <TabPanel value={String(status)} className="pt-6 outline-none">
          <div ref={listTop} tabIndex={-1} className="scroll-mt-24 outline-none">
            <span className="sr-only">{tabLabel} orders</span>
          </div>
          {load.status === 'loading' ? (
            <OrdersSkeleton />
          ) : load.status === 'failed' || load.status === 'missing' ? (
            <LoadFailed title="We couldn’t load your orders" onRetry={retry} />
          ) : load.value.data.length === 0 ? (
            <div className="flex flex-col items-center rounded-lg border border-dashed border-gray-300 px-6 py-16 text-center">
              <p className="text-lg font-medium text-gray-900">{Messages.noOrders}</p>
              <p className="mt-2 text-sm text-gray-700">
                {status === 0
                  ? 'Your orders will appear here once you place one.'
                  : `You have no ${tabLabel.toLowerCase()} orders.`}
              </p>
              <Link to="/" className={cx(primaryAction, 'mt-6 px-8')}>
                Continue shopping
              </Link>
            </div>
          ) : (
            <div className="flex flex-col gap-6">
              <p className="text-sm text-gray-700">{load.value.total === 1 ? '1 order' : `${load.value.total} orders`}</p>
              <ol className="flex flex-col gap-4">
                {load.value.data.map((order) => (
                  <li key={order.id}>
                    <OrderCard order={order} onChanged={reload} />
                  </li>
                ))}
              </ol>
              <Pager page={page} pages={pages} onPage={turnPage} />
            </div>
          )}
        </TabPanel>
      </Tabs>
    </section>
  );
}

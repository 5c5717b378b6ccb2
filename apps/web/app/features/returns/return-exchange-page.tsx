import { RETURN_PAGE_SIZE_DEFAULT, ReturnPages, ReturnStatus } from '@shop/contracts/return-rules';
import type { TReturnableOrder, TReturnListItem } from '@shop/contracts/returns';
import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Pagination } from '../../components/ui/pagination';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { cx, focusRing } from '../../lib/cx';
import { useLoad } from '../../lib/use-load';
import { LoadFailed, orderDetailsPath, primaryAction, secondaryAction, tabClass } from '../orders';
import { EmptyState, formatDay, PageHeader, pageOf } from '../points';
import { LineImage, MODE_ACTION, RefundAmount, ReturnSkeleton, ReturnStatusBadge, variantOf } from './parts';
import { eligibleOrders, listReturns } from './returns-api';

/** The requests' tabs: all, then each status in the order a request goes through them. */
const STATUS_TABS = [
  { status: 0, label: 'All' },
  { status: ReturnStatus.Requested, label: 'Requested' },
  { status: ReturnStatus.Approved, label: 'Awaiting parcel' },
  { status: ReturnStatus.ParcelSent, label: 'On its way back' },
  { status: ReturnStatus.Received, label: 'Received' },
  { status: ReturnStatus.Refunded, label: 'Refunded' },
  { status: ReturnStatus.Exchanged, label: 'Exchanged' },
  { status: ReturnStatus.Rejected, label: 'Declined' },
  { status: ReturnStatus.Withdrawn, label: 'Withdrawn' },
] as const;

const tabStatuses = new Set<number>(STATUS_TABS.map((tab) => tab.status));

const items = (count: number) => (count === 1 ? '1 item' : `${count} items`);

/** An order that can be asked about now: its lines and the one action its mode offers. */
function EligibleOrder({ order }: { order: TReturnableOrder }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} data-testid="eligible-order" className="rounded-lg border border-gray-200">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-gray-100 px-4 py-3 sm:px-5">
        <h3 id={titleId} className="text-sm font-semibold text-gray-950">
          <Link to={orderDetailsPath(order.id)} className={cx('underline-offset-4 hover:underline', focusRing)}>
            Order {order.order_no}
          </Link>
        </h3>
        <p className="text-sm text-gray-700">
          {order.status_text} · placed {formatDay(order.create_time)}
        </p>
      </header>
      <ul className="flex flex-col gap-3 px-4 py-3 sm:px-5">
        {order.lines.map((line) => (
          <li key={line.order_item_id} className="flex items-center gap-3 text-sm">
            <LineImage image={line.image} />
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 text-gray-950">{line.goods_name}</p>
              <p className="text-gray-700">
                {variantOf(line.sku_text)}
                {variantOf(line.sku_text) ? ' · ' : ''}× {line.num}
                {line.returnable < line.num ? ` · ${line.returnable} left to return` : ''}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <footer className="flex flex-col gap-3 border-t border-gray-100 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5">
        <p className="text-sm text-gray-700">
          {order.mode === 'return' && order.window_ends_at !== null
            ? `Returns open until ${formatDay(order.window_ends_at)}`
            : order.mode === 'cancel'
              ? 'Not shipped yet: cancel it and get everything back'
              : 'On its way: tell us if an item never arrives'}
        </p>
        <Link to={ReturnPages.form(order.id)} className={primaryAction}>
          {MODE_ACTION[order.mode]}
          <span className="sr-only"> for order {order.order_no}</span>
        </Link>
      </footer>
    </article>
  );
}

/** One of the shopper's requests, linking to its details (and to sending its parcel when expected). */
function RequestCard({ request }: { request: TReturnListItem }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} data-testid="return-request" className="rounded-lg border border-gray-200 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1 text-sm">
          <h3 id={titleId} className="font-semibold text-gray-950">
            <Link to={ReturnPages.details(request.id)} className={cx('underline-offset-4 hover:underline', focusRing)}>
              {request.kind_text} {request.return_no}
            </Link>
          </h3>
          <p className="text-gray-700">
            Order {request.order_no} · {items(request.total_num)} · asked {formatDay(request.create_time)}
          </p>
        </div>
        <ReturnStatusBadge status={request.status} />
      </div>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-700">
          {request.kind === 'exchange' ? (
            'Exchange: no money moves'
          ) : (
            <>
              {request.status === ReturnStatus.Refunded ? 'Refunded' : 'Refund'}:{' '}
              <RefundAmount usd={request.amount} className="font-semibold text-gray-950" />
            </>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          {request.can_send === 1 ? (
            <Link to={ReturnPages.waiting(request.id)} className={primaryAction}>
              Send your parcel<span className="sr-only"> for {request.return_no}</span>
            </Link>
          ) : null}
          <Link to={ReturnPages.details(request.id)} className={secondaryAction}>
            View details<span className="sr-only"> of {request.return_no}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}

function EligibleOrders() {
  const headingId = useId();
  const eligible = useLoad('eligible', eligibleOrders);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold">
        Orders you can return or refund
      </h2>
      {eligible.load.status === 'loading' ? (
        // as tall as two order cards: the requests below stay below the fold until the list is in,
        // rather than being pushed down the screen as it arrives (layout shift)
        <div className="min-h-[608px] md:min-h-[520px]">
          <ReturnSkeleton label="Loading your orders" />
        </div>
      ) : eligible.load.status !== 'ready' ? (
        <LoadFailed title="We couldn’t load your orders" onRetry={eligible.retry} />
      ) : eligible.load.value.data.length === 0 ? (
        <EmptyState title="Nothing to return right now" action={{ to: '/ShoppingListMain/MyOrder', label: 'See my orders' }}>
          Paid orders can be cancelled before they ship, and delivered ones returned or exchanged within their return window.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-4">
          {eligible.load.value.data.map((order) => (
            <li key={order.id}>
              <EligibleOrder order={order} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Requests() {
  const headingId = useId();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const asked = Number(search.get('status') ?? 0);
  const status = tabStatuses.has(asked) ? asked : 0;
  const page = pageOf(search);
  const requests = useLoad(`${status}:${page}`, () => listReturns(status, page, RETURN_PAGE_SIZE_DEFAULT));
  const hrefFor = (next: { status: number; page: number }) => {
    const query = new URLSearchParams();
    if (next.status !== 0) query.set('status', String(next.status));
    if (next.page !== 1) query.set('page', String(next.page));
    const text = query.toString();
    return text ? `${ReturnPages.list}?${text}` : ReturnPages.list;
  };
  const tabLabel = STATUS_TABS.find((tab) => tab.status === status)?.label ?? 'All';
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold">
        Your requests
      </h2>
      <Tabs
        value={String(status)}
        onValueChange={(value) => navigate(hrefFor({ status: Number(value), page: 1 }), { preventScrollReset: true })}
        activation="manual"
      >
        <TabList aria-label="Request status" className="-mx-4 flex overflow-x-auto border-b border-gray-200 px-4 md:mx-0 md:px-0">
          {STATUS_TABS.map((tab) => (
            <Tab key={tab.status} value={String(tab.status)} className={tabClass}>
              {tab.label}
            </Tab>
          ))}
        </TabList>
        <TabPanel value={String(status)} className="pt-4 outline-none">
          {requests.load.status === 'loading' ? (
            <ReturnSkeleton label="Loading your requests" />
          ) : requests.load.status !== 'ready' ? (
            <LoadFailed title="We couldn’t load your requests" onRetry={requests.retry} />
          ) : requests.load.value.data.length === 0 ? (
            <EmptyState title={status === 0 ? 'No requests yet' : `No ${tabLabel.toLowerCase()} requests`}>
              {status === 0
                ? 'When you return, exchange or ask for a refund, you can follow it here.'
                : 'Requests move through this tab as we handle them.'}
            </EmptyState>
          ) : (
            <div className="flex flex-col gap-4">
              <ol className="flex flex-col gap-4">
                {requests.load.value.data.map((request) => (
                  <li key={request.id}>
                    <RequestCard request={request} />
                  </li>
                ))}
              </ol>
              <Pagination
                page={page}
                pages={Math.ceil(requests.load.value.total / RETURN_PAGE_SIZE_DEFAULT)}
                hrefFor={(next) => hrefFor({ status, page: next })}
              />
            </div>
          )}
        </TabPanel>
      </Tabs>
    </section>
  );
}

/**
 * /ShoppingListMain/ReturnExchange (spec 2, named route returnExchange; guarded): the orders that
 * can be returned, exchanged or refunded now, each with its one action, and the shopper's requests
 * by status, a page at a time, each leading to its details.
 */
export function ReturnExchangePage() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-10">
      <PageHeader id={headingId} title="Return/Exchange">
        Send back what doesn’t suit you, swap it for another size or colour, or cancel an order that hasn’t shipped.
      </PageHeader>
      <EligibleOrders />
      <Requests />
    </section>
  );
}

import { variantText } from '@shop/contracts/cart-rules';
import type { TDashboard } from '@shop/contracts/dashboard';
import { OrderStatus } from '@shop/contracts/orders-rules';
import { formatPrice } from '@shop/contracts/pricing';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { type Columns, DataTable } from '../../components/office/data-table';
import { Button } from '../../components/ui/button';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { OFFICE_PATH } from './areas';
import { useOfficeStaff } from './staff-info';

// the chart's code (uPlot) loads with the dashboard's figures, never with the rest of the office
const SalesChart = lazy(() => import('./sales-chart'));

const day = (value: string) =>
  new Date(`${value}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function Card({
  label,
  value,
  hint,
  to,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint: string;
  to?: string;
  testId?: string;
}) {
  const inner = (
    <>
      <span className="block text-sm text-gray-700">{label}</span>
      <span className="mt-1 block text-3xl font-semibold text-gray-900">{value}</span>
      <span className="mt-1 block text-xs text-gray-600">{hint}</span>
    </>
  );
  const box = 'block h-full rounded-lg border border-gray-200 bg-white p-5';
  return (
    <li data-card={testId}>
      {to ? (
        <Link to={to} className={`${box} hover:border-gray-900 focus-visible:outline-2 focus-visible:outline-gray-900`}>
          {inner}
        </Link>
      ) : (
        <div className={box}>{inner}</div>
      )}
    </li>
  );
}

/** /office: sales over 30 days, what waits to be done (returns too), low stock and the chat queue — the parts the role acts on. */
export function Dashboard() {
  const staff = useOfficeStaff();
  const { load, retry } = useLoad('dashboard', () => staffApi.get<TDashboard>('/admin/dashboard', { silent: true }));

  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-6">
      <h1 id="dashboard-title" className="text-2xl font-semibold text-gray-900">
        Good to see you, {staff.nickname || staff.username}
      </h1>
      {load.status === 'loading' ? (
        <ul className="grid gap-4 sm:grid-cols-3" aria-busy="true" aria-label="Loading the dashboard">
          {[0, 1, 2].map((n) => (
            <li key={n} className="h-28 animate-pulse rounded-lg bg-gray-200" />
          ))}
        </ul>
      ) : load.status !== 'ready' ? (
        <div>
          <p role="alert" className="text-red-800">
            The dashboard could not be loaded.
          </p>
          <Button variant="secondary" onClick={retry} className="mt-2">
            Try again
          </Button>
        </div>
      ) : (
        <DashboardBody data={load.value} />
      )}
    </section>
  );
}

/** The figures the role acts on, as cards: sales today, orders by state and the returns waiting, each leading to its list. */
function DashboardCards({ orders, sales }: Pick<TDashboard, 'orders' | 'sales'>) {
  if (!orders && !sales) return null;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
      {sales ? (
        <Card
          label="Sales today"
          value={formatPrice(sales.today.sales)}
          hint={`${sales.today.orders} paid ${sales.today.orders === 1 ? 'order' : 'orders'} (UTC day)`}
          testId="sales-today"
        />
      ) : null}
      {orders ? (
        <>
          <Card
            label="Orders to ship"
            value={orders.to_ship}
            hint="paid, waiting for a carrier"
            to={`${OFFICE_PATH}/orders?status=${OrderStatus.PendingShipment}`}
            testId="to-ship"
          />
          <Card
            label="Awaiting payment"
            value={orders.awaiting_payment}
            hint="cancelled on their own when the time runs out"
            to={`${OFFICE_PATH}/orders?status=${OrderStatus.PendingPayment}`}
          />
          <Card
            label="On their way"
            value={orders.on_their_way}
            hint="shipped, not yet received"
            to={`${OFFICE_PATH}/orders?status=${OrderStatus.Shipped}`}
          />
          <Card
            label="Returns waiting"
            value={orders.returns_waiting}
            hint="new requests and parcels on their way back"
            to={`${OFFICE_PATH}/returns`}
            testId="returns-waiting"
          />
        </>
      ) : null}
    </ul>
  );
}

type Sales = NonNullable<TDashboard['sales']>;
type SalesDay = Sales['days'][number];

const SALES_COLUMNS: Columns<SalesDay> = [
  { header: 'Day', cell: (entry) => day(entry.day), className: 'pr-3', headerClassName: 'pr-3' },
  { header: 'Orders', cell: (entry) => entry.orders, align: 'right', className: 'pr-3', headerClassName: 'pr-3' },
  { header: 'Sales', cell: (entry) => formatPrice(entry.sales), align: 'right', headerClassName: '' },
];

/** The last 30 days' sales: the total, the chart by day, and the same figures in a table. */
function SalesPanel({ sales }: { sales: Sales }) {
  return (
    <section aria-labelledby="sales-title" className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="sales-title" className="text-lg font-semibold text-gray-900">
        Last 30 days: {formatPrice(sales.total.sales)} from {sales.total.orders} paid{' '}
        {sales.total.orders === 1 ? 'order' : 'orders'}
      </h2>
      <div className="mt-3 min-h-[220px]">
        <Suspense fallback={<div className="h-[220px] animate-pulse rounded bg-gray-100" />}>
          <SalesChart days={sales.days} />
        </Suspense>
      </div>
      <details className="mt-3 text-sm">
        <summary className="min-h-11 cursor-pointer content-center text-gray-800">The figures by day</summary>
        <DataTable
          caption="Paid orders and sales by day, last 30 days"
          className="max-h-72 overflow-y-auto"
          headClassName="text-gray-700"
          cellPadding="py-1"
          columns={SALES_COLUMNS}
          rows={[...sales.days].reverse()}
          rowKey={(entry) => entry.day}
          rowProps={() => ({ className: 'border-t border-gray-100' })}
        />
      </details>
    </section>
  );
}

/** The sizes on sale that are running out, fewest first. */
function LowStock({ stock }: { stock: NonNullable<TDashboard['stock']> }) {
  return (
    <section aria-labelledby="stock-title" className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="stock-title" className="text-lg font-semibold text-gray-900">
        Low stock: {stock.low} {stock.low === 1 ? 'size' : 'sizes'}
      </h2>
      {stock.items.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">Every size on sale has stock to spare.</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-100 text-sm">
          {stock.items.map((item) => (
            <li key={item.sku_id} className="flex justify-between gap-3 py-2">
              <span className="text-gray-900">
                {item.name}
                {item.sku_text ? <span className="text-gray-600"> · {variantText(item.sku_text)}</span> : null}
              </span>
              <span className={item.stock === 0 ? 'font-semibold text-red-800' : 'text-gray-800'}>
                {item.stock === 0 ? 'sold out' : `${item.stock} left`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The chat's queue and the agents online, with the way to the agents' console. */
function ChatQueue({ chat }: { chat: NonNullable<TDashboard['chat']> }) {
  return (
    <section aria-labelledby="chat-title" className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="chat-title" className="text-lg font-semibold text-gray-900">
        The chat
      </h2>
      <p className="mt-2 text-sm text-gray-800" data-chat-queue={chat.queued}>
        {chat.queued === 0
          ? 'Nobody is waiting for an agent.'
          : `${chat.queued} ${chat.queued === 1 ? 'visitor waits' : 'visitors wait'} for an agent.`}{' '}
        {chat.agents_online} {chat.agents_online === 1 ? 'agent is' : 'agents are'} online.
      </p>
      <a href="/agent" className="mt-3 inline-flex min-h-11 items-center text-sm text-gray-900 underline underline-offset-4">
        Open the agents' console
      </a>
    </section>
  );
}

/** The parts of the dashboard the server answered for the role: each is absent when the role does not act on it. */
function DashboardBody({ data }: { data: TDashboard }) {
  return (
    <>
      <DashboardCards orders={data.orders} sales={data.sales} />
      {data.sales ? <SalesPanel sales={data.sales} /> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {data.stock ? <LowStock stock={data.stock} /> : null}
        {data.chat ? <ChatQueue chat={data.chat} /> : null}
      </div>
    </>
  );
}

import { variantText } from '@shop/contracts/cart-rules';
import type { TDashboard } from '@shop/contracts/dashboard';
import { OrderStatus } from '@shop/contracts/orders-rules';
import { formatPrice } from '@shop/contracts/pricing';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
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

function DashboardBody({ data }: { data: TDashboard }) {
  return (
    <>
      {data.orders || data.sales ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
          {data.sales ? (
            <Card
              label="Sales today"
              value={formatPrice(data.sales.today.sales)}
              hint={`${data.sales.today.orders} paid ${data.sales.today.orders === 1 ? 'order' : 'orders'} (UTC day)`}
              testId="sales-today"
            />
          ) : null}
          {data.orders ? (
            <>
              <Card
                label="Orders to ship"
                value={data.orders.to_ship}
                hint="paid, waiting for a carrier"
                to={`${OFFICE_PATH}/orders?status=${OrderStatus.PendingShipment}`}
                testId="to-ship"
              />
              <Card
                label="Awaiting payment"
                value={data.orders.awaiting_payment}
                hint="cancelled on their own when the time runs out"
                to={`${OFFICE_PATH}/orders?status=${OrderStatus.PendingPayment}`}
              />
              <Card
                label="On their way"
                value={data.orders.on_their_way}
                hint="shipped, not yet received"
                to={`${OFFICE_PATH}/orders?status=${OrderStatus.Shipped}`}
              />
              <Card
                label="Returns waiting"
                value={data.orders.returns_waiting}
                hint="new requests and parcels on their way back"
                to={`${OFFICE_PATH}/returns`}
                testId="returns-waiting"
              />
            </>
          ) : null}
        </ul>
      ) : null}

      {data.sales ? (
        <section aria-labelledby="sales-title" className="rounded-lg border border-gray-200 bg-white p-4">
          <h2 id="sales-title" className="text-lg font-semibold text-gray-900">
            Last 30 days: {formatPrice(data.sales.total.sales)} from {data.sales.total.orders} paid{' '}
            {data.sales.total.orders === 1 ? 'order' : 'orders'}
          </h2>
          <div className="mt-3 min-h-[220px]">
            <Suspense fallback={<div className="h-[220px] animate-pulse rounded bg-gray-100" />}>
              <SalesChart days={data.sales.days} />
            </Suspense>
          </div>
          <details className="mt-3 text-sm">
            <summary className="min-h-11 cursor-pointer content-center text-gray-800">The figures by day</summary>
            <div className="max-h-72 overflow-auto">
              <table className="w-full text-left">
                <caption className="sr-only">Paid orders and sales by day, last 30 days</caption>
                <thead>
                  <tr className="text-gray-700">
                    <th scope="col" className="py-1 pr-3">
                      Day
                    </th>
                    <th scope="col" className="py-1 pr-3 text-right">
                      Orders
                    </th>
                    <th scope="col" className="py-1 text-right">
                      Sales
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {[...data.sales.days].reverse().map((entry) => (
                    <tr key={entry.day} className="border-t border-gray-100">
                      <td className="py-1 pr-3">{day(entry.day)}</td>
                      <td className="py-1 pr-3 text-right">{entry.orders}</td>
                      <td className="py-1 text-right">{formatPrice(entry.sales)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </section>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-2">
        {data.stock ? (
          <section aria-labelledby="stock-title" className="rounded-lg border border-gray-200 bg-white p-4">
            <h2 id="stock-title" className="text-lg font-semibold text-gray-900">
              Low stock: {data.stock.low} {data.stock.low === 1 ? 'size' : 'sizes'}
            </h2>
            {data.stock.items.length === 0 ? (
              <p className="mt-2 text-sm text-gray-600">Every size on sale has stock to spare.</p>
            ) : (
              <ul className="mt-2 divide-y divide-gray-100 text-sm">
                {data.stock.items.map((item) => (
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
        ) : null}
        {data.chat ? (
          <section aria-labelledby="chat-title" className="rounded-lg border border-gray-200 bg-white p-4">
            <h2 id="chat-title" className="text-lg font-semibold text-gray-900">
              The chat
            </h2>
            <p className="mt-2 text-sm text-gray-800" data-chat-queue={data.chat.queued}>
              {data.chat.queued === 0
                ? 'Nobody is waiting for an agent.'
                : `${data.chat.queued} ${data.chat.queued === 1 ? 'visitor waits' : 'visitors wait'} for an agent.`}{' '}
              {data.chat.agents_online} {data.chat.agents_online === 1 ? 'agent is' : 'agents are'} online.
            </p>
            <a
              href="/agent"
              className="mt-3 inline-flex min-h-11 items-center text-sm text-gray-900 underline underline-offset-4"
            >
              Open the agents' console
            </a>
          </section>
        ) : null}
      </div>
    </>
  );
}

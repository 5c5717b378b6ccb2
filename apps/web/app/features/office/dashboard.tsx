import { CODE_OK } from '@shop/contracts';
import { OrderStatus } from '@shop/contracts/orders-rules';
import { roleMay } from '@shop/contracts/permissions';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { staffApi } from '../chat-console';
import { OFFICE_PATH } from './areas';
import { useOfficeStaff } from './staff-info';

type Figure = { label: string; status: number; hint: string };

/** The work waiting in the order queues, each a link to its filtered list. */
const QUEUES: Figure[] = [
  { label: 'Orders to ship', status: OrderStatus.PendingShipment, hint: 'paid, waiting for a carrier' },
  { label: 'Awaiting payment', status: OrderStatus.PendingPayment, hint: 'cancelled on their own when the time runs out' },
  { label: 'On their way', status: OrderStatus.Shipped, hint: 'shipped, not yet received' },
];

/** /office: what needs doing now, for the signed-in role. */
export function Dashboard() {
  const staff = useOfficeStaff();
  const [counts, setCounts] = useState<Record<number, number | null> | null>(null);
  const mayViewOrders = roleMay(staff.role, 'orders.view');

  useEffect(() => {
    if (!mayViewOrders) return;
    let live = true;
    Promise.all(
      QUEUES.map(async (queue) => {
        const response = await staffApi
          .get<{ total: number }>('/admin/order/list', { query: { status: queue.status, pagesize: 1 }, silent: true })
          .catch(() => null);
        return [queue.status, response?.code === CODE_OK && response.result ? response.result.total : null] as const;
      }),
    ).then((entries) => {
      if (live) setCounts(Object.fromEntries(entries));
    });
    return () => {
      live = false;
    };
  }, [mayViewOrders]);

  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-2xl font-semibold text-gray-900">
        Good to see you, {staff.nickname || staff.username}
      </h1>
      {mayViewOrders ? (
        <ul className="mt-6 grid gap-4 sm:grid-cols-3" aria-busy={counts === null}>
          {QUEUES.map((queue) => {
            const count = counts?.[queue.status];
            return (
              <li key={queue.status}>
                <Link
                  to={`${OFFICE_PATH}/orders?status=${queue.status}`}
                  className="block rounded-lg border border-gray-200 bg-white p-5 hover:border-gray-900 focus-visible:outline-2 focus-visible:outline-gray-900"
                  data-queue={queue.status}
                >
                  <span className="block text-sm text-gray-700">{queue.label}</span>
                  <span className="mt-1 block h-9 text-3xl font-semibold text-gray-900">
                    {counts === null ? (
                      <span className="inline-block h-8 w-12 animate-pulse rounded bg-gray-200" aria-hidden />
                    ) : count === null || count === undefined ? (
                      '—'
                    ) : (
                      count
                    )}
                  </span>
                  <span className="mt-1 block text-xs text-gray-600">{queue.hint}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-4 text-gray-700">Your role has no order queues to show.</p>
      )}
    </section>
  );
}

import { CODE_OK } from '@shop/contracts';
import { OfficeOrderPaths } from '@shop/contracts/office-order-rules';
import type { TAdminOrderListItem } from '@shop/contracts/orders';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { staffApi } from '../chat-console';
import { CarrierOptions, useCarriers } from './carriers';

type ShipResult = { state: 'waiting' } | { state: 'shipped' } | { state: 'refused'; message: string };

/** Why the batch cannot go yet (no carrier, an order without its number), or null. */
function missingInput(orders: TAdminOrderListItem[], carrier: string, numbers: Record<number, string>): string | null {
  if (!carrier) return 'Please choose the carrier';
  const missing = orders.find((order) => !(numbers[order.id] ?? '').trim());
  return missing ? `Please enter the tracking number of order ${missing.order_no}` : null;
}

/**
 * Ships the chosen orders: one carrier for the batch and a tracking number each. The orders go one
 * after another, with the progress and each order's answer shown; a refused one (shipped meanwhile,
 * a bad tracking number) does not stop the rest.
 */
export function ShipPanel({ orders, onDone }: { orders: TAdminOrderListItem[]; onDone: () => void }) {
  const companies = useCarriers() ?? [];
  const [carrier, setCarrier] = useState('');
  const [numbers, setNumbers] = useState<Record<number, string>>({});
  const [results, setResults] = useState<Record<number, ShipResult>>({});
  const [running, setRunning] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const done = Object.values(results).filter((result) => result.state !== 'waiting').length;
  const finished = !running && done > 0 && done === orders.length;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = missingInput(orders, carrier, numbers);
    setFormError(missing);
    if (missing) return;
    setRunning(true);
    setResults(Object.fromEntries(orders.map((order) => [order.id, { state: 'waiting' } as ShipResult])));
    for (const order of orders) {
      const body = { id: order.id, company_code: carrier, tracking_no: (numbers[order.id] ?? '').trim() };
      const response = await staffApi
        .post(OfficeOrderPaths.ship, body, { silent: true })
        .catch((error: unknown) => ({ code: 0, msg: error instanceof Error ? error.message : 'Not shipped' }));
      setResults((current) => ({
        ...current,
        [order.id]: response.code === CODE_OK ? { state: 'shipped' } : { state: 'refused', message: response.msg },
      }));
    }
    setRunning(false);
  };

  return (
    <form onSubmit={onSubmit} className="mt-4 rounded-lg border border-gray-900 bg-white p-4" aria-labelledby="ship-title">
      <h2 id="ship-title" className="text-lg font-semibold text-gray-900">
        Ship {orders.length} {orders.length === 1 ? 'order' : 'orders'}
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <SelectField label="Carrier" value={carrier} onChange={(event) => setCarrier(event.target.value)} disabled={running}>
          <CarrierOptions companies={companies} />
        </SelectField>
      </div>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {orders.map((order) => {
          const result = results[order.id];
          return (
            <li key={order.id}>
              <Field
                label={`Tracking number of ${order.order_no}`}
                value={numbers[order.id] ?? ''}
                onChange={(event) => setNumbers((current) => ({ ...current, [order.id]: event.target.value }))}
                disabled={running || result?.state === 'shipped'}
                autoComplete="off"
                error={result?.state === 'refused' ? result.message : undefined}
                hint={result?.state === 'shipped' ? 'Shipped' : undefined}
              />
            </li>
          );
        })}
      </ul>
      {formError ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {formError}
        </p>
      ) : null}
      {running || done > 0 ? <ShipProgress running={running} done={done} total={orders.length} /> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {finished ? (
          <Button onClick={onDone}>Done</Button>
        ) : (
          <Button type="submit" busy={running}>
            Ship {orders.length === 1 ? 'order' : `${orders.length} orders`}
          </Button>
        )}
      </div>
    </form>
  );
}

/** How far the batch has gone, announced politely as each order is answered. */
function ShipProgress({ running, done, total }: { running: boolean; done: number; total: number }) {
  return (
    <div className="mt-3" role="status" aria-live="polite">
      <progress className="h-2 w-full" max={total} value={done} aria-label="Shipping progress" />
      <p className="mt-1 text-sm text-gray-700">
        {running ? `Shipping ${Math.min(done + 1, total)} of ${total}…` : `${done} of ${total} handled`}
      </p>
    </div>
  );
}

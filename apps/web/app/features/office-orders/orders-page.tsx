import { CODE_OK } from '@shop/contracts';
import { OfficeOrderPages, OfficeOrderPaths } from '@shop/contracts/office-order-rules';
import type { TAdminOrderListItem, TDeliveryCompany } from '@shop/contracts/orders';
import { ORDER_STATUS_TABS } from '@shop/contracts/orders-rules';
import { roleMay } from '@shop/contracts/permissions';
import { formatPrice } from '@shop/contracts/pricing';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { dateAndTime } from '../../components/office/date-time';
import { TableBody } from '../../components/office/table-body';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { downloadStaffFile, NotAllowed, useOfficeStaff } from '../office';

const PAGE_SIZE = 20;

/** The list's filters, read from and written to the address, so a filtered list can be shared and reloaded. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const filters = {
    status: Number(params.get('status') ?? 0) || 0,
    order_no: params.get('order_no') ?? '',
    email: params.get('email') ?? '',
    placed_from: params.get('placed_from') ?? '',
    placed_to: params.get('placed_to') ?? '',
    amount_min: params.get('amount_min') ?? '',
    amount_max: params.get('amount_max') ?? '',
    page: Math.max(1, Number(params.get('page') ?? 1) || 1),
  };
  const hrefFor = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    return `?${next.toString()}`;
  };
  return { filters, setParams, hrefFor };
}

const FILTER_NAMES = ['status', 'order_no', 'email', 'placed_from', 'placed_to', 'amount_min', 'amount_max'] as const;

/** The ranges the server refuses, caught before asking: each beside its field. */
function rangeErrors(next: URLSearchParams): Record<string, string> {
  const errors: Record<string, string> = {};
  const from = next.get('placed_from');
  const to = next.get('placed_to');
  if (from && to && from > to) errors.placed_to = 'The last day must not be before the first';
  const min = next.get('amount_min');
  const max = next.get('amount_max');
  for (const [name, value] of [
    ['amount_min', min],
    ['amount_max', max],
  ] as const) {
    if (value !== null && !(Number(value) >= 0)) errors[name] = 'Enter an amount of 0 or more';
  }
  if (min && max && !errors.amount_min && !errors.amount_max && Number(min) > Number(max))
    errors.amount_max = 'The highest total must not be below the lowest';
  return errors;
}

/** /office/orders: every shopper's orders, filtered, paged, and shipped one by one or many at once. */
export function OrdersPage() {
  const staff = useOfficeStaff();
  const { filters, setParams, hrefFor } = useFilters();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const mayShip = roleMay(staff.role, 'orders.ship');
  const mayView = roleMay(staff.role, 'orders.view');
  const filter = {
    status: filters.status,
    order_no: filters.order_no || undefined,
    email: filters.email || undefined,
    placed_from: filters.placed_from || undefined,
    placed_to: filters.placed_to || undefined,
    amount_min: filters.amount_min || undefined,
    amount_max: filters.amount_max || undefined,
  };
  const query = { ...filter, page: filters.page, pagesize: PAGE_SIZE };
  const { load, reload, retry } = useLoad(mayView ? JSON.stringify(query) : null, () =>
    staffApi.get<{ data: TAdminOrderListItem[]; total: number }>(OfficeOrderPaths.list, { query, silent: true }),
  );
  const [formErrors, setFormErrors] = useState<Record<string, string>>({});
  const [exporting, setExporting] = useState(false);
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const list = load.status === 'ready' ? load.value : null;

  const rows = list?.data ?? [];
  const shippable = useMemo(() => rows.filter((order) => order.can_ship === 1), [rows]);
  const chosen = rows.filter((order) => selected.has(order.id));

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChosen = shippable.length > 0 && shippable.every((order) => selected.has(order.id));
  const toggleAll = () => setSelected(allChosen ? new Set() : new Set(shippable.map((order) => order.id)));

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTER_NAMES) {
      const value = String(form.get(name) ?? '').trim();
      if (value && value !== '0') next.set(name, value);
    }
    const errors = rangeErrors(next);
    setFormErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setSelected(new Set());
    setParams(next);
  };

  const onExport = async () => {
    setExporting(true);
    setExportProblem(null);
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(filter)) if (value !== undefined && value !== 0) search.set(name, String(value));
    await downloadStaffFile(`${OfficeOrderPaths.export}?${search.toString()}`, 'orders.csv').catch((error: unknown) =>
      setExportProblem(error instanceof Error ? error.message : 'The export could not be made'),
    );
    setExporting(false);
  };

  const afterShipping = useCallback(() => {
    setSelected(new Set());
    reload();
  }, [reload]);

  if (!mayView) return <NotAllowed what="viewing orders" />;

  const pages = list ? Math.ceil(list.total / PAGE_SIZE) : 0;
  return (
    <section aria-labelledby="orders-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="orders-title" className="text-2xl font-semibold text-gray-900">
          Orders
        </h1>
        <Button variant="secondary" busy={exporting} onClick={() => void onExport()}>
          Export CSV
        </Button>
      </div>
      {exportProblem ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {exportProblem}
        </p>
      ) : null}

      <form
        onSubmit={onFilter}
        noValidate
        className="mt-4 grid gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
        aria-label="Filter the orders"
      >
        <SelectField label="Status" name="status" defaultValue={String(filters.status)} key={`s${filters.status}`}>
          {ORDER_STATUS_TABS.map((tab) => (
            <option key={tab.status} value={tab.status}>
              {tab.label}
            </option>
          ))}
        </SelectField>
        <Field label="Order number" name="order_no" defaultValue={filters.order_no} key={`o${filters.order_no}`} />
        <Field label="Shopper e-mail" name="email" type="search" defaultValue={filters.email} key={`e${filters.email}`} />
        <Field
          label="Placed from"
          name="placed_from"
          type="date"
          defaultValue={filters.placed_from}
          key={`f${filters.placed_from}`}
        />
        <Field
          label="Placed to"
          name="placed_to"
          type="date"
          defaultValue={filters.placed_to}
          key={`t${filters.placed_to}`}
          error={formErrors.placed_to}
        />
        <Field
          label="Total from (USD)"
          name="amount_min"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          defaultValue={filters.amount_min}
          key={`n${filters.amount_min}`}
          error={formErrors.amount_min}
        />
        <Field
          label="Total to (USD)"
          name="amount_max"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          defaultValue={filters.amount_max}
          key={`x${filters.amount_max}`}
          error={formErrors.amount_max}
        />
        <div className="flex items-end">
          <Button type="submit" className="w-full">
            Filter
          </Button>
        </div>
      </form>

      {mayShip && chosen.length > 0 ? <ShipPanel orders={chosen} onDone={afterShipping} /> : null}

      <div className="mt-4 overflow-x-auto rounded-lg border border-gray-200 bg-white">
        <table className="w-full min-w-[720px] text-left text-sm">
          <caption className="sr-only">Orders{list ? `, ${list.total} in all, page ${filters.page}` : ''}</caption>
          <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
            <tr>
              {mayShip ? (
                <th scope="col" className="w-10 px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label="Choose every order to ship on this page"
                    checked={allChosen}
                    disabled={shippable.length === 0}
                    onChange={toggleAll}
                    className="size-5"
                  />
                </th>
              ) : null}
              <th scope="col" className="px-3 py-2">
                Order
              </th>
              <th scope="col" className="px-3 py-2">
                Placed
              </th>
              <th scope="col" className="px-3 py-2">
                Shopper
              </th>
              <th scope="col" className="px-3 py-2">
                Items
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Total
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                Tracking
              </th>
            </tr>
          </thead>
          <TableBody
            status={load.status}
            count={rows.length}
            columns={8}
            loading="Loading orders…"
            failed="The orders could not be loaded."
            empty={'No orders match these filters.'}
            retry={retry}
          >
            {rows.map((order) => (
              <tr key={order.id} className="border-b border-gray-100 last:border-0" data-order={order.order_no}>
                {mayShip ? (
                  <td className="px-3 py-2">
                    {order.can_ship === 1 ? (
                      <input
                        type="checkbox"
                        aria-label={`Choose order ${order.order_no} to ship`}
                        checked={selected.has(order.id)}
                        onChange={() => toggle(order.id)}
                        className="size-5"
                      />
                    ) : null}
                  </td>
                ) : null}
                <td className="px-3 py-2 font-medium text-gray-900">
                  <Link
                    to={OfficeOrderPages.detail(order.id)}
                    className="underline underline-offset-4 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-gray-900"
                  >
                    {order.order_no}
                  </Link>
                </td>
                <td className="px-3 py-2 text-gray-700">
                  <PlacedAt ms={order.create_time} />
                </td>
                <td className="px-3 py-2 text-gray-700">
                  <BreakableEmail email={order.email} />
                </td>
                <td className="px-3 py-2 text-gray-700">
                  {order.detail.map((line) => `${line.goods_name} × ${line.num}`).join(', ')}
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap text-gray-900">{formatPrice(order.pay_price)}</td>
                <td className="px-3 py-2">{order.status_text}</td>
                <td className="px-3 py-2 text-gray-700 [overflow-wrap:anywhere]">
                  {order.tracking_no ? `${order.delivery_company ?? ''} ${order.tracking_no}`.trim() : '—'}
                </td>
              </tr>
            ))}
          </TableBody>
        </table>
      </div>
      <Pagination page={filters.page} pages={pages} hrefFor={hrefFor} />
    </section>
  );
}

/** An address that may wrap before its '@' (and nowhere inside a word), so a long one keeps the table narrow. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** When an order was placed: the day, and the time under it, so the table fits a laptop's width. */
function PlacedAt({ ms }: { ms: number }) {
  const { date, time } = dateAndTime(ms);
  return (
    <time dateTime={new Date(ms).toISOString()}>
      <span className="block whitespace-nowrap">{date}</span>
      <span className="block whitespace-nowrap text-gray-500">{time}</span>
    </time>
  );
}

/** The carriers orders ship with (GET /shop/delivery/company); empty until they arrive. */
export function useCarriers(): TDeliveryCompany[] {
  const [companies, setCompanies] = useState<TDeliveryCompany[]>([]);
  useEffect(() => {
    staffApi
      .get<{ data: TDeliveryCompany[] }>('/shop/delivery/company', { silent: true })
      .then((response) => setCompanies(response.result?.data ?? []))
      .catch(() => setCompanies([]));
  }, []);
  return companies;
}

type ShipResult = { state: 'waiting' } | { state: 'shipped' } | { state: 'refused'; message: string };

/**
 * Ships the chosen orders: one carrier for the batch and a tracking number each. The orders go one
 * after another, with the progress and each order's answer shown; a refused one (shipped meanwhile,
 * a bad tracking number) does not stop the rest.
 */
function ShipPanel({ orders, onDone }: { orders: TAdminOrderListItem[]; onDone: () => void }) {
  const companies = useCarriers();
  const [carrier, setCarrier] = useState('');
  const [numbers, setNumbers] = useState<Record<number, string>>({});
  const [results, setResults] = useState<Record<number, ShipResult>>({});
  const [running, setRunning] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const done = Object.values(results).filter((result) => result.state !== 'waiting').length;
  const finished = !running && done > 0 && done === orders.length;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!carrier) return setFormError('Please choose the carrier');
    const missing = orders.find((order) => !(numbers[order.id] ?? '').trim());
    if (missing) return setFormError(`Please enter the tracking number of order ${missing.order_no}`);
    setFormError(null);
    setRunning(true);
    setResults(Object.fromEntries(orders.map((order) => [order.id, { state: 'waiting' } as ShipResult])));
    for (const order of orders) {
      const response = await staffApi
        .post(
          OfficeOrderPaths.ship,
          { id: order.id, company_code: carrier, tracking_no: (numbers[order.id] ?? '').trim() },
          { silent: true },
        )
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
          <option value="">Choose…</option>
          {companies.map((company) => (
            <option key={company.code} value={company.code}>
              {company.name}
            </option>
          ))}
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
      {running || done > 0 ? (
        <div className="mt-3" role="status" aria-live="polite">
          <progress className="h-2 w-full" max={orders.length} value={done} aria-label="Shipping progress" />
          <p className="mt-1 text-sm text-gray-700">
            {running
              ? `Shipping ${Math.min(done + 1, orders.length)} of ${orders.length}…`
              : `${done} of ${orders.length} handled`}
          </p>
        </div>
      ) : null}
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

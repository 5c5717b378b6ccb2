import { OfficeOrderPaths } from '@shop/contracts/office-order-rules';
import type { TAdminOrderListItem } from '@shop/contracts/orders';
import { roleMay } from '@shop/contracts/permissions';
import { type FormEvent, useCallback, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Pagination } from '../../components/ui/pagination';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { downloadStaffFile, NotAllowed, useOfficeStaff } from '../office';
import { OrderFilterForm } from './order-filter-form';
import { exportSearch, filterQuery, filterSearch, rangeErrors, useOrderFilters } from './order-filters';
import { OrdersTable, useShipSelection } from './orders-table';
import { ShipPanel } from './ship-panel';

const PAGE_SIZE = 20;

/** The CSV of the filtered orders, with its progress and its failure in one line. */
function useOrdersExport(filter: ReturnType<typeof filterQuery>) {
  const [exporting, setExporting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async () => {
    setExporting(true);
    setProblem(null);
    await downloadStaffFile(`${OfficeOrderPaths.export}?${exportSearch(filter).toString()}`, 'orders.csv').catch(
      (error: unknown) => setProblem(error instanceof Error ? error.message : 'The export could not be made'),
    );
    setExporting(false);
  };
  return { exporting, problem, run };
}

/** /office/orders: every shopper's orders, filtered, paged, and shipped one by one or many at once. */
export function OrdersPage() {
  const staff = useOfficeStaff();
  const { filters, setParams, hrefFor } = useOrderFilters();
  const mayShip = roleMay(staff.role, 'orders.ship');
  const mayView = roleMay(staff.role, 'orders.view');
  const filter = filterQuery(filters);
  const query = { ...filter, page: filters.page, pagesize: PAGE_SIZE };
  const { load, reload, retry } = useLoad(mayView ? JSON.stringify(query) : null, () =>
    staffApi.get<{ data: TAdminOrderListItem[]; total: number }>(OfficeOrderPaths.list, { query, silent: true }),
  );
  const [formErrors, setFormErrors] = useState<Record<string, string>>({});
  const csv = useOrdersExport(filter);
  const list = load.status === 'ready' ? load.value : null;
  const rows = list?.data ?? [];
  const selection = useShipSelection(rows);
  const { clear } = selection;

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = filterSearch(new FormData(event.currentTarget));
    const errors = rangeErrors(next);
    setFormErrors(errors);
    if (Object.keys(errors).length > 0) return;
    clear();
    setParams(next);
  };

  const afterShipping = useCallback(() => {
    clear();
    reload();
  }, [clear, reload]);

  if (!mayView) return <NotAllowed what="viewing orders" />;

  const pages = list ? Math.ceil(list.total / PAGE_SIZE) : 0;
  return (
    <section aria-labelledby="orders-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="orders-title" className="text-2xl font-semibold text-gray-900">
          Orders
        </h1>
        <Button variant="secondary" busy={csv.exporting} onClick={() => void csv.run()}>
          Export CSV
        </Button>
      </div>
      {csv.problem ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {csv.problem}
        </p>
      ) : null}
      <OrderFilterForm filters={filters} errors={formErrors} onSubmit={onFilter} />
      {mayShip && selection.chosen.length > 0 ? <ShipPanel orders={selection.chosen} onDone={afterShipping} /> : null}
      <OrdersTable
        rows={rows}
        caption={`Orders${list ? `, ${list.total} in all, page ${filters.page}` : ''}`}
        selection={mayShip ? selection : null}
        state={{
          status: load.status,
          loading: 'Loading orders…',
          failed: 'The orders could not be loaded.',
          empty: 'No orders match these filters.',
          retry,
        }}
      />
      <Pagination page={filters.page} pages={pages} hrefFor={hrefFor} />
    </section>
  );
}

import { variantText } from '@shop/contracts/cart-rules';
import { OfficeOrderPages } from '@shop/contracts/office-order-rules';
import type { TAdminOrderDetail } from '@shop/contracts/office-orders';
import { roleMay } from '@shop/contracts/permissions';
import { Link } from 'react-router';
import { type Columns, DataTable } from '../../components/office/data-table';
import { Button } from '../../components/ui/button';
import { NotAllowed, useOfficeStaff } from '../office';
import { addressLines, OrderLoadState, useOfficeOrder, useOrderId } from './order-page';

const day = (ms: number) => new Date(ms).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

const columns: Columns<TAdminOrderDetail['lines'][number]> = [
  {
    key: 'packed',
    header: <span className="sr-only">Packed</span>,
    width: 'w-10',
    headerClassName: 'py-2 pr-2 font-medium',
    className: 'py-3 pr-2 align-top',
    cell: () => <span aria-hidden className="inline-block size-4 border border-gray-950" />,
  },
  {
    header: 'Item',
    headerClassName: 'py-2 pr-2 font-medium',
    className: 'py-3 pr-2 align-top font-medium',
    cell: (line) => line.goods_name,
  },
  {
    header: 'Options',
    headerClassName: 'py-2 pr-2 font-medium',
    className: 'py-3 pr-2 align-top',
    cell: (line) => variantText(line.sku_text) || '—',
  },
  {
    header: 'Quantity',
    align: 'right',
    headerClassName: 'py-2 font-medium',
    className: 'py-3 align-top text-base font-semibold',
    cell: (line) => line.num,
  },
];

/**
 * /office/orders/:id/packing-slip: what goes in the parcel — the order number, the address and the
 * lines with their quantities, no prices and no barcode — laid out for paper. Printed, the back
 * office's frame and the buttons drop away (`print:` styles, @media print).
 */
export function PackingSlipPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'orders.view');
  const id = useOrderId();
  const { load, retry } = useOfficeOrder(id, allowed);

  if (!allowed) return <NotAllowed what="viewing orders" />;
  if (id === null) return <OrderLoadState status="missing" retry={retry} />;
  if (load.status !== 'ready') return <OrderLoadState status={load.status} retry={retry} />;
  const order = load.value;
  const pieces = order.lines.reduce((sum, line) => sum + line.num, 0);

  return (
    <article
      aria-labelledby="slip-title"
      className="mx-auto max-w-3xl rounded-lg border border-gray-200 bg-white p-6 text-gray-950 print:max-w-none print:rounded-none print:border-0 print:p-0"
    >
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          to={OfficeOrderPages.detail(order.id)}
          className="text-sm text-gray-800 underline underline-offset-4 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-gray-900"
        >
          Back to order {order.order_no}
        </Link>
        <Button onClick={() => window.print()}>Print</Button>
      </div>

      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-gray-950 pb-4">
        <div>
          <p className="text-sm tracking-wide text-gray-700 uppercase">Packing slip</p>
          <h1 id="slip-title" className="text-2xl font-bold break-all">
            Order {order.order_no}
          </h1>
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-4 text-sm">
          <dt className="text-gray-700">Placed</dt>
          <dd>{day(order.create_time)}</dd>
          <dt className="text-gray-700">Pieces</dt>
          <dd>{pieces}</dd>
          {order.delivery_company ? (
            <>
              <dt className="text-gray-700">Carrier</dt>
              <dd>{order.delivery_company.name}</dd>
            </>
          ) : null}
          {order.tracking_no ? (
            <>
              <dt className="text-gray-700">Tracking</dt>
              <dd className="break-all">{order.tracking_no}</dd>
            </>
          ) : null}
        </dl>
      </header>

      <section aria-labelledby="slip-ship-to" className="mt-6 print:break-inside-avoid">
        <h2 id="slip-ship-to" className="text-sm font-semibold tracking-wide text-gray-700 uppercase">
          Ship to
        </h2>
        <address className="mt-1 text-lg not-italic leading-snug">
          {addressLines(order.address).map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </section>

      <section aria-labelledby="slip-items" className="mt-6">
        <h2 id="slip-items" className="text-sm font-semibold tracking-wide text-gray-700 uppercase">
          Items
        </h2>
        <DataTable
          bare
          className="mt-2 border-collapse"
          caption="Items to pack"
          headClassName="border-b border-gray-950"
          cellPadding=""
          columns={columns}
          rows={order.lines}
          rowKey={(line) => line.id}
          rowProps={() => ({ className: 'border-b border-gray-300 print:break-inside-avoid' })}
        />
      </section>

      {order.remark ? (
        <section aria-labelledby="slip-note" className="mt-6 print:break-inside-avoid">
          <h2 id="slip-note" className="text-sm font-semibold tracking-wide text-gray-700 uppercase">
            Note from the shopper
          </h2>
          <p className="mt-1 text-sm">{order.remark}</p>
        </section>
      ) : null}

      <p className="mt-8 text-sm text-gray-700">Thank you for your order. To return an item, open the order in your account.</p>
    </article>
  );
}

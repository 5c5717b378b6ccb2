import { OfficeOrderPages } from '@shop/contracts/office-order-rules';
import type { TAdminOrderListItem } from '@shop/contracts/orders';
import { formatPrice } from '@shop/contracts/pricing';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type Columns, DataTable, type TableState } from '../../components/office/data-table';
import { dateAndTime } from '../../components/office/date-time';

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

/** The orders of the page chosen for shipping; only those that can ship may be chosen. */
export function useShipSelection(rows: TAdminOrderListItem[]) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const shippable = useMemo(() => rows.filter((order) => order.can_ship === 1), [rows]);
  const clear = useCallback(() => setSelected(new Set()), []);
  const allChosen = shippable.length > 0 && shippable.every((order) => selected.has(order.id));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return {
    selected,
    shippable,
    allChosen,
    chosen: rows.filter((order) => selected.has(order.id)),
    toggle,
    toggleAll: () => setSelected(allChosen ? new Set() : new Set(shippable.map((order) => order.id))),
    clear,
  };
}

type Selection = ReturnType<typeof useShipSelection>;

/** The column of checkboxes that chooses orders to ship, for a role that may ship. */
const chooseColumn = (selection: Selection): Columns<TAdminOrderListItem>[number] => ({
  key: 'choose',
  width: 'w-10',
  header: (
    <input
      type="checkbox"
      aria-label="Choose every order to ship on this page"
      checked={selection.allChosen}
      disabled={selection.shippable.length === 0}
      onChange={selection.toggleAll}
      className="size-5"
    />
  ),
  cell: (order) =>
    order.can_ship === 1 ? (
      <input
        type="checkbox"
        aria-label={`Choose order ${order.order_no} to ship`}
        checked={selection.selected.has(order.id)}
        onChange={() => selection.toggle(order.id)}
        className="size-5"
      />
    ) : null,
});

const columns: Columns<TAdminOrderListItem> = [
  {
    header: 'Order',
    primary: true,
    className: 'font-medium text-gray-900',
    cell: (order) => (
      <Link
        to={OfficeOrderPages.detail(order.id)}
        className="underline underline-offset-4 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-gray-900"
      >
        {order.order_no}
      </Link>
    ),
  },
  { header: 'Placed', className: 'text-gray-700', cell: (order) => <PlacedAt ms={order.create_time} />, card: true },
  { header: 'Shopper', className: 'text-gray-700', cell: (order) => <BreakableEmail email={order.email} />, card: true },
  {
    header: 'Items',
    className: 'text-gray-700',
    cell: (order) => order.detail.map((line) => `${line.goods_name} × ${line.num}`).join(', '),
  },
  {
    header: 'Total',
    align: 'right',
    className: 'whitespace-nowrap text-gray-900',
    cell: (order) => formatPrice(order.pay_price),
    card: true,
  },
  { header: 'Status', cell: (order) => order.status_text, card: true },
  {
    header: 'Tracking',
    className: 'text-gray-700 [overflow-wrap:anywhere]',
    cell: (order) => (order.tracking_no ? `${order.delivery_company ?? ''} ${order.tracking_no}`.trim() : '—'),
  },
];

/** The page of orders, each linking to its page; with a column of checkboxes when the role may ship. */
export function OrdersTable({
  rows,
  caption,
  state,
  selection,
}: {
  rows: TAdminOrderListItem[];
  caption: string;
  state: TableState;
  /** the shipping choice, for a role that may ship */
  selection: Selection | null;
}) {
  return (
    <DataTable
      className="mt-4 rounded-lg border border-gray-200 bg-white"
      minWidth="min-w-[720px]"
      caption={caption}
      headerCellClassName=""
      columns={[selection && chooseColumn(selection), ...columns]}
      rows={rows}
      rowKey={(order) => order.id}
      rowProps={(order) => ({ 'data-order': order.order_no })}
      state={state}
    />
  );
}

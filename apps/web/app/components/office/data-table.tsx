import { Fragment, type Key, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import type { Load } from '../../lib/use-load';
import { Button } from '../ui/button';
import { ScrollBox } from './scroll-box';

/**
 * One column of a `DataTable`: its header and how a row fills its cell.
 *
 * ```tsx
 * const columns: Column<Order>[] = [
 *   { header: 'Order', cell: (order) => <Link to={…}>{order.order_no}</Link>, primary: true },
 *   { header: 'Total', cell: (order) => formatPrice(order.pay_price), align: 'right', card: true },
 * ];
 * ```
 */
export type Column<Row> = {
  /** the column's React key; the header's text when not given */
  key?: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** 'right' for amounts and counts, in the header and the cells */
  align?: 'left' | 'right';
  /** the header cell's width class ('w-10'), for a narrow column of checkboxes */
  width?: string;
  /** the body cell's classes beyond its padding ('text-gray-700 whitespace-nowrap') */
  className?: string;
  /** the header cell's classes beyond its padding, when they differ from the table's */
  headerClassName?: string;
  /** the cell that names its row: a row header (`<th scope="row">`, of normal weight unless `className` sets one) for screen readers, and a card's title */
  primary?: boolean;
  /** shown on a row's card at a phone's width (with its header as the label); see `DataTable`'s `cards` */
  card?: boolean;
};

/** A column list may hold `false` for a column the role does not see (`mayShip && {…}`). */
export type Columns<Row> = Array<Column<Row> | false | null | undefined>;

/** The table's request, when its rows load: each state shows its own words in the table's body. */
export type TableState = {
  status: Load<unknown>['status'];
  loading: string;
  failed: string;
  empty: ReactNode;
  retry: () => void;
};

/** What a row carries beyond its cells: its classes, and `data-*` names for tests and styles. */
export type RowProps = { className?: string } & { [data: `data-${string}`]: string | number | undefined };

/** The columns shown: those the caller did not leave out. */
export const shownColumns = <Row,>(columns: Columns<Row>): Column<Row>[] =>
  columns.filter((column): column is Column<Row> => Boolean(column));

const columnKey = <Row,>(column: Column<Row>, index: number): Key =>
  column.key ?? (typeof column.header === 'string' ? column.header : index);

/** The classes of a column's cell: the table's padding, then its alignment, width and own classes. */
export function cellClass<Row>(padding: string, column: Column<Row>, own: string | undefined): string {
  return cx(padding, column.align === 'right' && 'text-right', own) || '';
}

/** A message across the whole body (loading, failed, empty), centred under the headers. */
function StateRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-8 text-center text-gray-600">
        {children}
      </td>
    </tr>
  );
}

/** The words of a state that is not 'ready' with rows: loading, failed with a retry, or empty; null when there are rows. */
function StateMessage({ state, count }: { state: TableState; count: number }): ReactNode {
  if (state.status === 'loading') return <>{state.loading}</>;
  if (state.status !== 'ready')
    return (
      <>
        <span role="alert" className="block text-red-800">
          {state.failed}
        </span>
        <Button variant="secondary" onClick={state.retry} className="mt-3">
          Try again
        </Button>
      </>
    );
  return count === 0 ? state.empty : null;
}

/**
 * A back-office table's body in each state of its request: loading, failed with a retry, empty with
 * its own words, or the rows. `DataTable` uses it; a table whose rows are not a plain list of
 * columns (groups, rows that open) can use it alone inside its own `<table>`.
 */
export function TableBody({
  columns,
  count,
  children,
  ...state
}: TableState & { columns: number; count: number; children: ReactNode }) {
  const message = <StateMessage state={state} count={count} />;
  const waiting = state.status !== 'ready' || count === 0;
  return (
    <tbody aria-busy={state.status === 'loading'}>{waiting ? <StateRow columns={columns}>{message}</StateRow> : children}</tbody>
  );
}

type DataTableProps<Row> = {
  columns: Columns<Row>;
  rows: Row[];
  rowKey: (row: Row) => Key;
  /** what the table holds, for screen readers (hidden unless `captionClassName` shows it) */
  caption: ReactNode;
  captionClassName?: string;
  /** names the box that scrolls sideways on a narrow screen (a keyboard stop); without it the box is a plain one */
  label?: string;
  /** the box's classes (border, margin) */
  className?: string;
  /** the table's least width before the box scrolls ('min-w-[720px]') */
  minWidth?: string;
  /** the header row's classes */
  headClassName?: string;
  /** the padding of every cell */
  cellPadding?: string;
  /** the classes every header cell adds to its padding */
  headerCellClassName?: string;
  /** a row's classes and `data-*` names; each row is `border-b border-gray-100 last:border-0` unless it names its own classes */
  rowProps?: (row: Row) => RowProps;
  /** the request the rows come from: its loading, failed and empty states show in the body */
  state?: TableState;
  /** at a phone's width, show the rows as cards (the `primary` column and those flagged `card`) instead of the table */
  cards?: boolean;
  /** `data-*` names on the table itself */
  tableData?: RowProps;
  /** no box: the table stands alone and takes `className` itself (a printed page, which must not scroll) */
  bare?: boolean;
};

const ROW = 'border-b border-gray-100 last:border-0';
/** A column's classes that set the weight of its text: a row header keeps them instead of `font-normal`. */
const WEIGHT = /\bfont-(?:normal|medium|semibold|bold)\b/;

/**
 * A column-driven back-office table: headers with `scope="col"`, a row header for the `primary`
 * column, a hidden caption, the request's states in its body, and a box that scrolls sideways on a
 * narrow screen. With `cards`, a phone (below `sm`) sees each row as a card instead, by CSS alone,
 * so the server's render and the browser's agree.
 *
 * ```tsx
 * <DataTable
 *   label="Return requests" caption="Return requests" minWidth="min-w-[760px]"
 *   className="rounded-lg border border-gray-200 bg-white"
 *   columns={columns} rows={rows} rowKey={(item) => item.id}
 *   rowProps={(item) => ({ 'data-return': item.return_no })}
 *   state={{ status: load.status, loading: 'Loading returns…', failed: 'The returns could not be loaded.', empty: 'No returns here.', retry }}
 * />
 * ```
 */
export function DataTable<Row>({
  columns: given,
  rows,
  rowKey,
  caption,
  captionClassName = 'sr-only',
  label,
  className,
  minWidth,
  headClassName = 'border-b border-gray-200 bg-gray-50 text-gray-700',
  cellPadding = 'px-3 py-2',
  headerCellClassName = 'font-medium',
  rowProps,
  state,
  cards = false,
  tableData,
  bare = false,
}: DataTableProps<Row>) {
  const columns = shownColumns(given);
  const body = rows.map((row) => {
    const { className: rowClass, ...data } = rowProps?.(row) ?? {};
    return (
      <tr key={rowKey(row)} className={rowClass ?? ROW} {...data}>
        {columns.map((column, index) => {
          const Cell = column.primary ? 'th' : 'td';
          return (
            <Cell
              key={columnKey(column, index)}
              scope={column.primary ? 'row' : undefined}
              className={cellClass(
                cellPadding,
                column,
                cx(column.primary && !WEIGHT.test(column.className ?? '') && 'font-normal', column.className),
              )}
            >
              {column.cell(row)}
            </Cell>
          );
        })}
      </tr>
    );
  });
  const table = (
    <table className={cx(bare && className, 'w-full', minWidth, 'text-left text-sm')} {...tableData}>
      <caption className={captionClassName}>{caption}</caption>
      <thead className={headClassName}>
        <tr>
          {columns.map((column, index) => (
            <th
              key={columnKey(column, index)}
              scope="col"
              className={cellClass(cx(column.width, cellPadding), column, column.headerClassName ?? headerCellClassName)}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      {state ? (
        <TableBody {...state} columns={columns.length} count={rows.length}>
          {body}
        </TableBody>
      ) : (
        <tbody>{body}</tbody>
      )}
    </table>
  );
  if (bare) return table;
  const boxClass = cx(cards && 'hidden sm:block', className);
  return (
    <>
      {label ? (
        <ScrollBox label={label} className={boxClass}>
          {table}
        </ScrollBox>
      ) : (
        <div className={cx('overflow-x-auto', boxClass)}>{table}</div>
      )}
      {cards ? <RowCards columns={columns} rows={rows} rowKey={rowKey} state={state} label={label} /> : null}
    </>
  );
}

/** The rows as cards for a phone: the primary cell as the title, then each `card` column under its header. */
function RowCards<Row>({
  columns,
  rows,
  rowKey,
  state,
  label,
}: {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => Key;
  state?: TableState;
  label?: string;
}) {
  const title = columns.find((column) => column.primary);
  const shown = columns.filter((column) => column.card && !column.primary);
  const waiting = state && (state.status !== 'ready' || rows.length === 0);
  if (waiting)
    return (
      <div className="rounded-lg border border-gray-200 bg-white px-3 py-8 text-center text-gray-600 sm:hidden">
        <StateMessage state={state} count={rows.length} />
      </div>
    );
  return (
    <ul aria-label={label} className="flex flex-col gap-3 sm:hidden">
      {rows.map((row) => (
        <li key={rowKey(row)} className="rounded-lg border border-gray-200 bg-white p-4 text-sm">
          {title ? <div className="font-medium text-gray-900">{title.cell(row)}</div> : null}
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {shown.map((column, index) => (
              <Fragment key={columnKey(column, index)}>
                <dt className="text-gray-600">{column.header}</dt>
                <dd className="min-w-0 text-gray-900">{column.cell(row)}</dd>
              </Fragment>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

import type { Key, ReactNode } from 'react';
import { type Columns, DataTable } from '../../components/office/data-table';
import { Button } from '../../components/ui/button';
import { cx } from '../../lib/cx';

/** The pieces every part of the customer profile is drawn with. */

/** One part of the profile: a titled box the profile's own menu links to by its `id`. */
export function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A term and its value in a part's list of facts. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-gray-700">{term}</dt>
      <dd className="text-gray-900 break-all">{children}</dd>
    </>
  );
}

/** A part's table in its own scrolling box, named by its caption. */
export function ProfileTable<Row>({
  caption,
  minWidth,
  className,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  minWidth: string;
  className?: string;
  columns: Columns<Row>;
  rows: Row[];
  rowKey: (row: Row) => Key;
}) {
  return (
    <DataTable
      label={caption}
      caption={caption}
      className={cx('rounded-md border border-gray-200', className)}
      minWidth={minWidth}
      columns={columns}
      rows={rows}
      rowKey={rowKey}
    />
  );
}

/** A part whose request failed: what could not be loaded, and a retry. */
export function Failed({ what, retry }: { what: string; retry: () => void }) {
  return (
    <div className="text-sm">
      <p role="alert" className="text-red-800">
        {what} could not be loaded.
      </p>
      <Button variant="secondary" onClick={retry} className="mt-2">
        Try again
      </Button>
    </div>
  );
}

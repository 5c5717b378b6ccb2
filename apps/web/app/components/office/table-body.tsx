import type { ReactNode } from 'react';
import type { Load } from '../../lib/use-load';
import { Button } from '../ui/button';

function StateRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-8 text-center text-gray-600">
        {children}
      </td>
    </tr>
  );
}

/**
 * A back-office table's body in each state of its request: loading, failed with a retry, empty with
 * its own words, or the rows.
 */
export function TableBody({
  status,
  count,
  columns,
  loading,
  failed,
  empty,
  retry,
  children,
}: {
  status: Load<unknown>['status'];
  count: number;
  columns: number;
  loading: string;
  failed: string;
  empty: ReactNode;
  retry: () => void;
  children: ReactNode;
}) {
  return (
    <tbody aria-busy={status === 'loading'}>
      {status === 'loading' ? (
        <StateRow columns={columns}>{loading}</StateRow>
      ) : status !== 'ready' ? (
        <StateRow columns={columns}>
          <span role="alert" className="block text-red-800">
            {failed}
          </span>
          <Button variant="secondary" onClick={retry} className="mt-3">
            Try again
          </Button>
        </StateRow>
      ) : count === 0 ? (
        <StateRow columns={columns}>{empty}</StateRow>
      ) : (
        children
      )}
    </tbody>
  );
}

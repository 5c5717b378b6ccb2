import type { TPointsLogEntry } from '@shop/contracts/points';
import { Link } from 'react-router';
import { cx } from '../../lib/cx';
import { orderDetailsPath } from '../orders';
import { formatDay, linkClass } from './parts';

/** The points history as a list: what happened, when, the signed points, and when earned points expire. */
export function PointsLogList({ entries, label }: { entries: TPointsLogEntry[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-gray-200 border-y border-gray-200">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 py-3">
          <div className="min-w-0">
            <p className="text-sm font-medium text-gray-900">{entry.label}</p>
            <p className="text-xs text-gray-600">
              <time dateTime={new Date(entry.created_at).toISOString()}>{formatDay(entry.created_at)}</time>
              {entry.order_id !== null ? (
                <>
                  {' · '}
                  <Link to={orderDetailsPath(entry.order_id)} className={linkClass}>
                    Order {entry.order_id}
                  </Link>
                </>
              ) : null}
              {entry.expires_at !== null ? ` · expires ${formatDay(entry.expires_at)}` : null}
            </p>
          </div>
          <p className={cx('text-base font-semibold tabular-nums', entry.points > 0 ? 'text-green-800' : 'text-gray-900')}>
            <span aria-hidden="true">{entry.points > 0 ? `+${entry.points}` : `−${Math.abs(entry.points)}`}</span>
            <span className="sr-only">{`${entry.points > 0 ? 'plus' : 'minus'} ${Math.abs(entry.points)} points`}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

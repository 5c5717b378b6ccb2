import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { Initial } from './session-list';

type PersonRowProps = {
  person: { nickname: string; avatar: string };
  /** the row's test hook, such as `{ 'data-tourist-id': 12 }` */
  marker: Record<`data-${string}`, number>;
  /** beside the details, such as a button */
  aside?: ReactNode;
  /** under the whole row, such as a line of buttons */
  footer?: ReactNode;
  /** the lines under the name */
  children: ReactNode;
};

/** One person in the console's lists of visitors (the queue, the visitors online): picture, name and details. */
export function PersonRow({ person, marker, aside, footer, children }: PersonRowProps) {
  return (
    <li className="border-b border-gray-100 px-3 py-3" {...marker}>
      <div className="flex items-start gap-3">
        <Initial name={person.nickname} src={person.avatar || undefined} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-gray-900">{person.nickname}</p>
          {children}
        </div>
        {aside}
      </div>
      {footer}
    </li>
  );
}

/** A small outlined button on a person's row; its label names the person. */
export function RowButton({
  children,
  label,
  onClick,
  disabled,
  className,
}: {
  children: string;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      className={cx(
        'min-h-9 rounded-md border border-gray-300 bg-white px-2.5 text-xs font-medium text-gray-900 hover:border-gray-900',
        className,
      )}
    >
      {children}
    </button>
  );
}

/** A count on a tab, such as unread messages or waiting visitors; nothing when there is none. */
export function CountBadge({
  count,
  label,
  className,
  marker,
}: {
  count: number;
  /** the count in words, for screen readers */
  label: string;
  /** the badge's colour */
  className: string;
  marker?: Record<`data-${string}`, number>;
}) {
  if (count <= 0) return null;
  return (
    <span className={cx('ml-1.5 rounded-full', className, 'px-1.5 py-0.5 text-xs text-white')} {...marker}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

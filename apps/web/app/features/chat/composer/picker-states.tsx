import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { cx, focusRing } from '../../../lib/cx';
import { PillButton } from '../pill-button';

/** A picker's rows while they load: a thumbnail and two lines each, with the loading word for screen readers. */
export function PickerSkeleton({
  rows,
  thumbClassName,
  lineClassNames,
  label,
}: {
  rows: number;
  thumbClassName: string;
  lineClassNames: [string, string];
  label: string;
}) {
  return (
    <div role="status" className="space-y-2 p-3">
      <span className="sr-only">{label}</span>
      {[...Array(rows).keys()].map((row) => (
        <div key={row} className="flex items-center gap-3">
          <Skeleton className={thumbClassName} />
          <div className="flex-1 space-y-1.5">
            <Skeleton className={lineClassNames[0]} />
            <Skeleton className={lineClassNames[1]} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A picker's list could not load: what went wrong and a button to try again. */
export function PickerFailure({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div className="space-y-2 p-4 text-center text-sm text-gray-700">
      <p role="alert">{message}</p>
      <PillButton
        onClick={onRetry}
        className="min-h-10 rounded-full border border-gray-300 px-4 font-medium hover:border-gray-900"
      >
        {retryLabel}
      </PillButton>
    </div>
  );
}

/** One row of a picker's list: a button that sends what it shows. */
export function PickerRow({
  onPick,
  marker,
  children,
}: {
  onPick: () => void;
  /** the row's test hook, such as `{ 'data-chat-goods': 12 }` */
  marker: Record<`data-${string}`, string | number>;
  children: ReactNode;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onPick}
        className={cx('flex w-full items-center gap-3 px-3 py-2 text-left hover:bg-gray-50', focusRing)}
        {...marker}
      >
        {children}
      </button>
    </li>
  );
}

import { cx, focusRing } from '../../lib/cx';

/** A parcel's tracking number, linking to the carrier's page when there is one. */
export function TrackingNumber({
  number,
  url,
  className,
  testId,
}: {
  number: string;
  url: string;
  className?: string;
  testId?: string;
}) {
  if (!url) {
    return (
      <span className="font-mono" data-testid={testId}>
        {number}
      </span>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={testId}
      className={cx('font-mono underline underline-offset-4', className, focusRing)}
    >
      {number}
      <span className="sr-only"> (opens the carrier’s site in a new tab)</span>
    </a>
  );
}

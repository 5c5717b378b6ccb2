import { cx } from '../../lib/cx';

export type DiscountBadgeProps = {
  /** percent off, 1 to 99; nothing is shown outside that range */
  discount: number;
  className?: string;
};

/** spec 2 "Product carousel": the discount badge, '-20%' on screen and '20% off' to screen readers. */
export function DiscountBadge({ discount, className }: DiscountBadgeProps) {
  const percent = Math.round(discount);
  if (!Number.isFinite(percent) || percent <= 0 || percent >= 100) return null;
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-sm bg-sale px-1.5 py-0.5 text-xs font-semibold tracking-wide text-white tabular-nums',
        className,
      )}
    >
      <span aria-hidden="true">-{percent}%</span>
      <span className="sr-only">{percent}% off</span>
    </span>
  );
}

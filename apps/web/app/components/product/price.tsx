import { formatAmount, useCurrency } from '../../lib/currency';
import { cx } from '../../lib/cx';

export type PriceProps = {
  /** the amount in USD, as a number or the API's decimal string ('12.50') */
  usd: number | string;
  className?: string;
};

/**
 * spec 9 "Prices": a USD amount in the shopper's currency, rounded down ('$12.50', '€11.50'). The
 * server and the first render show USD; the chosen currency follows once the page is interactive.
 */
export function Price({ usd, className }: PriceProps) {
  const currency = useCurrency();
  return (
    <span className={cx('tabular-nums', className)} translate="no">
      {formatAmount(usd, currency)}
    </span>
  );
}

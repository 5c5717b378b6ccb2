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

/**
 * A product's price as a card shows it: the sale price in red beside the struck-out original
 * price when it is on sale, each named for a screen reader.
 */
export function SalePrice({ usd, original }: { usd: number | string; original: number | null }) {
  return (
    <>
      <span className="sr-only">{original === null ? 'Price:' : 'Sale price:'}</span>
      <Price usd={usd} className={cx('font-semibold', original === null ? 'text-gray-950' : 'text-sale')} />
      {original !== null ? (
        <s className="text-xs text-gray-600">
          <span className="sr-only">Original price:</span>
          <Price usd={original} />
        </s>
      ) : null}
    </>
  );
}

import type { TViewedGoods } from '@shop/contracts/catalog';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { DiscountBadge } from '../../components/product/discount-badge';
import { SalePrice } from '../../components/product/price';
import { originalPrice, PRODUCT_IMAGE_SIZE } from '../../components/product/product-card';
import { ProductImage } from '../../components/product/product-image';
import { Skeleton } from '../../components/ui/skeleton';
import { focusRing } from '../../lib/cx';
import { productPath } from '../../lib/seo';

const viewedAt = (epochMs: number) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(epochMs));

/** One viewed product of the browsing history: its photo, name, price and when it was last seen. */
export function HistoryRow({
  item,
  eager,
  linkRef,
}: {
  item: TViewedGoods;
  /** the first photo loads at once */
  eager: boolean;
  linkRef?: Ref<HTMLAnchorElement>;
}) {
  const onSale = Boolean(item.discount_enabled) && item.discount > 0;
  const original = onSale ? originalPrice(item) : null;
  const photo = item.image || item.images[0];
  return (
    <li className="relative flex gap-4 py-4">
      <div className="relative h-[107px] w-20 shrink-0 overflow-hidden rounded bg-gray-100">
        {photo ? (
          <ProductImage
            url={photo}
            alt=""
            {...PRODUCT_IMAGE_SIZE}
            sizes="80px"
            eager={eager}
            className="absolute inset-0 size-full"
          />
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          ref={linkRef}
          to={productPath(item.url)}
          className={`line-clamp-2 text-sm font-medium text-gray-950 underline-offset-4 after:absolute after:inset-0 hover:underline ${focusRing}`}
        >
          {item.name}
        </Link>
        <p className="flex flex-wrap items-center gap-x-2 text-sm">
          <SalePrice usd={item.min_price} original={original} />
          {onSale ? <DiscountBadge discount={item.discount} /> : null}
        </p>
        <p className="text-xs text-gray-600">
          Viewed <time dateTime={new Date(item.viewed_at).toISOString()}>{viewedAt(item.viewed_at)}</time>
        </p>
      </div>
    </li>
  );
}

/** The browsing history's rows while the first page loads. */
export function HistorySkeleton() {
  return (
    <>
      <span role="status" className="sr-only">
        Loading your browsing history
      </span>
      <ul aria-hidden="true" className="divide-y divide-gray-100">
        {Array.from({ length: 4 }, (_, at) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of identical blocks
          <li key={at} className="flex gap-4 py-4">
            <Skeleton className="h-[107px] w-20 shrink-0" />
            <div className="flex flex-1 flex-col gap-2 pt-1">
              <Skeleton className="h-4 w-3/5" />
              <Skeleton className="h-4 w-1/5" />
              <Skeleton className="h-3 w-2/5" />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

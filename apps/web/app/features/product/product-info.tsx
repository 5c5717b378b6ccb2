import type { TGoodsDetail } from '@shop/contracts/catalog';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { FavouriteHeart } from '../../components/product/favourite-heart';
import { Skeleton } from '../../components/ui/skeleton';
import { cx } from '../../lib/cx';
import { findSku, type SkuChoice } from './choice';
import { AddToBag, ProductPrice, QuantityStepper } from './purchase';
import { SkuPicker } from './sku-picker';

export type Crumb = { name: string; href: string };

/** The trail from the home page to the product; the product itself is the current page. */
export function Breadcrumbs({ trail, current, className }: { trail: readonly Crumb[]; current: string; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={className}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-700">
        {trail.map((crumb) => (
          <li key={crumb.href} className="flex items-center gap-2">
            <Link
              to={crumb.href}
              className="inline-flex min-h-6 items-center underline-offset-4 hover:text-gray-950 hover:underline"
            >
              {crumb.name}
            </Link>
            <span aria-hidden="true" className="text-gray-400">
              /
            </span>
          </li>
        ))}
        <li aria-current="page" className="min-w-0 truncate font-medium text-gray-950">
          {current}
        </li>
      </ol>
    </nav>
  );
}

/** The product's description: the API's plain text, one paragraph per line. */
export function ProductDescription({ text, className }: { text: string; className?: string }) {
  const headingId = useId();
  const paragraphs = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-xs font-semibold tracking-[0.2em] text-gray-700 uppercase">
        Description
      </h2>
      <div className="mt-3 space-y-3 text-base leading-relaxed text-gray-800">
        {paragraphs.map((paragraph, at) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in order, never reordered
          <p key={at}>{paragraph}</p>
        ))}
      </div>
    </section>
  );
}

export type ProductInfoProps = {
  product: TGoodsDetail;
  choice: SkuChoice;
  /** the product page: options are links to `?sku=…` (see SkuPicker) */
  hrefFor?: (next: SkuChoice) => string;
  className?: string;
};

/** The product page's buying panel: name, price, colour and size, quantity, the bag and the heart. */
export function ProductInfo({ product, choice, hrefFor, className }: ProductInfoProps) {
  const nameId = useId();
  const sku = findSku(product, choice);
  // the quantity belongs to the chosen SKU: a new SKU starts again at 1
  const [quantity, setQuantity] = useState({ skuId: sku?.id, count: 1 });
  const count = quantity.skuId === sku?.id ? quantity.count : 1;
  return (
    <div className={cx('flex flex-col', className)}>
      <h1 id={nameId} className="font-display text-3xl leading-tight text-gray-950 md:text-4xl">
        {product.name}
      </h1>
      <ProductPrice product={product} sku={sku} className="mt-3" />
      <SkuPicker product={product} choice={choice} hrefFor={hrefFor} className="mt-6" />
      <QuantityStepper
        key={sku?.id ?? 'none'}
        max={sku?.stock ?? 0}
        value={count}
        onChange={(next) => setQuantity({ skuId: sku?.id, count: next })}
        className="mt-2"
      />
      <div className="mt-6 flex items-start gap-3">
        <AddToBag product={product} choice={choice} quantity={count} className="flex-1" />
        <FavouriteHeart
          goodsId={product.id}
          favourited={Boolean(product.is_favorited)}
          describedBy={nameId}
          className="size-12 shrink-0 border border-gray-300"
        />
      </div>
    </div>
  );
}

/** What a product page looks like while the next one loads. */
export function ProductPageSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:px-8">
      <span role="status" className="sr-only">
        Loading product
      </span>
      <Skeleton className="h-5 w-64 max-w-full" />
      <div className="mt-4 grid gap-8 md:grid-cols-2 lg:gap-12">
        <Skeleton className="aspect-[3/4] w-full" />
        <div aria-hidden="true" className="flex flex-col gap-4">
          <Skeleton className="h-10 w-4/5" />
          <Skeleton className="h-8 w-1/3" />
          <Skeleton className="mt-4 h-5 w-24" />
          <div className="flex gap-2">
            {Array.from({ length: 4 }, (_, at) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of identical blocks
              <Skeleton key={at} className="size-11 rounded-full" />
            ))}
          </div>
          <Skeleton className="mt-2 h-5 w-20" />
          <div className="flex gap-2">
            {Array.from({ length: 5 }, (_, at) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of identical blocks
              <Skeleton key={at} className="h-11 w-14" />
            ))}
          </div>
          <Skeleton className="mt-6 h-12 w-full rounded-full" />
          <Skeleton className="mt-6 h-24 w-full" />
        </div>
      </div>
    </div>
  );
}

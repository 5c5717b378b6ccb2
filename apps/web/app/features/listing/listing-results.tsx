import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ProductCard, type ProductCardItem } from '../../components/product/product-card';
import { ProductGridSkeleton } from '../../components/ui/skeleton';
import { focusRing } from '../../lib/cx';
import { Pagination } from './controls';
import type { ListingResult } from './load';
import { hasFilters, type ListingState, listingHref, pageCount, withoutFilters, withPage } from './query';

/** A card's rendered width per breakpoint in the listing grid (2, 3, then 4 columns beside the filters). */
const GRID_IMAGE_SIZES =
  '(min-width: 1280px) 234px, (min-width: 1024px) calc((100vw - 360px) / 4), (min-width: 768px) calc((100vw - 96px) / 3), calc((100vw - 44px) / 2)';

/** Cards in the first row of the widest grid: their photos load at once, the rest lazily. */
const EAGER_CARDS = 4;

export const productCount = (total: number) => `${total} ${total === 1 ? 'product' : 'products'}`;

/** A centred message with what to do next. */
export function EmptyState({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <h2 className="font-display text-2xl text-gray-950 md:text-3xl">{title}</h2>
      {children ? <div className="mt-4 text-base leading-relaxed text-gray-700">{children}</div> : null}
    </div>
  );
}

export const primaryLinkClass = `mt-6 inline-flex min-h-11 items-center rounded-full bg-gray-900 px-8 text-sm font-semibold text-white hover:bg-gray-700 ${focusRing}`;

/**
 * The listing's results: placeholders while a change loads, the grid of cards and its pages, or
 * why there is nothing (a page past the end, filters that match nothing, an empty list).
 */
export function ListingResults({
  pending,
  listing,
  path,
  fixed,
  state,
  noResults,
  onQuickView,
}: {
  pending: boolean;
  listing: ListingResult;
  path: string;
  fixed: Readonly<Record<string, string>>;
  state: ListingState;
  noResults: ReactNode;
  onQuickView?: (product: ProductCardItem) => void;
}) {
  const pages = pageCount(listing.total, listing.pageSize);
  if (pending) {
    return <ProductGridSkeleton count={8} className="[&>div]:min-[992px]:grid-cols-3 [&>div]:lg:grid-cols-4" />;
  }
  if (listing.items.length > 0) {
    return (
      <>
        <ul className="grid grid-cols-2 gap-x-3 gap-y-8 md:grid-cols-3 md:gap-x-4 lg:grid-cols-4 lg:gap-x-5">
          {listing.items.map((product, index) => (
            <li key={product.id} data-product-id={product.id} data-product-url={product.url}>
              <ProductCard product={product} eager={index < EAGER_CARDS} sizes={GRID_IMAGE_SIZES} onQuickView={onQuickView} />
            </li>
          ))}
        </ul>
        <Pagination path={path} fixed={fixed} state={state} pages={pages} />
      </>
    );
  }
  if (listing.total > 0) {
    return (
      <EmptyState title={`There is no page ${state.page}`}>
        <p>
          This list has {productCount(listing.total)} on {pages === 1 ? '1 page' : `${pages} pages`}.
        </p>
        <Link to={listingHref(path, withPage(state, 1), fixed)} className={primaryLinkClass}>
          Go to page 1
        </Link>
      </EmptyState>
    );
  }
  if (hasFilters(state)) {
    return (
      <EmptyState title="No products match these filters">
        <p>Try removing a filter or widening the price range.</p>
        <Link to={listingHref(path, withoutFilters(state), fixed)} preventScrollReset className={primaryLinkClass}>
          Clear filters
        </Link>
      </EmptyState>
    );
  }
  return noResults;
}

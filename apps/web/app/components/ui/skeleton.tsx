import type { CSSProperties } from 'react';
import { CAROUSEL_FRAME_CLASS, CAROUSEL_SLIDE_STYLE } from '../../lib/carousel-layout';
import { cx } from '../../lib/cx';

/** A grey placeholder block that pulses (still when the shopper prefers reduced motion). */
export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return (
    <div
      aria-hidden="true"
      className={cx('animate-pulse rounded-md bg-gray-200 motion-reduce:animate-none', className)}
      style={style}
    />
  );
}

/** One product card's placeholder: photo, name and price, in the card's proportions. */
function ProductCardSkeleton({ fill }: { fill?: boolean }) {
  return (
    <div aria-hidden="true" className={cx('flex flex-col', fill ? 'h-full' : undefined)}>
      <Skeleton className={fill ? 'min-h-0 flex-1' : 'aspect-[3/4]'} />
      <Skeleton className="mt-2 h-4 w-4/5" />
      <Skeleton className="mt-2 h-4 w-1/3" />
    </div>
  );
}

/** Says "loading" once to screen readers while the blocks stay hidden from them. */
function LoadingStatus({ label }: { label: string }) {
  return (
    <span role="status" className="sr-only">
      {label}
    </span>
  );
}

export type ProductGridSkeletonProps = {
  /** how many cards to hold space for */
  count?: number;
  /** what screen readers hear while it shows */
  label?: string;
  className?: string;
};

/** A product listing's loading state: 2, 3, 4 and 6 columns as the listing's grid. */
export function ProductGridSkeleton({ count = 8, label = 'Loading products', className }: ProductGridSkeletonProps) {
  return (
    <div className={className}>
      <LoadingStatus label={label} />
      <div className="grid grid-cols-2 gap-2 min-[768px]:grid-cols-3 min-[768px]:gap-3 min-[992px]:grid-cols-4 min-[992px]:gap-4 min-[1200px]:grid-cols-6 min-[1200px]:gap-5">
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of identical blocks
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}

export type CarouselSkeletonProps = {
  /** shows a title placeholder above the row */
  withTitle?: boolean;
  label?: string;
  className?: string;
};

/** A product carousel's loading state, with the carousel's own per-row widths, gaps and height (spec 9). */
export function CarouselSkeleton({ withTitle = true, label = 'Loading products', className }: CarouselSkeletonProps) {
  return (
    <div className={cx('w-full', className)}>
      <LoadingStatus label={label} />
      {withTitle ? (
        <div className="mb-4 flex items-end justify-between gap-4">
          <Skeleton className="h-8 w-48" />
          <div className="flex gap-2">
            <Skeleton className="size-11 rounded-full" />
            <Skeleton className="size-11 rounded-full" />
          </div>
        </div>
      ) : null}
      <div className={cx(CAROUSEL_FRAME_CLASS, 'flex h-(--carousel-height) gap-(--carousel-gap) overflow-clip')}>
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of identical blocks
          <div key={index} className="h-full" style={CAROUSEL_SLIDE_STYLE}>
            <ProductCardSkeleton fill />
          </div>
        ))}
      </div>
    </div>
  );
}

/** A form's loading state while its code arrives: a few fields and a button, and the label once for screen readers. */
export function FormSkeleton({ label = 'Loading the form', fields = 3 }: { label?: string; fields?: number }) {
  return (
    <div className="max-w-xl space-y-4">
      <LoadingStatus label={label} />
      {Array.from({ length: fields }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of identical blocks
        <div key={index} className="space-y-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-11 w-full" />
        </div>
      ))}
      <Skeleton className="h-11 w-40" />
    </div>
  );
}

import { type FocusEvent, type TouchEvent, useEffect, useId, useRef, useState } from 'react';
import {
  CAROUSEL_FRAME_CLASS,
  CAROUSEL_SLIDE_STYLE,
  carouselTrackOffset,
  clampPage,
  DEFAULT_WIDTH_CLASS,
  itemsPerRow,
  pageCount,
  WIDTH_RULES,
  type WidthClass,
  widthClassOf,
} from '../../lib/carousel-layout';
import { cx, focusRing } from '../../lib/cx';
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/icons';
import { ProductCard, type ProductCardItem, type ProductCardProps } from './product-card';

/** A horizontal swipe shorter than this is a tap or a scroll, not a page turn. */
const SWIPE_MIN_PX = 48;

export type ProductCarouselProps = {
  title: string;
  items: readonly ProductCardItem[];
  /** the carousel is above the fold: its first image loads at once */
  eager?: boolean;
  onQuickView?: ProductCardProps['onQuickView'];
  onToggleFavourite?: ProductCardProps['onToggleFavourite'];
  className?: string;
};

/** The viewport's width class, following resizes; DEFAULT_WIDTH_CLASS on the server and in the first render. */
function useWidthClass(): WidthClass {
  const [widthClass, setWidthClass] = useState<WidthClass>(DEFAULT_WIDTH_CLASS);
  useEffect(() => {
    const measure = () => setWidthClass(widthClassOf(window.innerWidth));
    measure();
    const queries = WIDTH_RULES.filter((rule) => rule.minWidth > 0).map((rule) =>
      window.matchMedia(`(min-width: ${rule.minWidth}px)`),
    );
    for (const query of queries) query.addEventListener('change', measure);
    return () => {
      for (const query of queries) query.removeEventListener('change', measure);
    };
  }, []);
  return widthClass;
}

const arrowClass = `inline-flex size-11 items-center justify-center rounded-full border border-gray-300 bg-white text-gray-900 transition-colors hover:border-gray-900 ${focusRing} aria-disabled:cursor-not-allowed aria-disabled:border-gray-200 aria-disabled:text-gray-400 aria-disabled:hover:border-gray-200`;

/**
 * spec 2 "Product carousel": a row of product cards, 2 to 6 per page by width (spec 9), with
 * previous and next buttons; no looping, no autoplay. The CSS lays out every breakpoint, so the
 * server's HTML does not move on hydration; script only turns pages. Focus moving to a product on
 * another page turns to that page; on touch screens a swipe turns the page.
 */
export function ProductCarousel({ title, items, eager, onQuickView, onToggleFavourite, className }: ProductCarouselProps) {
  const titleId = useId();
  const trackId = useId();
  const widthClass = useWidthClass();
  const perRow = itemsPerRow(widthClass);
  const pages = pageCount(items.length, perRow);
  const [requestedPage, setRequestedPage] = useState(0);
  // spec 2: clamped to the pages there are, also when a wider viewport needs fewer of them
  const page = clampPage(requestedPage, pages);
  const [announcement, setAnnouncement] = useState('');
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  if (items.length === 0) return null;

  const atStart = page === 0;
  const atEnd = page >= pages - 1;

  const turnTo = (next: number) => {
    const target = clampPage(next, pages);
    if (target === page) return;
    setRequestedPage(target);
    const first = target * perRow + 1;
    const last = Math.min(items.length, first + perRow - 1);
    setAnnouncement(`Showing products ${first} to ${last} of ${items.length}`);
  };

  const followFocus = (event: FocusEvent<HTMLUListElement>) => {
    const slide = (event.target as HTMLElement).closest<HTMLElement>('[data-slide]');
    const index = Number(slide?.dataset.slide);
    if (Number.isInteger(index)) setRequestedPage(clampPage(Math.floor(index / perRow), pages));
  };

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy)) return;
    turnTo(dx < 0 ? page + 1 : page - 1);
  };

  return (
    <section aria-labelledby={titleId} aria-roledescription="carousel" className={cx('w-full', className)}>
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={titleId} className="font-display text-2xl text-gray-950 md:text-3xl">
          {title}
        </h2>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            aria-label="Previous products"
            aria-controls={trackId}
            aria-disabled={atStart || undefined}
            onClick={() => turnTo(page - 1)}
            className={arrowClass}
          >
            <ChevronLeftIcon width={18} height={18} strokeWidth={1.8} />
          </button>
          <button
            type="button"
            aria-label="Next products"
            aria-controls={trackId}
            aria-disabled={atEnd || undefined}
            onClick={() => turnTo(page + 1)}
            className={arrowClass}
          >
            <ChevronRightIcon width={18} height={18} strokeWidth={1.8} />
          </button>
        </div>
      </div>
      <div
        className={cx(CAROUSEL_FRAME_CLASS, 'h-(--carousel-height) overflow-clip [overflow-clip-margin:4px]')}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <ul
          id={trackId}
          aria-labelledby={titleId}
          onFocus={followFocus}
          className="flex h-full gap-(--carousel-gap) transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: carouselTrackOffset(page) }}
        >
          {items.map((product, index) => (
            <li key={product.id} data-slide={index} className="h-full" style={CAROUSEL_SLIDE_STYLE}>
              <ProductCard
                product={product}
                fill
                eager={eager && index === 0}
                onQuickView={onQuickView}
                onToggleFavourite={onToggleFavourite}
              />
            </li>
          ))}
        </ul>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}

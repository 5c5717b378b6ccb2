import type { TFacetValue } from '@shop/contracts/catalog';
import { useId } from 'react';
import { Link } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../components/ui/icons';
import { cx, focusRing } from '../../lib/cx';
import {
  hasFilters,
  type ListingState,
  listingHref,
  pageItems,
  type SortOption,
  toggleValue,
  withoutFilters,
  withoutPrice,
  withPage,
  withSort,
} from './query';

type Place = { path: string; fixed: Readonly<Record<string, string>>; state: ListingState };

/** The sort orders as links, the current one marked; the first order is the page's default. */
export function SortLinks({ path, fixed, state, sorts }: Place & { sorts: readonly SortOption[] }) {
  const labelId = useId();
  const current = state.sort ?? sorts[0]?.value;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of links, not of form controls
    <div role="group" aria-labelledby={labelId} className="flex min-w-0 items-center gap-3">
      <span id={labelId} className="shrink-0 text-xs font-semibold uppercase tracking-[0.18em] text-gray-700">
        Sort by
      </span>
      <ul className="-my-1 flex min-w-0 gap-1 overflow-x-auto py-1 [scrollbar-width:none]">
        {sorts.map((option, index) => {
          const active = option.value === current;
          return (
            <li key={option.value} className="shrink-0">
              <Link
                to={listingHref(path, withSort(state, index === 0 ? null : option.value), fixed)}
                preventScrollReset
                aria-current={active ? 'true' : undefined}
                className={cx(
                  'inline-flex min-h-10 items-center rounded-full px-3 text-sm whitespace-nowrap',
                  active ? 'bg-gray-900 font-semibold text-white' : 'text-gray-800 hover:bg-gray-100 hover:text-gray-950',
                  focusRing,
                )}
              >
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const usd = (amount: number) => `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;

/** The price range as a chip says it: '$20 – $80', 'From $20', 'Up to $80'. */
export function priceRangeLabel(minPrice: number | null, maxPrice: number | null): string {
  if (minPrice !== null && maxPrice !== null) return `${usd(minPrice)} – ${usd(maxPrice)}`;
  if (minPrice !== null) return `From ${usd(minPrice)}`;
  return `Up to ${usd(maxPrice ?? 0)}`;
}

const chipClass = `inline-flex min-h-10 items-center gap-1.5 rounded-full border border-gray-300 bg-white pr-2.5 pl-3.5 text-sm text-gray-900 hover:border-gray-900 ${focusRing}`;

/** The filters that are on, each a link that removes it, and one that removes them all. */
export function ActiveFilters({
  path,
  fixed,
  state,
  facets,
}: Place & { facets: { colors: readonly TFacetValue[]; sizes: readonly TFacetValue[] } }) {
  if (!hasFilters(state)) return null;
  const nameOf = (values: readonly TFacetValue[], id: number) => values.find((value) => value.id === id)?.name ?? String(id);
  const chips = [
    ...state.colors.map((id) => ({
      key: `color-${id}`,
      label: nameOf(facets.colors, id),
      href: listingHref(path, toggleValue(state, 'colors', id), fixed),
    })),
    ...state.sizes.map((id) => ({
      key: `size-${id}`,
      label: `Size ${nameOf(facets.sizes, id)}`,
      href: listingHref(path, toggleValue(state, 'sizes', id), fixed),
    })),
    ...(state.minPrice !== null || state.maxPrice !== null
      ? [
          {
            key: 'price',
            label: priceRangeLabel(state.minPrice, state.maxPrice),
            href: listingHref(path, withoutPrice(state), fixed),
          },
        ]
      : []),
  ];
  return (
    <ul aria-label="Filters on" className="flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.key}>
          <Link to={chip.href} preventScrollReset className={chipClass}>
            <span className="sr-only">Remove filter: </span>
            {chip.label}
            <CloseIcon width={16} height={16} />
          </Link>
        </li>
      ))}
      <li>
        <Link
          to={listingHref(path, withoutFilters(state), fixed)}
          preventScrollReset
          className={`inline-flex min-h-10 items-center px-2 text-sm font-semibold text-gray-900 underline underline-offset-4 hover:text-gray-600 ${focusRing}`}
        >
          Clear all
        </Link>
      </li>
    </ul>
  );
}

// 36 px wide on phones, so seven numbers and the two arrows fit a 390 px screen
const pageLinkClass = `inline-flex min-h-11 min-w-9 items-center justify-center rounded-full px-2 text-sm tabular-nums sm:min-w-11 sm:px-3 ${focusRing}`;

/** Numbered page links with previous and next; the current page is marked. */
export function Pagination({ path, fixed, state, pages }: Place & { pages: number }) {
  if (pages <= 1) return null;
  const page = Math.min(state.page, pages);
  const hrefOf = (number: number) => listingHref(path, withPage(state, number), fixed);
  return (
    <nav aria-label="Pages" className="mt-12 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-0.5 sm:gap-1">
        <li>
          {page > 1 ? (
            <Link to={hrefOf(page - 1)} rel="prev" className={cx(pageLinkClass, 'gap-1 text-gray-900 hover:bg-gray-100')}>
              <ChevronLeftIcon width={18} height={18} />
              <span className="max-sm:sr-only">Previous</span>
              <span className="sr-only"> page</span>
            </Link>
          ) : (
            <span aria-hidden="true" className={cx(pageLinkClass, 'gap-1 text-gray-500')}>
              <ChevronLeftIcon width={18} height={18} />
              <span className="max-sm:hidden">Previous</span>
            </span>
          )}
        </li>
        {pageItems(page, pages).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} aria-hidden="true" className="px-1 text-gray-500">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to={hrefOf(item.page)}
                aria-current={item.page === page ? 'page' : undefined}
                className={cx(
                  pageLinkClass,
                  item.page === page ? 'bg-gray-900 font-semibold text-white' : 'text-gray-900 hover:bg-gray-100',
                )}
              >
                <span className="sr-only">Page </span>
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link to={hrefOf(page + 1)} rel="next" className={cx(pageLinkClass, 'gap-1 text-gray-900 hover:bg-gray-100')}>
              <span className="max-sm:sr-only">Next</span>
              <span className="sr-only"> page</span>
              <ChevronRightIcon width={18} height={18} />
            </Link>
          ) : (
            <span aria-hidden="true" className={cx(pageLinkClass, 'gap-1 text-gray-500')}>
              <span className="max-sm:hidden">Next</span>
              <ChevronRightIcon width={18} height={18} />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

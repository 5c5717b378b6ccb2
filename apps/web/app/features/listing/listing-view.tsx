import { type ComponentType, type ReactNode, Suspense, useId, useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useNavigate, useNavigation } from 'react-router';
import type { ProductCardItem } from '../../components/product/product-card';
import { cx, focusRing } from '../../lib/cx';
import { ActiveFilters, SortLinks } from './controls';
import { FilterDrawer, FilterForm, FilterPanel } from './filters';
import { ListingResults, productCount } from './listing-results';
import type { ListingResult } from './load';
import { hasFilters, type ListingState, listingHref, parseListingQuery, type SortOption } from './query';

/** The quick-view dialog a listing opens from a card: the product's url, or null when closed. */
export type QuickViewProps = { productUrl: string | null; onClose: () => void };

/** The filters panel's id: the 'Filters' link points at it until the page is interactive. */
const FILTER_PANEL_ID = 'listing-filters';

const subscribeNothing = () => () => {};

/** False on the server and while hydrating, true once the page is interactive. */
const useInteractive = () =>
  useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );

export type BreadcrumbLink = { name: string; href: string };

export type CategoryLink = BreadcrumbLink & { current?: boolean };

/** The page's trail, its heading, an introduction and links onward (a category's sub-categories). */
export function ListingHeader({
  trail,
  title,
  intro,
  links,
}: {
  trail?: readonly BreadcrumbLink[];
  title: ReactNode;
  intro?: ReactNode;
  links?: readonly CategoryLink[];
}) {
  return (
    <header>
      {trail && trail.length > 0 ? (
        <nav aria-label="Breadcrumb">
          <ol className="flex flex-wrap items-center gap-x-2 text-sm text-gray-700">
            {trail.map((crumb, index) => {
              const last = index === trail.length - 1;
              return (
                <li key={crumb.href} className="flex items-center gap-2">
                  {last ? (
                    <span aria-current="page" className="font-medium text-gray-950">
                      {crumb.name}
                    </span>
                  ) : (
                    <>
                      <Link
                        to={crumb.href}
                        className={`inline-flex min-h-11 items-center underline-offset-4 hover:text-gray-950 hover:underline md:min-h-8 ${focusRing}`}
                      >
                        {crumb.name}
                      </Link>
                      <span aria-hidden="true" className="text-gray-400">
                        /
                      </span>
                    </>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
      ) : null}
      <h1 className="mt-2 font-display text-3xl text-gray-950 md:text-5xl">{title}</h1>
      {intro ? <div className="mt-3 max-w-3xl text-base leading-relaxed text-gray-700">{intro}</div> : null}
      {links && links.length > 0 ? (
        <ul aria-label="Categories" className="mt-5 flex gap-2 overflow-x-auto pb-1 [scrollbar-width:none] md:flex-wrap">
          {links.map((link) => (
            <li key={link.href} className="shrink-0">
              <Link
                to={link.href}
                aria-current={link.current ? 'page' : undefined}
                className={cx(
                  'inline-flex min-h-11 items-center rounded-full border px-4 text-sm',
                  link.current
                    ? 'border-gray-900 bg-gray-900 font-semibold text-white'
                    : 'border-gray-300 text-gray-900 hover:border-gray-900',
                  focusRing,
                )}
              >
                {link.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </header>
  );
}

function QuickViewOpening() {
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-6 z-50 mx-auto w-fit rounded-full bg-gray-900 px-5 py-3 text-sm text-white shadow-lg"
    >
      Opening quick view…
    </div>
  );
}

export type ListingViewProps = {
  /** the listing's path; every address of it (filters, sort, pages) is this path and a query */
  path: string;
  /** parameters that name the list (the search's keyword), kept in every address */
  fixed?: Readonly<Record<string, string>>;
  state: ListingState;
  listing: ListingResult;
  sorts: readonly SortOption[];
  /** breadcrumb and heading */
  header: ReactNode;
  /** what to show when the list itself is empty (no filter on) */
  noResults: ReactNode;
  /** the quick-view dialog, loaded when first opened */
  quickView?: ComponentType<QuickViewProps>;
};

const NO_FIXED: Readonly<Record<string, string>> = {};

/**
 * A product list with its count, sort, filters (a panel beside the list, a drawer on smaller
 * screens), the filters that are on, the grid of cards, the pages, and the empty states. While a
 * change of filter, sort or page loads, the grid shows placeholders and the controls already show
 * the new choice.
 */
export function ListingView({
  path,
  fixed = NO_FIXED,
  state,
  listing,
  sorts,
  header,
  noResults,
  quickView: QuickView,
}: ListingViewProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const interactive = useInteractive();
  const resultsId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [quickView, setQuickView] = useState<{ url: string | null; requested: boolean }>({ url: null, requested: false });

  // A filter just changed shows as chosen at once, until the list it asked for arrives.
  const [requested, setRequested] = useState<{ from: ListingState; next: ListingState } | null>(null);

  const pendingHere =
    navigation.state === 'loading' && navigation.location !== undefined && navigation.location.pathname === location.pathname;
  const shown =
    requested?.from === state
      ? requested.next
      : pendingHere
        ? parseListingQuery(new URLSearchParams(navigation.location?.search), sorts).state
        : state;
  const onChange = (next: ListingState) => {
    setRequested({ from: state, next });
    navigate(listingHref(path, next, fixed), { preventScrollReset: true });
  };

  const showFilters = listing.total > 0 || hasFilters(state);
  const openQuickView = QuickView ? (product: ProductCardItem) => setQuickView({ url: product.url, requested: true }) : undefined;
  const formProps = { path, fixed, state: shown, facets: listing.facets, price: listing.price, onChange };

  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-16 md:px-8 md:pt-8">
      {header}
      <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-3 border-y border-gray-200 py-3">
        {showFilters ? (
          <FilterDrawer
            {...formProps}
            panelId={FILTER_PANEL_ID}
            interactive={interactive}
            open={drawerOpen}
            onOpenChange={setDrawerOpen}
            total={listing.total}
            busy={pendingHere}
          />
        ) : null}
        <p role="status" aria-live="polite" aria-atomic="true" className="text-sm font-medium text-gray-800">
          {productCount(listing.total)}
        </p>
        {listing.total > 0 ? (
          <div className="w-full min-w-0 lg:ml-auto lg:w-auto">
            <SortLinks path={path} fixed={fixed} state={shown} sorts={sorts} />
          </div>
        ) : null}
      </div>
      {hasFilters(shown) ? (
        <div className="mt-4">
          <ActiveFilters path={path} fixed={fixed} state={shown} facets={listing.facets} />
        </div>
      ) : null}
      <div className={cx('mt-8', showFilters ? 'lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10' : undefined)}>
        {showFilters ? (
          <FilterPanel id={FILTER_PANEL_ID}>
            <FilterForm {...formProps} />
          </FilterPanel>
        ) : null}
        <section aria-labelledby={resultsId} aria-busy={pendingHere || undefined}>
          <h2 id={resultsId} className="sr-only">
            Products
          </h2>
          <ListingResults
            pending={pendingHere}
            listing={listing}
            path={path}
            fixed={fixed}
            state={state}
            noResults={noResults}
            onQuickView={openQuickView}
          />
        </section>
      </div>
      {QuickView && quickView.requested ? (
        <Suspense fallback={<QuickViewOpening />}>
          <QuickView productUrl={quickView.url} onClose={() => setQuickView((current) => ({ ...current, url: null }))} />
        </Suspense>
      ) : null}
    </div>
  );
}

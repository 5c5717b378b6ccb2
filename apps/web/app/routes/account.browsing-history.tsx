import { CODE_OK, Messages, SHOP_NAME } from '@shop/contracts';
import type { TViewedGoods, TViewLogPage } from '@shop/contracts/catalog';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DiscountBadge } from '../components/product/discount-badge';
import { Price } from '../components/product/price';
import { originalPrice, PRODUCT_IMAGE_SIZE } from '../components/product/product-card';
import { ProductImage } from '../components/product/product-image';
import { Skeleton } from '../components/ui/skeleton';
import { HISTORY_PATH, syncBrowsingHistory } from '../features/product/history';
import { api, isCancelled } from '../lib/api';
import { productPath } from '../lib/seo';

export const meta = () => [{ title: `Browsing History | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/**
 * The history comes in pages of this many, with 'Load more' for the next. (Written here rather than
 * imported from the catalogue contracts, whose schemas would all come along into the page's code.)
 */
const PAGE_SIZE = 20;

const viewedAt = (epochMs: number) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(epochMs));

type History = {
  status: 'loading' | 'ready' | 'failed';
  items: TViewedGoods[];
  total: number;
  /** the last page loaded */
  page: number;
  /** a further page is on its way, or failed to arrive */
  more: 'idle' | 'loading' | 'failed';
  /** the first product of the page that arrived last, where the keyboard continues */
  focusAt: number | null;
};

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900';

/**
 * /ShoppingListMain/BrowsingHistory (spec 2, guarded): the goods the shopper viewed, most recent
 * first, with when they last saw each. Views made as a guest in this browser are saved to the
 * account first, so they are listed too.
 */
export default function BrowsingHistory() {
  const [history, setHistory] = useState<History>({
    status: 'loading',
    items: [],
    total: 0,
    page: 0,
    more: 'idle',
    focusAt: null,
  });
  const firstNewRef = useRef<HTMLAnchorElement>(null);
  const headingId = useId();

  const loadPage = useCallback(async (page: number) => {
    const envelope = await api.get<TViewLogPage>(HISTORY_PATH, { query: { page, page_size: PAGE_SIZE }, silent: true });
    return envelope.code === CODE_OK ? envelope.result : null;
  }, []);

  const loadFirst = useCallback(async () => {
    setHistory((current) => ({ ...current, status: 'loading' }));
    await syncBrowsingHistory();
    try {
      const result = await loadPage(1);
      setHistory(
        result
          ? { status: 'ready', items: result.data, total: result.total, page: 1, more: 'idle', focusAt: null }
          : { status: 'failed', items: [], total: 0, page: 0, more: 'idle', focusAt: null },
      );
    } catch (error) {
      if (!isCancelled(error)) setHistory({ status: 'failed', items: [], total: 0, page: 0, more: 'idle', focusAt: null });
    }
  }, [loadPage]);

  useEffect(() => {
    void loadFirst();
  }, [loadFirst]);

  const loadMore = async () => {
    if (history.more === 'loading') return;
    const page = history.page + 1;
    setHistory((current) => ({ ...current, more: 'loading' }));
    try {
      const result = await loadPage(page);
      if (!result) {
        setHistory((current) => ({ ...current, more: 'failed' }));
        return;
      }
      setHistory((current) => {
        // a product viewed again since the first page moved up: it is listed once
        const known = new Set(current.items.map((item) => item.id));
        const arrived = result.data.filter((item) => !known.has(item.id));
        return {
          ...current,
          items: [...current.items, ...arrived],
          // an empty page means the end, whatever the count said before
          total: result.data.length === 0 ? current.items.length : result.total,
          page,
          more: 'idle',
          focusAt: arrived.length > 0 ? current.items.length : null,
        };
      });
    } catch (error) {
      if (!isCancelled(error)) setHistory((current) => ({ ...current, more: 'failed' }));
    }
  };

  // after 'Load more' the keyboard continues at the first product that arrived
  useEffect(() => {
    if (history.focusAt !== null) firstNewRef.current?.focus();
  }, [history.focusAt]);

  const header = (
    <header>
      <p className="text-sm uppercase tracking-widest text-gray-600">My Account</p>
      <h1 id={headingId} className="mt-1 text-2xl font-semibold md:text-3xl">
        Browsing History
      </h1>
    </header>
  );

  if (history.status === 'loading') {
    return (
      <section aria-labelledby={headingId} className="space-y-6">
        {header}
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
      </section>
    );
  }

  if (history.status === 'failed') {
    return (
      <section aria-labelledby={headingId} className="space-y-6">
        {header}
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-6">
          <p className="font-semibold text-red-900">We couldn’t load your browsing history</p>
          <p className="mt-2 text-sm text-red-800">Check your connection and try again.</p>
          <button
            type="button"
            onClick={() => void loadFirst()}
            className={`mt-4 inline-flex min-h-11 items-center rounded-full bg-gray-900 px-6 text-sm font-semibold text-white hover:bg-gray-700 ${focusRing}`}
          >
            Try again
          </button>
        </div>
      </section>
    );
  }

  if (history.items.length === 0) {
    return (
      <section aria-labelledby={headingId} className="space-y-6">
        {header}
        <div className="flex flex-col items-center rounded-lg border border-dashed border-gray-300 px-6 py-16 text-center">
          <p className="text-lg font-medium text-gray-900">{Messages.noHistory}</p>
          <p className="mt-2 text-sm text-gray-700">The products you look at will appear here.</p>
          <Link
            to="/"
            className={`mt-6 inline-flex min-h-11 items-center rounded-full bg-gray-900 px-8 text-sm font-semibold text-white hover:bg-gray-700 ${focusRing}`}
          >
            Continue shopping
          </Link>
        </div>
      </section>
    );
  }

  const hasMore = history.items.length < history.total;
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      {header}
      <p aria-live="polite" className="text-sm text-gray-700">
        {history.total === 1 ? '1 product' : `Showing ${history.items.length} of ${history.total} products`}
      </p>
      <ul className="divide-y divide-gray-100 border-y border-gray-100">
        {history.items.map((item, at) => {
          const onSale = Boolean(item.discount_enabled) && item.discount > 0;
          const original = onSale ? originalPrice(item) : null;
          const photo = item.image || item.images[0];
          return (
            <li key={item.id} className="relative flex gap-4 py-4">
              <div className="relative h-[107px] w-20 shrink-0 overflow-hidden rounded bg-gray-100">
                {photo ? (
                  <ProductImage
                    url={photo}
                    alt=""
                    {...PRODUCT_IMAGE_SIZE}
                    sizes="80px"
                    eager={at === 0}
                    className="absolute inset-0 size-full"
                  />
                ) : null}
              </div>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <Link
                  ref={at === history.focusAt ? firstNewRef : undefined}
                  to={productPath(item.url)}
                  className={`line-clamp-2 text-sm font-medium text-gray-950 underline-offset-4 after:absolute after:inset-0 hover:underline ${focusRing}`}
                >
                  {item.name}
                </Link>
                <p className="flex flex-wrap items-center gap-x-2 text-sm">
                  <span className="sr-only">{original === null ? 'Price:' : 'Sale price:'}</span>
                  <Price
                    usd={item.min_price}
                    className={original === null ? 'font-semibold text-gray-950' : 'font-semibold text-sale'}
                  />
                  {original !== null ? (
                    <s className="text-xs text-gray-600">
                      <span className="sr-only">Original price:</span>
                      <Price usd={original} />
                    </s>
                  ) : null}
                  {onSale ? <DiscountBadge discount={item.discount} /> : null}
                </p>
                <p className="text-xs text-gray-600">
                  Viewed <time dateTime={new Date(item.viewed_at).toISOString()}>{viewedAt(item.viewed_at)}</time>
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      {hasMore ? (
        <div className="flex flex-col items-center gap-3">
          {history.more === 'failed' ? (
            <p role="alert" className="text-sm text-red-700">
              The next products could not be loaded. Please try again.
            </p>
          ) : null}
          <button
            type="button"
            onClick={() => void loadMore()}
            aria-busy={history.more === 'loading' || undefined}
            disabled={history.more === 'loading'}
            className={`inline-flex min-h-11 items-center gap-2 rounded-full border border-gray-300 px-8 text-sm font-semibold text-gray-950 hover:border-gray-950 disabled:cursor-wait disabled:text-gray-500 ${focusRing}`}
          >
            {history.more === 'loading' ? (
              <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
            ) : null}
            Load more
          </button>
        </div>
      ) : null}
    </section>
  );
}

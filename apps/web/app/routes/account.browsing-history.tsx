import { Messages, SHOP_NAME } from '@shop/contracts';
import { useId } from 'react';
import { ContinueShoppingEmpty } from '../components/ui/continue-shopping';
import { HistoryRow, HistorySkeleton } from '../features/product/history-row';
import { useBrowsingHistory } from '../features/product/use-browsing-history';
import { focusRing } from '../lib/cx';

export const meta = () => [{ title: `Browsing History | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/**
 * /ShoppingListMain/BrowsingHistory (spec 2, guarded): the goods the shopper viewed, most recent
 * first, with when they last saw each. Views made as a guest in this browser are saved to the
 * account first, so they are listed too.
 */
export default function BrowsingHistory() {
  const { history, firstNewRef, loadFirst, loadMore } = useBrowsingHistory();
  const headingId = useId();

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
        <HistorySkeleton />
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
        <ContinueShoppingEmpty title={Messages.noHistory} hint="The products you look at will appear here." />
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
        {history.items.map((item, at) => (
          <HistoryRow key={item.id} item={item} eager={at === 0} linkRef={at === history.focusAt ? firstNewRef : undefined} />
        ))}
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

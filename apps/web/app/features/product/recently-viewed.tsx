import { CODE_OK, RECENTLY_VIEWED_MAX } from '@shop/contracts';
import type { TViewLogPage } from '@shop/contracts/catalog';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ProductCardItem, ProductCardProps } from '../../components/product/product-card';
import { ProductCarousel } from '../../components/product/product-carousel';
import { CarouselSkeleton } from '../../components/ui/skeleton';
import { api, isCancelled } from '../../lib/api';
import { useUserToken } from '../../lib/session';
import { LocalKeys, local, subscribeStorage } from '../../lib/storage';
import { HISTORY_PATH, parseLocalHistory, syncBrowsingHistory, type ViewedProduct } from './history';

export const RECENTLY_VIEWED_TITLE = 'Recently viewed';

/** A locally kept view as a card: its one photo, never marked as a favourite (a guest has no wishlist). */
const cardOf = (entry: ViewedProduct): ProductCardItem => ({
  ...entry,
  images: entry.image ? [entry.image] : [],
  is_favorited: 0,
});

type Remote = { status: 'idle' | 'loading' | 'ready' | 'failed'; items: ProductCardItem[] };

/**
 * The shopper's recently viewed goods other than `currentId`: this browser's list for a guest, the
 * account's history (GET /api/productViewLog/index) for a signed-in shopper. It is personal, so it
 * is empty on the server and in the first render: the shared page stays the same for everyone.
 */
export function useRecentlyViewed(currentId: number): { loading: boolean; items: ProductCardItem[] } {
  const token = useUserToken();
  const raw = useSyncExternalStore(
    subscribeStorage,
    () => local.get(LocalKeys.recentlyViewed),
    () => null,
  );
  const guestItems = useMemo(
    () =>
      parseLocalHistory(raw)
        .filter((entry) => entry.id !== currentId)
        .map(cardOf),
    [raw, currentId],
  );
  const [remote, setRemote] = useState<Remote>({ status: 'idle', items: [] });

  useEffect(() => {
    if (!token) return;
    let active = true;
    setRemote((current) => ({ ...current, status: 'loading' }));
    void (async () => {
      // a guest's views from before the sign-in join the account first
      await syncBrowsingHistory();
      try {
        const envelope = await api.get<TViewLogPage>(HISTORY_PATH, {
          query: { page: 1, page_size: RECENTLY_VIEWED_MAX + 1 },
          silent: true,
        });
        if (!active) return;
        setRemote(
          envelope.code === CODE_OK
            ? {
                status: 'ready',
                items: envelope.result.data.filter((item) => item.id !== currentId).slice(0, RECENTLY_VIEWED_MAX),
              }
            : { status: 'failed', items: [] },
        );
      } catch (error) {
        if (active && !isCancelled(error)) setRemote({ status: 'failed', items: [] });
      }
    })();
    return () => {
      active = false;
    };
  }, [token, currentId]);

  if (!token) return { loading: false, items: guestItems };
  return { loading: remote.status === 'idle' || remote.status === 'loading', items: remote.items };
}

/** The "Recently viewed" row of a product page; nothing at all when there is nothing to show. */
export function RecentlyViewed({
  currentId,
  onQuickView,
  className,
}: {
  currentId: number;
  onQuickView?: ProductCardProps['onQuickView'];
  className?: string;
}) {
  const { loading, items } = useRecentlyViewed(currentId);
  if (loading) return <CarouselSkeleton label="Loading your recently viewed products" className={className} />;
  if (items.length === 0) return null;
  return <ProductCarousel title={RECENTLY_VIEWED_TITLE} items={items} onQuickView={onQuickView} className={className} />;
}

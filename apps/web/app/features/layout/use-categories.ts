import { useEffect, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import { LocalKeys, local, subscribeStorage } from '../../lib/storage';
import type { CategoryNode } from './types';

/** The category tree the root loader fetched (empty when it could not be loaded). */
export function useRootCategories(): CategoryNode[] {
  const root = useRouteLoaderData('root') as { categories?: CategoryNode[] } | undefined;
  return root?.categories ?? [];
}

/**
 * spec 4: the top-level category choice is remembered across visits. Null on the server and in the
 * first client render, so the server markup and the hydrated markup agree.
 */
export function useRememberedTopCategory(): string | null {
  return useSyncExternalStore(
    subscribeStorage,
    () => local.get(LocalKeys.topCategory),
    () => null,
  );
}

/** Stores `url` as the chosen top category once the page showing it is on screen. */
export function useRememberTopCategory(url: string | null) {
  useEffect(() => {
    if (url && local.get(LocalKeys.topCategory) !== url) local.set(LocalKeys.topCategory, url);
  }, [url]);
}

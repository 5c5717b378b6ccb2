import { CODE_OK } from '@shop/contracts';
import type { TViewedGoods, TViewLogPage } from '@shop/contracts/catalog';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, isCancelled } from '../../lib/api';
import { HISTORY_PATH, syncBrowsingHistory } from './history';

/**
 * The history comes in pages of this many, with 'Load more' for the next. (Written here rather than
 * imported from the catalogue contracts, whose schemas would all come along into the page's code.)
 */
const PAGE_SIZE = 20;

export type History = {
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

const FAILED: History = { status: 'failed', items: [], total: 0, page: 0, more: 'idle', focusAt: null };

/**
 * A further page added to the history: a product viewed again since the first page moved up and
 * is listed once; an empty page means the end, whatever the count said before.
 */
export function withPage(current: History, result: TViewLogPage, page: number): History {
  const known = new Set(current.items.map((item) => item.id));
  const arrived = result.data.filter((item) => !known.has(item.id));
  return {
    ...current,
    items: [...current.items, ...arrived],
    total: result.data.length === 0 ? current.items.length : result.total,
    page,
    more: 'idle',
    focusAt: arrived.length > 0 ? current.items.length : null,
  };
}

async function loadPage(page: number) {
  const envelope = await api.get<TViewLogPage>(HISTORY_PATH, { query: { page, page_size: PAGE_SIZE }, silent: true });
  return envelope.code === CODE_OK ? envelope.result : null;
}

/**
 * The shopper's browsing history, a page at a time: views made as a guest in this browser are
 * saved to the account first. After 'Load more' the keyboard continues at the first product that
 * arrived (`firstNewRef`).
 */
export function useBrowsingHistory() {
  const [history, setHistory] = useState<History>({ ...FAILED, status: 'loading' });
  const firstNewRef = useRef<HTMLAnchorElement>(null);

  const loadFirst = useCallback(async () => {
    setHistory((current) => ({ ...current, status: 'loading' }));
    await syncBrowsingHistory();
    try {
      const result = await loadPage(1);
      setHistory(
        result ? { status: 'ready', items: result.data, total: result.total, page: 1, more: 'idle', focusAt: null } : FAILED,
      );
    } catch (error) {
      if (!isCancelled(error)) setHistory(FAILED);
    }
  }, []);

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
      setHistory((current) => withPage(current, result, page));
    } catch (error) {
      if (!isCancelled(error)) setHistory((current) => ({ ...current, more: 'failed' }));
    }
  };

  useEffect(() => {
    if (history.focusAt !== null) firstNewRef.current?.focus();
  }, [history.focusAt]);

  return { history, firstNewRef, loadFirst, loadMore };
}

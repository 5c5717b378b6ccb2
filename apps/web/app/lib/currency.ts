import { CODE_OK, CURRENCY_CACHE_MS, DEFAULT_CURRENCY } from '@shop/contracts';
import { formatPrice } from '@shop/contracts/pricing';
import type { TCurrency } from '@shop/contracts/site';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from './api';
import { LocalKeys, local, SessionKeys, subscribeStorage } from './storage';

/**
 * spec 3 "Currency" and spec 9: the currencies the shop shows prices in. The list comes from
 * GET /api/exchange/rate/list and is kept in local storage (`currencies`) for CURRENCY_CACHE_MS;
 * the shopper's pick is kept for the tab in session storage (`currency`, which the API client sends
 * as the `currency` header). Without a pick, the first currency of the list is current.
 *
 * The server always renders USD (`getServerCurrencyState`); the browser switches to the chosen
 * currency after hydration, so server and client markup agree.
 */

/** spec 9: the shop's own currency, shown until the list is known; symbol $ and rate 1. */
export const BASE_CURRENCY: TCurrency = {
  id: 0,
  name: 'US Dollar',
  unit: '$',
  cn_name: '美元',
  currency_code: DEFAULT_CURRENCY,
  exchange_rate: 1,
};

export const CURRENCY_LIST_PATH = '/api/exchange/rate/list';

export type CurrencyStatus = 'idle' | 'loading' | 'ready' | 'failed';

export type CurrencyState = {
  /** every currency the shop offers, in the shop's order; empty until loaded */
  currencies: readonly TCurrency[];
  /** the one prices are shown in */
  current: TCurrency;
  status: CurrencyStatus;
};

type CachedList = { savedAt: number; currencies: TCurrency[] };

const SERVER_STATE: CurrencyState = Object.freeze({ currencies: Object.freeze([]), current: BASE_CURRENCY, status: 'idle' });

const isCurrency = (value: unknown): value is TCurrency => {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.id === 'number' &&
    typeof entry.name === 'string' &&
    typeof entry.unit === 'string' &&
    typeof entry.currency_code === 'string' &&
    typeof entry.exchange_rate === 'number' &&
    Number.isFinite(entry.exchange_rate) &&
    entry.exchange_rate > 0
  );
};

const currencyList = (value: unknown): TCurrency[] => (Array.isArray(value) ? value.filter(isCurrency) : []);

function parseCache(raw: string | null): CachedList | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<CachedList> | null;
    const currencies = currencyList(parsed?.currencies);
    if (typeof parsed?.savedAt !== 'number' || currencies.length === 0) return null;
    return { savedAt: parsed.savedAt, currencies };
  } catch {
    return null;
  }
}

function readPick(): string | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage.getItem(SessionKeys.currency);
  } catch {
    return null;
  }
}

function writePick(code: string): boolean {
  try {
    window.sessionStorage.setItem(SessionKeys.currency, code);
    return true;
  } catch {
    return false;
  }
}

/** The shopper's pick when the list offers it, else the first currency returned (spec 3). */
export const resolveCurrent = (currencies: readonly TCurrency[], picked: string | null): TCurrency =>
  currencies.find((currency) => currency.currency_code === picked) ?? currencies[0] ?? BASE_CURRENCY;

// The browser's copy of the store. Started lazily from storage, so importing this module is free.
let started = false;
let currencies: readonly TCurrency[] = [];
let savedAt = 0;
let lastRawCache: string | null = null;
let picked: string | null = null;
/** the pick, when session storage refuses it: it lasts for this page view */
let memoryPick: string | null = null;
let status: CurrencyStatus = 'idle';
let snapshot: CurrencyState = SERVER_STATE;
let loading: Promise<readonly TCurrency[]> | null = null;
const listeners = new Set<() => void>();

function publish() {
  const current = resolveCurrent(currencies, picked ?? memoryPick);
  if (snapshot.currencies === currencies && snapshot.current === current && snapshot.status === status) return;
  snapshot = { currencies, current, status };
  for (const listener of listeners) listener();
}

/** Reads the cached list and the pick again (this tab's writes, other tabs', a sign-out's clearing). */
function syncFromStorage() {
  const raw = local.get(LocalKeys.currencies);
  if (raw !== lastRawCache) {
    lastRawCache = raw;
    const cached = parseCache(raw);
    if (cached) {
      currencies = cached.currencies;
      savedAt = cached.savedAt;
      if (status === 'idle') status = 'ready';
    }
  }
  picked = readPick();
  publish();
}

function start() {
  if (started || typeof window === 'undefined') return;
  started = true;
  syncFromStorage();
}

export function getCurrencyState(): CurrencyState {
  start();
  return snapshot;
}

export const getServerCurrencyState = (): CurrencyState => SERVER_STATE;

let stopStorage: (() => void) | null = null;

/** Calls `listener` whenever the list, the current currency or the loading status changes. */
export function subscribeCurrency(listener: () => void): () => void {
  start();
  listeners.add(listener);
  // one storage subscription for all subscribers, for as long as there are any
  stopStorage ??= subscribeStorage(syncFromStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopStorage?.();
      stopStorage = null;
    }
  };
}

const isFresh = () => currencies.length > 0 && Date.now() - savedAt < CURRENCY_CACHE_MS;

/**
 * The currency list: from the cache while it is younger than CURRENCY_CACHE_MS, otherwise from the
 * API (one request for all callers at the same moment). A failed load keeps any older list.
 */
export function loadCurrencies({ force = false }: { force?: boolean } = {}): Promise<readonly TCurrency[]> {
  start();
  if (!force && isFresh()) return Promise.resolve(currencies);
  loading ??= fetchCurrencies().finally(() => {
    loading = null;
  });
  return loading;
}

async function fetchCurrencies(): Promise<readonly TCurrency[]> {
  status = 'loading';
  publish();
  try {
    const envelope = await api.get<{ data: unknown; total: number }>(CURRENCY_LIST_PATH, { silent: true });
    const list = envelope.code === CODE_OK ? currencyList(envelope.result?.data) : [];
    if (list.length === 0) {
      status = 'failed';
      publish();
      return currencies;
    }
    currencies = list;
    savedAt = Date.now();
    lastRawCache = JSON.stringify({ savedAt, currencies: list } satisfies CachedList);
    status = 'ready';
    local.set(LocalKeys.currencies, lastRawCache);
    publish();
    return currencies;
  } catch {
    // the API client has already told the shopper about a network failure
    status = 'failed';
    publish();
    return currencies;
  }
}

/** Makes the currency with `code` current for this tab; false when the shop does not offer it. */
export function chooseCurrency(code: string): boolean {
  start();
  const chosen = currencies.find((currency) => currency.currency_code === code);
  if (!chosen) return false;
  memoryPick = writePick(code) ? null : code;
  picked = readPick();
  publish();
  return true;
}

/** The whole store, for the currency picker. Loads the list once the page is in the browser. */
export function useCurrencyState(): CurrencyState {
  const state = useSyncExternalStore(subscribeCurrency, getCurrencyState, getServerCurrencyState);
  useEffect(() => {
    void loadCurrencies();
  }, []);
  return state;
}

/** The currency prices are shown in: USD on the server and in the first render. */
export const useCurrency = (): TCurrency => useCurrencyState().current;

/**
 * spec 9 "Prices": a USD amount in `currency`, times its exchange rate, rounded down to 2 decimals,
 * after its symbol ('$12.50', '€11.50'); the rule itself is the contracts' `formatPrice`. The API's
 * decimal strings ('12.50') are accepted; an amount that is not a number shows nothing.
 */
export function formatAmount(amountUsd: number | string, currency: Pick<TCurrency, 'unit' | 'exchange_rate'>): string {
  const usd = typeof amountUsd === 'number' ? amountUsd : Number.parseFloat(amountUsd);
  if (!Number.isFinite(usd)) return '';
  return formatPrice(usd, { unit: currency.unit || BASE_CURRENCY.unit, exchange_rate: currency.exchange_rate });
}

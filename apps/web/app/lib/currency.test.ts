import { CURRENCY_CACHE_MS } from '@shop/contracts';
import { formatPrice } from '@shop/contracts/pricing';
import type { TCurrency } from '@shop/contracts/site';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './fake-browser.testing';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const EUR: TCurrency = { id: 2, name: 'Euro', unit: '€', cn_name: '欧元', currency_code: 'EUR', exchange_rate: 0.92 };
const USD: TCurrency = { id: 1, name: 'US Dollar', unit: '$', cn_name: '美元', currency_code: 'USD', exchange_rate: 1 };
const GBP: TCurrency = { id: 3, name: 'Pound sterling', unit: '£', cn_name: '英镑', currency_code: 'GBP', exchange_rate: 0.79 };

type FetchCall = { url: string; headers: Record<string, string> };

/** A browser-like global whose storage survives a module reload (a page reload in the same tab). */
function fakeBrowser() {
  const win = {
    localStorage: memoryStorage(),
    sessionStorage: memoryStorage(),
    location: { assign: vi.fn() },
    setTimeout: globalThis.setTimeout.bind(globalThis),
    clearTimeout: globalThis.clearTimeout.bind(globalThis),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  vi.stubGlobal('window', win);
  vi.stubGlobal('navigator', { onLine: true });
  const calls: FetchCall[] = [];
  let answer: () => unknown = () => ({ code: 200, msg: 'ok', result: { data: [USD, EUR, GBP], total: 3 } });
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string> });
    return Promise.resolve(
      new Response(JSON.stringify(answer()), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  });
  return {
    win,
    calls,
    answerWith: (next: () => unknown) => {
      answer = next;
    },
  };
}

let browser: ReturnType<typeof fakeBrowser>;
let store: typeof import('./currency');

/** A fresh copy of the module: what a page load in the same tab starts from. */
async function reload() {
  vi.resetModules();
  store = await import('./currency');
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
  browser = fakeBrowser();
  await reload();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the currency store (spec 3 "Currency", spec 9)', () => {
  it('renders USD on the server and before the list is known', () => {
    expect(store.getServerCurrencyState().current.currency_code).toBe('USD');
    expect(store.getCurrencyState().current).toEqual(store.BASE_CURRENCY);
  });

  it('makes the first returned currency current when the shopper has picked none', async () => {
    browser.answerWith(() => ({ code: 200, msg: 'ok', result: { data: [EUR, USD], total: 2 } }));
    await store.loadCurrencies();
    expect(browser.calls.map((call) => call.url)).toEqual(['/api/exchange/rate/list']);
    const state = store.getCurrencyState();
    expect(state.status).toBe('ready');
    expect(state.currencies.map((c) => c.currency_code)).toEqual(['EUR', 'USD']);
    expect(state.current.currency_code).toBe('EUR');
  });

  it('keeps the pick in session storage under "currency", sends it as the header and finds it after a reload', async () => {
    await store.loadCurrencies();
    expect(store.chooseCurrency('GBP')).toBe(true);
    expect(browser.win.sessionStorage.getItem('currency')).toBe('GBP');
    expect(store.getCurrencyState().current.currency_code).toBe('GBP');

    await reload();
    expect(store.getCurrencyState().current.currency_code).toBe('GBP');
    await store.loadCurrencies({ force: true });
    expect(browser.calls.at(-1)?.headers.currency).toBe('GBP');
  });

  it('refuses a currency the shop does not offer', async () => {
    await store.loadCurrencies();
    expect(store.chooseCurrency('XYZ')).toBe(false);
    expect(browser.win.sessionStorage.getItem('currency')).toBeNull();
    expect(store.getCurrencyState().current.currency_code).toBe('USD');
  });

  it('falls back to the first currency when the stored pick is no longer offered', async () => {
    browser.win.sessionStorage.setItem('currency', 'CHF');
    await reload();
    await store.loadCurrencies();
    expect(store.getCurrencyState().current.currency_code).toBe('USD');
  });

  it('caches the list in local storage under "currencies" for 5 minutes', async () => {
    await store.loadCurrencies();
    const cached = JSON.parse(browser.win.localStorage.getItem('currencies') ?? 'null');
    expect(cached).toEqual({ savedAt: Date.now(), currencies: [USD, EUR, GBP] });

    vi.setSystemTime(Date.now() + CURRENCY_CACHE_MS - 1);
    await reload();
    expect(store.getCurrencyState().currencies).toHaveLength(3);
    await store.loadCurrencies();
    expect(browser.calls).toHaveLength(1);

    vi.setSystemTime(Date.now() + 1);
    await store.loadCurrencies();
    expect(browser.calls).toHaveLength(2);
  });

  it('asks the API once for callers at the same moment', async () => {
    await Promise.all([store.loadCurrencies(), store.loadCurrencies(), store.loadCurrencies()]);
    expect(browser.calls).toHaveLength(1);
  });

  it('keeps the older list when a refresh fails', async () => {
    await store.loadCurrencies();
    store.chooseCurrency('EUR');
    vi.setSystemTime(Date.now() + CURRENCY_CACHE_MS);
    browser.answerWith(() => ({ code: 500, msg: 'down', result: null }));
    await store.loadCurrencies();
    const state = store.getCurrencyState();
    expect(state.status).toBe('failed');
    expect(state.current.currency_code).toBe('EUR');
    expect(state.currencies).toHaveLength(3);
  });

  it('ignores a cache that is not a currency list', async () => {
    browser.win.localStorage.setItem('currencies', JSON.stringify({ savedAt: Date.now(), currencies: [{ id: 'x' }] }));
    await reload();
    expect(store.getCurrencyState().currencies).toHaveLength(0);
    await store.loadCurrencies();
    expect(browser.calls).toHaveLength(1);
  });

  it('tells every subscriber when the pick changes, and only then', async () => {
    await store.loadCurrencies();
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = store.subscribeCurrency(first);
    store.subscribeCurrency(second);
    store.chooseCurrency('EUR');
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    store.chooseCurrency('EUR');
    expect(first).toHaveBeenCalledTimes(1);
    stopFirst();
    store.chooseCurrency('GBP');
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('forgets the pick when a sign-out clears the storage', async () => {
    await store.loadCurrencies();
    store.subscribeCurrency(() => {});
    store.chooseCurrency('GBP');
    const { clearAllStorage } = await import('./storage');
    clearAllStorage();
    expect(store.getCurrencyState().current.currency_code).toBe('USD');
  });

  it('gives the same snapshot until something changes', async () => {
    await store.loadCurrencies();
    expect(store.getCurrencyState()).toBe(store.getCurrencyState());
  });
});

describe('formatAmount (spec 9 "Prices")', () => {
  it('shows USD amounts with the symbol and 2 decimals', () => {
    expect(store.formatAmount(12.5, USD)).toBe('$12.50');
    expect(store.formatAmount('39.99', USD)).toBe('$39.99');
  });

  it('converts with the exchange rate and rounds down', () => {
    expect(store.formatAmount(12.5, EUR)).toBe('€11.50');
    expect(store.formatAmount(10, { unit: '€', exchange_rate: 0.3339 })).toBe('€3.33');
  });

  it('writes amounts by the contracts rule', () => {
    expect(store.formatAmount(1234.5, GBP)).toBe(formatPrice(1234.5, GBP));
    expect(store.formatAmount('1234.5', EUR)).toBe(formatPrice(1234.5, EUR));
  });

  it('shows nothing for an amount that is not a number', () => {
    expect(store.formatAmount('n/a', USD)).toBe('');
  });
});

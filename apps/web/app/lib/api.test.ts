import { Messages } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('./toast', () => ({ notify: toast }));

type FetchCall = { url: string; init: RequestInit };

/** A browser-like global: storage, location, navigator and a scripted fetch. */
function fakeBrowser() {
  const store = (): Storage => {
    const map = new Map<string, string>();
    return {
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, String(v)),
      removeItem: (k) => void map.delete(k),
      clear: () => map.clear(),
      key: (i) => [...map.keys()][i] ?? null,
      get length() {
        return map.size;
      },
    };
  };
  const assign = vi.fn();
  const win = {
    localStorage: store(),
    sessionStorage: store(),
    location: { assign },
    setTimeout: globalThis.setTimeout.bind(globalThis),
    clearTimeout: globalThis.clearTimeout.bind(globalThis),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  vi.stubGlobal('window', win);
  vi.stubGlobal('navigator', { onLine: true });
  const calls: FetchCall[] = [];
  const responses: Array<(call: FetchCall) => Promise<Response>> = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    const next = responses.shift();
    if (!next) throw new Error(`unexpected fetch ${url}`);
    return next(call);
  });
  return { win, calls, responses, assign };
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** A response that waits for the request's abort signal. */
const hanging = (call: FetchCall) =>
  new Promise<Response>((_resolve, reject) => {
    call.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

let browser: ReturnType<typeof fakeBrowser>;
let api: typeof import('./api');

beforeEach(async () => {
  vi.resetModules();
  toast.error.mockReset();
  browser = fakeBrowser();
  api = await import('./api');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the API client (spec 7 and 8)', () => {
  it('sends the token in user-token and Authorization, with currency and language', async () => {
    browser.win.localStorage.setItem('user_token', 'at1.x.y');
    browser.responses.push(() => json({ code: 200, msg: 'ok', result: 1 }));
    const envelope = await api.api.get('/shop/user/info', { query: { a: 1, b: undefined } });
    expect(envelope.result).toBe(1);
    const [call] = browser.calls;
    expect(call?.url).toBe('/shop/user/info?a=1');
    expect(call?.init.headers).toMatchObject({
      'user-token': 'at1.x.y',
      Authorization: 'Bearer at1.x.y',
      currency: 'USD',
      language: 'en',
    });
  });

  it('cancels an identical call still in flight, silently', async () => {
    browser.responses.push(hanging, () => json({ code: 200, msg: 'ok', result: 'second' }));
    const first = api.api.post('/shop/user/edit', { a: 1 });
    const second = api.api.post('/shop/user/edit', { a: 1 });
    await expect(first).rejects.toBeInstanceOf(api.RequestCancelled);
    expect((await second).result).toBe('second');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('does not cancel calls that differ in body', async () => {
    browser.responses.push(
      () => json({ code: 200, msg: 'ok', result: 1 }),
      () => json({ code: 200, msg: 'ok', result: 2 }),
    );
    const results = await Promise.all([api.api.post('/x', { a: 1 }), api.api.post('/x', { a: 2 })]);
    expect(results.map((r) => r.result)).toEqual([1, 2]);
  });

  it('gives up after 10 s with the timeout message', async () => {
    vi.useFakeTimers();
    browser.win.setTimeout = globalThis.setTimeout.bind(globalThis);
    browser.win.clearTimeout = globalThis.clearTimeout.bind(globalThis);
    browser.responses.push(hanging);
    const pending = api.api.get('/slow');
    const outcome = expect(pending).rejects.toThrow(Messages.timeout);
    await vi.advanceTimersByTimeAsync(10_000);
    await outcome;
    expect(toast.error).toHaveBeenCalledWith(Messages.timeout);
  });

  it('tells a server failure from being offline', async () => {
    browser.responses.push(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.api.get('/a')).rejects.toThrow(Messages.serverException);
    (navigator as { onLine: boolean }).onLine = false;
    browser.responses.push(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.api.get('/b')).rejects.toThrow(Messages.offline);
    expect(toast.error.mock.calls.map((c) => c[0])).toEqual([Messages.serverException, Messages.offline]);
  });

  it('shows the server message of a failed call unless told not to', async () => {
    browser.responses.push(() => json({ code: 400, msg: 'Bad thing', result: null }, 400));
    expect((await api.api.post('/x', {})).code).toBe(400);
    expect(toast.error).toHaveBeenCalledWith('Bad thing');
    toast.error.mockReset();
    browser.responses.push(() => json({ code: 400, msg: 'Quiet', result: null }, 400));
    await api.api.post('/y', {}, { silent: true });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('refreshes once on 409, stores the new pair and retries the call', async () => {
    browser.win.localStorage.setItem('user_token', 'old-access');
    browser.win.localStorage.setItem('refresh_token', 'old-refresh');
    browser.responses.push(
      () => json({ code: 409, msg: 'Access token expired', result: null }, 409),
      () => json({ code: 200, msg: 'ok', result: { token: 'new-access', refresh_token: 'new-refresh' } }),
      () => json({ code: 200, msg: 'ok', result: 'done' }),
    );
    const envelope = await api.api.get('/shop/user/info');
    expect(envelope.result).toBe('done');
    expect(browser.calls[1]?.url).toBe('/shop/login/refresh');
    expect(browser.calls[1]?.init.headers).toMatchObject({ 'refresh-token': 'old-refresh' });
    expect(browser.calls[2]?.init.headers).toMatchObject({ 'user-token': 'new-access' });
    expect(browser.win.localStorage.getItem('refresh_token')).toBe('new-refresh');
  });

  it('on 401 says so, clears storage and goes to /login after 1.5 s', async () => {
    vi.useFakeTimers();
    browser.win.setTimeout = globalThis.setTimeout.bind(globalThis);
    browser.win.clearTimeout = globalThis.clearTimeout.bind(globalThis);
    browser.win.localStorage.setItem('user_token', 'revoked');
    browser.win.sessionStorage.setItem('currency', 'EUR');
    browser.responses.push(() => json({ code: 401, msg: 'Login is invalid, please log in again', result: null }, 401));
    await api.api.get('/shop/user/info');
    expect(toast.error).toHaveBeenCalledWith(Messages.loginInvalid);
    expect(browser.win.localStorage.getItem('user_token')).toBeNull();
    expect(browser.win.sessionStorage.getItem('currency')).toBeNull();
    await vi.advanceTimersByTimeAsync(1_499);
    expect(browser.assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(browser.assign).toHaveBeenCalledWith('/login');
  });
});

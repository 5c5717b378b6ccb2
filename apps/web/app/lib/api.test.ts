import { Messages } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser, hanging, json } from './fake-browser.testing';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('./toast', () => ({ notify: toast }));

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

  it('asks for one refresh for every call that meets 409 together, then retries each', async () => {
    browser.win.localStorage.setItem('user_token', 'old-access');
    browser.win.localStorage.setItem('refresh_token', 'old-refresh');
    let refreshed: (response: Response) => void = () => undefined;
    browser.responses.push(
      () => json({ code: 409, msg: 'Access token expired', result: null }, 409),
      () => json({ code: 409, msg: 'Access token expired', result: null }, 409),
      () => new Promise<Response>((resolve) => (refreshed = resolve)),
      () => json({ code: 200, msg: 'ok', result: 'a' }),
      () => json({ code: 200, msg: 'ok', result: 'b' }),
    );
    const both = Promise.all([api.api.get('/a'), api.api.get('/b')]);
    await vi.waitFor(() => expect(browser.calls).toHaveLength(3));
    refreshed(await json({ code: 200, msg: 'ok', result: { token: 'new-access', refresh_token: 'new-refresh' } }));
    expect((await both).map((envelope) => envelope.result).sort()).toEqual(['a', 'b']);
    expect(browser.calls.filter((call) => call.url === '/shop/login/refresh')).toHaveLength(1);
    expect(browser.calls.slice(3).map((call) => (call.init.headers as Record<string, string>)['user-token'])).toEqual([
      'new-access',
      'new-access',
    ]);
  });

  it('refreshes only once: a call still refused after a new token ends the session', async () => {
    vi.useFakeTimers();
    browser.win.localStorage.setItem('user_token', 'old-access');
    browser.win.localStorage.setItem('refresh_token', 'old-refresh');
    browser.responses.push(
      () => json({ code: 409, msg: 'Access token expired', result: null }, 409),
      () => json({ code: 200, msg: 'ok', result: { token: 'new-access', refresh_token: 'new-refresh' } }),
      () => json({ code: 409, msg: 'Access token expired', result: null }, 409),
    );
    expect((await api.api.get('/shop/user/info')).code).toBe(409);
    expect(browser.calls).toHaveLength(3);
    expect(toast.error.mock.calls).toEqual([[Messages.loginInvalid]]);
    expect(browser.win.localStorage.getItem('user_token')).toBeNull();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(browser.assign).toHaveBeenCalledWith('/login');
  });

  it('ends the session when the refresh token is refused', async () => {
    vi.useFakeTimers();
    browser.win.localStorage.setItem('user_token', 'old-access');
    browser.win.localStorage.setItem('refresh_token', 'revoked-refresh');
    browser.responses.push(
      () => json({ code: 409, msg: 'Access token expired', result: null }, 409),
      () => json({ code: 401, msg: 'Login is invalid, please log in again', result: null }, 401),
    );
    await api.api.get('/shop/user/info');
    expect(browser.calls).toHaveLength(2);
    expect(toast.error.mock.calls).toEqual([[Messages.loginInvalid]]);
    expect(browser.win.localStorage.getItem('refresh_token')).toBeNull();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(browser.assign).toHaveBeenCalledWith('/login');
  });

  it('says an ended session once for every call refused together', async () => {
    vi.useFakeTimers();
    browser.win.localStorage.setItem('user_token', 'revoked');
    const refused = () => json({ code: 401, msg: 'Login is invalid, please log in again', result: null }, 401);
    browser.responses.push(refused, refused);
    await Promise.all([api.api.get('/a'), api.api.get('/b')]);
    expect(toast.error.mock.calls).toEqual([[Messages.loginInvalid]]);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(browser.assign).toHaveBeenCalledTimes(1);
  });
});

describe('a client for another kind of session', () => {
  const makeStore = () => {
    const tokens = { access: 'staff-access' as string | null, refresh: 'staff-refresh' as string | null };
    const store: import('./api').SessionStore = {
      headers: (): Record<string, string> => (tokens.access ? { authorization: `Bearer ${tokens.access}` } : {}),
      refreshToken: () => tokens.refresh,
      store: (pair) => {
        tokens.access = pair.token;
        tokens.refresh = pair.refresh_token;
      },
      forget: () => {
        tokens.access = null;
        tokens.refresh = null;
      },
      end: vi.fn(() => {
        tokens.access = null;
        tokens.refresh = null;
      }),
    };
    return { tokens, store, client: api.createApiClient(store) };
  };

  it('sends only its own session’s headers, and refreshes and keeps its own tokens', async () => {
    browser.win.localStorage.setItem('user_token', 'shopper-access');
    const { tokens, client } = makeStore();
    browser.responses.push(
      () => json({ code: 409, msg: 'Access token expired', result: null }, 409),
      () => json({ code: 200, msg: 'ok', result: { token: 'staff-access-2', refresh_token: 'staff-refresh-2' } }),
      () => json({ code: 200, msg: 'ok', result: 'done' }),
    );
    expect((await client.get('/admin/info')).result).toBe('done');
    expect(browser.calls[0]?.init.headers).toEqual({ authorization: 'Bearer staff-access' });
    expect(browser.calls[1]?.init.headers).toMatchObject({ 'refresh-token': 'staff-refresh' });
    expect(browser.calls[2]?.init.headers).toEqual({ authorization: 'Bearer staff-access-2' });
    expect(tokens).toEqual({ access: 'staff-access-2', refresh: 'staff-refresh-2' });
    expect(browser.win.localStorage.getItem('user_token')).toBe('shopper-access');
  });

  it('on 401 says so and lets its store end the session, leaving the shopper’s alone', async () => {
    browser.win.localStorage.setItem('user_token', 'shopper-access');
    const { store, client } = makeStore();
    browser.responses.push(() => json({ code: 401, msg: 'Login is invalid, please log in again', result: null }, 401));
    await client.get('/admin/info');
    expect(toast.error).toHaveBeenCalledWith(Messages.loginInvalid);
    expect(store.end).toHaveBeenCalledTimes(1);
    expect(browser.win.localStorage.getItem('user_token')).toBe('shopper-access');
    expect(browser.assign).not.toHaveBeenCalled();
  });
});

describe('files through the client', () => {
  const file = (text: string, name?: string) =>
    Promise.resolve(
      new Response(text, {
        status: 200,
        headers: { 'content-type': 'text/csv', ...(name ? { 'content-disposition': `attachment; filename="${name}"` } : {}) },
      }),
    );

  it('downloads a file with the session’s headers and the name the server gives', async () => {
    browser.win.localStorage.setItem('user_token', 'at1.x.y');
    browser.responses.push(() => file('a,b\n1,2\n', 'orders-2026-03-01.csv'));
    const answer = await api.api.file('/admin/order/export', { query: { status: 2 } });
    expect(answer.code).toBe(200);
    expect(answer.result?.name).toBe('orders-2026-03-01.csv');
    expect(await answer.result?.blob.text()).toBe('a,b\n1,2\n');
    expect(browser.calls[0]?.url).toBe('/admin/order/export?status=2');
    expect(browser.calls[0]?.init.headers).toMatchObject({ 'user-token': 'at1.x.y' });
  });

  it('answers no name when the server gives none, and a JSON file is still a file', async () => {
    browser.responses.push(() => json({ profile: { email: 'a@example.com' } }));
    const answer = await api.api.file('/shop/user/export');
    expect(answer.result?.name).toBeNull();
    expect(JSON.parse((await answer.result?.blob.text()) ?? '')).toEqual({ profile: { email: 'a@example.com' } });
  });

  it('refreshes an expired token once and downloads again', async () => {
    browser.win.localStorage.setItem('user_token', 'old-access');
    browser.win.localStorage.setItem('refresh_token', 'old-refresh');
    browser.responses.push(
      () => json({ code: 409, msg: 'Access token expired', result: null }, 409),
      () => json({ code: 200, msg: 'ok', result: { token: 'new-access', refresh_token: 'new-refresh' } }),
      () => file('data', 'my-data.json'),
    );
    const answer = await api.api.file('/shop/user/export');
    expect(answer.result?.name).toBe('my-data.json');
    expect(browser.calls[2]?.init.headers).toMatchObject({ 'user-token': 'new-access' });
  });

  it('hands back a refusal as its envelope, said unless silent', async () => {
    browser.responses.push(() => json({ code: 403, msg: 'Not allowed', result: null }, 403));
    expect(await api.api.file('/x', { silent: true })).toEqual({ code: 403, msg: 'Not allowed', result: null });
    expect(toast.error).not.toHaveBeenCalled();
    browser.responses.push(() => json({ code: 404, msg: 'No such file', result: null }, 404));
    expect((await api.api.file('/y')).code).toBe(404);
    expect(toast.error).toHaveBeenCalledWith('No such file');
  });

  it('ends the session on 401', async () => {
    vi.useFakeTimers();
    browser.win.localStorage.setItem('user_token', 'revoked');
    browser.responses.push(() => json({ code: 401, msg: 'Login is invalid, please log in again', result: null }, 401));
    expect((await api.api.file('/shop/user/export', { silent: true })).code).toBe(401);
    expect(toast.error).toHaveBeenCalledWith(Messages.loginInvalid);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(browser.assign).toHaveBeenCalledWith('/login');
  });

  it('gives up after 10 s unless told not to', async () => {
    vi.useFakeTimers();
    browser.responses.push(hanging);
    const pending = api.api.file('/slow');
    const outcome = expect(pending).rejects.toThrow(Messages.timeout);
    await vi.advanceTimersByTimeAsync(10_000);
    await outcome;
    let answered: (response: Response) => void = () => undefined;
    browser.responses.push(() => new Promise<Response>((resolve) => (answered = resolve)));
    const patient = api.api.file('/export', { noTimeout: true });
    await vi.advanceTimersByTimeAsync(60_000);
    answered(await file('late', 'late.csv'));
    expect((await patient).result?.name).toBe('late.csv');
  });
});

/** A scripted XMLHttpRequest: each request sent is answered by the next script pushed. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static script: Array<(request: FakeXhr) => void> = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onprogress: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    const next = FakeXhr.script.shift();
    if (!next) throw new Error(`unexpected upload ${this.url}`);
    queueMicrotask(() => next(this));
  }
}

/** The answer in one go, after the body was sent in two halves. */
const answers = (status: number, body: unknown) => (request: FakeXhr) => {
  request.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
  request.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
  request.status = status;
  request.responseText = JSON.stringify(body);
  request.onload?.();
};

describe('uploads through the client', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    FakeXhr.script = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('sends JSON with the session’s headers, reports the bytes sent and answers the envelope', async () => {
    browser.win.localStorage.setItem('user_token', 'at1.x.y');
    FakeXhr.script.push(answers(200, { code: 200, msg: 'ok', result: { url: '/media/a.jpg' } }));
    const sent: number[] = [];
    const envelope = await api.api.upload<{ url: string }>(
      '/admin/upload',
      { file: 'data:…' },
      { onSent: (share) => sent.push(share) },
    );
    expect(envelope.result).toEqual({ url: '/media/a.jpg' });
    expect(sent).toEqual([0.5, 1]);
    const [request] = FakeXhr.sent;
    expect(request?.method).toBe('POST');
    expect(request?.body).toBe(JSON.stringify({ file: 'data:…' }));
    expect(request?.headers).toMatchObject({ 'content-type': 'application/json', 'user-token': 'at1.x.y', currency: 'USD' });
  });

  it('sends a form as multipart, leaving its content type to the browser', async () => {
    FakeXhr.script.push(answers(200, { code: 200, msg: 'ok', result: 1 }));
    const form = new FormData();
    form.append('name', 'Ada');
    await api.api.upload('/api/custom', form);
    expect(FakeXhr.sent[0]?.body).toBe(form);
    expect(FakeXhr.sent[0]?.headers['content-type']).toBeUndefined();
  });

  it('refreshes an expired token once and sends again', async () => {
    const { client, tokens } = (() => {
      const tokens = { access: 'staff-access', refresh: 'staff-refresh' };
      const client = api.createApiClient({
        headers: () => ({ authorization: `Bearer ${tokens.access}` }),
        refreshToken: () => tokens.refresh,
        store: (pair) => {
          tokens.access = pair.token;
          tokens.refresh = pair.refresh_token;
        },
        forget: () => undefined,
        end: () => undefined,
      });
      return { client, tokens };
    })();
    FakeXhr.script.push(
      answers(409, { code: 409, msg: 'Access token expired', result: null }),
      answers(200, { code: 200, msg: 'ok', result: 'stored' }),
    );
    browser.responses.push(() =>
      json({ code: 200, msg: 'ok', result: { token: 'staff-access-2', refresh_token: 'staff-refresh-2' } }),
    );
    const sent: number[] = [];
    expect((await client.upload('/admin/upload', { file: 'x' }, { onSent: (share) => sent.push(share) })).result).toBe('stored');
    expect(FakeXhr.sent.map((request) => request.headers.authorization)).toEqual([
      'Bearer staff-access',
      'Bearer staff-access-2',
    ]);
    expect(browser.calls[0]?.url).toBe('/shop/login/refresh');
    expect(tokens.access).toBe('staff-access-2');
    expect(sent).toEqual([0.5, 1, 0.5, 1]);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('hands over a streamed answer’s lines as they arrive and answers the last one’s envelope', async () => {
    const report = { code: 200, msg: 'Imported', result: { created: 2 } };
    FakeXhr.script.push((request) => {
      request.status = 200;
      request.responseText = '{"done":1,"total":2}\n{"done":2,';
      request.onprogress?.();
      request.responseText += '"total":2}\n';
      request.onprogress?.();
      request.responseText += `${JSON.stringify(report)}\n`;
      request.onload?.();
    });
    const lines: string[] = [];
    const envelope = await api.api.upload('/admin/import', { csv: 'a' }, { onLine: (line) => lines.push(line) });
    expect(lines).toEqual(['{"done":1,"total":2}', '{"done":2,"total":2}', JSON.stringify(report)]);
    expect(envelope).toEqual(report);
  });

  it('answers a refusal before the stream began as its envelope, said unless silent', async () => {
    FakeXhr.script.push(answers(400, { code: 400, msg: 'The file is not CSV', result: { fields: { csv: 'Not CSV' } } }));
    const lines: string[] = [];
    const envelope = await api.api.upload('/admin/import', { csv: 'a' }, { silent: true, onLine: (line) => lines.push(line) });
    expect(envelope.result).toEqual({ fields: { csv: 'Not CSV' } });
    expect(lines).toEqual([]);
    expect(toast.error).not.toHaveBeenCalled();
    FakeXhr.script.push(answers(400, { code: 400, msg: 'Too large', result: null }));
    await api.api.upload('/admin/upload', { file: 'x' });
    expect(toast.error).toHaveBeenCalledWith('Too large');
  });

  it('ends the session on 401', async () => {
    vi.useFakeTimers();
    browser.win.localStorage.setItem('user_token', 'revoked');
    FakeXhr.script.push(answers(401, { code: 401, msg: 'Login is invalid, please log in again', result: null }));
    expect((await api.api.upload('/admin/upload', { file: 'x' }, { silent: true })).code).toBe(401);
    expect(toast.error).toHaveBeenCalledWith(Messages.loginInvalid);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(browser.assign).toHaveBeenCalledWith('/login');
  });

  it('says a failed connection, even when silent, and throws it', async () => {
    FakeXhr.script.push((request) => request.onerror?.());
    await expect(api.api.upload('/admin/upload', { file: 'x' }, { silent: true })).rejects.toThrow(Messages.serverException);
    expect(toast.error).toHaveBeenCalledWith(Messages.serverException);
  });
});

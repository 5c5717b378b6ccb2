import { Messages } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser, hanging, json } from '../../lib/fake-browser.testing';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../lib/toast', () => ({ notify: toast }));

let browser: ReturnType<typeof fakeBrowser>;
let staff: typeof import('./staff-session');

beforeEach(async () => {
  vi.resetModules();
  toast.error.mockReset();
  browser = fakeBrowser();
  staff = await import('./staff-session');
  browser.win.localStorage.setItem('user_token', 'shopper-access');
  browser.win.localStorage.setItem('refresh_token', 'shopper-refresh');
  staff.storeStaffTokens({ token: 'staff-access', refresh_token: 'staff-refresh' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the console’s API client (the shop’s client with the staff tokens)', () => {
  it('sends the staff token as a bearer token and nothing of the shopper’s', async () => {
    browser.responses.push(() => json({ code: 200, msg: 'ok', result: { data: [], total: 0 } }));
    await staff.staffApi.get('/admin/kefu/csr/list', { query: { page: 1 } });
    expect(browser.calls[0]?.url).toBe('/admin/kefu/csr/list?page=1');
    expect(browser.calls[0]?.init.headers).toEqual({ authorization: 'Bearer staff-access' });
  });

  it('on 409 renews the staff pair once and retries, leaving the shopper’s tokens as they were', async () => {
    browser.responses.push(
      () => json({ code: 409, msg: 'Access token expired', result: null }, 409),
      () => json({ code: 200, msg: 'ok', result: { token: 'staff-access-2', refresh_token: 'staff-refresh-2' } }),
      () => json({ code: 200, msg: 'ok', result: { role: 'csr' } }),
    );
    expect((await staff.staffApi.get('/admin/info')).result).toEqual({ role: 'csr' });
    expect(browser.calls[1]?.init.headers).toMatchObject({ 'refresh-token': 'staff-refresh' });
    expect(browser.calls[2]?.init.headers).toEqual({ authorization: 'Bearer staff-access-2' });
    expect(staff.staffToken()).toBe('staff-access-2');
    expect(browser.win.localStorage.getItem('user_token')).toBe('shopper-access');
    expect(browser.win.localStorage.getItem('refresh_token')).toBe('shopper-refresh');
  });

  it('on 401 says so and forgets the staff tokens only; the console’s route then opens the sign-in page', async () => {
    browser.responses.push(() => json({ code: 401, msg: 'Login is invalid, please log in again', result: null }, 401));
    await staff.staffApi.get('/admin/kefu/quickReply/list', { silent: true });
    expect(toast.error).toHaveBeenCalledWith(Messages.loginInvalid);
    expect(staff.staffToken()).toBeNull();
    expect(browser.win.localStorage.getItem(staff.StaffKeys.refreshToken)).toBeNull();
    expect(browser.win.localStorage.getItem('user_token')).toBe('shopper-access');
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('forgets the staff tokens when the refresh is refused, and keeps them when it could not be asked', async () => {
    browser.responses.push(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await staff.staffApi.refresh()).toBe(false);
    expect(staff.staffToken()).toBe('staff-access');
    browser.responses.push(() => json({ code: 401, msg: 'Login is invalid, please log in again', result: null }, 401));
    expect(await staff.staffApi.refresh()).toBe(false);
    expect(staff.staffToken()).toBeNull();
  });

  it('gives up after 10 s with the timeout message', async () => {
    vi.useFakeTimers();
    browser.responses.push(hanging);
    const outcome = expect(staff.staffApi.get('/admin/kefu/csr/list')).rejects.toThrow(Messages.timeout);
    await vi.advanceTimersByTimeAsync(10_000);
    await outcome;
    expect(toast.error).toHaveBeenCalledWith(Messages.timeout);
  });

  it('signs the agent out on the server with the staff token, then opens the sign-in page', async () => {
    browser.responses.push(() => json({ code: 200, msg: 'ok', result: null }));
    await staff.signOutStaff();
    expect(browser.calls[0]).toMatchObject({ url: '/admin/logout', init: { method: 'POST' } });
    expect(browser.calls[0]?.init.headers).toMatchObject({ authorization: 'Bearer staff-access' });
    expect(staff.staffToken()).toBeNull();
    expect(browser.assign).toHaveBeenCalledWith('/agent/login');
  });
});

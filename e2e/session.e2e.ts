import { Messages } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { baseURL, expired, gotoHydrated, registerShopper, signInWithTokens, useBrowser } from './support';

const browser = useBrowser();

describe('the session in the browser (spec 4 and 8)', () => {
  it('refreshes an expired token silently (409) and keeps the shopper signed in', async () => {
    const shopper = await registerShopper({ first_name: 'Refresh' });
    const { page, context, problems } = await browser.newPage();
    // the browser holds an access token that has run out
    await signInWithTokens(page, { ...shopper, token: expired(shopper.token) });
    await page.goto('/ShoppingListMain/MyAccount');
    await page.getByRole('heading', { name: 'Hello, Refresh Shopper' }).waitFor();
    const stored = await page.evaluate(() => ({
      token: window.localStorage.getItem('user_token'),
      refresh: window.localStorage.getItem('refresh_token'),
    }));
    expect(stored.token).not.toBe(shopper.token);
    expect(stored.refresh).not.toBe(shopper.refresh_token);
    expect(new URL(page.url()).pathname).toBe('/ShoppingListMain/MyAccount');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('ends a revoked session: the message, cleared storage, and /login after 1.5 s', async () => {
    const shopper = await registerShopper();
    const { page, context } = await browser.newPage();
    await signInWithTokens(page, shopper);
    await fetch(`${baseURL()}/shop/login/logout`, { method: 'POST', headers: { 'user-token': shopper.token } });
    // the first of the page's calls to be refused (the account, the unread count, …) ends the session
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/shop/') && r.status() === 401);
    await page.goto('/ShoppingListMain/MyAccount');
    await refused;
    const refusedAt = Date.now();
    await page.getByText(Messages.loginInvalid).waitFor();
    await page.waitForURL(/\/login$/);
    // spec 9: 1500 ms after the 401 (less a little for the time the response took to reach the test)
    expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(1_300);
    expect(await page.evaluate(() => window.localStorage.getItem('user_token'))).toBeNull();
    await context.close();
  });

  it('signs out from the header’s account menu', async () => {
    const shopper = await registerShopper({ first_name: 'Menu' });
    const { page, context } = await browser.newPage();
    await signInWithTokens(page, shopper);
    await gotoHydrated(page, '/');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^(Hi, Menu|Account)(\W+\d+ unread messages?)?$/ })
      .click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('user_token'))).toBeNull();
    const info = await fetch(`${baseURL()}/shop/user/info`, { headers: { 'user-token': shopper.token } });
    expect(info.status).toBe(401);
    await context.close();
  });

  it('edits the profile on AccountInfo and shows it on MyAccount', async () => {
    const shopper = await registerShopper({ first_name: 'Before' });
    const { page, context, problems } = await browser.newPage();
    await signInWithTokens(page, shopper);
    await gotoHydrated(page, '/ShoppingListMain/AccountInfo');
    const form = page.getByRole('form', { name: 'Profile' });
    await form.getByLabel('First name').fill('');
    await form.getByLabel('First name').blur();
    await form.getByText(Messages.firstNameRequired).waitFor();
    await form.getByLabel('First name').fill('After');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your profile is saved').waitFor();
    await page.getByRole('link', { name: 'My Account' }).first().click();
    await page.getByRole('heading', { name: 'Hello, After Shopper' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

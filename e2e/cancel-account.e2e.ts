import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { waitForMail } from './mail';
import { apiAs, callApi, gotoHydrated, placeOrder, registerShopper, signInWithTokens, staffToken, useBrowser } from './support';

const browser = useBrowser();

describe('cancel the account', () => {
  it('downloads my data, cancels with the e-mailed code, refuses the old password and lets the address register again (390 px, by keyboard)', async () => {
    const shopper = await registerShopper({ first_name: 'Leaving' });
    const order = await placeOrder(shopper.token);
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });

    // a guest is asked to sign in and comes back
    await gotoHydrated(page, '/login');
    await page.getByRole('link', { name: 'Cancel the account' }).click();
    await page.waitForURL(/\/cancelAccount$/);
    await page.getByRole('link', { name: 'Sign in to continue' }).click();
    await page.waitForURL(/\/login\?redirect=%2FcancelAccount$/);

    await signInWithTokens(page, shopper);
    await gotoHydrated(page, '/ShoppingListMain/AccountInfo');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await download.path()) as string, 'utf8'));
    expect(data.profile.email).toBe(shopper.email);
    expect(data.orders.map((row: { order_no: string }) => row.order_no)).toContain(order.order_no);

    await page.getByRole('link', { name: 'Cancel the account' }).click();
    await page.waitForURL(/\/cancelAccount$/);
    await page.getByRole('heading', { name: 'Cancel the account' }).waitFor();
    const form = page.getByRole('form', { name: 'Cancel the account' });
    await form.getByRole('button', { name: 'Send code' }).click();
    await form.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
    const mail = await waitForMail(shopper.email, /account cancellation code$/);
    const code = /^(\d{6}) /.exec(mail.subject)?.[1] ?? '';
    await form.getByLabel('Code').focus();
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    // the last confirmation takes the focus; the keyboard answers it
    await page.waitForFunction(() => document.activeElement?.textContent === 'Cancel your account for good?');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your account has been cancelled' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => window.localStorage.getItem('user_token'))).toBeNull();
    await waitForMail(shopper.email, /account has been cancelled$/);

    // the old password opens nothing; the address registers again
    const signIn = await callApi('/shop/login/password', { body: { username: shopper.email, password: shopper.password } });
    expect(signIn.code).toBe(400);
    const again = await registerShopper({ email: shopper.email, password: 'Another2026', passwordConfirm: 'Another2026' });
    expect(again.token).toBeTruthy();

    // the old order is still there for staff, without the shopper's address
    const staff = await staffToken();
    const list = await apiAs(staff).get<{ data: { order_no: string; email: string }[] }>(
      `/admin/order/list?status=0&order_no=${order.order_no}`,
    );
    expect(list.data).toHaveLength(1);
    expect(list.data[0]?.email).not.toBe(shopper.email);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('/person loads the account page', async () => {
    const shopper = await registerShopper({ first_name: 'Person' });
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInWithTokens(page, shopper);
    await gotoHydrated(page, '/person');
    await page.waitForURL(/\/ShoppingListMain\/MyAccount$/);
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

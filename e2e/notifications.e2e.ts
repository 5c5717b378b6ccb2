import type { TNotificationPreference } from '@shop/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { unsubscribeTokens } from '../apps/server/src/modules/notifications/token';
import { E2E_AUTH_SECRET } from './global-setup';
import { apiAs, gotoHydrated, registerShopper, signInWithTokens, useBrowser } from './support';

const browser = useBrowser();

type Preferences = { preferences: TNotificationPreference[] };
const preferenceOf = async (token: string, category: string) =>
  (await apiAs(token).get<Preferences>('/shop/user/notifications')).preferences.find((p) => p.category === category);

describe('notification preferences', () => {
  it('switch promotions e-mail off by keyboard at 390 px, kept after a reload; order updates cannot be switched', async () => {
    const shopper = await registerShopper({ first_name: 'Choosy' });
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInWithTokens(page, shopper);
    await gotoHydrated(page, '/ShoppingListMain/notifications');
    await expect.poll(() => page.getByRole('heading', { name: 'Notifications', level: 1 }).isVisible()).toBe(true);

    const accountEmail = page.getByRole('checkbox', { name: 'Order and account updates: E-mail' });
    await accountEmail.waitFor();
    expect(await accountEmail.isChecked()).toBe(true);
    expect(await accountEmail.isDisabled()).toBe(true);

    const promotionsEmail = page.getByRole('checkbox', { name: 'Promotions: E-mail' });
    expect(await promotionsEmail.isChecked()).toBe(true);
    await promotionsEmail.focus();
    await page.keyboard.press('Space');
    expect(await promotionsEmail.isChecked()).toBe(false);
    // on to the save button by keyboard
    const save = page.getByRole('button', { name: 'Save preferences' });
    for (let i = 0; i < 10 && !(await save.evaluate((button) => button === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.getByText('Your notification preferences have been saved.').first().waitFor();
    expect(await preferenceOf(shopper.token, 'promotions')).toEqual({ category: 'promotions', email: false, inbox: true });

    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('checkbox', { name: 'Promotions: E-mail' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Promotions: E-mail' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Promotions: In-account message' }).isChecked()).toBe(true);
    // the page fits the phone's width
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('unsubscribe from an e-mail’s link while signed out, and refuse an altered link', async () => {
    const shopper = await registerShopper({ first_name: 'Unsubscribing' });
    const { id } = await apiAs(shopper.token).get<{ id: number }>('/shop/user/info');
    const token = unsubscribeTokens(E2E_AUTH_SECRET).sign(id, 'newsletter');
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });

    await gotoHydrated(page, `/unsubscribe?token=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await page.getByText('You will no longer receive newsletter by e-mail.').waitFor();
    expect(await preferenceOf(shopper.token, 'newsletter')).toEqual({ category: 'newsletter', email: false, inbox: true });

    await gotoHydrated(page, `/unsubscribe?token=${encodeURIComponent(`${token.slice(0, -2)}xx`)}`);
    await page.getByRole('heading', { name: 'This link did not work' }).waitFor();
    expect(problems.filter((problem) => !problem.includes('400'))).toEqual([]);
    await context.close();
  });
});

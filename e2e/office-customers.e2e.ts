import type { TAuditEntry } from '@shop/contracts/audit';
import type { TUserCouponPage } from '@shop/contracts/coupons';
import type { TPointsLog, TUserPoints } from '@shop/contracts/points';
import { describe, expect, it } from 'vitest';
import { apiAs, axeViolations, gotoHydrated, registerShopper, signInToOffice, staffToken, useBrowser } from './support';

const browser = useBrowser();

describe('the back office: customers, coupons and points', () => {
  it('an administrator finds a shopper by e-mail, grants a coupon and adjusts points with a reason; the shopper and the audit trail see both', async () => {
    const shopper = await registerShopper({ first_name: 'Loyal', last_name: 'Customer' });
    const admin = await staffToken();
    const stamp = Date.now().toString(36);
    const couponName = `Sorry ${stamp}`;
    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInToOffice(page, 'admin@example.com', 'Admin1234');
    const menu = page.getByRole('navigation', { name: 'Back office' });
    // a coupon for apologies, created through the form: the contracts' rules answer first
    await menu.getByRole('link', { name: 'Coupons' }).click();
    await page.getByRole('button', { name: 'New coupon' }).click();
    const form = page.getByRole('form', { name: 'New coupon' });
    await form.getByLabel('Name').fill(couponName);
    await form.getByLabel('Where shoppers get it').selectOption('staff');
    await form.getByRole('button', { name: 'Create coupon' }).click();
    await form.getByText('amount must be more than 0 for a fixed coupon').waitFor();
    await form.getByText('Please give a reason').waitFor();
    await form.getByLabel('Amount off (USD)').fill('5');
    await form.getByLabel('Reason (kept in the audit trail)').fill('Apologies for late parcels');
    await form.getByRole('button', { name: 'Create coupon' }).click();
    await page.getByText(`${couponName} saved.`).waitFor();
    await page.locator(`tr[data-coupon="${couponName}"]`).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await menu.getByRole('link', { name: 'Customers' }).click();
    await page.getByLabel('E-mail, name, phone or order number').fill(shopper.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('tbody tr[data-customer]').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Loyal Customer' }).click();
    await page.getByRole('heading', { name: 'Loyal Customer', level: 1 }).waitFor();

    const grant = page.getByRole('form', { name: 'Grant a coupon' });
    await grant.getByRole('button', { name: 'Grant' }).click();
    await grant.getByText('Please choose a coupon').waitFor();
    await grant.getByLabel('Coupon').selectOption({ label: `${couponName} — $5.00 off` });
    await grant.getByLabel('Reason').fill(`Late parcel ${stamp}`);
    await grant.getByRole('button', { name: 'Grant' }).click();
    await grant.getByText(`${couponName} granted.`).waitFor();
    await page.getByRole('region', { name: 'Coupons held, newest first' }).getByText(couponName).waitFor();

    const adjust = page.getByRole('form', { name: 'Adjust points' });
    await adjust.getByLabel('Points (+ or −)').fill('250');
    await adjust.getByLabel('Reason').fill('ok');
    await adjust.getByRole('button', { name: 'Adjust' }).click();
    await adjust.getByText('reason must be at least 3 characters').waitFor();
    await adjust.getByLabel('Reason').fill(`Goodwill ${stamp}`);
    await adjust.getByRole('button', { name: 'Adjust' }).click();
    await adjust.getByText('the balance is now 250').waitFor();
    await expect.poll(() => page.getByTestId('points-balance').textContent()).toBe('250');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();

    // the shopper's MyCoupons and MyPoints read the same
    const coupons = await apiAs(shopper.token).get<TUserCouponPage>('/shop/userCoupon/list?status=unused');
    expect(coupons.data.map((coupon) => coupon.name)).toContain(couponName);
    expect((await apiAs(shopper.token).get<TUserPoints>('/shop/user/UserPoints')).balance).toBe(250);
    const log = await apiAs(shopper.token).get<TPointsLog>('/shop/user/UserPointsLogList');
    expect(log.data[0]).toMatchObject({ points: 250, reason: 'staff_adjustment' });

    // the audit trail holds both, with their reasons
    const grants = await apiAs(admin).get<{ data: TAuditEntry[] }>('/admin/audit?action=coupon.grant');
    expect(grants.data.map((entry) => entry.reason)).toContain(`Late parcel ${stamp}`);
    const adjustments = await apiAs(admin).get<{ data: TAuditEntry[] }>('/admin/audit?action=points.adjust&object_type=user');
    expect(adjustments.data.find((entry) => entry.reason === `Goodwill ${stamp}`)).toBeTruthy();
  });

  it('a support agent at 390 px sees customers and a profile, but neither coupons nor the grant and adjust actions', async () => {
    const shopper = await registerShopper({ first_name: 'Phone', last_name: 'Caller' });
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInToOffice(page, 'agent@example.com', 'Agent1234');
    const menu = page.getByRole('navigation', { name: 'Back office' });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'Orders',
      'Returns',
      'Customers',
      'Quick replies',
      'Knowledge base',
      'Feedback',
      'Requests',
      'My sign-in',
    ]);

    await gotoHydrated(page, `/office/customers?q=${encodeURIComponent(shopper.email)}`);
    await page.getByRole('link', { name: 'Phone Caller' }).click();
    await page.getByRole('heading', { name: 'Phone Caller', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Points', level: 2 }).waitFor();
    expect(await page.getByRole('form', { name: 'Grant a coupon' }).count()).toBe(0);
    expect(await page.getByRole('form', { name: 'Adjust points' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    await gotoHydrated(page, '/office/coupons');
    await page.getByRole('heading', { name: 'Not available to your role' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

import type { TOrderDelivery } from '@shop/contracts/orders';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, axeViolations, gotoHydrated, payOrder, placeOrder, registerShopper, staffToken, useBrowser } from './support';

const browser = useBrowser();

async function signInToOffice(page: Page, email: string, password: string) {
  await gotoHydrated(page, '/office/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Back office' }).waitFor();
}

describe('the back office', () => {
  it('an administrator ships the morning’s orders in bulk, the shopper sees the tracking, and the audit trail shows it with its chain intact', async () => {
    const shopper = await registerShopper({ first_name: 'Waiting' });
    const orders = [await placeOrder(shopper.token), await placeOrder(shopper.token)];
    for (const order of orders) await payOrder(shopper.token, order.id);

    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInToOffice(page, 'admin@example.com', 'Admin1234');
    const menu = page.getByRole('navigation', { name: 'Back office' });
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Orders', 'Staff', 'Audit trail', 'My sign-in']);
    expect(await axeViolations(page)).toEqual([]);

    // the dashboard's queue leads to the orders waiting for a carrier
    await page.locator('[data-queue="2"]').click();
    await page.waitForURL(/\/office\/orders\?status=2$/);
    await page.getByLabel('Shopper e-mail').fill(shopper.email);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.locator('tbody tr[data-order]').count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('checkbox', { name: 'Choose every order to ship on this page' }).check();
    const panel = page.getByRole('form', { name: 'Ship 2 orders' });
    await panel.getByLabel('Carrier').selectOption('ups');
    for (const [index, order] of orders.entries()) {
      await panel.getByLabel(`Tracking number of ${order.order_no}`).fill(`1Z999AA1012345678${index}`);
    }
    await panel.getByRole('button', { name: 'Ship 2 orders' }).click();
    await panel.getByText('2 of 2 handled').waitFor();
    await panel.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.locator('tbody tr[data-order]').count()).toBe(0);

    for (const [index, order] of orders.entries()) {
      const delivery = await apiAs(shopper.token).get<TOrderDelivery>(`/shop/order/delivery?id=${order.id}`);
      expect(delivery).toMatchObject({ status: 3, company: { code: 'ups' }, tracking_no: `1Z999AA1012345678${index}` });
    }

    await menu.getByRole('link', { name: 'Audit trail' }).click();
    await page.getByLabel('Action').fill('order.ship');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/action=order\.ship/);
    for (const order of orders) {
      await page.getByText(`order #${order.id}`, { exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Verify the chain' }).click();
    await page.locator('[data-chain="intact"]').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a support agent at 390 px is offered neither shipping nor the audit trail, and the server refuses them too', async () => {
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInToOffice(page, 'agent@example.com', 'Agent1234');
    const menu = page.getByRole('navigation', { name: 'Back office' });
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Orders', 'My sign-in']);

    await menu.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await expect.poll(() => page.locator('tbody tr[data-order]').count()).toBeGreaterThan(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    // the page fits the phone: no sideways scroll of the whole page (the table scrolls in its own box)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await gotoHydrated(page, '/office/audit');
    await page.getByRole('heading', { name: 'Not available to your role' }).waitFor();
    const agent = await staffToken('agent@example.com', 'Agent1234');
    const refused = await fetch(`${page.url().replace(/\/office.*$/, '')}/admin/audit`, {
      headers: { authorization: `Bearer ${agent}` },
    });
    expect(refused.status).toBe(403);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/office\/login$/);
    expect(problems).toEqual([]);
    await context.close();
  });
});

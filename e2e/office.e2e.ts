import type { TOrderDelivery } from '@shop/contracts/orders';
import { helpPagePath } from '@shop/contracts/site';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { waitForMail } from './mail';
import {
  apiAs,
  axeViolations,
  baseURL,
  gotoHydrated,
  payOrder,
  placeOrder,
  registerShopper,
  signInToOffice,
  staffToken,
  uniqueEmail,
  useBrowser,
} from './support';

const browser = useBrowser();

describe('the back office', () => {
  it('an administrator ships the morning’s orders in bulk, the shopper sees the tracking, and the audit trail shows it with its chain intact', async () => {
    const shopper = await registerShopper({ first_name: 'Waiting' });
    const orders = [await placeOrder(shopper.token), await placeOrder(shopper.token)];
    for (const order of orders) await payOrder(shopper.token, order.id);

    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInToOffice(page, 'admin@example.com', 'Admin1234');
    const menu = page.getByRole('navigation', { name: 'Back office' });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'Orders',
      'Returns',
      'Customers',
      'Catalogue',
      'Coupons',
      'Reviews',
      'Home pages',
      'Help pages',
      'Site settings',
      'Chat settings',
      'Quick replies',
      'Knowledge base',
      'Feedback',
      'Chat reports',
      'Requests',
      'Mail outbox',
      'Staff',
      'Audit trail',
      'My sign-in',
    ]);
    expect(await axeViolations(page)).toEqual([]);

    // the dashboard's queue leads to the orders waiting for a carrier
    await page.locator('[data-chart="sales"] canvas').waitFor();
    await page.locator('[data-card="to-ship"] a').click();
    await page.waitForURL(/\/office\/orders\?status=2$/);
    await page.getByLabel('Shopper e-mail').fill(shopper.email);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.locator('tbody tr[data-order]').count()).toBe(2);
    // on a laptop the whole table shows, its tracking column included, without scrolling sideways
    const fitsItsBox = await page
      .locator('table')
      .first()
      .evaluate((table) => {
        const box = table.parentElement as HTMLElement;
        return box.scrollWidth <= box.clientWidth;
      });
    expect(fitsItsBox).toBe(true);
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

  it('an administrator invites an operator, who accepts from the e-mail, turns on two-step sign-in and signs in with the code', async () => {
    const email = uniqueEmail('operator');
    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInToOffice(page, 'admin@example.com', 'Admin1234');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
    const invite = page.getByRole('form', { name: 'Invite a team member' });
    await invite.getByLabel('E-mail').fill(email);
    await invite.getByLabel('Name').fill('Oscar');
    await invite.getByLabel('Role').selectOption('operator');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByText(`Invitation sent to ${email}`).waitFor();
    await page.getByRole('region', { name: 'Open invitations' }).getByText(email).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/office\/login$/);

    const mail = await waitForMail(email, /invited to run/);
    const link = /https?:\/\/\S+\/office\/accept\?token=[\w-]+/.exec(mail.text)?.[0] as string;
    await gotoHydrated(page, new URL(link).pathname + new URL(link).search);
    await page.getByLabel('New password').fill('Oscar12345');
    await page.getByLabel('Repeat the password').fill('Oscar12345');
    await page.getByRole('button', { name: 'Join the team' }).click();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signInToOffice(page, email, 'Oscar12345');
    const menu = page.getByRole('navigation', { name: 'Back office' });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'Orders',
      'Returns',
      'Customers',
      'Catalogue',
      'Reviews',
      'Home pages',
      'Requests',
      'My sign-in',
    ]);

    await menu.getByRole('link', { name: 'My sign-in' }).click();
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const secret = (await page.locator('[data-totp-secret]').textContent()) as string;
    await page.getByLabel('Code from the app').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn two-step sign-in on' }).click();
    await page.locator('[data-totp="on"]').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/office\/login$/);

    // the password alone no longer opens the back office; the app's code does (the next step's, as the last one is spent)
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Oscar12345');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const code = page.getByLabel('Authenticator code');
    await code.waitFor();
    await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Back office' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an administrator rewrites a help page with a preview and the help center shows it at once', async () => {
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInToOffice(page, 'admin@example.com', 'Admin1234');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Help pages' }).click();
    await page.getByRole('button', { name: 'Track my order' }).click();
    const form = page.getByRole('form', { name: 'Edit the help page' });
    await form.getByLabel('Title').and(page.locator('[value="Track my order"]')).waitFor();
    const stamp = Date.now().toString(36);
    await form.getByLabel('Title').fill(`Where is my parcel ${stamp}`);
    await form.getByLabel('Text (Markdown)').fill(`## Cards we take\n\nVisa and **Mastercard** (${stamp}).`);
    await form.getByRole('tab', { name: 'Preview' }).click();
    await form.locator('[data-preview] strong', { hasText: 'Mastercard' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save page' }).click();
    await form.getByText('Saved: the page is live.').waitFor();

    const help = await apiAs(null).get<{ title: string; body_markdown: string }>('/api/help/page?key=track_my_order');
    expect(help).toMatchObject({ title: `Where is my parcel ${stamp}`, body_markdown: expect.stringContaining(stamp) });
    await gotoHydrated(page, helpPagePath({ key: 'track_my_order', title: help.title }));
    await page.getByRole('heading', { name: `Where is my parcel ${stamp}`, level: 1 }).waitFor();
    await page.getByText(`(${stamp})`).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an administrator changes the chat notice at 390 px, a bad value is named, and visitors are served the change at once', async () => {
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInToOffice(page, 'admin@example.com', 'Admin1234');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Chat settings' }).click();
    const form = page.getByRole('form', { name: 'Chat settings' });
    const notice = `Back on Monday ${Date.now().toString(36)}`;
    await form.getByLabel('Notice at the top of the chat').fill(notice);
    await form.getByLabel('Notice style').selectOption('warning');
    await form.getByLabel('Seconds on a page before the invitation').fill('2');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByText('At least 5 seconds').waitFor();
    await form.getByLabel('Seconds on a page before the invitation').fill('30');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByText('Saved: visitors see the new settings now.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const served = (await (await fetch(`${baseURL()}/worker/kefu.HttpIndex/index`)).json()) as {
      data: { config: { notice: string; notice_theme: string; auto_invitation_timing: number } };
    };
    expect(served.data.config).toMatchObject({ notice, notice_theme: 'warning', auto_invitation_timing: 30 });
    expect(problems).toEqual([]);
    await context.close();
  });
});

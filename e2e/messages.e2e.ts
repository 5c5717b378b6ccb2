import type { TMessageList } from '@shop/contracts/messages';
import { describe, expect, it } from 'vitest';
import {
  apiAs,
  axeViolations,
  gotoHydrated,
  payOrder,
  placeOrder,
  registerShopper,
  signInWithTokens,
  staffToken,
  useBrowser,
} from './support';

const browser = useBrowser();

describe('MyMessage', () => {
  it('an order paid and shipped → both notices in MyMessage and the unread count in the header; mark all read at 390 px', async () => {
    const shopper = await registerShopper({ first_name: 'Inbox' });
    const order = await placeOrder(shopper.token);
    await payOrder(shopper.token, order.id);
    await apiAs(await staffToken()).post('/admin/order/ship', {
      id: order.id,
      company_code: 'ups',
      tracking_no: '1Z999AA10123456784',
    });
    // the notices follow the events, written by the event dispatcher's runs: wait for the order's
    // two; by then the registration was handled and its welcome coupons granted, and each coupon
    // held is told of once (a run later)
    const orderNotices = () => apiAs(shopper.token).post<TMessageList>('/shop/user_msg/list', { type: 'order' });
    await expect.poll(async () => (await orderNotices()).total, { timeout: 15_000 }).toBe(2);
    const held = (await apiAs(shopper.token).get<{ total: number }>('/shop/userCoupon/list')).total;
    const couponNotices = async () =>
      (await apiAs(shopper.token).post<TMessageList>('/shop/user_msg/list', { type: 'coupon' })).total;
    await expect.poll(couponNotices, { timeout: 15_000 }).toBe(held);
    const { unread } = await orderNotices();
    expect(unread).toBeGreaterThanOrEqual(2);

    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInWithTokens(page, shopper);
    await gotoHydrated(page, '/ShoppingListMain/MyMessage');
    await page.getByRole('heading', { name: 'My Messages', level: 1 }).waitFor();
    const notices = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await page.getByRole('heading', { name: `Order ${order.order_no} has shipped` }).waitFor();
    await page.getByRole('heading', { name: `Payment received for order ${order.order_no}` }).waitFor();
    expect(await page.locator('li[data-read="false"]').count()).toBe(unread);

    const accountButton = page.getByRole('banner').getByRole('button', { name: /^Hi, Inbox/ });
    await expect.poll(() => accountButton.textContent()).toContain(`${unread} unread message`);
    expect(await page.getByRole('banner').getByTestId('unread-badge').textContent()).toBe(String(unread));
    expect(await axeViolations(page)).toEqual([]);

    // the link leads to the order
    const shipped = notices.filter({ hasText: `Order ${order.order_no} has shipped` });
    expect(await shipped.getByRole('link', { name: 'View order' }).getAttribute('href')).toBe(
      `/ShoppingListMain/OrderDetails?id=${order.id}`,
    );

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByText('No unread messages').waitFor();
    expect(await page.locator('li[data-read="false"]').count()).toBe(0);
    await page.getByRole('banner').getByTestId('unread-badge').waitFor({ state: 'detached' });
    expect((await orderNotices()).unread).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

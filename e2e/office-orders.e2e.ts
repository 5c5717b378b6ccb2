import { readFile } from 'node:fs/promises';
import type { TAuditEntry } from '@shop/contracts/audit';
import type { TAdminOrderDetail } from '@shop/contracts/office-orders';
import { describe, expect, it } from 'vitest';
import {
  apiAs,
  axeViolations,
  gotoHydrated,
  payOrder,
  placeOrder,
  registerShopper,
  signInToOffice,
  staffToken,
  useBrowser,
} from './support';

const browser = useBrowser();

describe('the back office: an order in full', () => {
  it('an administrator filters the orders, opens one, adds a tracking event, refunds $5 with a reason and prints the packing slip', async () => {
    const shopper = await registerShopper({ first_name: 'Slip', last_name: 'Reader' });
    const admin = await staffToken();
    const shipped = await placeOrder(shopper.token);
    await payOrder(shopper.token, shipped.id);
    await apiAs(admin).post('/admin/order/ship', { id: shipped.id, company_code: 'ups', tracking_no: '1Z999AA10123456784' });
    const unpaid = await placeOrder(shopper.token);
    const today = new Date().toISOString().slice(0, 10);
    const stamp = Date.now().toString(36);

    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInToOffice(page, 'admin@example.com', 'Admin1234');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click();
    const filters = page.getByRole('form', { name: 'Filter the orders' });
    await filters.getByLabel('Shopper e-mail').fill(shopper.email);
    await filters.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.locator('tbody tr[data-order]').count()).toBe(2);
    // a range the wrong way round is caught beside its field
    await filters.getByLabel('Total from (USD)').fill('50');
    await filters.getByLabel('Total to (USD)').fill('10');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await filters.getByText('The highest total must not be below the lowest').waitFor();
    await filters.getByLabel('Total from (USD)').fill('');
    await filters.getByLabel('Total to (USD)').fill('');
    await filters.getByLabel('Status').selectOption({ label: 'Shipped' });
    await filters.getByLabel('Placed from').fill(today);
    await filters.getByLabel('Placed to').fill(today);
    await filters.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/status=3/);
    await expect.poll(() => page.locator('tbody tr[data-order]').count()).toBe(1);
    await page.locator(`tr[data-order="${shipped.order_no}"]`).waitFor();
    expect(await page.locator(`tr[data-order="${unpaid.order_no}"]`).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // the filtered list, downloaded
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = await readFile(file, 'utf8');
    expect(csv.split('\n')[0]).toContain('order_no,placed_at,status,email');
    expect(csv).toContain(shipped.order_no);
    expect(csv).not.toContain(unpaid.order_no);

    await page.getByRole('link', { name: shipped.order_no }).click();
    await page.getByRole('heading', { name: `Order ${shipped.order_no}`, level: 1 }).waitFor();
    expect(await page.getByTestId('order-status').textContent()).toBe('Shipped');

    const tracking = page.getByRole('form', { name: 'Add a tracking event' });
    await tracking.getByRole('button', { name: 'Add event' }).click();
    await tracking.getByText('Please enter the event status').waitFor();
    await tracking.getByLabel('Event status').fill('Out for delivery');
    await tracking.getByLabel('Location').fill('Sacramento, CA');
    await tracking.getByLabel('Description').fill(`On the van ${stamp}`);
    await tracking.getByRole('button', { name: 'Add event' }).click();
    await page.getByText('Tracking event added.').waitFor();
    await page.getByRole('region', { name: 'Tracking events' }).getByText(`On the van ${stamp}`).waitFor();

    await page.getByRole('button', { name: 'Refund an amount' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund an amount' });
    await refund.getByLabel('Amount (USD)').fill('5');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await refund.getByText('Give the reason for the refund (2 to 200 characters)').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await refund.getByLabel('Reason').fill(`Late parcel ${stamp}`);
    await refund.getByRole('button', { name: 'Refund' }).dblclick();
    await page.getByText('$5.00 refunded.').waitFor();
    const refunds = page.getByRole('region', { name: 'Refunds, oldest first' });
    await refunds.getByText(`Late parcel ${stamp}`).waitFor();
    expect(await refunds.locator('tbody tr').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Packing slip' }).click();
    await page.waitForURL(/\/packing-slip$/);
    const items = page.getByRole('table', { name: 'Items to pack' });
    await items.waitFor();
    expect(await items.locator('tbody tr').count()).toBe(1);
    await page.getByText('Mary Shelley').waitFor();
    await page.getByRole('button', { name: 'Print' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // on paper: no menu, no buttons, the slip alone
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Back office' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: `Order ${shipped.order_no}`, level: 1 }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();

    // one refund of $5, with its reason, in the order and in the audit trail
    const detail = await apiAs(admin).get<TAdminOrderDetail>(`/admin/order/detail?id=${shipped.id}`);
    expect(detail.refunds.map((entry) => [entry.amount, entry.status])).toEqual([[5, 'succeeded']]);
    expect(detail.tracking[0]).toMatchObject({ status: 'Out for delivery', location: 'Sacramento, CA' });
    const audit = await apiAs(admin).get<{ data: TAuditEntry[] }>(`/admin/audit?action=order.refund&object_type=order`);
    expect(audit.data.filter((entry) => entry.reason === `Late parcel ${stamp}`)).toHaveLength(1);
  });

  it('at 390 px, a paid order not yet shipped is cancelled with a reason and refunded in full', async () => {
    const shopper = await registerShopper({ first_name: 'Changed', last_name: 'Mind' });
    const order = await placeOrder(shopper.token);
    await payOrder(shopper.token, order.id);
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInToOffice(page, 'admin@example.com', 'Admin1234');
    await gotoHydrated(page, `/office/orders/${order.id}`);
    await page.getByRole('heading', { name: `Order ${order.order_no}`, level: 1 }).waitFor();
    expect(await page.getByTestId('order-status').textContent()).toBe('Pending Shipment');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Cancel the order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel the order' });
    await dialog.getByLabel('Reason').fill('Sold out at the warehouse');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    await page.getByText('Order cancelled and refunded in full').waitFor();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Refunded');
    await page.getByText('Cancelled: Sold out at the warehouse').waitFor();
    const refunds = page.getByRole('region', { name: 'Refunds, oldest first' });
    expect(await refunds.locator('tbody tr').count()).toBe(1);
    await refunds.getByText('Succeeded', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel the order' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();

    const shopperView = await apiAs(shopper.token).get<{ status: number; cancel_reason: string }>(
      `/shop/order/detail?id=${order.id}`,
    );
    expect(shopperView).toMatchObject({ status: 7, cancel_reason: 'Sold out at the warehouse' });
  });
});

import { Messages } from '@shop/contracts';
import { ORDER_STATUS_LABELS, OrderStatus, TEST_CARDS } from '@shop/contracts/orders-rules';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type ApiEnvelope,
  apiAs,
  baseURL,
  gotoHydrated,
  registerShopper,
  shopperToken,
  signInWithTokens,
  staffToken,
  useBrowser,
} from './support';

const browser = useBrowser();

type Sku = { id: number; stock: number; spec: string };
type Detail = { id: number; name: string; url: string; skus: Sku[] };

/** Two SKUs in stock (with room for a few more), from two different products of the demo shop. */
async function twoSkus(): Promise<{ product: Detail; sku: Sku }[]> {
  const listing = await apiAs(null).get<{ data: { url: string }[] }>('/shop/goods?page_size=12');
  const picked: { product: Detail; sku: Sku }[] = [];
  for (const item of listing.data) {
    const product = await apiAs(null).get<Detail>(`/shop/goods/detail?url=${encodeURIComponent(item.url)}`);
    const sku = product.skus.find((candidate) => candidate.stock >= 5);
    if (sku) picked.push({ product, sku });
    if (picked.length === 2) return picked;
  }
  throw new Error('the demo shop has no two products in stock');
}

const orderIdOf = (url: string) => Number(new URL(url).searchParams.get('id'));

/** Fills the card form of the payment step and presses Pay. */
async function payWith(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry date').fill(`12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await form.getByLabel('Security code').fill('123');
  await form.getByLabel('Name on card').fill('Ada Lovelace');
  await form.getByRole('button', { name: /^Pay / }).click();
}

describe('checkout', () => {
  it('takes a guest’s bag through sign-in, a new address and the test card to a delivered order', async () => {
    const [first, second] = await twoSkus();
    if (!first || !second) throw new Error('two SKUs expected');
    const shopper = await registerShopper({ first_name: 'Ada', last_name: 'Lovelace' });
    const { page, context, problems } = await browser.newPage();

    // a guest puts two SKUs in the bag
    for (const { product, sku } of [first, second]) {
      await gotoHydrated(page, `/product/${product.url}.html?sku=${sku.id}`);
      await page.getByRole('button', { name: 'Add to bag' }).click();
      await page.getByText('Added to your bag').first().waitFor();
    }
    await gotoHydrated(page, '/order');
    await page.getByTestId('bag-line').nth(1).waitFor();
    expect(await page.getByTestId('bag-line').count()).toBe(2);
    await page.getByRole('heading', { name: 'Sign in to check out' }).waitFor();

    // signing in keeps the bag: it is merged into the account, and the shopper comes back to it
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/login/);
    await page.waitForSelector('html[data-hydrated="true"]');
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(shopper.email);
    await signIn.getByLabel('Password', { exact: true }).fill(shopper.password);
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/order');
    const merged = await apiAs(await shopperToken(shopper.email, shopper.password)).get<{
      data: { sku_id: number; num: number }[];
    }>('/shop/userCart?page=1&page_size=50');
    expect(merged.data.map((line) => line.sku_id).sort()).toEqual([first.sku.id, second.sku.id].sort());

    // checkout with a new address
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByTestId('bag-line').nth(1).waitFor();
    const addressForm = page.getByRole('form', { name: /address/i });
    await addressForm.waitFor();
    await addressForm.getByLabel('First name').fill('Ada');
    await addressForm.getByLabel('Last name').fill('Lovelace');
    await addressForm.getByLabel('Phone', { exact: true }).fill('2025550143');
    await addressForm.getByLabel(/Address line 1/).fill('1 Capitol Mall');
    await addressForm.getByLabel('City').fill('Sacramento');
    await addressForm.getByLabel('State', { exact: true }).selectOption({ label: 'California' });
    await addressForm.getByLabel(/ZIP code/).fill('95814');
    await addressForm.getByRole('button', { name: /Save/ }).click();
    await page.getByText('1 Capitol Mall').first().waitFor();

    // the server's breakdown, then the order
    const total = page.getByTestId('order-total');
    await total.waitFor();
    expect(await total.textContent()).toMatch(/^\$\d/);
    const place = page.getByRole('button', { name: 'Place order' });
    await expect.poll(() => place.isEnabled()).toBe(true);
    await place.click();
    await page.waitForURL(/\/order\?id=\d+$/);
    const orderId = orderIdOf(page.url());
    await page.getByRole('heading', { name: 'Payment' }).waitFor();

    // pays with the test card
    await payWith(page, TEST_CARDS.success);
    await page.waitForURL(/\/order\/paySuccess\?id=\d+$/);
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    const orderNo = (await page.getByTestId('order-no').textContent()) ?? '';
    expect(orderNo).not.toBe('');
    expect(orderIdOf(page.url())).toBe(orderId);

    // My Order lists it as Pending Shipment, under its own tab too
    await page.getByRole('link', { name: 'View order' }).waitFor();
    await gotoHydrated(page, '/ShoppingListMain/MyOrder');
    await page.getByRole('tab', { name: 'Pending Shipment' }).click();
    const card = page.getByTestId('order-card').filter({ hasText: orderNo });
    await card.waitFor();
    expect(await card.getByTestId('order-status').textContent()).toBe(ORDER_STATUS_LABELS[OrderStatus.PendingShipment]);

    // staff ship it and the carrier reports it
    await apiAs(await staffToken()).post('/admin/order/ship', {
      id: orderId,
      company_code: 'ups',
      tracking_no: '1Z999AA10123456784',
    });
    await apiAs(await staffToken()).post('/admin/order/tracking', {
      id: orderId,
      events: [
        { time: Date.now() - 7_200_000, status: 'Picked up', location: 'Sacramento, CA', description: 'Parcel picked up' },
        { time: Date.now() - 3_600_000, status: 'In transit', location: 'Reno, NV', description: 'Departed facility' },
      ],
    });

    // LogisticsInformation shows the carrier, the tracking number and the events
    await gotoHydrated(page, `/ShoppingListMain/LogisticsInformation?id=${orderId}`);
    await page.getByTestId('tracking-number').waitFor();
    expect(await page.getByTestId('tracking-number').textContent()).toContain('1Z999AA10123456784');
    expect(await page.getByTestId('carrier').textContent()).toBe('UPS');
    const events = page.getByTestId('tracking-events').getByRole('listitem');
    expect(await events.count()).toBe(2);
    expect(await events.first().textContent()).toContain('Departed facility');

    // the shopper confirms receipt: Completed
    await page.getByRole('button', { name: 'Confirm receipt' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, I received it' }).click();
    await expect
      .poll(async () => page.getByTestId('order-status').first().textContent())
      .toBe(ORDER_STATUS_LABELS[OrderStatus.Completed]);
    await gotoHydrated(page, '/ShoppingListMain/MyOrder?status=4');
    await page.getByTestId('order-card').filter({ hasText: orderNo }).waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  it('leaves the order unpaid with a clear message when the card is declined, and pays it later', async () => {
    const [{ product, sku } = { product: undefined, sku: undefined }] = await twoSkus();
    if (!product || !sku) throw new Error('a SKU expected');
    const shopper = await registerShopper();
    const token = await shopperToken(shopper.email, shopper.password);
    await apiAs(token).post('/shop/userCart/add', { goods_id: product.id, sku_id: sku.id, num: 1 });
    await apiAs(token).post('/shop/userAddress/add', {
      first_name: 'Grace',
      last_name: 'Hopper',
      phone: '+12025550143',
      country: 'US',
      state: 'CA',
      city: 'Sacramento',
      address1: '2 Capitol Mall',
      postcode: '95814',
      is_default: 1,
    });

    const { page, context, problems } = await browser.newPage();
    await signInWithTokens(page, shopper);
    await gotoHydrated(page, '/order');
    await page.getByText('2 Capitol Mall').first().waitFor();
    const place = page.getByRole('button', { name: 'Place order' });
    await expect.poll(() => place.isEnabled()).toBe(true);
    // a double click is one attempt: one order
    await place.dblclick();
    await page.waitForURL(/\/order\?id=\d+$/);
    const orderId = orderIdOf(page.url());
    const placed = await apiAs(await shopperToken(shopper.email, shopper.password)).get<{ total: number }>(
      '/shop/order/list?status=0',
    );
    expect(placed.total).toBe(1);

    await payWith(page, TEST_CARDS.declined);
    const outcome = page.getByTestId('payment-outcome');
    await outcome.waitFor();
    expect(await outcome.textContent()).toMatch(/Payment declined/);
    expect(await outcome.textContent()).toMatch(/still waiting for payment/);
    expect(new URL(page.url()).pathname).toBe('/order');
    const unpaid = await apiAs(await shopperToken(shopper.email, shopper.password)).get<{ status: number; can_pay: number }>(
      `/shop/order/detail?id=${orderId}`,
    );
    expect(unpaid).toMatchObject({ status: OrderStatus.PendingPayment, can_pay: 1 });

    // My Order shows it waiting; it can be paid again from its details
    await gotoHydrated(page, '/ShoppingListMain/MyOrder?status=1');
    await page.getByTestId('order-card').first().waitFor();
    expect(await page.getByTestId('order-status').first().textContent()).toBe(ORDER_STATUS_LABELS[OrderStatus.PendingPayment]);
    await gotoHydrated(page, `/ShoppingListMain/OrderDetails?id=${orderId}`);
    await page.getByText('Declined').first().waitFor();
    await page.getByRole('button', { name: 'Pay now' }).click();
    // 'try again' ends that attempt: pressing Pay again is a new attempt (a new key), which pays
    await payWith(page, TEST_CARDS.retry);
    await page.getByTestId('payment-outcome').getByText('Please try again', { exact: true }).waitFor();
    await page.getByRole('form', { name: 'Card payment' }).getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/order\/paySuccess\?id=\d+$/);
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  it('cancels an unpaid order from My Order after asking', async () => {
    const [{ product, sku } = { product: undefined, sku: undefined }] = await twoSkus();
    if (!product || !sku) throw new Error('a SKU expected');
    const shopper = await registerShopper();
    const token = await shopperToken(shopper.email, shopper.password);
    const line = await apiAs(token).post<{ id: number }>('/shop/userCart/add', { goods_id: product.id, sku_id: sku.id, num: 1 });
    const address = await apiAs(token).post<{ id: number }>('/shop/userAddress/add', {
      first_name: 'Alan',
      last_name: 'Turing',
      phone: '+12025550143',
      country: 'US',
      state: 'CA',
      city: 'Sacramento',
      address1: '3 Capitol Mall',
      postcode: '95814',
      is_default: 1,
    });
    const response = await fetch(`${baseURL()}/shop/order/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': `e2e-${Date.now()}` },
      body: JSON.stringify({ address_id: address.id, cart_ids: [line.id] }),
    });
    const order = ((await response.json()) as ApiEnvelope<{ order_no: string }>).result;

    const { page, context, problems } = await browser.newPage();
    await signInWithTokens(page, shopper);
    await gotoHydrated(page, '/ShoppingListMain/MyOrder');
    const card = page.getByTestId('order-card').filter({ hasText: order.order_no });
    await card.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('alertdialog');
    // the safe answer keeps the order
    await dialog.getByRole('button', { name: 'Keep order' }).click();
    expect(await card.getByTestId('order-status').textContent()).toBe(ORDER_STATUS_LABELS[OrderStatus.PendingPayment]);
    await card.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect.poll(() => card.getByTestId('order-status').textContent()).toBe(ORDER_STATUS_LABELS[OrderStatus.Cancelled]);
    expect(await card.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the empty bag and My Order’s empty state', async () => {
    const shopper = await registerShopper();
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/order');
    await page.getByText(Messages.emptyBag).waitFor();
    await signInWithTokens(page, shopper);
    await gotoHydrated(page, '/ShoppingListMain/MyOrder');
    await page.getByText(Messages.noOrders).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

import { randomUUID } from 'node:crypto';
import type { TOrderDetail } from '@shop/contracts/orders';
import type { TAdminReturnDetail, TReturnableOrder, TReturnDetail } from '@shop/contracts/returns';
import { describe, expect, it } from 'vitest';
import { apiAs, axeViolations, gotoHydrated, payOrder, registerShopper, signInToOffice, staffToken, useBrowser } from './support';

const browser = useBrowser();

type ProductDetail = { id: number; skus: { id: number; stock: number }[] };

/** Two SKUs of the demo shop with stock, for an order of two lines. */
async function twoSkus(): Promise<{ goodsId: number; skuId: number }[]> {
  const listing = await apiAs(null).get<{ data: { url: string }[] }>('/shop/goods?page_size=12');
  const found: { goodsId: number; skuId: number }[] = [];
  for (const item of listing.data) {
    const product = await apiAs(null).get<ProductDetail>(`/shop/goods/detail?url=${encodeURIComponent(item.url)}`);
    const sku = product.skus.find((candidate) => candidate.stock >= 2);
    if (sku) found.push({ goodsId: product.id, skuId: sku.id });
    if (found.length === 2) return found;
  }
  throw new Error('the demo shop has no two products in stock');
}

/** A shopper's order of two lines, paid, shipped and delivered. */
async function deliveredOrder() {
  const shopper = await registerShopper({ first_name: 'Returning' });
  const as = apiAs(shopper.token);
  const cartIds: number[] = [];
  for (const sku of await twoSkus()) {
    cartIds.push((await as.post<{ id: number }>('/shop/userCart/add', { goods_id: sku.goodsId, sku_id: sku.skuId, num: 1 })).id);
  }
  const address = await as.post<{ id: number }>('/shop/userAddress/add', {
    first_name: 'Mary',
    last_name: 'Shelley',
    phone: '+12025550143',
    country: 'US',
    state: 'CA',
    city: 'Sacramento',
    address1: '4 Capitol Mall',
    postcode: '95814',
    is_default: 1,
  });
  const order = await as.post<{ id: number; order_no: string }>(
    '/shop/order/create',
    { address_id: address.id, cart_ids: cartIds },
    { 'idempotency-key': randomUUID() },
  );
  await payOrder(shopper.token, order.id);
  await apiAs(await staffToken()).post('/admin/order/ship', {
    id: order.id,
    company_code: 'ups',
    tracking_no: '1Z999AA10123456785',
  });
  await as.post('/shop/order/receive', { id: order.id });
  const detail = await as.get<TOrderDetail>(`/shop/order/detail?id=${order.id}`);
  return { shopper, order, detail };
}

/** A delivered order of two lines and the return of both, asked for through the API. */
async function deliveredAndAskedBack() {
  const { shopper, order, detail } = await deliveredOrder();
  const asked = await apiAs(shopper.token).post<TReturnDetail>('/shop/orderRefund/refundReturn', {
    order_id: order.id,
    items: detail.lines.map((line) => ({ order_item_id: line.id, num: 1 })),
    reason: 'Too small',
    description: 'Both run a size small',
    type: 'refund',
  });
  return { shopper, order, detail, asked };
}

describe('returns in the back office', () => {
  it('an operator approves a return, marks it received with one line not restocked and refunds it; the audit trail holds each step', async () => {
    const { order, detail, asked } = await deliveredAndAskedBack();
    const damaged = detail.lines[1] as TOrderDetail['lines'][number];

    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInToOffice(page, 'operator@example.com', 'Operator1234');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Returns' }).click();
    await page.getByRole('heading', { name: 'Returns', level: 1 }).waitFor();
    await page.getByLabel('Order number, return number or e-mail').fill(order.order_no);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.locator(`tr[data-return="${asked.return_no}"]`);
    await row.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await row.getByRole('link', { name: asked.return_no }).click();

    await page.getByRole('heading', { name: `Return and refund ${asked.return_no}`, level: 1 }).waitFor();
    const status = page.getByTestId('return-status');
    expect(await status.textContent()).toBe('Requested');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => status.textContent()).toBe('Approved');
    await page.locator('[data-sonner-toast]').getByText('Approved').waitFor();

    const receive = page.getByRole('form', { name: 'Mark the parcel as received' });
    await receive
      .getByRole('group', { name: new RegExp(damaged.goods_name) })
      .getByLabel('Damaged, not resellable')
      .check();
    await receive.getByRole('button', { name: 'Mark as received' }).click();
    await expect.poll(() => status.textContent()).toBe('Received');
    await page.getByText('1 received, 0 back in stock, 1 damaged').waitFor();

    const admin = await staffToken();
    const before = await apiAs(admin).get<TAdminReturnDetail>(`/admin/returns/detail?id=${asked.id}`);
    const amount = `$${before.quote.amount.toFixed(2)}`;
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: `Refund ${amount}?` });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: `Refund ${amount}` }).click();
    await expect.poll(() => status.textContent()).toBe('Refunded');
    await page.locator('[data-refund="succeeded"]').waitFor();
    expect(await page.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();

    const after = await apiAs(admin).get<TAdminReturnDetail>(`/admin/returns/detail?id=${asked.id}`);
    expect(after.received.find((line) => line.order_item_id === damaged.id)).toMatchObject({ num: 1, restocked: 0 });
    expect(after.refunds.map((refund) => refund.status)).toEqual(['succeeded']);

    // the audit trail, read by an administrator
    const office = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInToOffice(office.page, 'admin@example.com', 'Admin1234');
    await gotoHydrated(office.page, `/office/audit?object_type=return&object_id=${asked.id}`);
    const entries = office.page.locator('[data-audit-action]');
    await expect
      .poll(async () =>
        (await entries.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-audit-action')))).sort(),
      )
      .toEqual(['return.approve', 'return.receive', 'return.refund']);
    expect(office.problems).toEqual([]);
    await office.context.close();
  });

  it('an administrator declines one request with a reason and a note, and ships the replacement of an exchange', async () => {
    const { shopper, order } = await deliveredOrder();
    const as = apiAs(shopper.token);
    const offer = await as.get<TReturnableOrder>(`/shop/orderRefund/order?id=${order.id}`);
    const swap = offer.lines.find((line) => line.exchange_options.some((option) => option.in_stock === 1));
    if (!swap) throw new Error('no line of the order has another size in stock');
    const other = offer.lines.find((line) => line.order_item_id !== swap.order_item_id) as TReturnableOrder['lines'][number];
    const exchange = await as.post<TReturnDetail>('/shop/orderRefund/refundReturn', {
      order_id: order.id,
      items: [{ order_item_id: swap.order_item_id, num: 1 }],
      reason: 'Too large',
      type: 'exchange',
      exchange_sku_id: swap.exchange_options.find((option) => option.in_stock === 1)?.sku_id,
    });
    const declined = await as.post<TReturnDetail>('/shop/orderRefund/refundReturn', {
      order_id: order.id,
      items: [{ order_item_id: other.order_item_id, num: 1 }],
      reason: 'Changed my mind',
      type: 'refund',
    });

    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInToOffice(page, 'admin@example.com', 'Admin1234');
    await gotoHydrated(page, `/office/returns/${declined.id}`);
    const status = page.getByTestId('return-status');
    await status.waitFor();
    await page.getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Decline ${declined.return_no}?` });
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.getByText('Choose the reason the shopper will read').waitFor();
    await dialog.getByLabel('Reason').selectOption('Item shows signs of wear or use');
    await dialog.getByLabel('Note to the shopper (optional)').fill('The soles are worn');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => status.textContent()).toBe('Declined');
    await page.getByText('Item shows signs of wear or use').first().waitFor();
    expect((await as.get<TReturnDetail>(`/shop/orderRefund/detail?id=${declined.id}`)).reject_reason).toContain(
      'Item shows signs of wear or use',
    );

    // the exchange: approved and received, then its replacement leaves with a carrier
    await gotoHydrated(page, `/office/returns/${exchange.id}`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => status.textContent()).toBe('Approved');
    await page.getByRole('button', { name: 'Mark as received' }).click();
    await expect.poll(() => status.textContent()).toBe('Received');
    const ship = page.getByRole('form', { name: /Ship the replacement/ });
    await ship.getByRole('button', { name: 'Ship replacement' }).click();
    await ship.getByText('Please choose the carrier').waitFor();
    await ship.getByLabel('Carrier').selectOption('ups');
    await ship.getByLabel('Tracking number').fill('1Z999AA10123456786');
    await ship.getByRole('button', { name: 'Ship replacement' }).click();
    await expect.poll(() => status.textContent()).toBe('Exchanged');
    await page.getByText('1Z999AA10123456786').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a support agent at 390 px sees the queue and a request, but no action', async () => {
    const { asked } = await deliveredAndAskedBack();
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInToOffice(page, 'agent@example.com', 'Agent1234');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Returns' }).click();
    await page.getByLabel('Order number, return number or e-mail').fill(asked.return_no);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.locator(`tr[data-return="${asked.return_no}"]`);
    await row.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('link', { name: asked.return_no }).click();
    await page.getByRole('heading', { name: 'Refunds', level: 2 }).waitFor();
    expect(await page.getByTestId('return-status').textContent()).toBe('Requested');
    expect(await page.getByRole('heading', { name: 'What to do next' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Approve|Decline|Refund|Mark as received/ }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

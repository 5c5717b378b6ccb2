import { randomUUID } from 'node:crypto';
import type { TMessageList } from '@shop/contracts/messages';
import type { TOrderDetail } from '@shop/contracts/orders';
import type { TRefundQuote, TReturnDetail } from '@shop/contracts/returns';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { waitForMail } from './mail';
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

type ProductDetail = { id: number; skus: { id: number; stock: number }[] };

/** Two SKUs in stock, of two different products of the demo shop. */
async function twoSkus(): Promise<{ goodsId: number; skuId: number }[]> {
  const listing = await apiAs(null).get<{ data: { url: string }[] }>('/shop/goods?page_size=12');
  const found: { goodsId: number; skuId: number }[] = [];
  for (const item of listing.data) {
    const product = await apiAs(null).get<ProductDetail>(`/shop/goods/detail?url=${encodeURIComponent(item.url)}`);
    const sku = product.skus.find((candidate) => candidate.stock >= 3);
    if (sku) found.push({ goodsId: product.id, skuId: sku.id });
    if (found.length === 2) return found;
  }
  throw new Error('the demo shop has no two products in stock');
}

/** An order of two lines, paid, shipped by staff and received by the shopper. */
async function deliveredOrderOfTwo(token: string, admin: string): Promise<TOrderDetail> {
  const shopper = apiAs(token);
  const cartIds: number[] = [];
  for (const sku of await twoSkus())
    cartIds.push(
      (await shopper.post<{ id: number }>('/shop/userCart/add', { goods_id: sku.goodsId, sku_id: sku.skuId, num: 1 })).id,
    );
  const address = await shopper.post<{ id: number }>('/shop/userAddress/add', {
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
  const order = await shopper.post<{ id: number }>(
    '/shop/order/create',
    { address_id: address.id, cart_ids: cartIds },
    { 'idempotency-key': randomUUID() },
  );
  await payOrder(token, order.id);
  await apiAs(admin).post('/admin/order/ship', { id: order.id, company_code: 'ups', tracking_no: '1Z999AA10123456784' });
  await shopper.post('/shop/order/receive', { id: order.id });
  return shopper.get<TOrderDetail>(`/shop/order/detail?id=${order.id}`);
}

const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('returns and refunds in the account', () => {
  it('returns one of two delivered lines: the quote shown is what is refunded, in the details, MyMessage and the e-mail', async () => {
    const admin = await staffToken();
    const shopper = await registerShopper({ first_name: 'Returning' });
    const order = await deliveredOrderOfTwo(shopper.token, admin);
    const [first, second] = order.lines as [TOrderDetail['lines'][number], TOrderDetail['lines'][number]];

    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInWithTokens(page, shopper);
    // the account menu's Return/Exchange leads to the page, which offers the delivered order
    await gotoHydrated(page, '/ShoppingListMain/MyAccount');
    await page.getByRole('navigation', { name: 'Account', exact: true }).getByRole('link', { name: 'Return/Exchange' }).click();
    await page.getByRole('heading', { name: 'Return/Exchange', level: 1 }).waitFor();
    await page.getByText('No requests yet').waitFor();
    await page.getByRole('link', { name: `Return or exchange for order ${order.order_no}` }).click();
    await page.waitForURL(`**/ShoppingListMain/ReturnExchangeOne?id=${order.id}`);

    // one of the two lines: the server's quote appears beside the form
    await page.getByLabel(`Quantity of ${first.goods_name} to send back`).selectOption('1');
    const amount = page.getByTestId('refund-amount');
    await amount.waitFor();
    const quote = await apiAs(shopper.token).post<TRefundQuote>('/shop/orderRefund/quote', {
      order_id: order.id,
      items: [{ order_item_id: first.id, num: 1 }],
      kind: 'return',
    });
    const shown = `$${quote.amount.toFixed(2)}`;
    await expect.poll(() => amount.textContent()).toBe(shown);
    expect(await page.getByLabel(`Quantity of ${second.goods_name} to send back`).inputValue()).toBe('0');
    // sending without a reason names the field
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('alert').filter({ hasText: 'Choose a reason' }).first().waitFor();
    await page.getByLabel('Reason').selectOption('Too small');
    await page.getByLabel('Description (optional)').fill('It runs a size small.');
    const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#a86' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel(/Photos of the problem/).setInputFiles({ name: 'label.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByText('Uploaded').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.waitForURL('**/ShoppingListMain/ReturnExchangeDetails?id=*');
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByTestId('return-status').filter({ hasText: 'Requested' }).waitFor();
    await page.getByRole('img', { name: 'What you showed us (1)' }).waitFor();

    // staff approve: the details lead to WaitingReturn, where the parcel's tracking number is given
    await apiAs(admin).post('/admin/returns/approve', { id });
    await page.reload();
    await page.getByRole('link', { name: 'Send your parcel' }).click();
    await page.waitForURL(`**/ShoppingListMain/WaitingReturn?id=${id}`);
    await page.getByText('Returns, Fashion Shop Warehouse', { exact: false }).waitFor();
    await page.getByLabel('Carrier').selectOption('ups');
    await page.getByLabel('Tracking number', { exact: true }).fill('1ZRETURN0001');
    await page.getByRole('button', { name: 'Send tracking number' }).click();
    await page.getByText('Thank you: your parcel is on its way back').waitFor();
    await page.getByText('1ZRETURN0001').waitFor();

    // staff receive and refund: the details say Refunded, with the amount the quote showed
    await apiAs(admin).post('/admin/returns/receive', { id });
    const refunded = await apiAs(admin).post<TReturnDetail>('/admin/returns/refund', { id });
    expect(refunded.amount).toBe(quote.amount);
    await gotoHydrated(page, `/ShoppingListMain/ReturnExchangeDetails?id=${id}`);
    await page.getByTestId('return-status').filter({ hasText: 'Refunded' }).waitFor();
    expect(await page.getByTestId('refund-amount').textContent()).toBe(shown);
    await page.getByText(`${shown} was refunded to your card`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fitsPhone(page)).toBeLessThanOrEqual(390);

    // MyMessage and the e-mail say the same amount
    const title = `Refund of ${shown} issued for ${refunded.return_no}`;
    await expect
      .poll(
        async () =>
          (await apiAs(shopper.token).post<TMessageList>('/shop/user_msg/list', { type: 'return' })).data.map(
            (message) => message.title,
          ),
        { timeout: 20_000 },
      )
      .toContain(title);
    await gotoHydrated(page, '/ShoppingListMain/MyMessage');
    await page.getByRole('heading', { name: title }).waitFor();
    const mail = await waitForMail(shopper.email, new RegExp(`Refund of \\${shown} issued for ${refunded.return_no}`));
    expect(mail.text).toContain(shown);

    // the list, at 390 px: the request under Refunded, the order still offering its other line
    await gotoHydrated(page, '/ShoppingListMain/ReturnExchange?status=5');
    await page.getByTestId('return-request').filter({ hasText: refunded.return_no }).waitFor();
    expect(await fitsPhone(page)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('cancels and refunds a paid order that has not shipped, from its details page, at 390 px', async () => {
    const shopper = await registerShopper({ first_name: 'Cancelling' });
    const placed = await placeOrder(shopper.token);
    await payOrder(shopper.token, placed.id);
    const order = await apiAs(shopper.token).get<TOrderDetail>(`/shop/order/detail?id=${placed.id}`);
    const shown = `$${order.pay_price.toFixed(2)}`;

    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInWithTokens(page, shopper);
    await gotoHydrated(page, `/ShoppingListMain/OrderDetails?id=${order.id}`);
    await page.getByRole('link', { name: `Cancel and refund for order ${order.order_no}` }).click();
    await page.waitForURL(`**/ShoppingListMain/ReturnExchangeOne?id=${order.id}`);
    await expect.poll(() => page.getByTestId('refund-amount').textContent()).toBe(shown);
    await page.getByLabel('Reason').selectOption('Changed my mind');
    expect(await fitsPhone(page)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel order and refund' }).click();
    await page.waitForURL('**/ShoppingListMain/ReturnExchangeDetails?id=*');
    await page.getByTestId('return-status').filter({ hasText: 'Refunded' }).waitFor();
    expect(await page.getByTestId('refund-amount').textContent()).toBe(shown);
    const after = await apiAs(shopper.token).get<TOrderDetail>(`/shop/order/detail?id=${order.id}`);
    expect(after.status).toBe(7);
    // asked again, the form says why nothing more can be asked, in the server's words
    await gotoHydrated(page, `/ShoppingListMain/ReturnExchangeOne?id=${order.id}`);
    await page.getByTestId('return-refusal').getByText('it is refunded').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

import type { TOrderDetail } from '@shop/contracts/orders';
import type { TMyReviews } from '@shop/contracts/reviews';
import { describe, expect, it } from 'vitest';
import {
  apiAs,
  axeViolations,
  baseURL,
  gotoHydrated,
  payOrder,
  placeOrder,
  registerShopper,
  signInToOffice,
  signInWithTokens,
  staffToken,
  useBrowser,
} from './support';

const browser = useBrowser();

/** A shopper's order, paid, shipped and received: its first line can be reviewed. */
async function deliveredLine(firstName: string) {
  const shopper = await registerShopper({ first_name: firstName });
  const order = await placeOrder(shopper.token);
  await payOrder(shopper.token, order.id);
  await apiAs(await staffToken()).post('/admin/order/ship', {
    id: order.id,
    company_code: 'ups',
    tracking_no: '1Z999AA10123456785',
  });
  await apiAs(shopper.token).post('/shop/order/receive', { id: order.id });
  const detail = await apiAs(shopper.token).get<TOrderDetail>(`/shop/order/detail?id=${order.id}`);
  return { shopper, order, line: detail.lines[0] as TOrderDetail['lines'][number] };
}

describe('review moderation in the back office', () => {
  it('a shop operator rejects a held review with a reason from the list, and the shopper reads the reason in MyReviews', async () => {
    const { shopper, order, line } = await deliveredLine('Linking');
    // a link in the text holds the review for moderation
    await apiAs(shopper.token).post('/shop/orderEvaluate/add', {
      order_id: order.id,
      items: [
        { order_item_id: line.id, rating: 5, content: 'Great dress, cheaper at https://elsewhere.example/deal', images: [] },
      ],
    });

    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInToOffice(page, 'operator@example.com', 'Operator1234');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reviews' }).click();
    const card = page.locator('[data-review]').filter({ hasText: 'elsewhere.example' });
    await card.getByText(/Held for moderation/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Reject' }).click();
    await card.getByText('Choose the reason the shopper will read').waitFor();
    await card.getByLabel('Reason to reject').selectOption('Contains links or contact details');
    await card.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => card.count()).toBe(0);

    const mine = await apiAs(shopper.token).get<TMyReviews>('/shop/orderEvaluate/mine');
    expect(mine.reviews.find((review) => review.order_id === order.id)).toMatchObject({
      status: 'rejected',
      reject_reason: 'Contains links or contact details',
    });
    await signInWithTokens(page, shopper);
    await gotoHydrated(page, '/ShoppingListMain/MyReviews');
    await page.getByText('Contains links or contact details').first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a shop operator replies to a published review in the office, and the product page shows the reply under it', async () => {
    const { shopper, order, line } = await deliveredLine('Replied');
    const content = `Lovely linen, thank you ${Date.now().toString(36)}`;
    await apiAs(shopper.token).post('/shop/orderEvaluate/add', {
      order_id: order.id,
      items: [{ order_item_id: line.id, rating: 4, content, images: [] }],
    });

    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInToOffice(page, 'operator@example.com', 'Operator1234');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reviews' }).click();
    await page.getByRole('navigation', { name: 'Review status' }).getByRole('button', { name: 'Published' }).click();
    const card = page.locator('[data-review]').filter({ hasText: content });
    const editor = card.getByLabel('Public reply from the shop');
    await editor.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await editor.fill('Thank you for choosing us: enjoy the dress!');
    await card.getByRole('button', { name: 'Publish reply' }).click();
    await card.getByRole('status').getByText('Reply published').waitFor();
    await card.getByRole('button', { name: 'Remove reply' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await editor.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // the product page, server-rendered, carries the reply under the review
    const path = `/product/${encodeURIComponent(line.goods_url)}.html`;
    const html = await (await fetch(new URL(path, baseURL()))).text();
    expect(html).toContain('Reply from');
    expect(html).toContain('Thank you for choosing us: enjoy the dress!');
    await page.setViewportSize({ width: 1366, height: 900 });
    await gotoHydrated(page, path);
    const reply = page.getByTestId('review').filter({ hasText: content }).getByTestId('shop-reply');
    await reply.getByText('Thank you for choosing us: enjoy the dress!').waitFor();
    await reply.getByText(/^Reply from /).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

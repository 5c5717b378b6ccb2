import type { TOrderDetail } from '@shop/contracts/orders';
import type { TUserPoints } from '@shop/contracts/points';
import { REVIEW_POINTS } from '@shop/contracts/points-rules';
import sharp from 'sharp';
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

describe('reviews from verified buyers', () => {
  it('an order shipped and received → a review with a photo in MyReviews → on the product page as a verified buyer → points credited', async () => {
    const shopper = await registerShopper({ first_name: 'Reviewing', last_name: 'Buyer' });
    const order = await placeOrder(shopper.token);
    await payOrder(shopper.token, order.id);
    await apiAs(await staffToken()).post('/admin/order/ship', {
      id: order.id,
      company_code: 'ups',
      tracking_no: '1Z999AA10123456784',
    });
    await apiAs(shopper.token).post('/shop/order/receive', { id: order.id });
    const detail = await apiAs(shopper.token).get<TOrderDetail>(`/shop/order/detail?id=${order.id}`);
    const line = detail.lines[0] as TOrderDetail['lines'][number];

    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInWithTokens(page, shopper);
    // MyOrder offers 'Review' on the completed order; it leads to MyReviews with its form open
    await gotoHydrated(page, '/ShoppingListMain/MyOrder?status=4');
    await page.getByRole('link', { name: `Review the items of order ${order.order_no}` }).click();
    await page.waitForURL(`**/ShoppingListMain/MyReviews?order_id=${order.id}`);
    const form = page.getByTestId('waiting-line').filter({ hasText: line.goods_name });
    await form.locator('label').filter({ hasText: '4 stars' }).click();
    expect(await form.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    await form.getByLabel('Your review').fill('Soft fabric and the colour is exactly as shown.');
    const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#6a8' } })
      .jpeg()
      .toBuffer();
    await form.getByLabel(/Photos/).setInputFiles({ name: 'dress.jpg', mimeType: 'image/jpeg', buffer: photo });
    await form.getByText('Uploaded').waitFor();
    await form.getByRole('button', { name: 'Submit review' }).click();
    const written = page.getByTestId('my-review').filter({ hasText: line.goods_name });
    await written.getByText('Published').waitFor();
    await written.getByRole('img', { name: /as you showed it/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // at 390 px the page fits the phone
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // the product page, server-rendered: the review with its photo, marked as a verified buyer's
    await page.setViewportSize({ width: 1366, height: 900 });
    await gotoHydrated(page, `/product/${encodeURIComponent(line.goods_url)}.html`);
    const review = page.getByTestId('review').filter({ hasText: 'Soft fabric and the colour is exactly as shown.' });
    await review.getByText('Verified buyer').waitFor();
    await review.getByRole('img', { name: /Shown by Reviewing B\./ }).waitFor();
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.join('\n')).toContain('"aggregateRating"');
    await page.setViewportSize({ width: 390, height: 844 });
    await review.getByText('Verified buyer').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // the points for reviewing follow the published review
    await expect
      .poll(async () => (await apiAs(shopper.token).get<TUserPoints>('/shop/user/UserPoints')).review_points, { timeout: 20_000 })
      .toBe(REVIEW_POINTS);
    expect(problems).toEqual([]);
    await context.close();
  });
});

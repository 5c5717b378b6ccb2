import type { TOrderDetail } from '@shop/contracts/orders';
import type { TMyReviews } from '@shop/contracts/reviews';
import { describe, expect, it } from 'vitest';
import {
  apiAs,
  axeViolations,
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

describe('review moderation in the back office', () => {
  it('a shop operator rejects a held review with a reason from the list, and the shopper reads the reason in MyReviews', async () => {
    const shopper = await registerShopper({ first_name: 'Linking' });
    const order = await placeOrder(shopper.token);
    await payOrder(shopper.token, order.id);
    await apiAs(await staffToken()).post('/admin/order/ship', {
      id: order.id,
      company_code: 'ups',
      tracking_no: '1Z999AA10123456785',
    });
    await apiAs(shopper.token).post('/shop/order/receive', { id: order.id });
    const detail = await apiAs(shopper.token).get<TOrderDetail>(`/shop/order/detail?id=${order.id}`);
    const line = detail.lines[0] as TOrderDetail['lines'][number];
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
});

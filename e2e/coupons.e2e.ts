import { CouponMessages } from '@shop/contracts/coupon-rules';
import type { TCouponCenterItem, TCouponIndex, TUserCouponPage } from '@shop/contracts/coupons';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiAs,
  axeViolations,
  gotoHydrated,
  placeOrder,
  registerShopper,
  signInWithTokens,
  staffToken,
  useBrowser,
} from './support';

const browser = useBrowser();

type Detail = { id: number; skus: { id: number; stock: number }[] };

/**
 * A line in the shopper's bag (a SKU in stock from the demo shop, past the first `skip` of them)
 * and a default address, through the API.
 */
async function bagAndAddress(token: string, skip = 0): Promise<{ cartId: number }> {
  const listing = await apiAs(null).get<{ data: { url: string }[] }>('/shop/goods?page_size=12');
  let skipped = 0;
  for (const item of listing.data) {
    const product = await apiAs(null).get<Detail>(`/shop/goods/detail?url=${encodeURIComponent(item.url)}`);
    const sku = product.skus.find((candidate) => candidate.stock >= 3);
    if (!sku || skipped++ < skip) continue;
    const line = await apiAs(token).post<{ id: number }>('/shop/userCart/add', { goods_id: product.id, sku_id: sku.id, num: 2 });
    await apiAs(token).post('/shop/userAddress/add', {
      first_name: 'Penny',
      last_name: 'Wise',
      phone: '+12025550143',
      country: 'US',
      state: 'CA',
      city: 'Sacramento',
      address1: '1 Capitol Mall',
      postcode: '95814',
      is_default: 1,
    });
    return { cartId: line.id };
  }
  throw new Error('the demo shop has no product in stock');
}

/**
 * A phone number no other shopper of the run has: the welcome coupon is once per person, by e-mail
 * and by phone, and the fixtures' shoppers share one number.
 */
let phones = 0;
const uniquePhone = () => `+1202555${String((Date.now() + ++phones) % 10_000).padStart(4, '0')}`;

const myCoupons = (token: string, status: string) =>
  apiAs(token).get<TUserCouponPage>(`/shop/userCoupon/list?status=${status}&page=1&limit=50`);

/**
 * Waits until the welcome coupon is held: an event's subscriber grants it after the registration,
 * on the dispatcher's next round (every 2 s).
 */
const welcomed = (token: string) =>
  expect.poll(async () => (await myCoupons(token, 'unused')).total, { timeout: 10_000, interval: 200 }).toBe(1);

/** The count a MyCoupons tab shows: 'Unused (2)' → 2. */
async function tabCount(page: Page, label: string): Promise<number | null> {
  const text = (await page.getByRole('tab', { name: new RegExp(`^${label}`) }).textContent()) ?? '';
  const match = /\((\d+)\)/.exec(text);
  return match ? Number(match[1]) : null;
}

/** The page is no wider than its window (nothing scrolls sideways at 390 px). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('coupons', () => {
  it('the 20% welcome coupon shows in MyCoupons, comes off at checkout, and is back unused when the order is cancelled', async () => {
    const shopper = await registerShopper({ first_name: 'Penny', mobile: uniquePhone(), marketing_consent: true });
    const { cartId } = await bagAndAddress(shopper.token);
    await welcomed(shopper.token);
    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInWithTokens(page, shopper);

    // the account menu leads to MyCoupons, where the welcome coupon waits under Unused
    await gotoHydrated(page, '/ShoppingListMain/MyAccount');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Coupons' }).click();
    await page.waitForURL(/\/ShoppingListMain\/MyCoupons$/);
    const welcome = page.getByTestId('coupon-card').filter({ hasText: '20%' });
    await welcome.waitFor();
    expect(await tabCount(page, 'Unused')).toBe(1);

    // at checkout it is offered with its saving; choosing it puts the coupon line in the breakdown
    const { best_id, usable } = await apiAs(shopper.token).get<TCouponIndex>(`/api/coupon/index?cart_ids=${cartId}`);
    const offered = usable.find((coupon) => coupon.id === best_id);
    expect(offered?.percent).toBe(20);
    await gotoHydrated(page, '/order');
    const option = page.getByTestId('coupon-option').filter({ hasText: '20%' });
    await option.waitFor();
    const saves = (await option.getByText(/^Saves/).textContent()) ?? '';
    expect(saves).toBe(`Saves $${offered?.saving.toFixed(2)}`);
    expect(await axeViolations(page)).toEqual([]);
    await option.getByRole('radio').check();
    const couponLine = page
      .getByTestId('order-breakdown')
      .locator('div')
      .filter({ has: page.locator('dt', { hasText: /^Coupon: 20% off/ }) });
    await couponLine.waitFor();
    expect(await couponLine.locator('dd').textContent()).toContain(saves.replace('Saves ', ''));

    // the order takes it
    const place = page.getByRole('button', { name: 'Place order' });
    await expect.poll(() => place.isEnabled()).toBe(true);
    await place.click();
    await page.waitForURL(/\/order\?id=\d+$/);
    const orderId = Number(new URL(page.url()).searchParams.get('id'));
    const used = await myCoupons(shopper.token, 'used');
    expect(used.data.map((coupon) => [coupon.id, coupon.order_id])).toEqual([[offered?.id, orderId]]);

    // cancelled from MyOrder: the coupon is back under Unused, and Used is empty
    await gotoHydrated(page, '/ShoppingListMain/MyOrder');
    await page.getByTestId('order-card').first().getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await myCoupons(shopper.token, 'unused')).data.map((coupon) => coupon.id))
      .toEqual([offered?.id]);
    await gotoHydrated(page, '/ShoppingListMain/MyCoupons');
    await page.getByTestId('coupon-card').filter({ hasText: '20%' }).waitFor();
    expect(await tabCount(page, 'Used')).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('receives a coupon in the coupon centre by keyboard at 390 px, shows a refusal on its card; redeems points for a coupon', async () => {
    const shopper = await registerShopper({ first_name: 'Keen', mobile: uniquePhone() });
    await welcomed(shopper.token);
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInWithTokens(page, shopper);
    await gotoHydrated(page, '/ShoppingListMain/MyCoupons');
    // the welcome coupon
    await page.getByTestId('coupon-card').first().waitFor();
    expect(await tabCount(page, 'Unused')).toBe(1);

    const offer = page
      .getByTestId('centre-card')
      .filter({ has: page.getByRole('button', { name: 'Receive', exact: true }) })
      .first();
    await offer.waitFor();
    const name = (await offer.getByRole('heading').textContent()) ?? '';
    await offer.getByRole('button', { name: 'Receive', exact: true }).focus();
    await page.keyboard.press('Enter');
    const received = page.getByTestId('centre-card').filter({ hasText: name });
    await received.getByText('Received', { exact: true }).waitFor();
    await received.getByText('Received: it is with your unused coupons.').waitFor();
    // the coupon joins Unused without a reload
    await expect.poll(() => tabCount(page, 'Unused')).toBe(2);
    await page.getByTestId('coupon-card').filter({ hasText: name }).waitFor();
    expect((await myCoupons(shopper.token, 'unused')).total).toBe(2);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // another offer, all of whose share this shopper takes meanwhile elsewhere: the press is refused
    // in the server's words, and the card then shows the centre as it is
    const other = page
      .getByTestId('centre-card')
      .filter({ has: page.getByRole('button', { name: 'Receive', exact: true }) })
      .first();
    const otherName = (await other.getByRole('heading').textContent()) ?? '';
    const centre = await apiAs(shopper.token).get<{ data: TCouponCenterItem[] }>('/shop/coupon/center?source=center');
    const template = centre.data.find((item) => otherName.endsWith(item.name));
    if (!template) throw new Error(`no centre coupon named ${otherName}`);
    for (let taken = 0; taken < template.per_user_limit; taken++) {
      await apiAs(shopper.token).post('/shop/coupon/receive', { coupon_id: template.coupon_id });
    }
    await other.getByRole('button', { name: 'Receive', exact: true }).click();
    const refused = page.getByTestId('centre-card').filter({ hasText: otherName });
    await refused.getByText(CouponMessages.limitReached(template.per_user_limit)).waitFor();
    await refused.getByText('Received', { exact: true }).waitFor();

    // RedeemPointsMore: customer service gives points, which buy the cheapest coupon for points
    const { id: userId } = await apiAs(shopper.token).get<{ id: number }>('/shop/user/info');
    const { balance } = await apiAs(await staffToken()).post<{ balance: number }>(`/admin/users/${userId}/points`, {
      points: 600,
      reason: 'Sorry for the late parcel',
    });
    const forPoints = await apiAs(shopper.token).get<{ data: TCouponCenterItem[] }>('/shop/coupon/center?source=points');
    const cheapest = [...forPoints.data].sort((a, b) => a.points_cost - b.points_cost)[0];
    if (!cheapest || cheapest.points_cost > balance) throw new Error('no coupon for points within the balance');
    await gotoHydrated(page, '/ShoppingListMain/RedeemPointsMore');
    await page.getByRole('heading', { name: 'Redeem points', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('points-balance').textContent()).toBe(balance.toLocaleString('en-US'));
    const card = page.getByTestId('redeem-card').filter({ hasText: cheapest.name });
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Redeem' }).click();
    const question = page.getByRole('alertdialog');
    await question
      .getByText(`Your balance goes from ${balance} points to ${balance - cheapest.points_cost} points.`, { exact: false })
      .waitFor();
    await question.getByRole('button', { name: 'Redeem' }).click();
    await card.getByText('Redeemed: the coupon is with your unused coupons.').waitFor();
    await expect
      .poll(() => page.getByTestId('points-balance').textContent())
      .toBe((balance - cheapest.points_cost).toLocaleString('en-US'));
    expect((await myCoupons(shopper.token, 'unused')).data.some((coupon) => coupon.name === cheapest.name)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('refuses the coupon at Place order when another tab’s order took it, and takes it off the order', async () => {
    const shopper = await registerShopper({ first_name: 'Twice', mobile: uniquePhone() });
    // the bag holds another product than the one the other tab's order buys (support.ts placeOrder)
    await bagAndAddress(shopper.token, 1);
    await welcomed(shopper.token);
    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInWithTokens(page, shopper);
    await gotoHydrated(page, '/order');
    const option = page.getByTestId('coupon-option').filter({ hasText: '20%' });
    await option.getByRole('radio').check();
    const breakdown = page.getByTestId('order-breakdown');
    await breakdown.locator('dt', { hasText: /^Coupon: / }).waitFor();

    // meanwhile another tab's order uses it
    const [coupon] = (await myCoupons(shopper.token, 'unused')).data;
    await placeOrder(shopper.token, { coupon_id: coupon?.id });

    const place = page.getByRole('button', { name: 'Place order' });
    await expect.poll(() => place.isEnabled()).toBe(true);
    await place.click();
    await page.getByRole('alert').filter({ hasText: CouponMessages.taken }).waitFor();
    // the coupon comes off — it is no longer offered, its line leaves the breakdown, the page says
    // why — and the order can be placed without it
    await expect.poll(() => option.count()).toBe(0);
    await page.getByTestId('coupon-note').waitFor();
    await breakdown.locator('dt', { hasText: /^Coupon/ }).waitFor({ state: 'detached' });
    await expect.poll(() => place.isEnabled()).toBe(true);
    expect(page.url()).toMatch(/\/order$/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
